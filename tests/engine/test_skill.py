"""Skill and luck (engine/skill.py): each game played twice on the same decks, and the figures of the
numbers lesson's section, checked against the statistics and the standard library, not against
the module itself."""

from __future__ import annotations

import math
import statistics

import pytest

from engine import Options, Table
from engine.skill import (PLAYOFFS, GamesFileError, Pair, case_figures, figures, grouped, play_pair, read_games, read_pair,
                          strong_seat)
from engine.stats import play_row


@pytest.mark.parametrize("playoff,players,game", [("beating", 3, 0), ("tricks", 5, 3), ("beating_then_tricks", 3, 4)])
def test_a_pair_is_the_simulate_game_with_the_strong_seat_and_the_same_game_by_default_players(
        playoff: str, players: int, game: int) -> None:
    pair = play_pair(playoff, players, game)
    seat = game % players
    table, options = Table.default(players), Options.from_mapping({"playoff": playoff})
    assert pair.seat == seat == strong_seat(players, game)
    assert pair.strong == play_row(table, options, 0, game, f"strong@{seat + 1}").nets[seat]
    assert pair.default == play_row(table, options, 0, game, "default").nets[seat]


def test_a_row_of_the_games_file_is_read_back_and_a_bad_field_is_named() -> None:
    pair = Pair("tricks", 5, 7, 2, -11, -9)
    assert read_pair(pair.csv_fields()) == pair
    for fields, named in ((["tricks", "5", "7", "2", "-11"], "5 fields"), (["trump", "5", "7", "2", "-11", "-9"], "playoff"),
                          (["tricks", "4", "7", "3", "-11", "-9"], "players 4"),
                          (["tricks", "5", "7", "3", "-11", "-9"], "seat 3"),
                          (["tricks", "5", "7", "2", "x", "-9"], "strong 'x'")):
        with pytest.raises(ValueError, match=named):
            read_pair(fields)


def test_the_games_file_is_read_with_each_rows_line_and_every_bad_row_is_named() -> None:
    header = "playoff,players,game,seat,strong,default\n"
    assert read_games(header + "tricks,5,0,0,-11,-9\nbeating,3,1,1,4,2\n") == \
        [(2, Pair("tricks", 5, 0, 0, -11, -9)), (3, Pair("beating", 3, 1, 1, 4, 2))]
    assert read_games(header) == []
    with pytest.raises(GamesFileError) as bad:
        read_games(header + "tricks,5,0,0,-11,-9\ntricks,5,1,0,-11,-9\nbeating,3,1,1,4\n")
    assert bad.value.problems == [(3, "seat 0 is not game 1's strong seat, 1"), (4, "5 fields, not 6 (" + header[:-1].replace(",", ", ") + ")")]
    for text in ("", "playoff,players,game,seat,strong\n", "tricks,5,0,0,-11,-9\n"):
        with pytest.raises(GamesFileError) as bad:
            read_games(text)
        assert bad.value.problems == [(1, "the header must be " + header[:-1])]


def test_a_case_whose_games_are_not_0_to_n_minus_1_is_refused() -> None:
    pairs = [Pair("beating", 3, k, k % 3, 0, 0) for k in (0, 1, 3)]
    with pytest.raises(ValueError, match="without game 2"):
        grouped(pairs)
    with pytest.raises(ValueError, match="game 1 twice"):
        grouped([Pair("beating", 3, k, k % 3, 0, 0) for k in (0, 1, 1)])
    assert [p.game for p in grouped(reversed([Pair("beating", 3, k, k % 3, 0, 0) for k in range(4)]))["beating", 3]] \
        == [0, 1, 2, 3]


def test_the_gain_the_spread_and_the_games_before_skill_shows_are_the_textbook_figures() -> None:
    strong = [-10, -3, -20, -8, 0, -15, -9, -4, -12]
    default = [-12, -5, -19, -10, -2, -16, -11, -5, -13]
    pairs = [Pair("beating", 3, k, k % 3, s, d) for k, (s, d) in enumerate(zip(strong, default))]
    found = case_figures(pairs)
    gains = [s - d for s, d in zip(strong, default)]
    n = len(gains)
    assert found["games"] == n
    assert found["gain"] == round(statistics.mean(gains), 3)
    assert found["gain_ci95"] == round(1.96 * statistics.stdev(gains) / math.sqrt(n), 3)
    assert found["net_sd"] == round(statistics.stdev(strong), 3)
    assert found["default_net"] == round(statistics.mean(default), 3)
    assert found["shows"] is True
    # 1.96² · sd² / gain², rounded up: the games after which the mean's interval no longer reaches zero.
    assert found["games_to_show"] == math.ceil((1.96 * statistics.stdev(strong) / statistics.mean(gains)) ** 2)
    for seat in range(3):
        mine = gains[seat::3]
        assert found["seats"][seat] == {"games": 3, "gain": round(statistics.mean(mine), 3),
                                        "gain_ci95": round(1.96 * statistics.stdev(mine) / math.sqrt(3), 3)}


def test_no_games_before_skill_shows_when_the_gains_interval_reaches_zero() -> None:
    pairs = [Pair("tricks", 3, k, k % 3, s, 0) for k, s in enumerate([1, -1, 2, -2, 1, 0])]
    found = case_figures(pairs)
    assert found["gain"] > 0 and found["shows"] is False and found["games_to_show"] is None


def test_the_figures_are_by_play_off_then_players_in_the_catalogues_order() -> None:
    pairs = [Pair(playoff, players, k, k % players, -k, 0) for playoff in reversed(PLAYOFFS) for players in (5, 3)
             for k in range(2)]
    found = figures(pairs)
    assert list(found) == list(PLAYOFFS)
    assert all(list(cases) == ["3", "5"] for cases in found.values())
    assert found["tricks"]["5"]["seats"][4] == {"games": 0, "gain": None, "gain_ci95": None}  # two games, five seats
