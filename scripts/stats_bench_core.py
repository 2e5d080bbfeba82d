"""The statistics benchmark's in-engine measurement; runs unchanged in CPython and in Pyodide.

Plays N default four-player games through `engine.live.handle`'s simulate request in chunks, as the
page's worker does (each chunk's reply carries the merged tally and the figures as JSON text, and the
tally goes back with the next request), and prints one JSON object: games per second, the slowest
chunk, and the time of the whole run (wall clock, and the process's CPU time).

    python scripts/stats_bench_core.py [GAMES] [CHUNK]
"""

import json
import sys
import time

from engine.live import handle

games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
chunk = int(sys.argv[2]) if len(sys.argv) > 2 else 250

handle(json.dumps({"type": "simulate", "players": 4, "seed": "1", "count": 20}))  # warm up imports and caches
tally = None
slowest = 0.0
cpu = time.process_time()
started = time.perf_counter()
for start in range(0, games, chunk):
    t0 = time.perf_counter()
    request = {"type": "simulate", "players": 4, "seed": "0", "start": start, "count": min(chunk, games - start),
               "lang": "en", "tally": tally}
    reply = json.loads(handle(json.dumps(request)))
    tally = reply["result"]["tally"]
    slowest = max(slowest, time.perf_counter() - t0)
elapsed = time.perf_counter() - started
cpu = time.process_time() - cpu
print(json.dumps({
    "python": sys.version.split()[0],
    "games": games,
    "chunk": chunk,
    "games_per_second": games / elapsed,
    "seconds": elapsed,
    "cpu_seconds": cpu,  # the process's own CPU time: what a shared machine's load does not add to
    "slowest_chunk_ms": 1e3 * slowest,
    "mean_net_first_seat": reply["result"]["figures"]["seats"][0]["mean_net"],
}))
