"""The trace (a game told step by step) and the browser worker's API (engine/live.py)."""

from __future__ import annotations

import json

import pytest

from engine import Game, Table, narrate, play_out, snapshot
from engine.live import handle
from engine.narration import reveal_outcome
from engine.record import Note
from engine.trace import for_page, summary, trace_game
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


def ask(**request):
    """One request to the live engine, as the worker sends it; the reply as data."""
    return json.loads(handle(json.dumps(request)))


def test_live_replay_of_an_unchanged_setup_is_the_page_trace_of_the_game():
    game, setup = three_setup()
    play(game, "lead 2H", "beat 2H>4H")
    play_out(game)
    setup["actions"] = [str(a) for a in game.actions]
    reply = ask(type="replay", setup=setup, lang="ru")
    assert set(reply) == {"result"} and reply["result"]["notice"] is None
    page = json.loads(json.dumps(for_page(trace_game(game), "ru")))
    assert reply["result"]["steps"] == page["steps"] and reply["result"]["moves"] == page["moves"]


def test_page_trace_is_in_one_language_with_moves_in_words_and_states_as_changes():
    game = playoff_game(THREE, 0)
    play(game, "lead 2H", "beat 2H>4H")
    told = trace_game(game, [Note(2, "The four.", "Четвёрка.")])
    page = for_page(told, "ru")
    assert [s["text"] for s in page["steps"]] == [s["text"]["ru"] for s in told["steps"]]
    assert page["steps"][1]["note"] == "Четвёрка."
    assert page["moves"][1] == {"move": "beat 2H>4H", "who": "Boris", "step": told["moves"][1]["step"],
                                "text": "бьёт двойку червей четвёркой червей", "short": "бьёт 2♥ — 4♥"}
    state: dict = {}
    for step, full in zip(page["steps"], told["steps"]):  # the reader's rebuilding gives every state back
        state = {**state, **step["state"]}
        assert {k: v for k, v in state.items() if k != "outcomes"} == full["state"]


# What became of a card of the banker's four, as the page's table and the print view show it beside
# the card: written out here, not taken from the engine.
FATES = {"en": {"Anna": "won by Anna", "Boris": "won by Boris", "Vera": "won by Vera",
                "pool": "stays on the table", "banker": "to the banker"},
         "ru": {"Анна": "выигрыш — Анне", "Борис": "выигрыш — Борису", "Вера": "выигрыш — Вере",
                "pool": "остаётся на столе", "banker": "забирает банкир"}}
NAMES_IN = {"en": Table(("Anna", "Boris", "Vera"), "Father", "Mother"),
            "ru": Table(("Анна", "Борис", "Вера"), "Папа", "Мама")}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_page_trace_tells_and_words_what_became_of_each_banker_card_this_round(lang):
    seen = set()
    for unclaimed in ("carry", "banker"):
        game = Game(NAMES_IN[lang], opts(unclaimed=unclaimed), seed=3)
        play_out(game)
        full = trace_game(game)
        outcomes: list = []
        for step, full_step in zip(for_page(full, lang)["steps"], full["steps"]):
            outcomes = step["state"].get("outcomes", outcomes)
            event = full_step["event"]
            if event["kind"] == "lay":
                assert outcomes == [None, None, None, None]
            if event["kind"] == "reveal":
                fate = event["winner"] or event["to"]
                where = {"winner": event["winner"]} if event["winner"] else {"to": event["to"]}
                assert outcomes[event["position"] - 1] == {**where, "text": FATES[lang][fate]}
                seen.add(fate)
    assert seen == set(FATES[lang])  # each player won something, and the chips nobody won went both ways


def test_a_cards_fate_names_a_player_the_engine_cannot_decline_as_the_narration_does():
    assert reveal_outcome("P1", "P1", "ru") == "выигрыш — игроку P1"
    assert reveal_outcome("Мама", "Мама", "ru") == "выигрыш — Маме"
    assert reveal_outcome("P1", "P1", "en") == "won by P1"


def test_live_replay_replaces_moves_that_no_longer_fit():
    game, setup = three_setup()
    play(game, "lead 2H", "beat 2H>4H")
    play_out(game)
    setup["actions"] = [str(a) for a in game.actions]
    setup["options"] = dict(setup["options"], playoff="tricks")  # leads and beats never fit tricks
    out = ask(type="replay", setup=setup, lang="en")["result"]
    assert out["notice"] == "moves_replaced"
    computers = play_out(Game(table(3), opts(playoff="tricks"), decks=game.given_decks))
    assert [s["event"] for s in out["steps"]] == [e.to_json() for e in computers.events]


