"""TOML records of a game: lax reading, canonical writing, replay, and errors with file:LINE.

The record texts are written out here line by line, so the line numbers the errors must name
are counted by hand (they are noted at the right of the templates). Deck orders that would not
fit on a line are put in through {placeholders} that stay on their own line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.record import actor
from engine.session import Session
from engine.trace import trace

from engine import (
    FULL_DECK, Game, Note, RecordError, default_policy, format_cards, parse_record, play_out, read_record,
    write_record,
)
from engine.trace import summary
from engine_helpers import ENDING, ENDING_MOVES, THREE, TWO_COVERS, of_kind, opts, play, playoff_decks, table


def one_line(deck, lax=False):
    text = format_cards(deck)
    return text.replace("T", "10").lower() if lax else text


def rows(deck):
    """A deck as four TOML array rows of 13 quoted cards."""
    return ["  " + ", ".join(f'"{c}"' for c in deck[i:i + 13]) + "," for i in range(0, 52, 13)]


def events(game):
    return [e.to_json() for e in game.events]


# ---------------------------------------------------------------------- lax reading


LAX = """\
# A lax record: 10h for TH, moves in any case and spacing, numbers written as text.
moves = [
  "  LEAD   2h ",
  "beat 2h>4h",
  "Lead 2d",
  "take",
]

[table]
players = ["Anna", "Boris", "Vera"]
banker = "Father"
dealer = "Mother"

[options]
stake = "4"
fine = " 2 "
playoff = "beating"

