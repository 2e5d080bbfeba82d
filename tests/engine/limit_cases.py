"""Every limit of engine/limits.py met by a request just over it, as the page's worker gets it
(engine.live.handle), and a few just at it.

While a request over a limit is served, the engine's builders are guarded: making the players'
names, dealing a game, parsing a record's TOML, reading a move or a card, playing games. A guard
that is reached notes it and stops the work (so a missing check fails the case at once, instead of
building 10**8 names): the limit must be checked before anything is built from the size it
limits. The refusal must name the field and the limit, and the paragraph where there is one.

Run by tests/engine/test_limits.py in CPython and by tests/pyodide/test_limits_in_pyodide.py in
Pyodide, as a script: one JSON line per case, `{"label", "problems"}`, no problem meaning the case
holds; the two runs must print the same bytes. (`--times`: how long each refusal takes, unguarded.)
"""

from __future__ import annotations

import json
import sys
import tomllib
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import engine.cards
import engine.game
import engine.limits
import engine.live
import engine.options
import engine.record
import engine.stats
import engine.words
from engine import Game, Table, play_out
from engine.limits import (
    MAX_CHIPS, MAX_CHUNK, MAX_MOVES, MAX_NAME_CHARS, MAX_NOTE_CHARS, MAX_RECORD_BYTES, MAX_SEED, MAX_STEPS,
)
from engine.record import write_record

# What a request could make from a size, each a function the engine calls to make it.
BUILDERS: dict[str, list[tuple[Any, str]]] = {
    "names": [(engine.words, "default_names"), (engine.live, "default_names"), (engine.options.Table, "__post_init__")],
    "deal": [(engine.game, "shuffled_decks"), (engine.game, "check_deck")],
    "toml": [(tomllib, "loads")],
    "moves": [(engine.live, "parse_action"), (engine.record, "parse_action")],
    "cards": [(engine.live, "parse_cards"), (engine.cards.Card, "parse")],
    "games": [(engine.stats, "simulate"), (engine.stats, "rows"), (engine.stats, "simulate_session")],
}


class BuilderReached(Exception):
    """A guarded builder was called: the work stops there."""


@contextmanager
def guarded(names: tuple[str, ...], reached: list[str]) -> Iterator[None]:
    """While inside, each builder of `names` notes its name in `reached` and stops the work."""
    saved = []
    for name in names:
        for owner, attr in BUILDERS[name]:
            if attr not in vars(owner):
                continue  # (a builder an older engine does not have)
            original = vars(owner)[attr]
            saved.append((owner, attr, original))

            def guard(*args: Any, _name: str = name, **kwargs: Any) -> Any:
                reached.append(_name)
                raise BuilderReached(_name)

            setattr(owner, attr, staticmethod(guard) if isinstance(original, staticmethod) else guard)
    try:
        yield
    finally:
        for owner, attr, original in reversed(saved):
            setattr(owner, attr, original)


def _setup_of(game: Game) -> dict[str, Any]:
    data = game.to_json()
    return {"table": data["table"], "options": data["options"], "seed": str(data["seed"]), "decks": None,
            "pool": data["pool"], "actions": data["actions"]}


SETUP = _setup_of(play_out(Game(Table.default(3), seed=7)))
RECORD = write_record(play_out(Game(Table.default(3), seed=7)))
LONG = "A" * (MAX_NAME_CHARS + 1)


def setup(**changes: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(SETUP))
    for key, value in changes.items():
        if key == "names":
            out["table"]["players"] = value
        elif key == "banker":
            out["table"]["banker"] = value
        else:
            out[key] = value
    return out


def record(*replace: tuple[str, str], prefix: str = "", suffix: str = "") -> str:
    text = RECORD
    for old, new in replace:
        assert old in text, old
        text = text.replace(old, new, 1)
    return prefix + text + suffix


def notes(count: int, text: str = "a note") -> list[dict[str, Any]]:
    return [{"step": n + 1, "en": text, "ru": text} for n in range(count)]


