"""A hand written in the page: the live engine's requests that write a record and read one back.

The page never reads or writes TOML: it sends the game it shows and the visitor's notes, and gets
the canonical record (record.write_record); it sends a record's text (an uploaded file, or the text
a share link carries) and gets the hand told step by step (record.parse_record, trace.for_page), or
a refusal naming the line.

    write_record {setup, notes, names?, about?, lang}
        setup: the trace's `game` ({table, options, seed, decks, pool, actions}) in the page's
        language; notes: [{step, en, ru}], either text may be empty (then the other is written in
        both: the record wants both); names: {lang: {players, banker, dealer}} as read_record gave
        them, when the table is still that one (else the default names of each language, matched
        by seat). -> {text, steps, finished_by_computer}: an unfinished game is played out by the
        computer players (the default policy), as a record's missing decisions are.
    read_record {text, name, lang}
        -> {trace (a page trace), setup (its game and notes), notes: [{step, en, ru}], names, about}
"""

from __future__ import annotations

from typing import Any, Callable

from . import limits
from .errors import EngineError
from .limits import MAX_NOTE_CHARS, MAX_SESSION_GAMES, MAX_STEPS, whole_number
from .options import Table
from .record import MAX_GAMES, About, Note, parse_record, write_record
from .seat import setup_record
from .trace import for_page, trace
from .words import DEFAULT_HOSTS, DEFAULT_NAMES, LANGS

MAX_FILE_NAME_CHARS = 200  # a record's name as a refusal shows it ("name:line: …")


class WriterError(EngineError):
    """A hand the page cannot write: no step of that number, a note without text, a session
    (refusals.py words it)."""

    kind = "writer"


def tables(table: Table, lang: str, names: Any = None) -> dict[str, Table]:
    """The table in each language: the names read from the record when the table is still the one
    they name, else each default name turned into the same seat's default name of the other
    language (Anna / Анна); a name of the visitor's own is the same in both."""
    if isinstance(names, dict) and all(isinstance(names.get(other), dict) for other in LANGS):
        try:
            given = {other: Table(tuple(str(p) for p in names[other]["players"]), str(names[other]["banker"]),
                                  str(names[other]["dealer"])) for other in LANGS}
        except (KeyError, TypeError):
            given = {}
        if given and given[lang] == table:
            return given
    out = {}
    for other in LANGS:
        def turn(name: str, kind: tuple[str, ...], into: tuple[str, ...]) -> str:
            return into[kind.index(name)] if name in kind else name
        out[other] = Table(tuple(turn(p, DEFAULT_NAMES[lang], DEFAULT_NAMES[other]) for p in table.players),
                           turn(table.banker, DEFAULT_HOSTS[lang], DEFAULT_HOSTS[other]),
                           turn(table.dealer, DEFAULT_HOSTS[lang], DEFAULT_HOSTS[other]))
    return out


def _note_sizes(data: Any) -> None:
    """The notes' number and texts against their limits, before the game is played for them."""
    limits.items(len(data or []), "notes", MAX_STEPS)
    for item in data or []:
        for lang in LANGS:
            limits.text(str(item.get(lang) or ""), "note", MAX_NOTE_CHARS, step=item.get("step"))


def _notes(data: Any, steps: int) -> list[Note]:
    notes: dict[int, Note] = {}
    limits.items(len(data or []), "notes", steps)  # a note per step at most
    for item in data or []:
        step = item.get("step")
        if not isinstance(step, int) or isinstance(step, bool) or not 1 <= step <= steps:
            raise WriterError("note_step", step=step, steps=steps)
        text = {lang: limits.clean_text(str(item.get(lang) or "")).strip() for lang in LANGS}
        if not any(text.values()):
            raise WriterError("note_empty", step=step)
        if step in notes:
            raise WriterError("notes_same_step", step=step)
        en, ru = text["en"] or text["ru"], text["ru"] or text["en"]
        notes[step] = Note(step, en, ru)
    return [notes[step] for step in sorted(notes)]


def _about(data: Any) -> About | None:
    if not isinstance(data, dict):
        return None
    try:
        return About({lang: str(data["title"][lang]) for lang in LANGS},
                     {lang: str(data["purpose"][lang]) for lang in LANGS}, tuple(str(k) for k in data.get("focus", ())))
    except (KeyError, TypeError):
        return None


def write_request(request: dict[str, Any], lang: str) -> dict[str, Any]:
    setup = request["setup"]
    _note_sizes(request.get("notes"))
    if whole_number(setup.get("games") or 1, "games", 1, "p12", maximum=MAX_SESSION_GAMES) > 1:
        raise WriterError("session")
    record = setup_record(setup, lang)
    named = tables(record.table, lang, request.get("names"))
    record.table, record.notes = named["en"], []
    given = len(record.moves)
    game = record.play()
    notes = _notes(request.get("notes"), len(game.events))
    text = write_record(game, notes, {"ru": named["ru"]}, _about(request.get("about")))
    parse_record(text, "record")  # what is written reads back (a refusal here would be the engine's bug)
    return {"text": text, "steps": len(game.events), "finished_by_computer": len(game.actions) > given}


def read_request(request: dict[str, Any], lang: str) -> dict[str, Any]:
    text = request["text"]
    if not isinstance(text, str):
        raise TypeError("read_record: the text is not a string")  # the page's own mistake: bad_request
    name = limits.clean_name(str(request.get("name") or "record")[:MAX_FILE_NAME_CHARS]) or "record"
    record, _ = parse_record(text, name)  # (its size checked first)
    told = trace(record.in_language(lang))
    notes = [{"step": n.step, "en": n.en, "ru": n.ru} for n in record.notes]
    names = {other: {"players": list(t.players), "banker": t.banker, "dealer": t.dealer}
             for other, t in ((other, record.names.get(other, record.table)) for other in LANGS)}
    about = None if record.about is None else {"title": dict(record.about.title), "purpose": dict(record.about.purpose),
                                               "focus": list(record.about.focus)}
    return {"trace": for_page(told, lang), "setup": {**told["game"], "notes": notes}, "notes": notes,
            "names": names, "about": about, "games": min(record.games, MAX_GAMES)}


REQUESTS: dict[str, Callable[[dict[str, Any], str], Any]] = {
    "write_record": write_request,
    "read_record": read_request,
}
