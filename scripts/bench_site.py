#!/usr/bin/env python3
"""Benchmark the built site's demo in headless Chromium (the browser tests' Chromium and flags).

    python scripts/bench_site.py [--site _site] [--runs 5] [--steps 200] [--page en/playoff-tricks.html]

Prints, as a table:
- time to the first steppable demo: navigation start -> the `demo-ready` mark (main.js sets
  it once the pre-built hands are drawn and their keys and buttons wired);
- time until the live engine is ready (`engine-ready` mark: Pyodide booted in the module
  worker, the engine unpacked and imported), the demo brought into view at once (the engine starts
  when a demo is in view: `engine-start`): from navigation, and from the start against a bare page
  that only boots Pyodide in a module worker (`pyodide-ready`), and their ratio;
- the bytes a first and a repeat view of the page download, as the server sent them (headers
  included; the site's own server: Brotli, ETags, an immutable runtime): until the live engine
  answers, and in all (the service worker's offline copy and the snapshot kept for the next visit);
- the latency of one step, key press to updated table, median and 95th percentile over
  --steps presses: the demo's own handler (the controller's `stepTimes`), the handler plus
  style and layout (a capture listener starts the clock, a last bubbling listener forces
  layout), and key to the next animation frame, also split by whether the step showed the panel
  "What each move was worth" (a play-off decision) or not.

Figures only, no thresholds: this is not a test. Builds the site first when --site is missing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))

from browser_helpers import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

sys.path.insert(0, str(REPO_ROOT))
from sitegen.serve import SiteHandler  # noqa: E402

BARE_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'">
<link rel="icon" href="data:,">
<title>Bare Pyodide</title>
<script type="module" src="bare.js"></script>
</head>
<body><p id="status">loading</p></body>
</html>
"""

BARE_JS = """
const worker = new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  performance.mark("pyodide-ready");
  document.getElementById("status").textContent = "ready " + event.data;
};
worker.postMessage(new URL("../RUNTIME", location.href).href);
"""

BARE_WORKER_JS = """
self.onmessage = async (event) => {
  const base = event.data;
  const { loadPyodide } = await import(base + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: base });
  self.postMessage(pyodide.version);
};
"""

# Installed in the page before stepping: times each handled key press.
STEP_PROBE = """() => {
  const out = { layout: [], frame: [], panel: [] };
  let start = null;
  window.addEventListener("keydown", () => { start = performance.now(); }, { capture: true });
  window.addEventListener("keydown", () => {
    if (start === null) return;
    const began = start;
    void document.body.offsetHeight;  // style and layout of the updated table
    out.layout.push(performance.now() - began);
    requestAnimationFrame(() => {
      out.frame.push(performance.now() - began);
      out.panel.push(document.querySelector(".demo-worth:not(.is-hidden)") !== null);  // the step drew the panel
    });
    start = null;
  });
  window.__bench = out;
}"""


def serve_root(site: Path, tmp: Path) -> Path:
    """A folder with the site's entries linked in and the bare page beside them."""
    root = tmp / "root"
    root.mkdir()
    for entry in site.iterdir():
        os.symlink(entry.resolve(), root / entry.name)
    runtime = next(site.glob("pyodide/*/pyodide.mjs")).parent.relative_to(site).as_posix() + "/"
    bare = root / "bench-bare"
    bare.mkdir()
    (bare / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (bare / "bare.js").write_text(BARE_JS.replace("RUNTIME", runtime), encoding="utf-8")
    (bare / "bare-worker.js").write_text(BARE_WORKER_JS, encoding="utf-8")
    return root


class CountingServer:
    """The site's own server (build.py serve's handler) on a free port, counting the bytes it sends."""

    def __init__(self, root: Path) -> None:
        sent: list[int] = []

        class Counting(SiteHandler):
            def setup(self) -> None:
                super().setup()
                raw = self.wfile

                class Counted:
                    def write(self, data: bytes) -> int:
                        sent.append(len(data))
                        return raw.write(data)

                    def __getattr__(self, name: str) -> Any:
                        return getattr(raw, name)

                self.wfile = Counted()  # type: ignore[assignment]

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass

            def handle(self) -> None:
                try:
                    super().handle()
                except ConnectionError:
                    pass  # a page closed while a file was on its way: nothing to report

        self.sent = sent
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(Counting, directory=str(root)))
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_port}/{path}"

    def bytes_since(self, mark: int) -> int:
        return sum(self.sent[mark:])

    def quiet(self, seconds: float = 5.0) -> None:
        """Wait until nothing has been sent for `seconds` (the background fetches are done)."""
        while True:
            count = len(self.sent)
            time.sleep(seconds)
            if len(self.sent) == count:
                return

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def mark(page: Any, name: str, timeout: float = 60_000) -> float:
    page.wait_for_function(f"() => performance.getEntriesByName({name!r}).length > 0", timeout=timeout)
    return float(page.evaluate(f"() => performance.getEntriesByName({name!r})[0].startTime"))


