#!/usr/bin/env python3
"""Soak the kiosk: its attract loop plays hand after hand (the lessons' hands and new deals dealt live
by the engine) for a long time, as a museum's screen does for days.

    python scripts/soak_kiosk.py [--hands 200] [--speed 200] [--site _site]

Prints the page's JavaScript heap (after a forced garbage collection, through the Chrome DevTools
Protocol) after the first 20 hands and at the end, their ratio, the hands and live deals played, the
time taken and the console errors seen. Figures only: this is not a test.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))

from browser_helpers import CHROMIUM, CHROMIUM_ARGS, StaticServer  # noqa: E402


def heap(cdp: Any) -> float:
    """The JS heap in use, MB, after a full garbage collection."""
    cdp.send("HeapProfiler.collectGarbage")
    return float(cdp.send("Runtime.getHeapUsage")["usedSize"]) / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="hands the loop plays through (default 200)")
    parser.add_argument("--speed", type=float, default=200, help="the loop's pace (default 200 times a visitor's)")
    parser.add_argument("--site", type=Path, default=REPO_ROOT / "_site")
    args = parser.parse_args(argv)
    site = args.site.resolve()
    if not (site / "kiosk" / "en.html").is_file():
        subprocess.run([sys.executable, str(REPO_ROOT / "build.py"), "--out", str(site)], cwd=REPO_ROOT, check=True)
    from playwright.sync_api import sync_playwright

    server = StaticServer(site)
    errors: list[str] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1920, "height": 1080})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            cdp = page.context.new_cdp_session(page)
            page.goto(server.site.url(f"kiosk/en.html?speed={args.speed}&live=1"))
            page.wait_for_function("() => window.__cardLottery.engine.status === 'ready'", timeout=60_000)
            started = time.monotonic()

            def played() -> int:
                return int(page.evaluate("() => window.__cardLottery.kiosk.played"))

            page.wait_for_function("() => window.__cardLottery.kiosk.played >= 20", timeout=600_000, polling=500)
            early = heap(cdp)
            at_early = played()
            page.wait_for_function(f"() => window.__cardLottery.kiosk.played >= {args.hands}",
                                   timeout=3_600_000, polling=1000)
            late = heap(cdp)
            total = played()
            status = page.evaluate("() => window.__cardLottery.engine.status")
            restarts = page.evaluate("() => window.__cardLottery.engine.restarts")
            elapsed = time.monotonic() - started
            browser.close()
    finally:
        server.close()
    print(f"hands played through: {total} (the engine dealt about half of them live), in {elapsed:.0f} s")
    print(f"JS heap after {at_early} hands: {early:.2f} MB; after {total}: {late:.2f} MB; ratio {late / early:.3f} "
          "(target: within 20 %)")
    print(f"engine: {status}, restarted {restarts} times; console errors: {len(errors)}")
    for error in errors[:10]:
        print(f"  {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