def test_live_replay_keeps_the_fines_to_be_played_for_and_the_kitty_apart_only_while_a_reading_keeps_them():
    # A set-up carrying fines to be played for (fines_to = playoff_prize, p12) and a kitty kept apart
    # (p15) plays with both; switched to readings that do not keep them apart, they are in the pool.
    _, setup = three_setup(fines_to="playoff_prize", kitty="kept_apart")
    setup.update(prize=7, kitty=4, pool=2)
    kept = ask(type="replay", setup=setup, lang="en")["result"]
    start = kept["steps"][0]["event"]
    assert (start["pool"], start["prize"], start["kitty"]) == (2, 7, 4)
    assert [s["event"]["kind"] for s in kept["steps"]].count("prize") == 1
    setup["options"] = dict(setup["options"], fines_to="pool", kitty="carried")
    pooled = ask(type="replay", setup=setup, lang="en")["result"]["steps"][0]["event"]
    assert (pooled["pool"], pooled["prize"], pooled["kitty"]) == (13, 0, 0)


def test_live_replay_with_another_number_of_players_keeps_the_names():
    _, setup = three_setup()
    setup["players"] = 4
    assert ask(type="replay", setup=setup, lang="en")["result"]["seats"] == ["Anna", "Boris", "Vera", "Gleb"]


@pytest.mark.parametrize("change, rule, en, ru", [
    ({"options": {"beat": "sideways"}}, "p10", "'sideways' is not one of same_suit, any_suit",
     "значения «sideways» нет, возможны same_suit, any_suit"),
    ({"players": 18}, "p2", "18 card players", "18 игроков с картами, а нужно от 2 до 17"),
    ({"players": 1}, "p2", "1 card player:", "1 игрок с картами"),
    ({"seed": "abc"}, None, "the seed: 'abc' is not a whole number", "начальное число: «abc» — не целое число"),
    ({"actions": ["dance"]}, None, "unknown move 'dance'", "неизвестный ход «dance»"),
])
def test_live_replay_refuses_a_bad_setup_in_both_languages(change, rule, en, ru):
    _, setup = three_setup()
    setup.update(change)
    reply = ask(type="replay", setup=setup, lang="ru")
    assert set(reply) == {"refusal"} and reply["refusal"]["rule"] == rule
    assert en in reply["refusal"]["en"] and ru in reply["refusal"]["ru"]


def test_live_replay_takes_a_seed_as_digits_of_any_length_up_to_what_a_record_holds():
    _, setup = three_setup()
    setup["decks"], setup["seed"] = None, "9223372036854775807"  # 2**63 - 1: as the page sends a long seed
    assert ask(type="replay", setup=setup, lang="en")["result"]["game"]["seed"] == 2**63 - 1
    setup["seed"] = "9223372036854775808"
    assert "from 0 to 9223372036854775807" in ask(type="replay", setup=setup, lang="en")["refusal"]["en"]


def test_live_replay_refuses_decks_that_are_not_permutations_naming_the_cards():
    _, setup = three_setup()
    setup["decks"] = {"banker": "AS " * 52, "dealer": setup["decks"]["dealer"]}
    refusal = ask(type="replay", setup=setup, lang="en")["refusal"]
    assert "repeats AS" in refusal["en"] and refusal["rule"] == "p2" and "колода банкира" in refusal["ru"]


def test_live_failures_are_a_reply_not_an_exception():
    assert ask(type="dance")["failure"]["code"] == "unknown_request"
    assert ask(type="replay", setup={"options": {}}, lang="en")["failure"]["code"] == "bad_request"
    assert handle("not json").startswith('{"failure":')


def test_live_seat_plays_the_computers_until_the_visitors_turn():
    # THREE, Boris's seat: Anna (default policy) leads her lowest pair, 2S 2H; Boris has no spade.
    _, setup = three_setup()
    state = ask(type="seat", key="k", setup=setup, seat="Boris", lang="en")["result"]
    assert state["you"]["turn"] and [m["move"] for m in state["moves"]] == ["lead 2S 2H"]
    decision = state["you"]["decision"]
    assert decision["kind"] == "answer" and decision["rule"] == "p10" and decision["cards"] == []
    assert decision["moves"] == [{"move": "take", "cards": [], "text": "Take the cards", "short": "Take the cards"}]


def test_live_seat_decision_lists_the_selectable_cards_and_every_legal_move_with_its_cards():
    _, setup = three_setup()
    ask(type="seat", key="k", setup=setup, seat="Boris", lang="ru")
    state = ask(type="move", key="k", text="take", lang="ru")["result"]  # Boris leads next (see below)
    game = Game.from_json(state["game"])
    decision = state["you"]["decision"]
    assert [m["move"] for m in decision["moves"]] == [str(a) for a in game.legal_actions()]
    hand = [str(c) for c in game.hands[game.to_act]]
    assert decision["cards"] == [c for c in hand if any(c in m["cards"] for m in decision["moves"])]
    lead = next(m for m in decision["moves"] if m["move"] == "lead 4H 4D")
    assert lead == {"move": "lead 4H 4D", "cards": ["4H", "4D"], "text": "Пойти четвёркой червей и четвёркой бубен",
                    "short": "Пойти 4♥ и 4♦"}