[decks]
banker = "{banker}"
dealer = "{dealer}"
"""


def test_record_lax_reading_cards_moves_and_numbers():
    # THREE: Anna leads 2H, Boris must beat it with 4H, then leads 2D to Vera, who has no diamond.
    lottery = playoff_decks(THREE, 0)
    text = LAX.format(banker=one_line(lottery.banker, lax=True), dealer=one_line(lottery.dealer, lax=True))
    assert "10h" in text
    record, game = parse_record(text, "lax.toml")
    assert record.options == opts(stake=4, fine=2) and record.decks == lottery.decks and record.seed == 0
    assert [str(m) for m in record.moves] == ["lead 2H", "beat 2H>4H", "lead 2D", "take"]
    expected = Game(table(3), opts(fine=2), decks=lottery.decks)
    play(expected, "lead 2H", "beat 2H>4H", "lead 2D", "take")
    play_out(expected, default_policy)  # the moves left out
    assert events(game) == events(expected)


TWO_LED = """\
moves = ["lead 7h  7s", " beat 7H>9d   7S>9h "]
[table]
players = ["Anna", "Boris"]
banker = "Father"
dealer = "Mother"
[options]
beat = "any_suit"
[decks]
banker = "{banker}"
dealer = "{dealer}"
"""


def test_record_lax_reading_beat_pairs_in_any_order():
    lottery = playoff_decks(TWO_COVERS, 0)
    record, game = parse_record(TWO_LED.format(banker=one_line(lottery.banker), dealer=one_line(lottery.dealer)))
    assert [str(m) for m in record.moves] == ["lead 7S 7H", "beat 7S>9H 7H>9D"]
    assert of_kind(game, "beat")[0]["covers"] == [["7S", "9H"], ["7H", "9D"]]
    assert '"beat 7S>9H 7H>9D",' in write_record(game, record.notes)  # written canonically


# ---------------------------------------------------------------------- canonical writing


def test_record_canonical_writing_layout():
    lottery = playoff_decks(ENDING, 1)
    game = Game(table(2), decks=lottery.decks)
    play(game, *ENDING_MOVES)
    notes = [Note(9, 'Anna says "take" \\ then goes', "Анна говорит «беру»"), Note(3, "first", "первая")]
    expected = "\n".join([
        "seed = 0",
        "pool = 0",
        "moves = [",
        '  "lead 9S",',
        '  "take",',
        '  "lead 3H",',
        '  "beat 3H>4H",',
        '  "lead 2D 2C",',
        '  "take",',
        "]",
        "",
        "[table]",
        'players = ["Anna", "Boris"]',
        'banker = "Father"',
        'dealer = "Mother"',
        "",
        "[options]",
        'playoff = "beating"',
        'hosts_play = "no"',
        "stake = 4",
        'contribution = "every_round"',
        'spread = "even"',
        'unclaimed = "carry"',
        'short_deal = "deal_out"',
        'short_pay = "everyone"',
        'deal = "packets"',
        'deal_start = "first_seat"',
        'beat = "same_suit"',
        'failed_defence = "take_all"',
        'after_take = "taker_left"',
        'last_lead = "answered"',
        'penalty_pile = "holders_only"',
        "fine = 1",
        'fines_to = "pool"',
        'suit_fines = "H=4 C=3 D=2 S=1"',
        'suit_fine_basis = "per_suit"',
        'kitty = "carried"',
        'empty_hand_at_start = "sits_out"',
        'last_card = "finish_trick"',
        'tricks_end = "first_out"',
        "",
        "[decks]",
        "banker = [", *rows(lottery.banker), "]",
        "dealer = [", *rows(lottery.dealer), "]",
        "",
        "[[notes]]",  # by step, each saying what its step shows (the event's kind, who acts)
        "step = 3",
        'kind = "pay"',
        'en = "first"',
        'ru = "первая"',
        "",
        "[[notes]]",
        "step = 9",
        f'kind = "{game.events[8].kind}"',
        *([f'who = "{actor(game.events[8])}"'] if actor(game.events[8]) else []),
        'en = "Anna says \\"take\\" \\\\ then goes"',
        'ru = "Анна говорит «беру»"',
    ]) + "\n"
    text = write_record(game, notes)
    first, rest = text.split("\n", 1)
    assert first.startswith("# ") and rest == expected
    record, read = parse_record(text)
    assert sorted((n.step, n.en, n.ru) for n in record.notes) == sorted((n.step, n.en, n.ru) for n in notes)


@pytest.mark.parametrize("options", [{}, {"playoff": "tricks", "spread": "chosen", "suit_fines": "S=3 H=2 D=1 C=0"},
                                     {"spread": "random", "unclaimed": "banker", "hosts_play": "yes", "stake": 2}])
@pytest.mark.parametrize("seed", [0, 5, 123456789])
def test_record_canonical_writing_is_byte_stable(options, seed):
    game = play_out(Game(table(3), opts(**options), seed=seed, pool=3))
    text = write_record(game, [Note(1, "start", "начало")])
    record, read = parse_record(text)
    assert write_record(read, record.notes) == text
    assert events(read) == events(game)


def test_record_written_replays_the_same_game():
    lottery = playoff_decks(TWO_COVERS, 0)
    game = play_out(Game(table(2), opts(beat="any_suit", failed_defence="take_unbeaten"), decks=lottery.decks, seed=9))
    record, read = parse_record(write_record(game))
    assert read.to_json() == game.to_json() and events(read) == events(game)
    assert record.decks == lottery.decks and record.seed == 9


def test_record_with_deck_orders_and_every_decision_explicit():
    # ENDING, spread = chosen: 9 rounds of 8 chips, every card turned up is won (see playoff_decks),
    # so each round's chips go to the holders of the row cards, by the stakes chosen here.
    lottery = playoff_decks(ENDING, 1)
    stakes = [(5, 1, 1, 1), (1, 5, 1, 1), (1, 1, 5, 1), (1, 1, 1, 5), (2, 2, 2, 2),
              (4, 2, 1, 1), (1, 1, 2, 4), (3, 3, 1, 1), (1, 2, 3, 2)]
    moves = [f"stake {' '.join(map(str, s))}" for s in stakes] + list(ENDING_MOVES)
    text = "\n".join(
        ["moves = ["] + [f'  "{m}",' for m in moves] + ["]", "[table]", 'players = ["Anna", "Boris"]',
                                                      'banker = "Father"', 'dealer = "Mother"', "[options]",
                                                      'spread = "chosen"', 'penalty_pile = "everyone"', "[decks]",
                                                      f'banker = "{one_line(lottery.banker)}"',
                                                      f'dealer = "{one_line(lottery.dealer)}"']) + "\n"
    record, game = parse_record(text)
    assert [str(a) for a in game.actions] == moves  # nothing left to the default policy
    assert [s["stakes"] for s in of_kind(game, "spread")] == [list(s) for s in stakes]
    prizes = lottery.prizes([list(s) for s in stakes])
    assert sum(prizes) == 72
    # Each pays 4 a round for 9 rounds; the fines are those of ENDING under penalty_pile = everyone,
    # which the record names (it was the default when such records were written): Anna 1, Boris 13.
    assert game.nets == [prizes[0] - 36 - 1, prizes[1] - 36 - 13] and game.pool == 14 and game.over


def test_record_moves_left_out_are_made_by_the_default_policy():
    lottery = playoff_decks(ENDING, 1)
    text = "\n".join(['moves = ["lead 9S"]', "[table]", 'players = ["Anna", "Boris"]', 'banker = "Father"',
                      'dealer = "Mother"', "[decks]", f'banker = "{one_line(lottery.banker)}"',
                      f'dealer = "{one_line(lottery.dealer)}"']) + "\n"
    _, game = parse_record(text)
    expected = Game(table(2), decks=lottery.decks)
    play(expected, "lead 9S")
    play_out(expected, default_policy)
    assert events(game) == events(expected) and len(game.actions) > 1


def test_record_a_move_that_is_never_played_is_an_error():
    lottery = playoff_decks(ENDING, 1)
    text = "\n".join([
        "moves = [",                      # 1
        '  "lead 9S",',                   # 2
        '  "play 2S",',                   # 3: no trick is ever played by beating
        "]",                              # 4
        "[table]",                        # 5
        'players = ["Anna", "Boris"]',    # 6
        'banker = "Father"',              # 7
        'dealer = "Mother"',              # 8
        "[decks]",                        # 9
        f'banker = "{one_line(lottery.banker)}"',
        f'dealer = "{one_line(lottery.dealer)}"']) + "\n"
    with pytest.raises(RecordError, match=r"^left\.toml:3: .*play 2S was never played"):
        parse_record(text, "left.toml")


# ---------------------------------------------------------------------- errors with file:LINE


HEAD = """\
seed = 1
moves = []

