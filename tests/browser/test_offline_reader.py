"""A reader's lesson page works offline after one visit: the page, its assets and the live engine
(the runtime and the snapshot, kept a little after the engine first answered) come without a network, and so does a hand's own page
never opened (the service worker keeps the hands' own pages once the page's engine has answered)."""

from __future__ import annotations

from browser_helpers import wait_until
from demo_helpers import ENGINE_WAIT_MS, open_demo, wake_engine

HAND = "playoff-beating"


def test_a_lesson_page_visited_once_works_offline_with_its_live_engine(built_site, site_server, page):
    open_demo(page, site_server.url(f"en/{HAND}.html"))
    assert wake_engine(page, HAND) == "ready"
    assert page.evaluate("() => window.__cardLottery.engine.info.started") == "plain"  # a first visit
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    # The runtime and the snapshot, which the page asks to keep a little after its engine answered.
    wait_until(page, """async () => {
        const kept = (await (await caches.open('card-lottery-runtime')).keys()).map((r) => r.url);
        return kept.some((u) => u.includes('/snapshot-')) && kept.some((u) => u.endsWith('pyodide.asm.wasm'));
    }""", timeout_ms=30_000)
    # Every page of the build: the hands' own pages are kept once the engine has answered.
    every_page = sorted(path.relative_to(built_site).as_posix() for path in built_site.rglob("*.html"))
    kept_pages = """async () => {
        const site = (await caches.keys()).find((name) => name.startsWith('card-lottery-site-'));
        const root = new URL('../', location.href).href;
        return (await (await caches.open(site)).keys()).map((r) => r.url.slice(root.length)).filter((p) => p.endsWith('.html'));
    }"""
    wait_until(page, f"async () => ({kept_pages})().then((kept) => kept.length >= {len(every_page)})", timeout_ms=30_000)
    assert sorted(page.evaluate(kept_pages)) == every_page
    asked = len(site_server.requests_log)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    assert wake_engine(page, HAND) == "ready"
    assert page.evaluate("() => window.__cardLottery.engine.info.started") == "snapshot"  # as a second visit does
    # The engine answers offline: a replay with another seed is played in the page.
    app = f"#demo-{HAND} .demo-app"
    page.click(f"{app} .live-settings summary")
    page.fill(f"{app} input[name=seed]", "5")
    page.click(f"{app} form[data-form=replay] button[type=submit]")
    page.wait_for_function("() => window.__cardLottery.demos[0].source === 'live' && !window.__cardLottery.demos[0].busy",
                           timeout=ENGINE_WAIT_MS)
    # A hand's page, never opened, with its demo.
    page.goto(site_server.url("ru/hands/two-players.html"))
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    assert page.locator("#demo-two-players .demo-app").count() == 1
    # Nothing reached the server but the browser's own update check of the service worker (which
    # Chromium makes past Playwright's emulated offline state, and which offline simply fails): the
    # page, its assets, the runtime and the engine came from the copies kept at the first visit.
    assert [path for path in site_server.requests_log[asked:] if path != "/sw.js"] == []
    assert page.console_errors == []
