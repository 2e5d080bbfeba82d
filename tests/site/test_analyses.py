"""What each move was worth, analysed at build (sitegen/analyses.py): every play-off decision step of
every hand has its panel, in both languages, embedded with the demo (the sentences shared by its
panels sent once); the values are those a fresh analysis gives; a second read takes them from the
cache."""

from __future__ import annotations

from pathlib import Path
import json
from typing import Any

import pytest
from build_helpers import ROOT
from html_helpers import parse, read_json

from engine import read_record
from engine.analysis import analyse
from engine.game import Game, Phase
from engine.words import signed

PLAYOFF = (Phase.LEAD, Phase.ANSWER, Phase.TRICK)  # the decisions of the play-off (p10, p13)


def decisions(path: Path) -> list[tuple[int, Game, str]]:
    """The hand's play-off decisions, found here by playing the record: the step that shows each
    move (the event it makes, numbered from 1), the game before it, the move."""
    record, _ = read_record(path)
    found: list[tuple[int, Game, str]] = []
    if record.games > 1:
        return found

    def before(game: Game, action: Any) -> None:
        if game.phase in PLAYOFF:
            found.append((len(game.events) + 1, game.clone(), str(action)))

    record.play(before=before)
    return found


def assert_fresh(panel: dict[str, Any], game: Game, move: str) -> None:
    """The panel's moves are those of a fresh analysis: same order, values, ranks, costs; the move made marked."""
    fresh = analyse(game)
    assert [m["move"] for m in panel["moves"]] == [m.move for m in fresh.moves]
    assert [m["value"] for m in panel["moves"]] == [m.value for m in fresh.moves]
    assert [m["rank"] for m in panel["moves"]] == [m.rank for m in fresh.moves]
    assert [m["played"] for m in panel["moves"]] == [m.move == move for m in fresh.moves]
    assert sum(m["played"] for m in panel["moves"]) == 1
    assert panel["exact"] == fresh.exact and panel["mode"] == "open" and panel["decision"] == len(game.actions)


def put_back(sent: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The panels by step as a page sends them, each with its shared sentences (places in
    `sentences`) put back in place, as demo/worth.js does."""
    sentences = sent["sentences"]
    return {step: {**panel, "about": sentences[panel["about"]], "assumption": sentences[panel["assumption"]]}
            for step, panel in sent["panels"].items()}


@pytest.fixture(scope="module")
def course_hands() -> dict[str, Any]:
    from sitegen.analyses import analyse_hands
    from sitegen.sources import read_hands

    hands = read_hands(ROOT / "lessons")
    analyse_hands(hands)  # (kept in .cache/ by the build; computed now if not)
    return hands


def test_every_playoff_decision_step_of_every_hand_has_its_panel(course_hands: dict[str, Any]) -> None:
    assert len(course_hands) >= 20
    panels = 0
    for name, hand in course_hands.items():
        found = decisions(hand.path)
        steps = {str(step) for step, _, _ in found}
        for lang in ("en", "ru"):
            assert set(hand.analyses[lang]) == steps, (name, lang)
        told = hand.localized("en")
        moves = {m["step"]: m["move"] for m in told["moves"]}
        for step, game, move in found:
            # The step is the trace's step of that move (where the demo shows the panel).
            assert moves[step] == move, (name, step)
            for lang in ("en", "ru"):
                panel = hand.analyses[lang][str(step)]
                assert panel["recorded"] == move and panel["who"] == hand.traces[lang]["seats"][game.to_act]
                assert [m["net"] for m in panel["moves"]] == [signed(m["value"], lang) for m in panel["moves"]]
            panels += 1
        if not found:
            assert hand.trace["game"].get("games", 1) > 1 or not any(
                s["event"]["kind"] in ("lead", "beat", "take", "play") for s in told["steps"]), name
    assert panels > 500


def test_the_values_are_those_of_a_fresh_analysis(course_hands: dict[str, Any]) -> None:
    # Every decision of the course would take a minute of CPU: the first and the last of each hand.
    for name, hand in course_hands.items():
        found = decisions(hand.path)
        for step, game, move in found[:1] + found[-1:]:
            assert_fresh(hand.analyses["en"][str(step)], game, move)
            ru = hand.analyses["ru"][str(step)]
            assert [m["value"] for m in ru["moves"]] == [m["value"] for m in hand.analyses["en"][str(step)]["moves"]]


def test_a_page_receives_each_shared_sentence_once_and_every_panel_whole(course_hands: dict[str, Any]) -> None:
    from sitegen.analyses import for_pages

    for name, hand in course_hands.items():
        for lang in ("en", "ru"):
            panels = hand.analyses[lang]
            sent = for_pages(panels)
            assert put_back(sent) == panels, (name, lang)  # the same text at every step
            shared = [panel[key] for panel in panels.values() for key in ("about", "assumption")]
            assert sorted(sent["sentences"]) == sorted(set(shared)), (name, lang)  # each once, none more
            assert all(isinstance(panel[key], int) for panel in sent["panels"].values() for key in ("about", "assumption"))


def test_the_demo_embeds_its_panels_and_the_fetched_hand_carries_them(built: dict[str, Any],
                                                                      fixture_inputs: Any) -> None:
    from sitegen.render import hand_data

    out, lessons = built["out"], built["lessons"]
    found = decisions(lessons / "hands" / "tiny.toml")
    assert found
    for lang in ("en", "ru"):
        demo = parse(out / lang / "first.html").find("figure", id="demo-tiny")
        embedded = read_json(demo.find("script", class_="demo-analyses"))
        own_page = parse(out / lang / "hands" / "tiny.html").find("figure", id="demo-tiny")
        assert read_json(own_page.find("script", class_="demo-analyses")) == embedded
        fetched = json.loads(hand_data(fixture_inputs.hands["tiny"], lang))["analyses"]  # {lang}/hands/tiny.json
        assert fetched == embedded
        panels = put_back(embedded)
        assert sorted(panels, key=int) == [str(step) for step, _, _ in found]
        for step, game, move in found:  # every decision of the fixture's hand, computed again here
            assert_fresh(panels[str(step)], game, move)
            assert panels[str(step)]["assumption"].startswith("Open cards:" if lang == "en" else "Карты открыты:")
        # The trace beside them is the engine's, unchanged (no key of the analyses in it).
        trace = read_json(demo.find("script", class_="demo-trace"))
        assert "analyses" not in trace and all("analysis" not in s for s in trace["steps"])


def test_a_second_read_takes_the_analyses_from_the_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                         lessons: Path) -> None:
    from sitegen import analyses
    from sitegen.cache import Store

    monkeypatch.setattr(analyses, "STORE", Store("analyses", root=tmp_path))
    computed: list[str] = []
    original = analyses.analyse_record

    def counted(path: Path) -> Any:
        computed.append(path.name)
        return original(path)

    monkeypatch.setattr(analyses, "analyse_record", counted)
    hand = lessons / "hands" / "tiny.toml"
    first = analyses.read_analyses([hand], workers=1)
    assert computed == ["tiny.toml"] and list((tmp_path / "analyses").glob("*.pickle"))
    second = analyses.read_analyses([hand], workers=1)
    assert computed == ["tiny.toml"] and second == first  # nothing analysed again
    hand.write_text(hand.read_text(encoding="utf-8").replace("seed = 1", "seed = 2"), encoding="utf-8")
    analyses.read_analyses([hand], workers=1)
    assert computed == ["tiny.toml", "tiny.toml"]  # another record, analysed afresh