[table]
players = ["Anna", "Boris"]
banker = "Father"
dealer = "Mother"

[decks]
"""
# Lines 1-9 above; the decks follow from line 10.


def deck_lines(which, deck):
    return [f"{which} = ["] + rows(deck) + ["]"]


def test_record_error_a_deck_card_that_is_not_a_card_names_its_line():
    dealer = rows(FULL_DECK)
    dealer[1] = dealer[1].replace('"5H"', '"5X"')
    text = HEAD + "\n".join(deck_lines("banker", FULL_DECK)  # lines 10-15
                            + ["dealer = ["] + dealer + ["]"]) + "\n"  # 16, 17, 18 (2H..AH), 19, 20, 21
    with pytest.raises(RecordError, match=r"^bad\.toml:18: '5X' is not a card"):
        parse_record(text, "bad.toml")


def test_record_error_a_deck_card_in_a_one_line_deck_names_the_line():
    dealer = format_cards(FULL_DECK).replace("QC", "QQ")
    text = HEAD + "\n".join(deck_lines("banker", FULL_DECK) + [f'dealer = "{dealer}"']) + "\n"  # dealer: line 16
    with pytest.raises(RecordError, match=r"^bad\.toml:16: 'QQ' is not a card"):
        parse_record(text, "bad.toml")


def test_record_error_a_deck_that_is_not_a_permutation_names_missing_and_repeated_cards():
    banker = list(FULL_DECK)
    banker[51] = FULL_DECK[0]  # AC replaced by a second 2S
    text = HEAD + "\n".join(deck_lines("banker", banker) + deck_lines("dealer", FULL_DECK)) + "\n"
    with pytest.raises(RecordError) as error:
        parse_record(text, "perm.toml")
    message = str(error.value)
    assert message.startswith("perm.toml:10: ") and "repeats 2S" in message and "lacks AC" in message


def test_record_error_decks_without_both_decks_names_the_decks_line():
    text = HEAD + f'banker = "{format_cards(FULL_DECK)}"\n'
    with pytest.raises(RecordError, match=r"^half\.toml:9: "):
        parse_record(text, "half.toml")


ILLEGAL = """\
moves = [
  "lead 2H",
  "take",
]

[table]
players = ["Anna", "Boris", "Vera"]
banker = "Father"
dealer = "Mother"

