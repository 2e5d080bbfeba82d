"""Statistics (engine/stats.py), the live engine's simulate request and `python -m engine simulate`.

Figures are checked against a rule (chips are conserved; a net is what was won less what was paid
and fined), against a hand worked out from the rules (a game in which no banker card is matched),
or against the same figure computed again another way (statistics.mean / stdev over the rows);
never against the code's own earlier output.
"""

from __future__ import annotations

import csv
import json
import math
import statistics
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, Options, Session, Stream, Table, play_out
from engine.live import MAX_CHUNK, handle
from engine_helpers import of_kind
from engine.rng import draw
from engine.stats import (
    GameRow, Tally, game_seed, play_row, row_of, rows, session_rows, simulate, simulate_session,
)

REPO = Path(__file__).resolve().parents[2]
FOUR = Table.default(4)
OPTION_SETS = [
    {},
    {"playoff": "tricks"},
    {"playoff": "beating_then_tricks", "unclaimed": "banker", "spread": "random"},
    {"hosts_play": "yes", "short_pay": "pro_rata", "deal_start": "rotates", "penalty_pile": "everyone"},
    {"playoff": "beating_then_tricks", "empty_hand_at_start": "ends_playoff", "contribution": "per_losing_card"},
    {"fines_to": "playoff_prize", "playoff": "tricks", "kitty": "kept_apart"},
]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=REPO, capture_output=True, text=True,
                          encoding="utf-8", timeout=300)


def tally_of(game_rows: list[GameRow], players: int, options: Options, seed: int, policy: str = "default",
             start: int = 0) -> Tally:
    tally = Tally(players, options, seed, policy, start=start)
    for row in game_rows:
        tally.add(row)
    return tally


# ---------------------------------------------------------------------------- seeds

def test_game_seed_is_the_kth_draw_of_the_runs_stream_halved_as_the_session_draws_it():
    stream = Stream(58)
    by_stepping = [stream.next64() >> 1 for _ in range(200)]
    assert [game_seed(58, k) for k in range(200)] == by_stepping
    assert [g.seed for g in Session(FOUR, seed=58).play(6)] == by_stepping[:6]


@pytest.mark.parametrize("seed", [0, 1, 2**63 - 1, 2**64 - 1, -5])
def test_rng_draw_jumps_to_the_kth_draw_of_the_stream(seed):
    stream = Stream(seed)
    draws = [stream.next64() for _ in range(5000)]
    assert [draw(seed, k) for k in (0, 1, 2, 999, 4999)] == [draws[k] for k in (0, 1, 2, 999, 4999)]


def test_game_k_of_a_run_is_the_same_game_alone_or_in_a_run():
    alone = play_row(FOUR, Options(), 9, 37)
    assert list(rows(FOUR, Options(), 9, 35, 5))[2] == alone
    assert alone.seed == game_seed(9, 37) and alone.game == 37 and alone.pool_in == 0


def test_the_random_policy_of_each_game_is_seeded_from_the_games_seed():
    options = Options(spread="chosen")
    first = list(rows(FOUR, options, 3, 0, 6, "random"))
    assert list(rows(FOUR, options, 3, 3, 3, "random")) == first[3:]
    assert first != list(rows(FOUR, options, 3, 0, 6))  # it is not the default policy


# ---------------------------------------------------------------------------- a game's row

@pytest.mark.parametrize("options", OPTION_SETS)
def test_a_rows_chips_are_conserved_and_each_net_is_won_less_paid_and_fined(options):
    for row in rows(Table.default(5), Options.from_mapping(options), 21, 0, 15, "random"):
        assert sum(row.nets) + row.banker_net + row.pool_out + row.prize_out + row.kitty_out == \
            row.pool_in + row.prize_in + row.kitty_in
        assert [w - p - f for w, p, f in zip(row.won, row.paid, row.fines)] == list(row.nets)
        assert all(p >= 0 for p in row.prizes) and sum(row.won) >= sum(row.prizes)  # every stake is at least 1 (p4)


