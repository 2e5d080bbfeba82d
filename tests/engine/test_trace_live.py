"""The trace (a game told step by step) and the browser worker's API (engine/live.py)."""

from __future__ import annotations

import json

import pytest

from engine import Game, narrate, play_out, snapshot
from engine.live import Seat, replay
from engine.record import Note
from engine.trace import summary, trace_game
from engine_helpers import THREE, opts, play, playoff_decks, playoff_game, table


def three_setup(**options):
    lottery = playoff_decks(THREE, 0)
    game = Game(table(3), opts(**options), decks=lottery.decks)
    return game, game.to_json()


def test_trace_tells_every_event_with_its_sentences_and_the_table_after_the_last():
    game = playoff_game(THREE, 0)
    play(game, "lead 2H", "beat 2H>4H", "lead 2D", "take")
    told = trace_game(game, [Note(2, "The four.", "Четвёрка.")])
    steps = told["steps"]
    assert [s["event"] for s in steps] == [e.to_json() for e in game.events]
    assert all(s["text"] == {"en": narrate(e, "en"), "ru": narrate(e, "ru")} for s, e in zip(steps, game.events))
    assert told["seats"] == ["Anna", "Boris", "Vera"]
    assert steps[1]["note"] == {"en": "The four.", "ru": "Четвёрка."} and "note" not in steps[0]
    assert told["game"] == game.to_json() and told["result"] == summary(game) and told["result"]["over"] is False


def _counted(state):
    """The banker's and the dealer's cards a snapshot shows: 52 each when every card is in one place."""
    banker = state["decks"][0] + len(state["row"]) + state["banker_discard"]
    dealer = state["decks"][1] + state["discard"] + len(state["table"]) + sum(state["tricks"]) + sum(
        len(pile) for key in ("hands", "aside", "penalty") for pile in state[key])
    return banker, dealer


def test_trace_state_after_each_step_is_the_table_after_that_event():
    game = playoff_game(THREE, 0)
    play(game, "lead 2H", "beat 2H>4H", "lead 2D", "take")
    steps = trace_game(game)["steps"]
    assert steps[-1]["state"] == snapshot(game)  # the take was the last step before Anna's lead
    assert [(s["event"]["kind"], _counted(s["state"])) for s in steps if _counted(s["state"]) != (52, 52)] == []


def test_trace_moves_name_each_decision_its_player_and_first_step():
    game = playoff_game(THREE, 0)
    play(game, "lead 2H", "beat 2H>4H", "lead 2D", "take")
    told = trace_game(game)
    assert [(m["move"], m["who"]) for m in told["moves"]] == [
        ("lead 2H", "Anna"), ("beat 2H>4H", "Boris"), ("lead 2D", "Boris"), ("take", "Vera")]
    for number, move in enumerate(told["moves"], 1):
        step = told["steps"][move["step"] - 1]
        assert step["decision"] == number and told["steps"][move["step"] - 2]["decision"] == number - 1
    kinds = [told["steps"][m["step"] - 1]["event"]["kind"] for m in told["moves"]]
    assert kinds == ["lead", "beat", "lead", "take"]


def test_trace_a_stake_is_the_bankers_move():
    game = play_out(Game(table(3), opts(spread="chosen"), seed=3))
    moves = trace_game(game)["moves"]
    assert moves[0]["move"].startswith("stake ") and moves[0]["who"] == "Father"


def test_live_replay_of_an_unchanged_setup_is_the_trace():
    game, setup = three_setup()
    play(game, "lead 2H", "beat 2H>4H")
    play_out(game)
    setup["actions"] = [str(a) for a in game.actions]
    out = json.loads(replay(json.dumps(setup)))
    assert out["notice"] is None
    assert out["steps"] == json.loads(json.dumps(trace_game(game)["steps"]))


def test_live_replay_replaces_moves_that_no_longer_fit():
    game, setup = three_setup()
    play(game, "lead 2H", "beat 2H>4H")
    play_out(game)
    setup["actions"] = [str(a) for a in game.actions]
    setup["options"] = dict(setup["options"], playoff="tricks")  # leads and beats never fit tricks
    out = json.loads(replay(json.dumps(setup)))
    assert out["notice"] == "moves_replaced"
    computers = play_out(Game(table(3), opts(playoff="tricks"), decks=game.given_decks))
    assert [s["event"] for s in out["steps"]] == [e.to_json() for e in computers.events]


