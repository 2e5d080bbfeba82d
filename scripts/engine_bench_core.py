"""The engine benchmark's measurements; runs unchanged in CPython and in Pyodide (stdlib + engine only).

Prints one JSON object: complete default games per second (4 players, seeds 0..N-1, default policy
for every decision), and the time of one `apply` (replaying the recorded decisions of those games).
"""

import json
import sys
import time

from engine import Game, Table, play_out

games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
table = Table.default(4)

play_out(Game(table, seed=10_000))  # warm up imports and caches
started = time.perf_counter()
for seed in range(games):
    play_out(Game(table, seed=seed))  # nothing kept: a long-lived heap would time the garbage collector
elapsed = time.perf_counter() - started

samples = []
for seed in range(300):
    fresh = Game(table, seed=seed)
    for action in play_out(Game(table, seed=seed)).actions:
        t0 = time.perf_counter()
        fresh.apply(action)
        samples.append(time.perf_counter() - t0)
samples.sort()
print(json.dumps({
    "python": sys.version.split()[0],
    "games": games,
    "games_per_second": games / elapsed,
    "apply_mean_us": 1e6 * sum(samples) / len(samples),
    "apply_p95_us": 1e6 * samples[int(0.95 * len(samples))],
    "applies": len(samples),
}))