def test_a_row_of_a_game_without_a_prize_worked_out_by_hand():
    # lessons/hands/nobody-wins: three players, seed 4375, no banker card matched in six rounds.
    # Each pays 4 a round (p4, p7): 24; nothing is won; the stakes stay on the table (unclaimed = carry)
    # and are spread again, so the four cards carry 12, 24, ... 72 chips in rounds 1-6: 252 in all.
    three = Table(("Anna", "Boris", "Vera"), "Papa", "Mama")
    row = row_of(play_out(Game(three, seed=4375)), 0)
    assert row.rounds == 6 and row.prizes == row.won == (0, 0, 0) and row.paid == (24, 24, 24)
    assert row.unclaimed == 12 + 24 + 36 + 48 + 60 + 72
    assert row.pool_out == 72 + sum(row.fines) and row.banker_net == 0 and row.playoff == "beating"
    # unclaimed = banker: the banker takes each round's 12 chips as they are turned up (p5).
    banker = row_of(play_out(Game(three, Options(unclaimed="banker"), seed=4375)), 0)
    assert banker.banker_net == banker.unclaimed == 72 and banker.pool_out == sum(banker.fines)


def test_a_rows_way_of_playing_off_is_the_way_played():
    # p9-p14: by tricks the play-off is by tricks; beating_then_tricks goes on by tricks only when the
    # stage by beating leaves two players with cards (the SecondStage event says so).
    assert {r.playoff for r in rows(FOUR, Options(playoff="tricks"), 1, 0, 10)} == {"tricks"}
    both = Options(playoff="beating_then_tricks")
    for k in range(30):
        game = play_out(Game(FOUR, both, seed=game_seed(2, k)))
        second = [e for e in game.events if e.kind == "second_stage"]
        tricks_played = bool(second) and second[0].not_played is None  # type: ignore[attr-defined]
        assert row_of(game, k).playoff == ("beating_then_tricks" if tricks_played else "beating")


# ---------------------------------------------------------------------------- the tally

@pytest.fixture(scope="module")
def run40() -> list[GameRow]:
    return list(rows(Table.default(3), Options(unclaimed="banker"), 5, 0, 40))


@settings(max_examples=60, deadline=None)
@given(cuts=st.lists(st.integers(min_value=0, max_value=40), max_size=6), backwards=st.booleans())
def test_a_run_split_anywhere_merges_into_the_same_tally_and_the_same_figures(run40, cuts, backwards):
    options = Options(unclaimed="banker")
    whole = tally_of(run40, 3, options, 5)
    bounds = [0, *sorted(cuts), 40]
    chunks = [tally_of(run40[a:b], 3, options, 5, start=a) for a, b in zip(bounds, bounds[1:])]
    merged = Tally(3, options, 5, start=0)
    for chunk in (reversed(chunks) if backwards else chunks):
        merged.merge(chunk)
    assert merged.to_json() == whole.to_json()
    assert json.dumps(merged.figures("ru")) == json.dumps(whole.figures("ru"))


def test_simulate_in_chunks_is_simulate_at_once():
    options = Options(playoff="tricks")
    once = simulate(FOUR, options, 12, 0, 30)
    chunked = simulate(FOUR, options, 12, 0, 7).merge(simulate(FOUR, options, 12, 7, 23))
    assert json.dumps(chunked.to_json()) == json.dumps(once.to_json())


def test_the_figures_are_the_means_and_spreads_of_the_rows(run40):
    f = tally_of(run40, 3, Options(unclaimed="banker"), 5).figures()
    assert [s["name"] for s in f["seats"]] == ["Anna", "Boris", "Vera"] and f["games"] == 40
    for i, seat in enumerate(f["seats"]):
        nets = [r.nets[i] for r in run40]
        assert seat["mean_net"] == pytest.approx(statistics.mean(nets), abs=5e-4)
        assert seat["net_sd"] == pytest.approx(statistics.stdev(nets), abs=5e-4)
        assert seat["net_ci95"] == pytest.approx(1.96 * statistics.stdev(nets) / math.sqrt(40), abs=5e-4)
        assert seat["prize_chance"] == pytest.approx(sum(1 for r in run40 if r.prizes[i]) / 40, abs=5e-4)
        assert seat["mean_fines"] == pytest.approx(statistics.mean(r.fines[i] for r in run40), abs=5e-4)
        assert seat["ahead"] == pytest.approx(sum(1 for r in run40 if r.nets[i] > 0) / 40, abs=5e-4)
        assert sum(c for _, c in f["hist"]["net_by_seat"][i]) == 40
    assert sum(s["bias"] for s in f["seats"]) == pytest.approx(0, abs=2e-3)  # biases are about the seats' mean
    assert f["banker"]["mean"] == pytest.approx(statistics.mean(r.banker_net for r in run40), abs=5e-4)
    assert f["banker"]["share_positive"] == pytest.approx(sum(1 for r in run40 if r.banker_net) / 40, abs=5e-4)
    assert sum(way["games"] for way in f["playoff"]) == 40
    # Chips are conserved on average too: the seats' means, the banker's and the pool out add up to 0.
    assert sum(s["mean_net"] for s in f["seats"]) + f["banker"]["mean"] + f["game"]["pool_out"]["mean"] == \
        pytest.approx(0, abs=5e-3)