def test_live_replay_with_another_number_of_players_keeps_the_names():
    _, setup = three_setup()
    setup["players"] = 4
    out = json.loads(replay(json.dumps(setup)))
    assert out["seats"] == ["Anna", "Boris", "Vera", "P4"]


@pytest.mark.parametrize("change", [{"options": {"beat": "sideways"}}, {"players": 1},
                                    {"actions": ["dance"]}])
def test_live_replay_reports_a_bad_setup_as_an_error(change):
    _, setup = three_setup()
    setup.update(change)
    out = json.loads(replay(json.dumps(setup)))
    assert set(out) == {"error"} and out["error"]


def test_live_replay_reports_decks_that_are_not_permutations_as_an_error():
    _, setup = three_setup()
    setup["decks"] = {"banker": "AS " * 52, "dealer": setup["decks"]["dealer"]}
    out = json.loads(replay(json.dumps(setup)))
    assert "AS" in out["error"] and "(p2)" in out["error"]


def test_live_seat_plays_the_computers_until_the_visitors_turn():
    # THREE, Boris's seat: Anna (default policy) leads her lowest pair, 2S 2H; Boris has no spade.
    _, setup = three_setup()
    seat = Seat(json.dumps(setup), "Boris")
    state = json.loads(seat.state())
    assert state["your_turn"] and state["legal"] == ["take"] and state["error"] is None
    assert [m["move"] for m in state["moves"]] == ["lead 2S 2H"]


def test_live_seat_refuses_an_illegal_move_with_its_rule_and_changes_nothing():
    _, setup = three_setup()
    seat = Seat(json.dumps(setup), "Boris")
    before = seat.game.to_json()
    state = json.loads(seat.move("beat 2H>4H"))
    assert state["rule"] == "p10" and "refused" in state["error"] and seat.game.to_json() == before
    state = json.loads(seat.move("dance"))
    assert state["rule"] is None and "dance" in state["error"] and seat.game.to_json() == before


def test_live_seat_move_and_undo():
    # Boris takes; Vera (policy) leads her lowest card 2C to Anna, who has no club and takes;
    # Anna's left is Boris: his turn again.
    _, setup = three_setup()
    seat = Seat(json.dumps(setup), "Boris")
    state = json.loads(seat.move("take"))
    assert [m["move"] for m in state["moves"]] == ["lead 2S 2H", "take", "lead 2C", "take"]
    assert state["your_turn"] and state["legal"][:4] == ["lead 2D", "lead 3D", "lead 4H", "lead 4H 4D"]
    state = json.loads(seat.undo())
    assert [m["move"] for m in state["moves"]] == ["lead 2S 2H"] and state["legal"] == ["take"]
    assert json.loads(seat.undo())["error"] == "nothing to undo"


def test_live_seat_of_the_banker_spreads_the_stakes():
    _, setup = three_setup(spread="chosen")
    seat = Seat(json.dumps(setup), "banker")
    state = json.loads(seat.state())
    assert state["your_turn"] and state["stake_total"] == 12 and state["legal"] == []
    state = json.loads(seat.move("stake 9 1 1 1"))
    assert state["steps"][-1]["event"]["kind"] == "pay" and state["stake_total"] == 12  # round 2 (all won)
    assert json.loads(seat.move("stake 9 1 1 2"))["rule"] == "p4"
    with pytest.raises(ValueError, match="no seat"):
        Seat(json.dumps(setup), "Nobody")


def test_live_seat_refusal_is_explained_in_russian_too():
    # The Russian interface shows the engine's own Russian explanation, with the same paragraph.
    _, setup = three_setup()
    seat = Seat(json.dumps(setup), "Anna")
    state = json.loads(seat.state())
    assert state["your_turn"]
    refused = json.loads(seat.move("play 2C" if state["legal"][0].startswith("play") else "take"))
    assert refused["error"] and refused["rule"]
    assert refused["error_ru"].startswith("Ход «") and "не принят" in refused["error_ru"]
    assert f"({refused['rule']})" in refused["error_ru"]