def fresh_page(browser: Any) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    return context, context.new_page()


def view_until_engine_ready(page: Any, url: str) -> tuple[float, float, float]:
    """Open the page, bring its demo into view at once; the demo-ready, engine-start and engine-ready marks."""
    page.goto(url)
    ready = mark(page, "demo-ready")
    page.evaluate("() => document.querySelector('.demo-board').scrollIntoView()")
    return ready, mark(page, "engine-start"), mark(page, "engine-ready")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def step_times(page: Any, steps: int) -> tuple[list[float], list[float], list[float], list[bool]]:
    """Press ← / → `steps` times (turning at either end); the three timings of each step, and whether
    it showed the panel "What each move was worth" (a play-off decision's step)."""
    page.evaluate("() => { window.__cardLottery.demos[0].playback.stepTimes.length = 0; window.__bench.layout.length = 0;"
                  " window.__bench.frame.length = 0; window.__bench.panel.length = 0; }")
    total = int(page.evaluate("() => window.__cardLottery.demos[0].total"))
    at = int(page.evaluate("() => window.__cardLottery.demos[0].n"))
    direction = "ArrowRight"
    for _ in range(steps):
        if at >= total:
            direction = "ArrowLeft"
        elif at <= 1:
            direction = "ArrowRight"
        page.keyboard.press(direction)
        at += 1 if direction == "ArrowRight" else -1
    page.wait_for_timeout(100)
    own = page.evaluate("() => window.__cardLottery.demos[0].playback.stepTimes.slice()")
    probe = page.evaluate("() => window.__bench")
    return own, probe["layout"], probe["frame"], probe["panel"]


def row(label: str, values: list[float], note: str, unit: str = "ms") -> tuple[str, str, str, str]:
    return (label, f"{statistics.median(values):.0f} {unit}", f"{max(values):.0f} {unit}", note)


