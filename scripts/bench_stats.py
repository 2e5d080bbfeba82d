"""Statistics benchmark: `python -m engine simulate` games per second with 1 and 2 jobs and their
ratio (target: 2 jobs at least 1.8× one job on two cores), and games per second of the live
engine's simulate request in chunks under Pyodide (Node.js), the estimate of the page's worker
(target: 10,000 default four-player games within 10 s). Prints figures; asserts nothing.

    .venv/bin/python scripts/bench_stats.py [GAMES] [REPEATS]      (default 4000 games, best of 3)

Each CLI run is timed whole (start-up, import, the pool of processes, the games), by the wall clock
and by the CPU time of the processes; the best of the repeats is kept, since other work on a shared
machine only ever slows a run down. The load average before and after is printed with the figures:
on a loaded machine two jobs cannot have two cores to themselves.
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "scripts" / "stats_bench_core.py"
HARNESS = ROOT / "tests" / "pyodide" / "run_python.mjs"


def cli_run(games: int, jobs: int) -> tuple[float, float, float]:
    """One `simulate GAMES --jobs J` run: wall seconds of the whole command, of its games alone (what
    it reports on stderr: without Python's start-up and the imports), and the CPU seconds of the
    command and its workers."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "engine", "simulate", str(games), "--players", "4", "--jobs",
                           str(jobs), "--json"], cwd=ROOT, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    reported = re.search(r"games in ([0-9.]+) s", done.stderr)
    assert reported, done.stderr
    return wall, float(reported.group(1)), (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(f"CPU cores: {os.cpu_count()}; load average (1, 5, 15 min) before: {load()}")
    best: dict[int, tuple[float, float, float]] = {}
    for _ in range(repeats):
        for jobs in (1, 2):  # interleaved, so that a burst of load falls on both
            run = cli_run(games, jobs)
            if jobs not in best or run[0] < best[jobs][0]:
                best[jobs] = run
    for jobs, (wall, playing, cpu) in best.items():
        print(f"CLI simulate {games} --jobs {jobs}: {wall:.2f} s, {games / wall:.0f} games/s; the games alone "
              f"{playing:.2f} s, {games / playing:.0f} games/s (CPU {cpu:.2f} s; best of {repeats})")
    print(f"2 jobs / 1 job: {best[1][0] / best[2][0]:.2f}× the whole command, {best[1][1] / best[2][1]:.2f}× the "
          f"games alone (target ≥ 1.8× on two cores)")

    page_games = 10_000
    done = subprocess.run(["node", str(HARNESS), str(CORE), str(page_games), "250"], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"Pyodide {figures['python']} (Node), live simulate in chunks of {figures['chunk']}: "
          f"{figures['games_per_second']:.0f} games/s, {page_games} games in {figures['seconds']:.1f} s "
          f"(target ≤ 10 s), slowest chunk {figures['slowest_chunk_ms']:.0f} ms (progress ≥ 4 a second "
          f"needs ≤ 250 ms)")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