# label, request, builders that must not be reached, what the English refusal says, its paragraph.
Over = tuple[str, dict[str, Any], tuple[str, ...], tuple[str, ...], str | None]
OVER: list[Over] = [
    ("players: 10**8 asked for", {"type": "replay", "setup": setup(players=100_000_000)}, ("names", "deal"),
     ("100000000 card players", "from 2 to 17"), "p2"),
    ("players: 5,000 digits", {"type": "replay", "setup": setup(players="9" * 5000)}, ("names", "deal"),
     ("the number of players (p2)", "from 2 to 17", "(5000 characters)"), "p2"),
    ("players: 16 and the hosts", {"type": "replay", "setup": setup(players=16, options={"hosts_play": "yes"})},
     ("names", "deal"), ("18 card players", "hosts_play = yes", "from 2 to 17"), "p2"),
    ("players: 10**5 names given", {"type": "replay", "setup": setup(names=[f"P{i}" for i in range(100_000)])},
     ("names", "deal"), ("100000 card players", "from 2 to 17"), "p2"),
    ("players: '²'", {"type": "replay", "setup": setup(players="²")}, ("names", "deal"),
     ("the number of players (p2): '²' is not a whole number from 2 to 17",), "p2"),
    ("seed: 5,000 digits", {"type": "replay", "setup": setup(seed="9" * 5000)}, ("deal",),
     ("the seed:", "is not a whole number from 0 to 9223372036854775807", "(5000 characters)"), None),
    ("seed: 2**63", {"type": "replay", "setup": setup(seed=str(MAX_SEED + 1))}, ("deal",),
     ("the seed: '9223372036854775808' is not a whole number from 0 to 9223372036854775807",), None),
    ("stake: 10**30", {"type": "replay", "setup": setup(options={"stake": "1" + "0" * 30})}, ("deal",),
     ("option 'stake' (p4):", f"from 1 to {MAX_CHIPS}"), "p4"),
    ("fine: over the chips' limit", {"type": "replay", "setup": setup(options={"fine": MAX_CHIPS + 1})}, ("deal",),
     ("option 'fine' (p11):", f"{MAX_CHIPS + 1} is not a whole number from 0 to {MAX_CHIPS}"), "p11"),
    ("suit fines: over the chips' limit", {"type": "replay", "setup": setup(
        options={"suit_fines": f"H={MAX_CHIPS + 1} C=1 D=1 S=1"})}, ("deal",),
     ("option 'suit_fines' (p15) for hearts:", f"from 0 to {MAX_CHIPS}"), "p15"),
    ("pool: over the chips' limit", {"type": "replay", "setup": setup(pool=MAX_CHIPS + 1)}, ("deal",),
     ("the pool carried in:", f"from 0 to {MAX_CHIPS}"), None),
    ("games: a session of 11", {"type": "replay", "setup": setup(games=11)}, ("deal",),
     ("the number of games (p12): 11 is not a whole number from 1 to 10",), "p12"),
    ("moves: 1,001", {"type": "replay", "setup": setup(actions=["take"] * (MAX_MOVES + 1))}, ("moves", "deal"),
     (f"the moves: {MAX_MOVES + 1}, more than the limit of {MAX_MOVES}",), None),
    ("move: over 200 characters", {"type": "replay", "setup": setup(actions=["lead " + "7H " * 66])}, ("moves", "deal"),
     ("the move: 203 characters, more than the limit of 200",), None),
    ("notes: over the steps' limit", {"type": "replay", "setup": setup(notes=notes(MAX_STEPS + 1))}, ("deal",),
     (f"the notes: {MAX_STEPS + 1}, more than the limit of {MAX_STEPS}",), None),
    ("deck: 53 cards", {"type": "replay", "setup": setup(decks={"banker": " ".join(["AS"] * 53), "dealer": "AS"})},
     ("cards", "deal"), ("the deck: 53, more than the limit of 52",), None),
    ("name: 41 characters", {"type": "replay", "setup": setup(banker=LONG)}, ("deal",),
     (f"the name '{'A' * 40}…': 41 characters, more than the limit of 40",), None),
    ("name: 41 characters, at a seat", {"type": "seat", "key": "k", "seat": 0, "setup": setup(banker=LONG)},
     ("deal",), ("the name 'AAAA", "41 characters, more than the limit of 40"), None),
    ("simulate: 10**8 players", {"type": "simulate", "players": 100_000_000, "count": 1}, ("names", "games"),
     ("100000000 card players", "from 2 to 17"), "p2"),
    ("simulate: a chunk of 5,001 games", {"type": "simulate", "players": 4, "count": MAX_CHUNK + 1}, ("games",),
     (f"the number of games: {MAX_CHUNK + 1} is not a whole number from 1 to {MAX_CHUNK}",), None),
    ("simulate: a seed of 5,000 digits", {"type": "simulate", "players": 4, "count": 1, "seed": "9" * 5000},
     ("games",), ("the seed:", "from 0 to 9223372036854775807"), None),
    ("simulate: a start of 30 digits", {"type": "simulate", "players": 4, "count": 1, "start": "9" * 30},
     ("games",), ("the first game's number:", "from 0 to 9223372036854775807"), None),
    ("write: a note of 4,001 characters", {"type": "write_record", "setup": setup(),
                                           "notes": notes(1, "x" * (MAX_NOTE_CHARS + 1))}, ("deal",),
     (f"the note on step 1: {MAX_NOTE_CHARS + 1} characters, more than the limit of {MAX_NOTE_CHARS}",), None),
    ("write: a note with a lone surrogate", {"type": "write_record", "setup": setup(), "notes": notes(1, "ab\ud800c")},
     ("deal",), ("the note on step 1: character 3 is broken (U+D800, half of a UTF-16 pair)",), None),
    ("write: notes over the steps' limit", {"type": "write_record", "setup": setup(), "notes": notes(MAX_STEPS + 1)},
     ("deal",), (f"the notes: {MAX_STEPS + 1}, more than the limit of {MAX_STEPS}",), None),
    ("read: a record of 1,000,001 bytes", {"type": "read_record", "name": "big.toml",
                                           "text": "#" * (MAX_RECORD_BYTES + 1)}, ("toml", "deal"),
     (f"big.toml:1: the record: {MAX_RECORD_BYTES + 1} bytes, more than the limit of {MAX_RECORD_BYTES}",), None),
    ("read: 500,001 two-byte characters", {"type": "read_record", "name": "wide.toml",
                                           "text": "#" + "й" * (MAX_RECORD_BYTES // 2)}, ("toml", "deal"),
     (f"wide.toml:1: the record: {MAX_RECORD_BYTES + 1} bytes",), None),
    ("read: nested 2,000 deep", {"type": "read_record", "name": "deep.toml",
                                 "text": record(suffix="x = " + "[" * 2000 + "]" * 2000 + "\n")}, ("toml", "deal"),
     ("deep.toml:", ": lists and tables nested more than 8 levels deep"), None),
    ("read: a seed of 5,000 digits", {"type": "read_record", "name": "seed.toml",
                                      "text": record(("seed = 7", "seed = " + "9" * 5000))}, ("toml", "deal"),
     ("seed.toml:2: a number of 5000 digits: a record's whole numbers have at most 19",), None),
    ("read: 18 players", {"type": "read_record", "name": "crowd.toml", "text": record(
        ('players = ["Anna", "Boris", "Vera"]', "players = [" + ", ".join(f'"P{i}"' for i in range(18)) + "]"))},
     ("deal", "names"), ("crowd.toml:", "18 card players", "from 2 to 17"), None),
    ("read: 1,001 moves", {"type": "read_record", "name": "moves.toml", "text": record(
        ("moves = [", "moves = [" + '"take", ' * (MAX_MOVES + 1)))}, ("moves", "deal"),
     ("moves.toml:4: the moves: ", f"more than the limit of {MAX_MOVES}"), None),
    ("read: a name of 41 characters", {"type": "read_record", "name": "name.toml",
                                       "text": record(('banker = "Papa"', f'banker = "{LONG}"'))}, ("deal",),
     ("name.toml:", "41 characters, more than the limit of 40"), None),
    ("read: a note of 4,001 characters", {"type": "read_record", "name": "note.toml", "text": record(
        suffix=f'\n[[notes]]\nstep = 1\nkind = "game_start"\nen = "{"x" * (MAX_NOTE_CHARS + 1)}"\nru = "x"\n')},
     ("deal",), ("note.toml:", f"the note on step 1: {MAX_NOTE_CHARS + 1} characters"), None),
    ("read: a session of 11 games", {"type": "read_record", "name": "games.toml", "text": record(
        ("seed = 7", "seed = 7\ngames = 11"))}, ("deal",), ("games.toml:3: a session has at most 10 games, not 11",),
     None),
    ("read: a stake over the chips' limit", {"type": "read_record", "name": "stake.toml", "text": record(
        ("stake = 4", f"stake = {MAX_CHIPS + 1}"))}, ("deal",),
     ("stake.toml:", f"option 'stake' (p4): {MAX_CHIPS + 1} is not a whole number from 1 to {MAX_CHIPS}"), None),
    ("practice: 10**8 players", {"type": "practice", "seat": 0, "setup": setup(players=100_000_000)},
     ("names", "deal"), ("100000000 card players",), "p2"),
    ("practice: a move of 10**6 characters", {"type": "practice_check", "index": 0, "move": "x" * 10**6,
                                              "setup": setup()}, ("deal", "moves"),
     ("the move: 1000000 characters, more than the limit of 200",), None),
]

# Just at the limit: served (or refused for another reason, which shows the limit let it through).
At = tuple[str, dict[str, Any], Callable[[dict[str, Any]], bool]]


def _refused_not_for(words: str) -> Callable[[dict[str, Any]], bool]:
    return lambda reply: "result" in reply or words not in reply["refusal"]["en"]


AT: list[At] = [
    ("players: 17", {"type": "replay", "setup": setup(players=17)}, lambda r: len(r["result"]["seats"]) == 17),
    ("seed: 2**63 - 1", {"type": "replay", "setup": setup(seed=str(MAX_SEED))}, lambda r: "result" in r),
    ("stake: the chips' limit", {"type": "replay", "setup": setup(options={"stake": MAX_CHIPS})},
     lambda r: "result" in r),
    ("name: 40 characters", {"type": "replay", "setup": setup(banker="A" * 40)}, lambda r: "result" in r),
    ("write: a note of 4,000 characters", {"type": "write_record", "setup": setup(),
                                           "notes": notes(1, "x" * MAX_NOTE_CHARS)}, lambda r: "result" in r),
    ("read: nested 8 deep", {"type": "read_record", "name": "r", "text": record(suffix="x = " + "[" * 8 + "]" * 8)},
     _refused_not_for("nested")),
    ("read: 19 digits", {"type": "read_record", "name": "r", "text": record(("seed = 7", f"seed = {MAX_SEED}"))},
     _refused_not_for("digits")),
]


def ask(request: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(engine.live.handle(json.dumps({"lang": "en", **request})))
    return reply


def run_over(case: Over) -> list[str]:
    """What is wrong with the engine's answer to a request over a limit (nothing: it holds)."""
    label, request, builders, says, rule = case
    if request["type"] == "seat":  # (the set-up refused: no seat is taken)
        engine.live._seats.clear()
    reached: list[str] = []
    with guarded(builders, reached):
        reply = ask(request)
    problems = [f"reached the builder: {name}" for name in reached]
    refusal = reply.get("refusal")
    if not refusal:
        return problems + [f"not a refusal: {json.dumps(reply, ensure_ascii=False)[:300]}"]
    problems += [f"the refusal does not say {words!r}: {refusal['en'][:300]}" for words in says
                 if words not in refusal["en"]]
    if refusal["rule"] != rule:
        problems.append(f"its paragraph is {refusal['rule']}, not {rule}")
    if not refusal["ru"] or refusal["ru"] == refusal["en"]:
        problems.append("no Russian refusal")
    return problems


def run_at(case: At) -> list[str]:
    label, request, holds = case
    reply = ask(request)
    try:
        ok = holds(reply)
    except (KeyError, TypeError):
        ok = False
    return [] if ok else [f"not served as it should be: {json.dumps(reply, ensure_ascii=False)[:300]}"]


def times() -> None:
    """How long each refusal takes, unguarded (scripts/refusal_times.py prints it, in CPython and Pyodide)."""
    import time

    for label, request, *_ in OVER:
        engine.live._seats.clear()
        started = time.perf_counter()
        reply = ask(request)
        elapsed = time.perf_counter() - started
        print(json.dumps({"label": label, "ms": round(1000 * elapsed, 2), "refused": "refusal" in reply}))


def main() -> None:
    if sys.argv[1:] == ["--times"]:
        times()
        return
    for case in OVER:
        print(json.dumps({"label": case[0], "problems": run_over(case)}, ensure_ascii=False))
    for at in AT:
        print(json.dumps({"label": at[0], "problems": run_at(at)}, ensure_ascii=False))


if __name__ == "__main__":
    main()