def test_a_tally_goes_through_json_text_unchanged(run40):
    tally = tally_of(run40, 3, Options(unclaimed="banker"), 5)
    again = Tally.from_json(json.loads(json.dumps(tally.to_json())))
    assert again.to_json() == tally.to_json() and again.figures() == tally.figures()


def test_tallies_of_other_runs_or_games_that_do_not_adjoin_do_not_merge(run40):
    options = Options(unclaimed="banker")
    with pytest.raises(TypeError):
        tally_of(run40[:10], 3, options, 5).merge(tally_of(run40[20:30], 3, options, 5, start=20))
    with pytest.raises(TypeError):
        tally_of(run40[:10], 3, options, 5).merge(tally_of(run40[10:20], 3, options, 6, start=10))
    with pytest.raises(ValueError):
        tally_of(run40[:10], 3, options, 5).add(run40[11])


def test_a_session_tally_carries_the_pool_from_game_to_game():
    games = Session(FOUR, seed=11).play(8)
    carried = list(session_rows(FOUR, Options(), 11, 8))
    assert [r.pool_in for r in carried] == [0] + [g.pool for g in games[:-1]]
    assert [r.nets for r in carried] == [tuple(g.nets) for g in games]
    # In chunks: each opens with the pool the last game of the chunk before left (p12).
    first = simulate_session(FOUR, Options(), 11, 3)
    assert first.carried_end == (games[2].pool, 0, 0)
    both = simulate_session(FOUR, Options(), 11, 5, after=first)
    assert json.dumps(both.to_json()) == json.dumps(simulate_session(FOUR, Options(), 11, 8).to_json())
    with pytest.raises(TypeError):  # games 3.. from an empty pool are not the session's games 3..
        simulate_session(FOUR, Options(), 11, 3).merge(tally_of(list(rows(FOUR, Options(), 11, 3, 5)), 4,
                                                                Options(), 11, start=3))


def test_a_session_tally_carries_the_fines_to_be_played_for_and_the_kitty_kept_apart():
    # p12 (fines_to = playoff_prize) and p15 (kitty = kept_apart): each game opens with the prize and
    # the kitty the game before left, in one run or in chunks; a prize won counts among the chips won.
    for options in (Options(fines_to="playoff_prize", fine=2), Options(playoff="tricks", kitty="kept_apart")):
        games = Session(FOUR, options, seed=11).play(8)
        carried = list(session_rows(FOUR, options, 11, 8))
        assert [(r.prize_in, r.kitty_in) for r in carried[1:]] == [(g.prize, g.kitty) for g in games[:-1]]
        assert [(r.prize_out, r.kitty_out) for r in carried] == [(g.prize, g.kitty) for g in games]
        assert any(r.prize_out or r.kitty_out for r in carried)
        assert [r.nets for r in carried] == [tuple(g.nets) for g in games]
        for row in carried:
            assert [w - p - f for w, p, f in zip(row.won, row.paid, row.fines)] == list(row.nets)
        first = simulate_session(FOUR, options, 11, 3)
        assert first.carried_end == (games[2].pool, games[2].prize, games[2].kitty)
        both = simulate_session(FOUR, options, 11, 5, after=first)
        assert json.dumps(both.to_json()) == json.dumps(simulate_session(FOUR, options, 11, 8).to_json())
        again = Tally.from_json(json.loads(json.dumps(first.to_json())))
        assert again.carried_end == first.carried_end
    assert any(of_kind(g, "prize") for g in Session(FOUR, Options(fines_to="playoff_prize", fine=2), seed=11).play(8))


# ---------------------------------------------------------------------------- the live engine

def ask(**request: object) -> dict[str, object]:
    reply: dict[str, object] = json.loads(handle(json.dumps({"type": "simulate", "lang": "en", **request})))
    return reply


def test_live_simulate_in_chunks_gives_the_figures_of_one_request_and_of_the_engine():
    setup = {"players": 5, "options": {"short_pay": "pro_rata"}, "seed": "77"}
    whole = ask(**setup, start=0, count=60)["result"]
    tally = None
    for start, count in ((0, 25), (25, 25), (50, 10)):
        reply = ask(**setup, start=start, count=count, tally=tally)["result"]
        assert reply["done"] == start + count  # type: ignore[index]
        tally = reply["tally"]  # type: ignore[index]
    assert json.dumps(reply) == json.dumps(whole)
    engine = simulate(Table.default(5), Options(short_pay="pro_rata"), 77, 0, 60)
    assert whole["figures"] == engine.figures("en")  # type: ignore[index]


