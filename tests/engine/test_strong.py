"""The strong computer player (engine/strong.py), its place in simulate, and `python -m engine analyse`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine import Game, Options, Stream, random_policy
from engine.analysis import PLAYOFF_DECISIONS, analyse
from engine.policy import default_policy
from engine.record import read_record
from engine.rng import draw
from engine.stats import play_row, policy_for
from engine.strong import strong_policy

from engine_helpers import table

REPO = Path(__file__).resolve().parents[2]
HAND = REPO / "lessons" / "hands" / "pair-beaten.toml"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=REPO, capture_output=True, text=True,
                          encoding="utf-8", timeout=300)


def test_the_strong_player_makes_only_legal_moves_under_every_way_of_playing_off() -> None:
    # The strong player at one seat, random players at the others (so that the play-offs vary), under
    # each way of playing off and a few other readings; every move it makes is checked before it is made.
    stream = Stream(31)
    readings = [{"playoff": "beating"}, {"playoff": "tricks"}, {"playoff": "beating_then_tricks"},
                {"beat": "any_suit", "failed_defence": "take_unbeaten", "last_lead": "stop_taken"},
                {"playoff": "tricks", "last_card": "stop_at_once", "tricks_end": "one_left"},
                {"after_take": "same_leader", "spread": "chosen"}]
    made = 0
    for reading in readings:
        for _ in range(2):
            seed = stream.below(1 << 40)
            game = Game(table(2 + stream.below(3)), Options.from_mapping(reading), seed=seed)
            seat = stream.below(game.n)
            strong, others = strong_policy(seed, samples=3, budget=60), random_policy(seed)
            while not game.over:
                if game.to_act == seat:
                    action = strong(game)
                    assert action in game.legal_actions(), (reading, seed, str(action))
                    made += game.phase in PLAYOFF_DECISIONS
                else:
                    action = others(game)
                game.apply(action)
    assert made >= 30


def _decision(playoff: str, seed: int, number: int) -> Game:
    """Decision `number` of a three-player game of `seed`, random players making the moves before it."""
    game, others = Game(table(3), Options.from_mapping({"playoff": playoff}), seed=seed), random_policy(seed)
    while len(game.actions) < number:
        game.apply(others(game))
    assert game.phase in PLAYOFF_DECISIONS
    return game


def test_the_strong_player_plays_the_analysis_best_move() -> None:
    game = Game(table(3), seed=12)
    while game.phase not in PLAYOFF_DECISIONS or len(game.legal_actions()) < 3:
        game.apply(random_policy(1)(game))
    chosen = strong_policy(5, samples=4, budget=100)(game)
    analysis = analyse(game, "known", samples=4, seed=draw(5, len(game.actions)), budget=100)
    assert analysis.moves[1].value < analysis.best.value  # one best move: no tie to break
    assert str(chosen) == analysis.best.move


def test_the_strong_player_plays_the_default_move_among_moves_of_the_best_value() -> None:
    # Decision 4 of this game by beating: four leads share the best value, the default's pair third of them.
    game = _decision("beating", 1, 4)
    analysis = analyse(game, "known", samples=4, seed=draw(5, len(game.actions)), budget=100)
    tied = [m.move for m in analysis.moves if m.value == analysis.best.value]
    usual = str(default_policy(game))
    assert len(tied) > 1 and usual in tied and usual != analysis.best.move
    assert str(strong_policy(5, samples=4, budget=100)(game)) == usual


def test_simulate_seats_the_strong_player_where_asked() -> None:
    policies = policy_for("strong@2", 77)
    assert isinstance(policies, dict) and list(policies) == [1]
    strong, default = play_row(table(3), Options(), 4, 0, "strong@2"), play_row(table(3), Options(), 4, 0)
    assert strong.nets != default.nets  # the same deal, played otherwise by Boris
    result = run("simulate", "2", "--players", "3", "--seed", "4", "--policy", "strong@2", "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["policy"] == "strong@2" and figures["games"] == 2
    assert run("simulate", "2", "--players", "3", "--policy", "strong@4").returncode == 2
    assert "from 1 to 3" in run("simulate", "2", "--players", "3", "--policy", "strong@4").stderr
    assert run("simulate", "2", "--policy", "strong@0").returncode == 2


def test_cli_analyse_prints_every_playoff_decision_with_the_recorded_move_marked() -> None:
    record, game = read_record(HAND)
    result = run("analyse", str(HAND), "--json")
    assert result.returncode == 0, result.stderr
    decisions = json.loads(result.stdout)
    numbers = [d["decision"] for d in decisions]
    assert numbers == list(range(len(game.actions)))  # every decision of this hand is a play-off one
    for entry, action in zip(decisions, game.actions):
        assert entry["recorded"] == str(action)
        assert entry["moves"][0]["cost"] == 0 and entry["moves"][0]["rank"] == 1
    text = run("analyse", str(HAND), "--step", "1")
    assert text.returncode == 0, text.stderr
    assert text.stdout.startswith("Decision 1: ") and "recorded" in text.stdout
    assert text.stdout.count("Decision ") == 1
    # The values signed as the narration signs them: a true minus, never a hyphen.
    assert "final net −" in text.stdout and "final net -" not in text.stdout


def test_cli_analyse_known_mode_gives_intervals_and_is_deterministic() -> None:
    args = ("analyse", str(HAND), "--step", "0", "--mode", "known", "--samples", "4", "--seed", "3", "--json")
    first, again = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    (entry,) = json.loads(first.stdout)
    assert entry["mode"] == "known" and entry["samples"] == 4
    assert all(len(m["interval"]) == 2 for m in entry["moves"])
    replayed = read_record(HAND)[0].play(stop=0)
    assert entry["moves"] == analyse(replayed, "known", samples=4, seed=3).to_json()["moves"]


def test_cli_analyse_refuses_a_decision_that_is_not_of_the_playoff() -> None:
    result = run("analyse", str(HAND), "--step", "999")
    assert result.returncode == 2 and "not a decision of the play-off" in result.stderr