def test_live_seat_refuses_an_illegal_move_to_you_in_both_languages_and_changes_nothing():
    _, setup = three_setup()
    before = ask(type="seat", key="k", setup=setup, seat="Boris", lang="en")["result"]
    refusal = ask(type="move", key="k", text="beat 2H>4H", lang="en")["refusal"]  # no spade to cover 2S
    assert refusal["rule"] == "p10" and refusal["en"].startswith("You cannot cover both cards led")
    assert refusal["ru"].startswith("Вы не можете покрыть обе выхоженные карты")
    refusal = ask(type="move", key="k", text="beat 2S>AS", lang="en")["refusal"]
    assert refusal["en"] == "You do not hold the ace of spades (p10)." and refusal["ru"] == "У вас нет туза пик (§10)."
    refusal = ask(type="move", key="k", text="play 10D", lang="en")["refusal"]
    assert "beat or take" in refusal["en"] and "отбиваться или брать карты" in refusal["ru"]
    refusal = ask(type="move", key="k", text="dance", lang="en")["refusal"]
    assert refusal["rule"] is None and "'dance'" in refusal["en"] and "«dance»" in refusal["ru"]
    after = ask(type="undo", key="k", lang="en")
    assert after["refusal"]["ru"].startswith("Отменять нечего")
    state = ask(type="move", key="k", text="take", lang="en")["result"]
    assert state["steps"][:len(before["steps"])] == before["steps"][:-1] + [state["steps"][len(before["steps"]) - 1]]


def test_live_seat_move_and_undo():
    # Boris takes; Vera (policy) leads her lowest card 2C to Anna, who has no club and takes;
    # Anna's left is Boris: his turn again.
    _, setup = three_setup()
    ask(type="seat", key="k", setup=setup, seat="Boris", lang="en")
    state = ask(type="move", key="k", text="take", lang="en")["result"]
    assert [m["move"] for m in state["moves"]] == ["lead 2S 2H", "take", "lead 2C", "take"]
    assert state["you"]["turn"] and state["you"]["can_undo"]
    assert [m["move"] for m in state["you"]["decision"]["moves"]][:4] == ["lead 2D", "lead 3D", "lead 4H", "lead 4H 4D"]
    state = ask(type="undo", key="k", lang="en")["result"]
    assert [m["move"] for m in state["moves"]] == ["lead 2S 2H"] and not state["you"]["can_undo"]
    assert [m["move"] for m in state["you"]["decision"]["moves"]] == ["take"]
    assert len(state["steps"]) == len(trace_game(Game.from_json(state["game"]))["steps"])


def test_live_seats_are_kept_apart_by_key_and_forgotten_on_leave():
    _, setup = three_setup()
    ask(type="seat", key="a", setup=setup, seat="Boris", lang="en")
    ask(type="seat", key="b", setup=setup, seat="Anna", lang="en")
    assert ask(type="move", key="a", text="take", lang="en")["result"]["you"]["seat"] == "Boris"
    assert ask(type="leave", key="a")["result"] is None
    assert ask(type="move", key="a", text="take", lang="en")["refusal"]["en"] == "Take a seat first."


def test_live_seat_of_the_banker_spreads_the_stakes():
    _, setup = three_setup(spread="chosen")
    state = ask(type="seat", key="k", setup=setup, seat="banker", lang="en")["result"]
    assert state["you"]["turn"] and state["you"]["decision"]["stake"] == {"total": 12, "even": [3, 3, 3, 3]}
    state = ask(type="move", key="k", text="stake 9 1 1 1", lang="en")["result"]
    assert state["steps"][-1]["event"]["kind"] == "pay" and state["you"]["decision"]["kind"] == "stake"
    refusal = ask(type="move", key="k", text="stake 9 1 1 2", lang="en")["refusal"]
    assert refusal["rule"] == "p4" and "12 chips" in refusal["en"] and "12 фишек" in refusal["ru"]
    assert "no seat 'Nobody'" in ask(type="seat", key="k", setup=setup, seat="Nobody", lang="en")["refusal"]["en"]


def test_live_seat_of_the_banker_plays_the_chosen_spread_whatever_the_setups_reading():
    # The banker's one decision is the spread (p4, spread = chosen): the engine seats him under that
    # reading, so the page keeps no rule of its own.
    _, setup = three_setup()
    state = ask(type="seat", key="k", setup=setup, seat="banker", lang="en")["result"]
    assert state["you"]["turn"] and state["you"]["decision"]["stake"] == {"total": 12, "even": [3, 3, 3, 3]}
    boris = ask(type="seat", key="b", setup=setup, seat="Boris", lang="en")["result"]
    spreads = [step["event"]["how"] for step in boris["steps"] if step["event"]["kind"] == "spread"]
    assert spreads and set(spreads) == {"even"}  # another seat: the set-up's reading (the default)


def test_live_seat_by_number_finds_the_same_seat_whatever_the_names():
    _, setup = three_setup()
    by_name = ask(type="seat", key="k", setup=setup, seat="Boris", lang="en")["result"]
    russian = dict(setup, table={"players": ["Анна", "Борис", "Вера"], "banker": "Папа", "dealer": "Мама"})
    by_number = ask(type="seat", key="k", setup=russian, seat=1, lang="ru")["result"]
    assert by_number["you"]["seat"] == "Борис"
    assert [m["move"] for m in by_number["moves"]] == [m["move"] for m in by_name["moves"]]
