"""The hands' notes, checked by the build: what a note says of its step, of another step and of the
game under another reading (engine/record.py reads the first two; sitegen/notes.py replays the hand
under each reading, as the page's switch does, for the third).

The four notes a careful reading found wrong are each shown false as they were written, and true as
they are now."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from build_helpers import HAND, ROOT, run_build, write_lessons

from engine.record import Claim, claim_problem, parse_record, read_record
from engine.trace import trace
from sitegen.notes import reading_problems, replayed

HANDS = ROOT / "lessons" / "hands"


def steps_of(told: dict) -> list[tuple[dict, dict]]:
    return [(step["event"], step["state"]) for step in told["steps"]]


def fine_under_two() -> dict:
    """The tiny hand's first fine under fine = 2 (the fixture's hand plays off by beating)."""
    record, _ = parse_record(HAND, "tiny.toml")
    other = replayed(trace(record)["game"], "fine", "2")
    return next(step["event"] for step in other["steps"] if step["event"]["kind"] == "fine")


def under(event: dict, amount: int) -> str:
    return (f'\n[[notes.under]]\noption = "fine"\nvalue = 2\nkind = "fine"\nwho = "{event["who"]}"\n'
            f"event = {{ amount = {amount} }}\n")


def test_a_claim_about_another_reading_is_proved_by_replaying_the_hand_under_it(lessons: Path, tmp_path: Path) -> None:
    event = fine_under_two()
    hand = lessons / "hands" / "tiny.toml"
    hand.write_text(HAND + under(event, event["amount"]), encoding="utf-8")
    assert run_build(tmp_path / "site", lessons).returncode == 0


def test_a_claim_about_another_reading_that_does_not_hold_stops_the_build_at_its_line(lessons: Path,
                                                                                      tmp_path: Path) -> None:
    event = fine_under_two()
    (lessons / "hands" / "tiny.toml").write_text(HAND + under(event, event["amount"] + 1), encoding="utf-8")
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 1
    line = (HAND + under(event, 0)).splitlines().index("[[notes.under]]") + 1
    assert re.search(rf"hands/tiny\.toml:{line}: no step of the game under fine = 2 shows fine by {event['who']} as "
                     rf"the note says", result.stderr), result.stderr
    assert not (tmp_path / "site").exists()


def test_a_claim_about_its_own_step_that_does_not_hold_stops_the_build_at_its_line(lessons: Path,
                                                                                   tmp_path: Path) -> None:
    text = HAND.replace('kind = "lay"\n', 'kind = "lay"\nstate = { decks.banker = 52 }\n')
    (lessons / "hands" / "tiny.toml").write_text(text, encoding="utf-8")
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 1
    line = text.splitlines().index("state = { decks.banker = 52 }") + 1
    assert re.search(rf"hands/tiny\.toml:{line}: at step 2 decks\.banker is 48, not 52", result.stderr), result.stderr


def test_every_claim_of_the_courses_notes_about_another_reading_holds() -> None:
    checked = 0
    for path in sorted(HANDS.glob("*.toml")):
        record, _ = read_record(path)
        if any(note.readings for note in record.notes):
            checked += sum(len(note.readings) for note in record.notes)
            assert reading_problems(record, trace(record), str(path)) == []
    assert checked >= 8


# ---------------------------------------------------------------------------- the four notes found wrong


def told(name: str) -> tuple[dict, list[str]]:
    record, _ = read_record(HANDS / f"{name}.toml")
    hand = trace(record)
    return hand, list(hand["seats"])


def note(name: str, step: int):
    record, _ = read_record(HANDS / f"{name}.toml")
    return next(n for n in record.notes if n.step == step)


def test_reading_one_of_two_64_names_every_heart_anna_holds() -> None:
    hand, seats = told("reading-one-of-two")
    was = Claim(0, 64, state=(("hands.Anna.H", "4H 5H"),))  # "her only hearts are the four and the five"
    assert claim_problem(was, steps_of(hand), seats) == (
        "at step 64 hands.Anna.H is 2H 4H 5H, not 4H 5H", "на шаге 64 hands.Anna.H — 2H 4H 5H, а не 4H 5H")
    assert ("hands.Anna.H", "2H 4H 5H") in note("reading-one-of-two", 64).claims[0].state
    assert "the two, the four and the five" in note("reading-one-of-two", 64).en


def test_reading_beating_fines_71_says_which_queens_beat_the_tens_under_any_suit() -> None:
    hand, _ = told("reading-beating-fines")
    other = replayed(hand["game"], "beat", "any_suit")
    was = Claim(0, 71, kind="beat", who="Anna", cards=("QS", "QC"))  # "her queens of spades and clubs would beat them"
    problem = claim_problem(was, steps_of(other), list(other["seats"]), "beat = any_suit")
    assert problem and problem[0] == "step 71 under beat = any_suit does not involve QS (it names QC QH TC TD)"
    now = next(c for c in note("reading-beating-fines", 71).readings if c.step == 71)
    assert now.event == (("covers", "TD QH TC QC"),) and claim_problem(now, steps_of(other), list(other["seats"])) is None
    assert "queens of hearts and clubs" in note("reading-beating-fines", 71).en


def test_playoff_beating_89_no_longer_says_lesson_5_follows_its_pool() -> None:
    # Lesson 5's session is another deal: its second game opens with 56 chips carried in, not this hand's 84.
    session, seats = told("session-pool-carried")
    opens = Claim(0, 100, kind="game_start", event=(("pool", 84),))
    assert claim_problem(opens, steps_of(session), seats) == (
        "at step 100 the event's pool is 56, not 84", "на шаге 100 в событии pool — 56, а не 84")
    text = note("playoff-beating", 89).en
    assert "Lesson 5 follows them" not in text and "with another deal" in text


def test_tricks_heart_fine_119_says_the_unclaimed_cards_lay_in_the_players_piles() -> None:
    # "nobody held the king of clubs or the three of diamonds": Boris and Anna held them, laid aside.
    hand, seats = told("tricks-heart-fine")
    for step, seat, card in ((58, "Boris", "KC"), (59, "Anna", "3D")):
        held = Claim(0, step, kind="reveal", cards=(card,), state=((f"aside.{seat}", f"{card} …"),))
        assert claim_problem(held, steps_of(hand), seats) is None
    text = note("tricks-heart-fine", 119).en
    assert "nobody held" not in text and "nobody was dealt in the last round" in text
    assert {c.step for c in note("tricks-heart-fine", 119).claims} == {119, 116, 58, 59}


@pytest.mark.parametrize("name", ["reading-one-of-two", "reading-beating-fines", "playoff-beating",
                                  "tricks-heart-fine"])
def test_the_four_hands_state_their_notes_claims_for_the_build_to_check(name: str) -> None:
    record, _ = read_record(HANDS / f"{name}.toml")
    assert all(n.claims for n in record.notes)
    assert reading_problems(record, trace(record), name) == []
