"""The analysis as the page's worker asks for it (live.handle's `analyse` request): the analysis of a
decision of the recorded hand, with a sentence for each move, and the refusals in both languages."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import Game, Options, Table, play_out
from engine.analysis import analyse
from engine.live import handle
from engine_helpers import THREE, play, playoff_game

# THREE: Anna leads 2H; Boris can beat it only with 4H (forced), then leads 2D; Vera must take.
MOVES = ("lead 2H", "beat 2H>4H", "lead 2D", "take")


@pytest.fixture(scope="module")
def setup() -> dict[str, Any]:
    game = playoff_game(THREE, 0)
    play(game, *MOVES)
    play_out(game)
    return game.to_json()


def ask(**request: Any) -> dict[str, Any]:
    return dict(json.loads(handle(json.dumps(request))))


def test_analyse_values_a_decision_of_the_hand_as_the_analysis_does(setup: dict[str, Any]) -> None:
    result = ask(type="analyse", setup=setup, index=0, lang="en")["result"]
    before = playoff_game(THREE, 0)  # the game as it stands before decision 0
    assert result["analysis"] == json.loads(json.dumps(analyse(before).to_json()))
    assert result["who"] == "Anna" and result["recorded"] == "lead 2H"
    moves = result["analysis"]["moves"]
    assert sorted(m["move"] for m in moves) == sorted(map(str, before.legal_actions()))
    assert len(result["reasons"]) == len(moves)
    for reason in result["reasons"]:
        assert reason.startswith("Anna leads ") and ": final net " in reason, reason
    assert ", the best move." in result["reasons"][0]


def test_analyse_a_forced_decision_has_one_move_at_no_cost_in_russian_too(setup: dict[str, Any]) -> None:
    result = ask(type="analyse", setup=setup, index=1, lang="ru")["result"]
    (move,) = result["analysis"]["moves"]
    assert move["move"] == "beat 2H>4H" == result["recorded"] and move["cost"] == 0 and move["rank"] == 1
    assert result["who"] == "Boris"  # the record's names, in either language
    assert result["reasons"][0].startswith("Boris бьёт двойку червей четвёркой червей: итог за кон ")
    assert ", это лучший вариант." in result["reasons"][0]


def test_analyse_in_the_known_mode_is_the_same_for_the_same_seed(setup: dict[str, Any]) -> None:
    request = {"type": "analyse", "setup": setup, "index": 2, "mode": "known", "samples": 4, "seed": 7, "lang": "en"}
    first, again = ask(**request), ask(**request)
    assert first == again
    analysis = first["result"]["analysis"]
    assert analysis["mode"] == "known" and analysis["samples"] == 4
    assert all(len(m["interval"]) == 2 for m in analysis["moves"])


def test_analyse_refuses_a_decision_the_hand_does_not_have_or_that_is_not_of_the_playoff(setup: dict[str, Any]) -> None:
    refusal = ask(type="analyse", setup=setup, index=999, lang="ru")["refusal"]
    assert refusal["ru"] == "решения 999 в записанной партии нет"
    chosen = Game(Table(("Anna", "Boris", "Vera"), "Papa", "Mama"), Options.from_mapping({"spread": "chosen"}), seed=5)
    refusal = ask(type="analyse", setup=chosen.to_json(), index=0, lang="en")["refusal"]
    assert refusal["en"] == "decision 0 is not one of the play-off: only the play-off's decisions are valued"
    assert refusal["ru"] == "решение 0 принято не в розыгрыше: оцениваются только решения розыгрыша"


def test_analyse_answers_a_bad_mode_or_sample_count_without_analysing(setup: dict[str, Any]) -> None:
    assert ask(type="analyse", setup=setup, index=0, mode="psychic", lang="en")["failure"]["code"] == "bad_request"
    assert "refusal" in ask(type="analyse", setup=setup, index=0, mode="known", samples=10**9, lang="en")