[decks]
banker = "{banker}"
dealer = "{dealer}"
"""


def test_record_error_an_illegal_move_names_its_line_the_rule_and_why():
    # THREE: Boris holds 4H, so he must beat Anna's 2H (p10): "take" on line 3 is refused.
    lottery = playoff_decks(THREE, 0)
    text = ILLEGAL.format(banker=one_line(lottery.banker), dealer=one_line(lottery.dealer))
    with pytest.raises(RecordError) as error:
        parse_record(text, "illegal.toml")
    message = str(error.value)
    assert message.startswith("illegal.toml:3: move 2: take refused: Boris can beat and must («обязан отбить») (p10)")
    assert "beat 2H>4H" in message


def test_record_error_a_move_that_is_not_a_move_names_its_line():
    text = 'seed = 1\nmoves = [\n  "lead 2S",\n  "beat 2S>4X",\n]\n[table]\nplayers = ["A", "B"]\n' \
           'banker = "F"\ndealer = "M"\n'
    with pytest.raises(RecordError, match=r"^m\.toml:4: .*4X"):
        parse_record(text, "m.toml")
    text = text.replace("beat 2S>4X", "dance")
    with pytest.raises(RecordError, match=r"^m\.toml:4: .*unknown move 'dance'"):
        parse_record(text, "m.toml")


OPTIONS = """\
seed = 1

[table]
players = ["Anna", "Boris"]
banker = "Father"
dealer = "Mother"

[options]
stake = 2
{line9}
fine = 1
"""


@pytest.mark.parametrize("line9, message", [
    ('trumps = "hearts"', "unknown option 'trumps'"),
    ('beat = "sideways"', "option 'beat' (p10): 'sideways' is not one of same_suit, any_suit"),
    ("fine_per_card = 1", "unknown option 'fine_per_card'"),
    ('suit_fines = "H=4 C=3"', "option 'suit_fines' (p15): give all four suits, missing spades and diamonds"),
])
def test_record_error_an_unknown_option_key_or_value_names_the_line_of_the_key(line9, message):
    with pytest.raises(RecordError) as error:
        parse_record(OPTIONS.format(line9=line9), "o.toml")
    assert str(error.value).startswith(f"o.toml:10: {message}")


def test_record_error_a_table_the_rules_cannot_seat_names_the_players_line():
    text = OPTIONS.format(line9="").replace('players = ["Anna", "Boris"]', 'players = ["Anna"]')
    with pytest.raises(RecordError, match=r"^o\.toml:4: 1 card player:"):
        parse_record(text, "o.toml")


def test_record_error_toml_syntax_names_the_line():
    text = OPTIONS.format(line9="stake = = 4")
    with pytest.raises(RecordError, match=r"^o\.toml:10: not valid TOML"):
        parse_record(text, "o.toml")


def test_record_error_an_unknown_key_names_its_line():
    text = 'seed = 1\nplayers = 3\n[table]\nplayers = ["A", "B"]\nbanker = "F"\ndealer = "M"\n'
    with pytest.raises(RecordError, match=r"^k\.toml:2: unknown key 'players'"):
        parse_record(text, "k.toml")


def test_record_error_no_seed_and_no_decks():
    with pytest.raises(RecordError, match=r"^s\.toml:1: give a seed or a \[decks\]"):
        parse_record('[table]\nplayers = ["A", "B"]\nbanker = "F"\ndealer = "M"\n', "s.toml")


NOTES = """\
seed = 1

[table]
players = ["Anna", "Boris"]
banker = "Father"
dealer = "Mother"

[[notes]]
step = 2
kind = "lay"
en = "Round one."
ru = "Первый круг."

