"""Figures of the analysis (engine/analysis.py) and of the strong player (engine/strong.py), from one run.

    python scripts/bench_analysis.py [--games N] [--positions P] [--jobs J] [--seed S]
                                     [--skip-times] [--skip-gain] [--skip-runtimes] [--site DIR]

1. The time to analyse one decision, in this Python: p50, p95 and the largest, at 3, 4 and 5 players,
   in the open mode and the known mode (their default budgets and samples), over play-off decisions
   with two legal moves or more of games played by the default policy (four a game, spread over its
   play-off); with the share of decisions searched exactly.
2. The strong player's gain: game k (k = 0 .. N-1 of the run seeded S, as `simulate` deals it) is
   played twice, once with the strong player at seat k mod n among default players and once with
   the default player there; the strong seat's mean net per game with its 95% interval, the default
   player's at the same seats and deals, and the mean of the difference (the same deal played both
   ways) with its interval. For each way of playing off, at 3 and 5 players.
3. The same analyses in CPython and in Pyodide, the page worker's runtime, under Node.js: P decisions
   of four-player games (chosen as in 1), each analysed in the open mode, then each in the known mode,
   by this script run once in each runtime (`--runtime-times`: the engine imported and the positions
   played before the first analysis), each analysis timed by the runtime's own clocks: the wall
   clock, and the process's CPU time, which other work on a shared machine does not stretch. p50 and
   p95 of each, and how many times slower Pyodide is: the ratio of the p50s, of the p95s and of the
   totals. A digest of the positions and of every analysis shows both runtimes analysed the same
   positions to the same results. With `--site`, the same decisions asked of the site's worker in
   headless Chromium too (the page's `analyse` request: the hand replayed to the decision, analysed,
   and each move put in words), timed in the page from the request to the answer, with the CPU time
   the page's renderer (the page and its worker) spent meanwhile.

Figures only, no thresholds.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import math
import multiprocessing
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import Game, Options, Table, default_policy  # noqa: E402
from engine.analysis import MODES, PLAYOFF_DECISIONS, analyse  # noqa: E402
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


RUNTIME_PLAYERS = 4  # the measure: one decision at four players
RUN_PYTHON = ROOT / "tests" / "pyodide" / "run_python.mjs"  # runs a script in Pyodide under Node


def cpu_seconds() -> Callable[[], float]:
    """This process's CPU clock. In Pyodide `time.process_time` is emscripten's clock(), which is the
    wall clock, so under Node it is Node's own count of the process's CPU time (`process.cpuUsage`:
    every thread of Node, the compiler's and the collector's too)."""
    if sys.platform != "emscripten":
        return time.process_time
    process = importlib.import_module("js").process

    def node_cpu() -> float:
        used = process.cpuUsage()
        return float(used.user + used.system) / 1e6

    return node_cpu


def runtime_times(positions: int, seed: int) -> dict[str, Any]:
    """Each decision's analysis timed in this runtime, by its own clocks (the wall clock, and the
    process's CPU time, which other work on the machine does not stretch): the positions played, then
    each of them analysed in the open mode, then each in the known mode (default budgets, in that
    order); with a digest of the positions and of the analyses (the same in every runtime, or the
    comparison is void)."""
    games = decisions(RUNTIME_PLAYERS, positions, seed)
    digest = hashlib.sha256()
    for game in games:
        digest.update(json.dumps(game.to_json(), sort_keys=True).encode())
    cpu = cpu_seconds()
    wall: dict[str, list[float]] = {}
    spent: dict[str, list[float]] = {}
    for mode in MODES:
        wall[mode], spent[mode] = [], []
        for game in games:
            started, started_cpu = time.perf_counter(), cpu()
            analysis = analyse(game, mode, seed=seed)
            spent[mode].append(cpu() - started_cpu)
            wall[mode].append(time.perf_counter() - started)
            digest.update(json.dumps(analysis.to_json(), sort_keys=True).encode())
    return {"python": platform.python_version(), "wall": wall, "cpu": spent, "digest": digest.hexdigest()}


def run_times_in(command: list[str], positions: int, seed: int) -> dict[str, Any]:
    """This script's `--runtime-times` run by `command` (a Python, or Node with run_python.mjs)."""
    out = subprocess.run([*command, str(Path(__file__).resolve()), "--runtime-times", "--positions", str(positions),
                          "--seed", str(seed)], cwd=ROOT, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({out.returncode}):\n{out.stderr}")
    result: dict[str, Any] = json.loads(out.stdout.splitlines()[-1])
    return result


def pyodide_version() -> str:
    return str(json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"])


def compare_runtimes(positions: int, seed: int, site: Path | None) -> None:
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        print("3. not run: it needs Node.js and node_modules/pyodide (npm ci)")
        return
    load_before = os.getloadavg()[0]
    cpython = run_times_in([sys.executable], positions, seed)
    pyodide = run_times_in([node, str(RUN_PYTHON)], positions, seed)
    worker = worker_times(site, positions, seed) if site is not None else None
    load_after = os.getloadavg()[0]
    node_version = subprocess.run([node, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    same = "the same" if cpython["digest"] == pyodide["digest"] else "NOT the same"
    print(f"3. one decision at {RUNTIME_PLAYERS} players (seconds, default budgets), {positions} decisions a mode: "
          f"CPython {cpython['python']} against Pyodide {pyodide_version()} (CPython {pyodide['python']}) under "
          f"Node.js {node_version}; positions and analyses {same} in both (digest {cpython['digest'][:12]}); "
          f"load average {load_before:.1f} at the start, {load_after:.1f} at the end")
    print("  mode   clock   CPython p50 / p95   Pyodide p50 / p95 / max   Pyodide ÷ CPython: p50   p95  total")
    for mode in MODES:
        for clock in ("wall", "cpu"):
            fast, slow = sorted(cpython[clock][mode]), sorted(pyodide[clock][mode])
            p50s = quantile(fast, 0.5), quantile(slow, 0.5)
            p95s = quantile(fast, 0.95), quantile(slow, 0.95)
            print(f"  {mode:5}  {clock:4}    {p50s[0]:6.3f} / {p95s[0]:6.3f}     {p50s[1]:6.3f} / {p95s[1]:6.3f} / "
                  f"{slow[-1]:6.3f}                  {p50s[1] / p50s[0]:4.2f}× {p95s[1] / p95s[0]:4.2f}× "
                  f"{sum(slow) / sum(fast):4.2f}×")
    if worker is not None:
        print("  the site's worker in headless Chromium (the page's clock from request to answer; the renderer's CPU "
              "meanwhile), the hand replayed and each move put in words:")
        for mode in MODES:
            for clock in ("wall", "cpu"):
                asked, node_run = sorted(worker[clock][mode]), sorted(pyodide[clock][mode])
                p50, p95 = quantile(asked, 0.5), quantile(asked, 0.95)
                print(f"  {mode:5}  {clock:4}    p50 {p50:.3f}  p95 {p95:.3f}  max {asked[-1]:.3f};  against "
                      f"Pyodide under Node: p50 {p50 / quantile(node_run, 0.5):.2f}×  p95 "
                      f"{p95 / quantile(node_run, 0.95):.2f}×")


ASK_WORKER = """async (request) => {
  const started = performance.now();
  await window.__cardLottery.engine.request("analyse", request);
  return (performance.now() - started) / 1000;
}"""


def renderer_cpu_seconds() -> float:
    """The CPU seconds so far of the Chromium renderers this process started (a page and its worker
    run in one), from /proc (Linux; counted in clock ticks, 10 ms here)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # a process that ended meanwhile
        parents[int(stat.parent.name)] = int(fields[1])
    ours, ticks = {os.getpid()}, 0
    grown = True  # a child's number may be lower than its parent's: look again until none is added
    while grown:
        grown = False
        for pid, parent in parents.items():
            if parent in ours and pid not in ours:
                ours.add(pid)
                grown = True
    for pid in ours:
        try:
            if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def worker_times(site: Path, positions: int, seed: int) -> dict[str, dict[str, list[float]]]:
    """The decisions of `runtime_times`, in the same order, asked of the site's worker as a page asks
    (the `analyse` request of engine/live.py: the whole hand and the decision's number), in headless
    Chromium, its service worker blocked; for each, the seconds from the request to its answer timed
    in the page ("wall"), and the CPU seconds its renderer spent meanwhile ("cpu")."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from browser_helpers import CHROMIUM, CHROMIUM_ARGS, StaticServer

    if not (site / "en" / "playoff-tricks.html").is_file():
        subprocess.run([sys.executable, str(ROOT / "build.py"), "--out", str(site)], check=True)
    hands = []
    for game in decisions(RUNTIME_PLAYERS, positions, seed):
        whole = game.clone()
        while not whole.over:  # the default policy plays on as it played the hand
            whole.apply(default_policy(whole))
        # The decks themselves, not the game's seed: a seed over 2**53 does not survive a JavaScript number.
        setup = {**whole.to_json(), "seed": 0, "decks": {"banker": " ".join(map(str, whole.banker_deck)),
                                                         "dealer": " ".join(map(str, whole.dealer_deck))}}
        if Game.from_json(setup).to_json()["actions"] != setup["actions"]:
            raise SystemExit("a hand set up from its decks is not the hand played")
        hands.append({"setup": setup, "index": len(game.actions), "seed": seed, "lang": "en"})
    server = StaticServer(site)
    times: dict[str, dict[str, list[float]]] = {"wall": {}, "cpu": {}}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_context(service_workers="block").new_page()
            page.goto(server.site.url("/en/playoff-tricks.html"))
            page.wait_for_function("() => window.__cardLottery && window.__cardLottery.engine")
            page.evaluate("() => window.__cardLottery.engine.start()")
            for mode in MODES:
                times["wall"][mode], times["cpu"][mode] = [], []
                for hand in hands:
                    before = renderer_cpu_seconds()
                    times["wall"][mode].append(float(page.evaluate(ASK_WORKER, {**hand, "mode": mode})))
                    times["cpu"][mode].append(renderer_cpu_seconds() - before)
            browser.close()
    finally:
        server.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--positions", type=int, default=40, help="decisions timed per table size (1.), and at four players in each runtime (3.)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-times", action="store_true", help="only the strong player's gain")
    parser.add_argument("--skip-gain", action="store_true", help="without the strong player's gain")
    parser.add_argument("--skip-runtimes", action="store_true", help="without CPython against Pyodide")
    parser.add_argument("--site", type=Path, help="the built site (built there if missing): 3. asks its worker too")
    parser.add_argument("--runtime-times", action="store_true",
                        help="print 3.'s times in this runtime as JSON, nothing else (the script runs itself so)")
    args = parser.parse_args()
    if args.runtime_times:
        print(json.dumps(runtime_times(args.positions, args.seed)))
        return
    started = time.perf_counter()
    if not args.skip_times:
        time_analyses(args.positions, args.seed)
    if not args.skip_gain:
        strong_gain(args.games, args.jobs, args.seed)
    if not args.skip_runtimes:
        compare_runtimes(args.positions, args.seed, args.site)
    print(f"run: {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