def bench(site: Path, runs: int, steps: int, page_path: str) -> list[tuple[str, str, str, str]]:
    from playwright.sync_api import sync_playwright

    rows: list[tuple[str, str, str, str]] = []
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        server = CountingServer(serve_root(site, Path(tmp)))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    ready, from_nav, from_start, bare, first, whole, repeat, again = [], [], [], [], [], [], [], []
                    for _ in range(runs):
                        # Alternate the two pages so that drift affects both alike.
                        context, page = fresh_page(browser)
                        page.goto(server.url("bench-bare/index.html"))
                        bare.append(mark(page, "pyodide-ready"))
                        context.close()
                        context, page = fresh_page(browser)
                        sent = len(server.sent)
                        demo, start, engine = view_until_engine_ready(page, server.url(page_path))
                        first.append(server.bytes_since(sent) / 1e6)
                        server.quiet()  # the offline copy of the site, and the snapshot kept for next time
                        whole.append(server.bytes_since(sent) / 1e6)
                        ready.append(demo)
                        from_nav.append(engine)
                        from_start.append(engine - start)
                        sent = len(server.sent)
                        _, start, engine = view_until_engine_ready(page, server.url(page_path))  # the visitor comes back
                        again.append(engine - start)
                        server.quiet()
                        repeat.append(server.bytes_since(sent) / 1e3)
                        context.close()
                    rows.append(row("first steppable demo (demo-ready)", ready, f"{runs} loads of {page_path}"))
                    rows.append(row("live engine ready, from navigation", from_nav, "the demo scrolled into view at once"))
                    rows.append(row("live engine ready, from its start", from_start, "engine-start (demo in view) -> engine-ready"))
                    rows.append(row("live engine ready, repeat view, from its start", again,
                                    "restored from the memory snapshot kept at the first visit"))
                    rows.append(row("bare page, Pyodide only (pyodide-ready)", bare, "module worker, same server"))
                    ratio = statistics.median(from_start) / statistics.median(bare)
                    best = min(from_start) / min(bare)
                    rows.append(("engine ready from its start / bare Pyodide", f"{ratio:.3f}", f"{best:.3f} (min/min)",
                                 "first view; target <= 1.10; min/min is the least disturbed by other load"))
                    rows.append(("the same, repeat view", f"{statistics.median(again) / statistics.median(bare):.3f}",
                                 f"{min(again) / min(bare):.3f} (min/min)", "from the snapshot"))
                    rows.append(("bytes sent, first view, until the engine is ready", f"{statistics.median(first):.2f} MB",
                                 f"{max(first):.2f} MB", "page, CSS, JS, runtime, engine, headers (Brotli)"))
                    rows.append(("bytes sent, first view, in all", f"{statistics.median(whole):.2f} MB", f"{max(whole):.2f} MB",
                                 "and, after the engine answers, the offline copy and the snapshot for next time"))
                    rows.append((f"bytes sent, repeat view", f"{statistics.median(repeat):.1f} kB", f"{max(repeat):.1f} kB",
                                 "the same visitor again: pages revalidated (304), the runtime from the cache"))

                    context, page = fresh_page(browser)
                    page.goto(server.url(page_path))
                    mark(page, "demo-ready")
                    page.evaluate(STEP_PROBE)
                    page.evaluate("() => document.querySelector('.demo-board').scrollIntoView()")
                    page.focus(".demo-app")
                    # While Pyodide boots in the worker (it competes for the CPU), then once it is ready.
                    booting = step_times(page, min(60, steps))
                    booted = page.evaluate("() => window.__cardLottery.engine.status") not in ("loading", "idle")
                    mark(page, "engine-ready")
                    page.wait_for_timeout(300)
                    ready_steps = step_times(page, steps)
                    context.close()
                    phases = [("engine ready", ready_steps)]
                    if not booted:
                        phases.append(("during engine boot", booting))
                    for phase, (own, layout, frame, panel) in phases:
                        # The same presses, split by whether the step showed the worth panel: the two
                        # kinds of step interleave in one run, under the same load.
                        with_panel = [f for f, shown in zip(frame, panel) if shown]
                        without = [f for f, shown in zip(frame, panel) if not shown]
                        for label, values in ((f"step, {phase}: demo handler", own),
                                              (f"step, {phase}: handler + style + layout", layout),
                                              (f"step, {phase}: key press to next frame", frame),
                                              (f"step, {phase}: key to next frame, the worth panel shown", with_panel),
                                              (f"step, {phase}: key to next frame, no panel", without)):
                            if values:
                                rows.append((label, f"{statistics.median(values):.2f} ms",
                                             f"{percentile(values, 0.95):.2f} ms", f"median / p95 over {len(values)} steps"))
                finally:
                    browser.close()
        finally:
            server.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=REPO_ROOT / "_site")
    parser.add_argument("--runs", type=int, default=5, help="page loads of each kind (default 5)")
    parser.add_argument("--steps", type=int, default=200, help="key presses for the step latency (default 200)")
    parser.add_argument("--page", default="en/playoff-tricks.html", help="the lesson page to measure")
    args = parser.parse_args(argv)
    site = args.site.resolve()
    if not (site / "index.html").is_file():
        print(f"building the site into {site} ...", file=sys.stderr)
        subprocess.run([sys.executable, str(REPO_ROOT / "build.py"), "--out", str(site)], cwd=REPO_ROOT, check=True)
    if not os.access(CHROMIUM, os.X_OK):
        print(f"{CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 2
    rows = bench(site, args.runs, args.steps, args.page)
    header = ("measure", "median", "p95 / max", "note")
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(4)]
    line = "  ".join("-" * w for w in widths)
    print("  ".join(h.ljust(w) for h, w in zip(header, widths)))
    print(line)
    for row in rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(row, widths)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