[[notes]]
step = {step}
kind = "pay"
en = "Out of the game."
ru = "Вне игры."
"""


@pytest.mark.parametrize("step", [0, -1, 100000, '"3"'])
def test_record_error_a_note_step_out_of_range_names_the_note(step):
    with pytest.raises(RecordError) as error:
        parse_record(NOTES.format(step=step), "n.toml")
    message = str(error.value)
    assert message.startswith("n.toml:14: step ") and "is not a step of this game (1 to " in message


def test_record_notes_in_range_are_kept():
    record, game = parse_record(NOTES.format(step=3), "n.toml")
    assert [(n.step, n.en) for n in record.notes] == [(2, "Round one."), (3, "Out of the game.")]


def test_record_file_errors_start_with_the_path_and_line(tmp_path):
    path = tmp_path / "hand.toml"
    path.write_text(OPTIONS.format(line9='beat = "sideways"'), encoding="utf-8")
    with pytest.raises(RecordError) as error:
        read_record(path)
    assert str(error.value).startswith(f"{path}:10: ")
    with pytest.raises(RecordError, match=r"missing\.toml: there is no such file$"):
        read_record(tmp_path / "missing.toml")


def test_record_file_reads_and_replays(tmp_path):
    game = play_out(Game(table(4), opts(playoff="tricks"), seed=31))
    path = tmp_path / "hand.toml"
    path.write_text(write_record(game), encoding="utf-8")
    record, read = read_record(path)
    assert events(read) == events(game) and record.seed == 31


def test_record_of_a_game_made_without_a_seed_reads_back():
    game = play_out(Game(table(3)))
    _, read = parse_record(write_record(game))
    assert events(read) == events(game)


def test_record_and_game_refuse_a_negative_seed():
    # A seed is a whole number >= 0 wherever it is given, so every game's record can be read back.
    with pytest.raises(ValueError, match="seed"):
        Game(table(3), seed=-5)
    with pytest.raises(RecordError, match=r"^s\.toml:1: seed must be a whole number from 0 to 9223372036854775807, got -5$"):
        parse_record('seed = -5\n[table]\nplayers = ["A", "B"]\nbanker = "F"\ndealer = "M"\n', "s.toml")


# What the records written before fines_to and kitty existed never lay apart (their summaries lack it).
NOTHING_APART = {"prize_in": 0, "prize": 0, "kitty_in": 0, "kitty": 0}


def test_records_written_before_the_new_options_replay_to_the_same_result():
    # Twelve records written by the engine as it was before short_pay, deal_start, after_take,
    # last_lead and beating_then_tricks existed, and before penalty_pile and suit_fine_basis took
    # their literal defaults (commit e0224a4; six option sets, the default and the random policy).
    # They name every option of their day, so they replay to the same result: the new options'
    # defaults are the old behaviour, and the changed defaults are named in the records.
    cases = json.loads((Path(__file__).with_name("records_before_the_new_options.json")).read_text(encoding="utf-8"))
    assert len(cases) == 12
    for case in cases:
        _, game = parse_record(case["record"])
        assert summary(game) == {**case["result"], **NOTHING_APART}
        assert "penalty_pile" in case["record"] and "suit_fine_basis" in case["record"]
        assert "last_lead" not in case["record"]


def test_records_written_before_issue_19_replay_to_the_same_result():
    # Twelve records written by the engine of commit cab3386, before contribution = per_losing_player,
    # last_lead = stop_taken and tricks_end existed (six option sets that play every value of that
    # day, the default and the random policy). They do not name tricks_end, whose default is the
    # old play, so each replays to the result the old engine wrote beside it.
    cases = json.loads((Path(__file__).with_name("records_before_issue_19.json")).read_text(encoding="utf-8"))
    assert len(cases) == 12
    played = {(key, value) for case in cases for key, value in case["options"].items()}
    assert {("last_lead", "stop_at_once"), ("playoff", "tricks"), ("playoff", "beating_then_tricks"),
            ("contribution", "per_losing_card")} <= played
    for case in cases:
        assert "tricks_end" not in case["record"]
        _, game = parse_record(case["record"])
        assert summary(game) == {**case["result"], **NOTHING_APART}


def test_records_written_before_the_prize_and_the_kitty_replay_to_the_same_result():
    # Fifteen records written by the engine of commit d23a68b, before fines_to and kitty existed:
    # twelve games (six option sets, the default and the random policy) and three sessions of three
    # games with a pool of 5 carried in. They name neither option, whose defaults are the old play,
    # so each replays to the result the old engine wrote beside it, with nothing laid apart.
    cases = json.loads((Path(__file__).with_name("records_before_the_prize_and_the_kitty.json"))
                       .read_text(encoding="utf-8"))
    assert len(cases) == 15 and sum("games" in case for case in cases) == 3
    for case in cases:
        assert "fines_to" not in case["record"] and "kitty" not in case["record"]
        record, game = parse_record(case["record"])
        games = record.play_session() if record.games > 1 else [game]
        results = case["result"] if record.games > 1 else [case["result"]]
        assert [summary(g) for g in games] == [{**result, **NOTHING_APART} for result in results]


# ---------------------------------------------------------------------- checked notes, names, sessions

CHECKED = """\
seed = 1