def test_live_simulate_of_a_session_in_chunks_is_the_command_lines_session():
    setup = {"players": 3, "seed": "5", "carry": True}
    tally = None
    for start, count in ((0, 10), (10, 15)):
        reply = ask(**setup, start=start, count=count, tally=tally)["result"]
        tally = reply["tally"]  # type: ignore[index]
    cli_figures = json.loads(cli("simulate", "25", "--players", "3", "--seed", "5", "--carry", "--json").stdout)
    assert reply["figures"] == cli_figures and cli_figures["pool"] == "carried"  # type: ignore[index]
    skipped = ask(**setup, start=11, count=5, tally=tally)  # a session's chunk must follow the games before it
    assert skipped["failure"]["code"] == "bad_request"  # type: ignore[index]


def test_live_simulate_gives_the_command_lines_figures_for_the_same_seed_and_options():
    reply = ask(players=6, seed="31", options={"deal": "single"}, count=40, lang="ru")["result"]
    cli_figures = json.loads(cli("simulate", "40", "--players", "6", "--seed", "31", "--option", "deal=single",
                                 "--lang", "ru", "--json", "--jobs", "2").stdout)
    assert reply["figures"] == cli_figures  # type: ignore[index]


@pytest.mark.parametrize("change, rule, en", [
    ({"players": 18}, "p2", "18 card players"),
    ({"players": 1}, "p2", "1 card player"),
    ({"players": 16, "options": {"hosts_play": "yes"}}, "p2", "18 card players"),
    ({"count": MAX_CHUNK + 1}, None, f"the number of games: {MAX_CHUNK + 1} is not a whole number from 1 to {MAX_CHUNK}"),
    ({"count": 0}, None, "the number of games: 0"),
    ({"options": {"speed": "fast"}}, None, "unknown option 'speed'"),
    ({"seed": "-1"}, None, "the seed"),
])
def test_live_simulate_refuses_a_table_a_count_or_an_option_it_cannot_play(change, rule, en):
    reply = ask(**{"players": 4, "count": 10, **change})
    assert set(reply) == {"refusal"}
    refusal = reply["refusal"]
    assert refusal["rule"] == rule and refusal["en"].startswith(en) and refusal["ru"]  # type: ignore[index]


def test_live_simulate_fails_on_a_tally_of_another_run():
    first = ask(players=4, count=5, seed="1")["result"]
    reply = ask(players=4, count=5, start=5, seed="2", tally=first["tally"])  # type: ignore[index]
    assert reply["failure"]["code"] == "bad_request"  # type: ignore[index]


def test_live_simulate_returns_its_runs_charts_marked_among_the_comparisons_the_page_sends():
    compare = {"players": 4, "games": 3, "length": {"2": {"rounds": 9.0, "steps": 130.5}, "4": {"rounds": 5.0, "steps": 92.25}},
               "fines": {"tricks": 20.0, "beating": 12.5}, "takings": {"4": 1.5}}
    reply = ask(players=4, seed="3", count=20, options={"playoff": "tricks"}, compare=compare)["result"]
    figures, drawn = reply["figures"], {c["id"]: c for c in reply["charts"]}  # type: ignore[index]
    assert list(drawn) == ["net", "win", "nets", "length", "fines", "banker"]
    assert [row["cells"][0] for row in drawn["net"]["rows"]] == ["Anna", "Boris", "Vera", "Gleb"]
    game = figures["game"]
    length = drawn["length"]
    assert length["caption"] == "How long a game lasts, by the number of players (3 games each)"
    assert [(r["cells"], r["mark"]) for r in length["rows"][:2]] == [(["2", "9.0", "130.5"], False),
                                                                      (["4", "5.0", "92.3"], False)]  # a half up
    assert length["rows"][2]["cells"][0] == "4 (your run)" and length["rows"][2]["mark"]
    assert length["plot"]["series"][2]["values"] == [None, game["steps"]["mean"]]
    fines = drawn["fines"]  # the ways in the catalogue's order, the reader's way of playing off marked
    assert [r["cells"] for r in fines["rows"][:2]] == [["By beating", "12.50"], ["By tricks", "20.00"]]
    assert fines["rows"][2]["cells"][0] == "By tricks (your run)" and fines["rows"][2]["mark"]
    assert fines["plot"]["series"][1]["values"] == [None, game["fines"]["mean"]]
    # the banker's takings compare runs under unclaimed = banker: this run is not among them
    assert [(r["cells"], r["mark"]) for r in drawn["banker"]["rows"]] == [(["4", "1.50"], False)]
    without = ask(players=4, seed="3", count=20, options={"playoff": "tricks"})["result"]
    assert [c["id"] for c in without["charts"]] == ["net", "win", "nets"]  # type: ignore[index]
    assert without["charts"] == reply["charts"][:3]  # type: ignore[index]
    for bad in ({**compare, "games": "3"}, {**compare, "length": {"40": {"rounds": 1, "steps": 2}}}, [compare]):
        assert ask(players=4, count=5, compare=bad)["failure"]["code"] == "bad_request"  # type: ignore[index]


