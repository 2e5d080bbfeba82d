#!/usr/bin/env python3
"""Benchmark the numbers lesson's simulation in headless Chromium (the browser tests' Chromium and flags).

    python scripts/bench_numbers.py [--site _site] [--runs 3] [--games 10000] [--lang en]

Prints, for each run and as medians:
- the engine's games per second in the page's worker: one `simulate` request of --chunk games
  (default four players, default readings), timed from the page (the worker's own speed, one
  request, no drawing);
- the panel's run of --games games with its defaults (Run pressed, as a reader does): the time
  from the first request to the last answer, its games per second, the number of answers and
  their rate (answers a second; the longest gap between two), which is how often the progress and
  the charts move;
- the page's responsiveness meanwhile: the longest gap between two animation frames of the main
  thread during the run (the demos on the page step on the main thread).

Figures only, no thresholds: this is not a test. Builds the site first when --site is missing.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
sys.path.insert(0, str(REPO_ROOT))

from browser_helpers import CHROMIUM, CHROMIUM_ARGS, StaticServer  # noqa: E402

FRAMES = """() => {
  const probe = { max: 0, last: performance.now(), on: true };
  const tick = (now) => { probe.max = Math.max(probe.max, now - probe.last); probe.last = now; if (probe.on) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  window.__frameProbe = probe;
}"""

ONE_CHUNK = """async (count) => {
  const engine = window.__cardLottery.engine;
  await engine.start();
  const t0 = performance.now();
  await engine.request("simulate", { players: "4", seed: "1", options: {}, start: 0, count, tally: null, lang: "en" });
  return performance.now() - t0;
}"""


def bench(site: Path, runs: int, games: int, chunk: int, lang: str) -> None:
    from playwright.sync_api import sync_playwright

    server = StaticServer(site)
    rows: list[dict[str, Any]] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(runs):
                page = browser.new_page(viewport={"width": 1100, "height": 900})
                page.goto(server.site.url(f"/{lang}/the-numbers.html"))
                page.locator("section.numbers").scroll_into_view_if_needed()
                page.wait_for_function("() => window.__cardLottery && window.__cardLottery.numbers")
                ms = page.evaluate(ONE_CHUNK, chunk)
                page.fill("#numbers-games", str(games))
                page.evaluate(FRAMES)
                page.click(".numbers-run")
                page.wait_for_function("() => { const s = window.__cardLottery.numbers; return s.done > 0 && !s.running; }",
                                       timeout=600_000)
                state = page.evaluate("""() => { const s = window.__cardLottery.numbers; window.__frameProbe.on = false;
                    const gaps = s.updates.slice(1).map((t, i) => t - s.updates[i]);
                    return {done: s.done, seconds: s.seconds, rate: s.rate, chunks: s.chunks, error: s.error,
                            gap: Math.max(0, ...gaps), frame: window.__frameProbe.max}; }""")
                if state["error"]:
                    raise SystemExit(f"the run failed: {state['error']}")
                rows.append({"worker": chunk / ms * 1000, "seconds": state["seconds"], "rate": state["rate"],
                             "answers": state["chunks"], "per_s": state["chunks"] / state["seconds"],
                             "gap": state["gap"], "frame": state["frame"]})
                page.close()
            browser.close()
    finally:
        server.close()
    print(f"numbers lesson, {games} games of four players (default readings, seed 1), {runs} runs; "
          f"worker speed from one request of {chunk} games")
    head = ("worker games/s", "run s", "run games/s", "answers", "answers/s", "max gap ms", "max frame ms")
    keys = ("worker", "seconds", "rate", "answers", "per_s", "gap", "frame")
    print("  ".join(f"{h:>14}" for h in head))
    for row in rows:
        print("  ".join(f"{row[k]:>14.1f}" for k in keys))
    print("  ".join(f"{statistics.median(r[k] for r in rows):>14.1f}" for k in keys) + "   (median)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--site", type=Path, default=REPO_ROOT / "_site")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--chunk", type=int, default=2000)
    parser.add_argument("--lang", choices=("en", "ru"), default="en")
    args = parser.parse_args()
    if not (args.site / args.lang / "the-numbers.html").is_file():
        subprocess.run([sys.executable, str(REPO_ROOT / "build.py"), "--out", str(args.site)], check=True)
    bench(args.site, args.runs, args.games, args.chunk, args.lang)
    return 0


if __name__ == "__main__":
    sys.exit(main())