[table]
players = ["Anna", "Boris", "Vera"]
banker = "Papa"
dealer = "Mama"

[table.ru]
players = ["Анна", "Борис", "Вера"]
banker = "Папа"
dealer = "Мама"

[about]
title = {{ en = "A first round", ru = "Первый круг" }}
purpose = {{ en = "What a round is.", ru = "Что такое круг." }}
focus = ["spread"]

[[notes]]
step = {step}
kind = "{kind}"
{extra}en = "A note."
ru = "Примечание."
"""


def test_record_note_says_what_its_step_shows_and_is_refused_when_the_step_shows_something_else():
    record, game = parse_record(CHECKED.format(step=2, kind="lay", extra=""), "c.toml")
    assert record.notes[0].kind == "lay"
    with pytest.raises(RecordError) as error:
        parse_record(CHECKED.format(step=2, kind="reveal", extra=""), "c.toml")
    assert str(error.value).startswith("c.toml:18: step 2 shows lay, not the reveal this note comments on")
    assert error.value.words("ru").startswith("c.toml:18: шаг 2 — это lay, а примечание говорит о другом (reveal)")


def test_record_note_who_and_cards_are_checked_against_the_step():
    _, game = parse_record(CHECKED.format(step=2, kind="lay", extra=""), "c.toml")
    reveal = next(i for i, e in enumerate(game.events) if e.kind == "reveal")
    event = game.events[reveal]
    right = f'who = "{event.winner or ""}"\n' if event.winner else ""
    parse_record(CHECKED.format(step=reveal + 1, kind="reveal", extra=right + f'cards = ["{event.card}"]\n'), "c.toml")
    with pytest.raises(RecordError, match=r"^c\.toml:18: step \d+ shows reveal"):
        parse_record(CHECKED.format(step=reveal + 1, kind="reveal", extra='cards = ["AS", "AH"]\n'), "c.toml")
    with pytest.raises(RecordError, match=r"not the reveal by Nobody"):
        parse_record(CHECKED.format(step=reveal + 1, kind="reveal", extra='who = "Nobody"\n'), "c.toml")


def test_record_names_in_russian_tell_the_same_game_with_russian_names():
    record, _ = parse_record(CHECKED.format(step=2, kind="lay", extra=""), "c.toml")
    english, russian = trace(record), trace(record.in_language("ru"))
    assert russian["seats"] == ["Анна", "Борис", "Вера"] and english["seats"] == ["Anna", "Boris", "Vera"]
    assert [s["event"]["kind"] for s in russian["steps"]] == [s["event"]["kind"] for s in english["steps"]]
    assert [s["state"]["hands"] for s in russian["steps"]] == [s["state"]["hands"] for s in english["steps"]]
    assert "Папа" in russian["steps"][0]["text"]["ru"] and "Papa" not in russian["steps"][0]["text"]["ru"]
    assert record.about is not None and record.about.title["ru"] == "Первый круг" and record.about.focus == ("spread",)
    text = write_record(record.new_game(), record.notes, record.names, record.about)
    again, _ = parse_record(text, "again.toml")
    assert again.names["ru"] == record.names["ru"] and again.about == record.about


def test_record_of_a_session_plays_its_games_with_the_pool_carried():
    text = SESSION.format(games=3)
    record, last = parse_record(text, "s.toml")
    told = trace(record)
    games = [s["game"] for s in told["steps"]]
    assert games[0] == 1 and games[-1] == 3 and sorted(set(games)) == [1, 2, 3] and games == sorted(games)
    session = Session(record.table, record.options, seed=record.seed)
    played = session.play(3)
    assert [g["pool"] for g in told["result"]["games"]] == [g.pool for g in played]
    starts = [s for s in told["steps"] if s["event"]["kind"] == "game_start"]
    assert [s["event"]["pool"] for s in starts] == [0, played[0].pool, played[1].pool]  # p12: carried in
    assert last.pool == played[-1].pool
    with pytest.raises(RecordError, match=r"^s\.toml:2: a session \(games > 1\) is played by the computer players"):
        parse_record(text.replace("games = 3", 'games = 3\nmoves = ["take"]'), "s.toml")


SESSION = """\
seed = 5
games = {games}