# ---------------------------------------------------------------------------- the command line

def test_cli_simulate_gives_the_same_figures_and_csv_with_one_job_or_two(tmp_path):
    args = ("simulate", "301", "--players", "3", "--seed", "4", "--option", "playoff=tricks", "--json")
    one = cli(*args, "--jobs", "1", "--csv", str(tmp_path / "one.csv"))
    two = cli(*args, "--jobs", "2", "--csv", str(tmp_path / "two.csv"))
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "two.csv").read_bytes()
    assert "\r" not in one.stderr + two.stderr  # no progress bar with --json and no terminal


def test_cli_simulate_csv_has_a_row_per_game_in_order_that_adds_up_to_the_figures(tmp_path):
    path = tmp_path / "games.csv"
    result = cli("simulate", "120", "--players", "4", "--seed", "8", "--option", "unclaimed=banker", "--json",
                 "--jobs", "2", "--csv", str(path))
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    with path.open(newline="", encoding="utf-8") as f:
        table = list(csv.DictReader(f))
    assert [int(r["game"]) for r in table] == list(range(120))
    assert [int(r["seed"]) for r in table] == [game_seed(8, k) for k in range(120)]
    assert {r["options"] for r in table} == {"unclaimed=banker"}
    names = [s["name"] for s in figures["seats"]]
    for r in table:  # chips conserved, row by row
        assert sum(int(r[f"net_{n}"]) for n in names) + int(r["banker_net"]) + int(r["pool_out"]) == int(r["pool_in"])
    for seat in figures["seats"]:
        assert seat["mean_net"] == pytest.approx(sum(int(r[f"net_{seat['name']}"]) for r in table) / 120, abs=5e-4)
    assert figures["banker"]["mean"] == pytest.approx(sum(int(r["banker_net"]) for r in table) / 120, abs=5e-4)
    assert figures["game"]["steps"]["mean"] == pytest.approx(sum(int(r["steps"]) for r in table) / 120, abs=5e-4)


def test_cli_simulate_progress_bar_goes_to_stderr_only_when_asked():
    result = cli("simulate", "20", "--progress")
    assert result.returncode == 0 and "20/20 games" in result.stderr and "20/20" not in result.stdout


def test_cli_simulate_carry_plays_a_session_in_one_process(tmp_path):
    result = cli("simulate", "12", "--carry", "--seed", "3", "--json", "--csv", str(tmp_path / "session.csv"))
    figures = json.loads(result.stdout)
    games = Session(FOUR, seed=3).play(12)
    assert figures["pool"] == "carried"
    assert figures["seats"][0]["mean_net"] == pytest.approx(statistics.mean(g.nets[0] for g in games), abs=5e-4)
    with (tmp_path / "session.csv").open(newline="", encoding="utf-8") as f:
        table = list(csv.DictReader(f))
    # p12: each game opens with the pool the game before left.
    assert [int(r["pool_in"]) for r in table] == [0] + [int(r["pool_out"]) for r in table[:-1]]
    assert [int(r["pool_out"]) for r in table] == [g.pool for g in games]
    refused = cli("simulate", "12", "--carry", "--jobs", "2")
    assert refused.returncode == 2 and refused.stderr.startswith("error: ")


@pytest.mark.parametrize("args", [("0",), ("5", "--jobs", "0"), ("5", "--csv", "no/such/folder/games.csv")])
def test_cli_simulate_refuses_no_games_no_jobs_or_a_csv_it_cannot_write(args):
    result = cli("simulate", *args)
    assert result.returncode == 2 and "error: " in result.stderr and result.stdout == ""
