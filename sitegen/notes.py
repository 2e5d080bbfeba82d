"""The notes' claims about other readings, proved by the build.

A note may say what would happen under another reading (engine/record.py: `[[notes.under]]`, the
option, its value and what a step then shows). The reader checks every claim about the hand's own
game; these it cannot, since they are about another game. The build plays that game exactly as
the page's switch does when the reader chooses the reading (engine.live.replay: the same deal, the
recorded decisions while they fit, the computer players' once one does not) and checks each claim
against it; a claim that does not hold stops the build at its line.
"""

from __future__ import annotations

from typing import Any

from engine.seat import setup_record
from engine.record import Claim, Record, RecordError, claim_problem
from engine.trace import trace


def replayed(game: dict[str, Any], option: str, value: str, *more: tuple[str, str]) -> dict[str, Any]:
    """The trace of the hand under `option = value` (and the `more` readings), as the page's switch
    plays it (live.replay, with every state whole: the page's trace keeps only what changed)."""
    setup = {**game, "options": {**game["options"], option: value, **dict(more)}}
    record = setup_record(setup, "en")
    try:
        return trace(record)
    except RecordError:  # a recorded decision no longer fits: the computer players decide, as live.replay does
        record.moves, record.notes = [], []
        return trace(record)


def reading_problems(record: Record, told: dict[str, Any], path: str) -> list[str]:
    """`path:line: what is wrong` for every claim of the record's notes about another reading that
    the game under that reading does not bear out. `told`: the record's own trace (English names)."""
    claims: dict[tuple[str, str], list[Claim]] = {}
    for note in record.notes:
        for claim in note.readings:
            assert claim.option is not None and claim.value is not None
            claims.setdefault((claim.option, claim.value), []).append(claim)
    problems: list[str] = []
    for (option, value), group in claims.items():
        if str(told["game"]["options"].get(option)) == value:
            problems += [f"{path}:{c.line}: the claim is about {option} = {value}, the hand's own reading: write it "
                         "as the note's own state and event, or as [[notes.at]]" for c in group]
            continue
        other = replayed(told["game"], option, value)
        steps = [(step["event"], step["state"]) for step in other["steps"]]
        for claim in group:
            problem = claim_problem(claim, steps, list(other["seats"]), f"{option} = {value}")
            if problem:
                problems.append(f"{path}:{claim.line}: {problem[0]}")
    return problems