[table]
players = ["Anna", "Boris", "Vera"]
banker = "Papa"
dealer = "Mama"
"""


def test_record_errors_read_in_russian_too():
    with pytest.raises(RecordError) as error:
        parse_record(SESSION.format(games=3) + "\n[extras]\nx = 1\n", "s.toml")
    assert str(error.value).startswith("s.toml:9: unknown key 'extras'")
    assert error.value.words("ru").startswith("s.toml:9: неизвестный ключ «extras»")


# ---------------------------------------------------------------------- what a note asserts, checked


def _table_after(text, step):
    """The table (the snapshot) after a step of the record's game, and the step's event."""
    record, _ = parse_record(text, "c.toml")
    told = trace(record)["steps"][step - 1]
    return told["state"], told["event"]


def _first(kind):
    _, game = parse_record(CHECKED.format(step=2, kind="lay", extra=""), "c.toml")
    return next(i for i, e in enumerate(game.events) if e.kind == kind) + 1


def test_record_note_state_says_what_the_table_shows_after_its_step_and_a_wrong_one_names_its_line():
    deal = _first("deal")
    state, _ = _table_after(CHECKED.format(step=deal, kind="deal", extra=""), deal)
    anna = state["hands"][0]
    suit = anna[0][-1]
    of_suit = " ".join(c for c in anna if c[-1] == suit)
    for right in (f'"{" ".join(anna)}"', "3", f'"{anna[0]} …"', f'"{anna[1]} ..."'):
        record, _ = parse_record(CHECKED.format(step=deal, kind="deal", extra=f"state = {{ hands.Anna = {right} }}\n"),
                                 "c.toml")
        assert record.notes[0].claims[0].state == (("hands.Anna", right.strip('"') if right != "3" else 3),)
    parse_record(CHECKED.format(step=deal, kind="deal", extra=f'state = {{ hands.Anna.{suit} = "{of_suit}" }}\n'),
                 "c.toml")
    for wrong in (f'"{anna[0]} {anna[1]}"', "2", '"AS KS QS JS"'):  # two of her three cards; a count; others
        text = CHECKED.format(step=deal, kind="deal", extra=f"state = {{ hands.Anna = {wrong} }}\n")
        with pytest.raises(RecordError) as error:
            parse_record(text, "c.toml")
        assert str(error.value).startswith(f"c.toml:21: at step {deal} hands.Anna is {' '.join(anna)}, not ")
        assert error.value.words("ru").startswith(f"c.toml:21: на шаге {deal} hands.Anna — {' '.join(anna)}, а не ")


def test_record_note_event_and_chips_claims_are_checked_against_the_step():
    reveal = _first("reveal")
    state, event = _table_after(CHECKED.format(step=reveal, kind="reveal", extra=""), reveal)
    right = f'event = {{ stake = {event["stake"]}, card = "{event["card"]}" }}\nstate = {{ pool = {state["pool"]} }}\n'
    parse_record(CHECKED.format(step=reveal, kind="reveal", extra=right), "c.toml")
    wrong = f'event = {{ stake = {event["stake"] + 1} }}\n'
    with pytest.raises(RecordError, match=rf"^c\.toml:21: at step {reveal} the event's stake is {event['stake']}, "
                                          rf"not {event['stake'] + 1}$"):
        parse_record(CHECKED.format(step=reveal, kind="reveal", extra=wrong), "c.toml")
    with pytest.raises(RecordError, match=rf"^c\.toml:21: at step {reveal} pool is {state['pool']}, not "):
        parse_record(CHECKED.format(step=reveal, kind="reveal", extra=f"state = {{ pool = {state['pool'] + 5} }}\n"),
                     "c.toml")


def test_record_note_claims_about_another_step_are_checked_there():
    deal, reveal = _first("deal"), _first("reveal")
    state, _ = _table_after(CHECKED.format(step=deal, kind="deal", extra=""), deal)
    boris = state["hands"][1]
    at = f'\n[[notes.at]]\nstep = {deal}\nkind = "deal"\nstate = {{ hands.Boris = "{" ".join(boris)}" }}\n'
    record, _ = parse_record(CHECKED.format(step=reveal, kind="reveal", extra="") + at, "c.toml")
    assert record.notes[0].claims[0].step == deal and record.notes[0].readings == ()
    wrong = at.replace(f'"{" ".join(boris)}"', '"2C"')
    with pytest.raises(RecordError, match=rf"^c\.toml:24: at step {deal} hands\.Boris is "):  # the [[notes.at]] line
        parse_record(CHECKED.format(step=reveal, kind="reveal", extra="") + wrong, "c.toml")
    with pytest.raises(RecordError, match=r"^c\.toml:24: step \d+ shows deal, not reveal"):
        parse_record(CHECKED.format(step=reveal, kind="reveal", extra="") + at.replace('"deal"', '"reveal"'), "c.toml")


def test_record_note_claims_the_reader_cannot_check_are_refused_at_their_line():
    for state, says in (("hands.Nobody = 3", "SEAT one of the players: Anna, Boris, Vera"),
                        ("colour = 1", "is not a claim the reader can check"),
                        ('pool = "many"', "is not a claim the reader can check")):
        with pytest.raises(RecordError, match=rf"^c\.toml:21: state\.{state.split(' ')[0]} = .*{says}"):
            parse_record(CHECKED.format(step=2, kind="lay", extra=f"state = {{ {state} }}\n"), "c.toml")
    with pytest.raises(RecordError, match=r"^c\.toml:24: "):
        parse_record(CHECKED.format(step=2, kind="lay", extra="") + '\n[[notes.at]]\nstep = 2\ncards = ["ZZ"]\n',
                     "c.toml")
    with pytest.raises(RecordError, match=r"^c\.toml:24: \[\[notes\.at\]\] needs a step of this game"):
        parse_record(CHECKED.format(step=2, kind="lay", extra="") + '\n[[notes.at]]\nkind = "lay"\n', "c.toml")


def test_record_note_claims_under_another_reading_are_read_for_the_build_to_replay():
    under = '\n[[notes.under]]\noption = "beat"\nvalue = "any_suit"\nkind = "beat"\nwho = "Anna"\n'
    record, _ = parse_record(CHECKED.format(step=2, kind="lay", extra="") + under, "c.toml")
    (claim,) = record.notes[0].readings
    assert (claim.option, claim.value, claim.step, claim.kind, claim.who, claim.line) == \
        ("beat", "any_suit", None, "beat", "Anna", 24)
    for bad, says in (('value = "sideways"', "sideways"), ('option = "colour"', "names an option and its value")):
        key = bad.split(" ")[0]
        text = CHECKED.format(step=2, kind="lay", extra="") + "\n".join(
            bad if line.startswith(key) else line for line in under.split("\n"))
        with pytest.raises(RecordError, match=rf"^c\.toml:24: .*{says}"):
            parse_record(text, "c.toml")
    with pytest.raises(RecordError, match=r"^c\.toml:24: a claim under another reading without a step names the kind"):
        parse_record(CHECKED.format(step=2, kind="lay", extra="") + under.replace('kind = "beat"\n', ""), "c.toml")


def test_record_note_claims_are_written_canonically_and_read_back_the_same():
    deal = _first("deal")
    state, _ = _table_after(CHECKED.format(step=deal, kind="deal", extra=""), deal)
    extra = f'state = {{ hands.Anna = "{" ".join(state["hands"][0])}", pool = {state["pool"]} }}\n'
    text = CHECKED.format(step=deal, kind="deal", extra=extra) + \
        f'\n[[notes.at]]\nstep = 2\nkind = "lay"\n\n[[notes.under]]\noption = "fine"\nvalue = 2\nkind = "fine"\n' \
        f'event = {{ per_card = 2 }}\n'
    record, game = parse_record(text, "c.toml")
    again, _ = parse_record(write_record(game, record.notes, record.names, record.about), "again.toml")
    assert again.notes == record.notes and len(again.notes[0].claims) == 3
