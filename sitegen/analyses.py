"""What each move was worth, at every play-off decision of every annotated hand: analysed at build
(engine/analysis.py, open mode, its default budget) so that a demo's panel is there at once.

A hand's analyses depend only on its record and the engine, so they are kept in `.cache/analyses/`
under both (and this module's source) (like its traces, sources.py `read_hands`); what is missing is computed on two processes,
a hand per job, the longest first. Each hand gets, per language, `{step: panel}`: the step that
shows the decision's move (the trace's `moves[i].step`), and the panel as the live engine answers it
(engine/analysis_page.py `for_page`, with that language's names). A series of games has none: the
analysis values one game's decisions (practice.decision_at refuses a series too).

A page receives them as `for_pages` writes them: `about` and `assumption` are the same few sentences
at every decision of a seat (per mode), so each is sent once per hand and language, in `sentences`,
and a panel names its own by their place there (demo/worth.js puts them back): written out at every
decision, they were over a quarter of the panels' bytes.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .cache import Store, engine_digest, key

STORE = Store("analyses", keep=200)
Analyses = dict[str, dict[str, dict[str, Any]]]  # lang -> step (as text, a JSON key) -> the panel


def analyse_record(path: Path) -> Analyses:
    """Every play-off decision of the hand recorded at `path`, analysed and worded in each language."""
    from engine import read_record
    from engine.analysis import PLAYOFF_DECISIONS, Analysis, analyse
    from engine.analysis_page import for_page
    from engine.game import Game
    from engine.words import LANGS

    record, _ = read_record(path)
    found: list[tuple[int, Analysis, str]] = []
    if record.games == 1:
        def before(game: Game, action: Any) -> None:
            if game.phase in PLAYOFF_DECISIONS:  # the step that shows the move: the next event's
                found.append((len(game.events) + 1, analyse(game), str(action)))

        record.play(before=before)
    names = {lang: record.in_language(lang).table.seats(record.options) for lang in LANGS}  # (the hosts, when they play)
    return {lang: {str(step): for_page(analysis, names[lang], recorded, lang) for step, analysis, recorded in found}
            for lang in LANGS}


SHARED = ("about", "assumption")  # a panel's sentences that depend only on the mover and the mode


def for_pages(panels: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A hand's panels in one language, `{step: panel}`, as a page receives them:
    `{"sentences": [each shared sentence once], "panels": {step: the panel, its shared sentences as
    places in "sentences"}}`, the sentences in the order the panels first use them."""
    sentences: list[str] = []
    places: dict[str, int] = {}

    def place(sentence: str) -> int:
        if sentence not in places:
            places[sentence] = len(sentences)
            sentences.append(sentence)
        return places[sentence]

    shown = {step: {**panel, **{name: place(panel[name]) for name in SHARED}} for step, panel in panels.items()}
    return {"sentences": sentences, "panels": shown}


def _entry(path: Path) -> str:
    """The cache's name for a hand's analyses: the engine's sources, this module's (it chooses the
    decisions and the steps) and the record's name and bytes."""
    return key("analyses", engine_digest(), Path(__file__).read_bytes(), path.name, path.read_bytes())


def read_analyses(paths: list[Path], workers: int | None = None) -> dict[str, Analyses]:
    """Each hand's analyses by its name (the file's stem): kept, or computed now and kept."""
    found: dict[str, Analyses] = {}
    for path in paths:
        kept = STORE.get(_entry(path))
        if kept is not None:
            found[path.stem] = kept
    missing = [path for path in paths if path.stem not in found]
    if not missing:
        return found
    with STORE.locked(key(*sorted(_entry(path) for path in missing))):  # parallel builds compute them once
        for path in missing:
            kept = STORE.get(_entry(path))
            if kept is not None:
                found[path.stem] = kept
        missing = [path for path in missing if path.stem not in found]
        # The longest records first (their bytes stand for their decisions), so the processes end together.
        missing.sort(key=lambda path: -path.stat().st_size)
        workers = workers or min(2, os.cpu_count() or 1)
        if workers > 1 and len(missing) > 1:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(workers) as pool:
                for path, analyses in zip(missing, pool.map(analyse_record, missing)):
                    found[path.stem] = analyses
                    STORE.put(_entry(path), analyses)  # each as it comes: a build stopped keeps what was done
        else:
            for path in missing:
                found[path.stem] = analyses = analyse_record(path)
                STORE.put(_entry(path), analyses)
    return found


def analyse_hands(hands: dict[str, Any]) -> None:
    """Give each hand (sources.Hand) its analyses."""
    for name, analyses in read_analyses([hand.path for hand in hands.values()]).items():
        hands[name].analyses = analyses
