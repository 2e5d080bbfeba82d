"""Figures of the analysis (engine/analysis.py) and of the strong player (engine/strong.py), from one run.

    python scripts/bench_analysis.py [--games N] [--positions P] [--jobs J] [--seed S]

1. The time to analyse one decision, in this Python: p50, p95 and the largest, at 3, 4 and 5 players,
   in the open mode and the known mode (their default budgets and samples), over play-off decisions
   with two legal moves or more of games played by the default policy (four a game, spread over its
   play-off); with the share of decisions searched exactly.
2. The strong player's gain: game k (k = 0 .. N-1 of the run seeded S, as `simulate` deals it) is
   played twice, once with the strong player at seat k mod n among default players and once with
   the default player there; the strong seat's mean net per game with its 95% interval, the default
   player's at the same seats and deals, and the mean of the difference (the same deal played both
   ways) with its interval. For each way of playing off, at 3 and 5 players.

Figures only, no thresholds.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Game, Options, Table, default_policy  # noqa: E402
from engine.analysis import PLAYOFF_DECISIONS, analyse  # noqa: E402
from engine.policy import play_out  # noqa: E402
from engine.session import game_seed  # noqa: E402
from engine.stats import STRONG_POLICY_SALT  # noqa: E402
from engine.strong import strong_policy  # noqa: E402

WAYS = ("beating", "tricks", "beating_then_tricks")


def decisions(players: int, count: int, seed: int) -> list[Game]:
    """`count` play-off decisions with two legal moves or more, from games played by the default
    policy: four of each game, spread over its play-off (its first, and at a quarter, a half and
    three quarters of the way through), the games under each way of playing off in turn."""
    found: list[Game] = []
    k = 0
    while len(found) < count:
        way = WAYS[k % len(WAYS)]
        game = Game(Table.default(players), Options.from_mapping({"playoff": way}), seed=game_seed(seed, k))
        k += 1
        seen: list[Game] = []
        while not game.over:
            if game.phase in PLAYOFF_DECISIONS and len(game.legal_actions()) >= 2:
                seen.append(game.clone())
            game.apply(default_policy(game))
        picked = {len(seen) * i // 4 for i in range(4)} if seen else set()
        found += [seen[i] for i in sorted(picked)][:count - len(found)]
    return found


def quantile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def time_analyses(positions: int, seed: int) -> None:
    print("1. one decision analysed (seconds, this Python; default budgets)")
    for players in (3, 4, 5):
        games = decisions(players, positions, seed)
        for mode in ("open", "known"):
            times, exact = [], 0
            for game in games:
                started = time.perf_counter()
                analysis = analyse(game, mode, seed=seed)
                times.append(time.perf_counter() - started)
                exact += analysis.exact
            times.sort()
            print(f"  {players} players, {mode:5}: p50 {quantile(times, 0.5):.3f}  p95 {quantile(times, 0.95):.3f}  "
                  f"max {times[-1]:.3f}  exact {exact}/{len(times)}")


def pair(job: tuple[int, str, int, int]) -> tuple[int, int]:
    """Game k played with the strong player at seat k mod n, then by default players: that seat's nets."""
    players, way, seed, k = job
    table, options = Table.default(players), Options.from_mapping({"playoff": way})
    dealt = game_seed(seed, k)
    seat = k % players
    strong = play_out(Game(table, options, seed=dealt), {seat: strong_policy(dealt ^ STRONG_POLICY_SALT)})
    plain = play_out(Game(table, options, seed=dealt))
    return strong.nets[seat], plain.nets[seat]


def mean_and_half_width(values: list[int]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n)


def strong_gain(games: int, jobs: int, seed: int) -> None:
    print(f"2. the strong player at one seat (seat k mod n in game k) among default players, {games} games a case")
    with multiprocessing.get_context().Pool(jobs) as pool:
        for way in WAYS:
            for players in (3, 5):
                started = time.perf_counter()
                results = pool.map(pair, [(players, way, seed, k) for k in range(games)], chunksize=4)
                strong = [s for s, _ in results]
                plain = [p for _, p in results]
                gain = [s - p for s, p in results]
                (sm, sh), (pm, ph), (gm, gh) = map(mean_and_half_width, (strong, plain, gain))
                print(f"  {way:19} {players} players: strong {sm:+.3f} ± {sh:.3f}, default at the same seats "
                      f"{pm:+.3f} ± {ph:.3f}, gain on the same deals {gm:+.3f} ± {gh:.3f} "
                      f"({time.perf_counter() - started:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--positions", type=int, default=40, help="decisions timed per table size")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-times", action="store_true", help="only the strong player's gain")
    parser.add_argument("--skip-gain", action="store_true", help="only the times")
    args = parser.parse_args()
    started = time.perf_counter()
    if not args.skip_times:
        time_analyses(args.positions, args.seed)
    if not args.skip_gain:
        strong_gain(args.games, args.jobs, args.seed)
    print(f"run: {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
