#!/usr/bin/env python3
"""Soak the kiosk: its attract loop plays hand after hand (the lessons' hands and new deals dealt live
by the engine) for a long time, as a museum's screen does for days.

    python scripts/soak_kiosk.py [--minutes 60] [--speed 1000] [--every 60] [--site _site]

Every `--every` seconds it samples two JavaScript heaps through the Chrome DevTools Protocol: the
page's, after a forced garbage collection, and the engine worker's (Pyodide's), reached by attaching
to the worker's target. At the end it prints each heap's trend (MB a minute, the least-squares slope
of the samples), the samples themselves, the hands played, the engine's restarts and the console
errors seen. Figures only: this is not a test.
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))

from browser_helpers import CHROMIUM, CHROMIUM_ARGS, StaticServer  # noqa: E402


def slope(points: list[tuple[float, float]]) -> float:
    """The least-squares slope of (minute, MB) points, MB a minute (0 for fewer than two)."""
    if len(points) < 2:
        return 0.0
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    var = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / var if var else 0.0


class WorkerHeap:
    """The engine worker's heap, through the page's DevTools session: the page's dedicated workers are
    auto-attached (not flattened: Playwright's session then carries each worker's messages inside
    Target.sendMessageToTarget / Target.receivedMessageFromTarget)."""

    def __init__(self, cdp: Any) -> None:
        self.cdp = cdp
        self.sessions: dict[str, str] = {}  # sessionId -> worker URL
        self.ids = itertools.count(1)
        self.replies: dict[int, dict[str, Any]] = {}
        self.arrived = threading.Condition()
        cdp.on("Target.attachedToTarget", self.attached)
        cdp.on("Target.detachedFromTarget", lambda e: self.sessions.pop(e.get("sessionId", ""), None))
        cdp.on("Target.receivedMessageFromTarget", self.received)
        cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": False})

    def attached(self, event: dict[str, Any]) -> None:
        info = event["targetInfo"]
        if info.get("type") == "worker":
            self.sessions[event["sessionId"]] = info.get("url", "")

    def received(self, event: dict[str, Any]) -> None:
        message = json.loads(event["message"])
        if "id" in message:
            with self.arrived:
                self.replies[message["id"]] = message
                self.arrived.notify_all()

    def call(self, page: Any, session: str, method: str, timeout: float = 120) -> dict[str, Any]:
        ident = next(self.ids)
        self.cdp.send("Target.sendMessageToTarget",
                      {"sessionId": session, "message": json.dumps({"id": ident, "method": method})})
        deadline = time.monotonic() + timeout
        while ident not in self.replies:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the worker did not answer {method}")
            page.wait_for_timeout(50)  # lets Playwright deliver the session's events
        return self.replies.pop(ident)

    def used(self, page: Any) -> float | None:
        """The engine worker's heap in use after a full garbage collection, MB (None: no worker)."""
        for session, url in list(self.sessions.items()):
            if "worker" not in url:
                continue
            self.call(page, session, "HeapProfiler.enable")
            self.call(page, session, "HeapProfiler.collectGarbage")
            reply = self.call(page, session, "Runtime.getHeapUsage")
            return float(reply["result"]["usedSize"]) / 1e6
        return None


def page_heap(cdp: Any) -> float:
    """The page's JS heap in use, MB, after a full garbage collection."""
    cdp.send("HeapProfiler.collectGarbage")
    return float(cdp.send("Runtime.getHeapUsage")["usedSize"]) / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=60, help="how long the loop runs (default 60)")
    parser.add_argument("--speed", type=float, default=1000, help="the loop's pace (default 1000 times a visitor's)")
    parser.add_argument("--every", type=float, default=60, help="seconds between samples (default 60)")
    parser.add_argument("--site", type=Path, default=REPO_ROOT / "_site")
    args = parser.parse_args(argv)
    site = args.site.resolve()
    if not (site / "kiosk" / "en.html").is_file():
        subprocess.run([sys.executable, str(REPO_ROOT / "build.py"), "--out", str(site)], cwd=REPO_ROOT, check=True)
    from playwright.sync_api import sync_playwright

    server = StaticServer(site)
    errors: list[str] = []
    samples: list[dict[str, Any]] = []
    status, restarts, elapsed = "?", 0, 0.0
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1920, "height": 1080})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            cdp = page.context.new_cdp_session(page)
            page.goto(server.site.url(f"kiosk/en.html?speed={args.speed}&live=1"))
            page.wait_for_function("() => window.__cardLottery.engine.status === 'ready'", timeout=120_000)
            worker = WorkerHeap(cdp)
            started = time.monotonic()
            try:
                while True:
                    minute = (time.monotonic() - started) / 60
                    sample = {"minute": round(minute, 2), "page_mb": round(page_heap(cdp), 3),
                              "worker_mb": worker.used(page),
                              "played": int(page.evaluate("() => window.__cardLottery.kiosk.played"))}
                    if sample["worker_mb"] is not None:
                        sample["worker_mb"] = round(sample["worker_mb"], 3)
                    samples.append(sample)
                    print(json.dumps(sample), flush=True)
                    if minute >= args.minutes:
                        break
                    page.wait_for_timeout(args.every * 1000)
            except KeyboardInterrupt:  # an interrupted soak still reports what it measured
                pass
            status = page.evaluate("() => window.__cardLottery.engine.status")
            restarts = page.evaluate("() => window.__cardLottery.engine.restarts")
            elapsed = time.monotonic() - started
            browser.close()
    finally:
        server.close()
        report(samples, status, restarts, elapsed, errors)
    return 0


def report(samples: list[dict[str, Any]], status: str, restarts: int, elapsed: float, errors: list[str]) -> None:
    if not samples:
        print("no samples taken")
        return
    first, last = samples[0], samples[-1]
    page_points = [(s["minute"], s["page_mb"]) for s in samples]
    worker_points = [(s["minute"], s["worker_mb"]) for s in samples if s["worker_mb"] is not None]
    print(f"ran {elapsed / 60:.1f} min; hands played through: {last['played']} (about half dealt live)")
    print(f"page heap after GC: {first['page_mb']:.2f} -> {last['page_mb']:.2f} MB, "
          f"trend {slope(page_points):+.4f} MB/min over {len(page_points)} samples")
    if worker_points:
        print(f"worker heap after GC: {worker_points[0][1]:.2f} -> {worker_points[-1][1]:.2f} MB, "
              f"trend {slope(worker_points):+.4f} MB/min over {len(worker_points)} samples")
    else:
        print("worker heap: the worker's target was not found")
    print(f"engine: {status}, restarted {restarts} times; console errors: {len(errors)}")
    for error in errors[:10]:
        print(f"  {error}")


if __name__ == "__main__":
    sys.exit(main())
