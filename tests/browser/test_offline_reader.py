"""A reader's lesson page works offline after one visit: the page, its assets and the live engine
(the runtime and the snapshot, kept a little after the engine first answered) come without a network, and so does a hand's own page
never opened (the service worker keeps the hands' own pages once the page's engine has answered).

And with bad luck: a network gone for a few seconds of a first visit, or a service worker not
fetched, delays the copy but does not prevent it; a copy the browser's quota refuses is said to the
reader in a sentence (what works offline and what does not) and leaves no half of itself behind."""

from __future__ import annotations

from typing import Any

import pytest

from browser_helpers import wait_until
from demo_helpers import ENGINE_WAIT_MS, open_demo, wake_engine

from sitegen.i18n import OFFLINE_STRINGS  # (demo_helpers puts the repository on the path)

HAND = "playoff-beating"

pytestmark = pytest.mark.first_visit  # what a first visit keeps, and how


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


# ---------------------------------------------------------------------------- bad luck

def network(page: Any, dropped: set[str], up: bool) -> None:
    """The network down or back: the browser's own state (navigator.onLine, the page's and its
    worker's requests) and, since Playwright's offline state does not reach the service worker's
    requests, the server's answer to them."""
    page.context.set_offline(not up)
    if up:
        dropped.clear()
    else:
        dropped.add("/")


def ready(page: Any) -> None:
    """The engine woken starts (or the test says why not)."""
    assert wake_engine(page, HAND) == "ready", page.evaluate("() => window.__cardLottery.engine.failure")


SITE_CACHES = "async () => (await caches.keys()).filter((name) => name.startsWith('card-lottery-site-'))"
RUNTIME_KEPT = "async () => (await (await caches.open('card-lottery-runtime')).keys()).map((r) => r.url.split('/').pop())"


def test_a_first_visit_offline_for_a_few_seconds_keeps_its_copy_when_the_network_is_back(
        built_site, site_server, dropped_prefixes, page):
    page.goto(site_server.url(f"en/{HAND}.html"), wait_until="domcontentloaded")
    network(page, dropped_prefixes, up=False)
    # The engine not woken, the page sets about its copy after 5 s, offline: it waits for the network.
    page.wait_for_function("() => window.__cardLottery.copy.begun", timeout=30_000)
    page.wait_for_timeout(2500)
    assert page.evaluate("() => window.__cardLottery.copy.attempts") == 0
    assert page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).length") == 0
    network(page, dropped_prefixes, up=True)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    ready(page)
    wait_until(page, f"async () => ({RUNTIME_KEPT})().then((kept) => kept.includes('pyodide.asm.wasm') && "
                     "kept.some((name) => name.startsWith('snapshot-')))", timeout_ms=60_000)
    every_page = len(list(built_site.rglob("*.html")))
    wait_until(page, f"""async () => {{ const site = (await caches.keys()).find((n) => n.startsWith('card-lottery-site-'));
        return (await (await caches.open(site)).keys()).filter((r) => r.url.endsWith('.html')).length >= {every_page}; }}""",
               timeout_ms=60_000)
    network(page, dropped_prefixes, up=False)
    page.reload()
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    ready(page)  # offline, from the copy made once the network came back
    assert page.console_errors == []


def test_a_first_visit_sets_about_its_offline_copy_only_once_its_engine_has_answered(site_server, page):
    # The service worker's install fetches the site's pages and assets (1.5 MB): begun while the
    # engine boots, it slowed a first visit's engine by a sixth (README, "Benchmarks").
    page.goto(site_server.url(f"en/{HAND}.html"))
    ready(page)
    marks = page.evaluate("""async () => {
        while (!performance.getEntriesByName('offline-copy-begun').length) await new Promise((r) => setTimeout(r, 50));
        return ['engine-start', 'engine-ready', 'offline-copy-begun'].map((n) => performance.getEntriesByName(n)[0].startTime);
    }""")
    start, engine_ready, copy_begun = marks
    assert start < engine_ready <= copy_begun, marks
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)


def test_a_service_worker_not_fetched_is_registered_again_a_little_later(built_site, site_server, dropped_prefixes, page):
    # The network gone while the browser thinks it is online (no `online` event to wait for).
    dropped_prefixes.add("/sw.js")
    open_demo(page, site_server.url(f"en/{HAND}.html"))
    # Registered once the engine has answered, or 5 s on with no engine woken (keep-offline.js): sw.js not fetched.
    page.wait_for_function("() => window.__cardLottery.copy.attempts >= 1", timeout=90_000)
    page.wait_for_timeout(500)
    assert page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).length") == 0
    dropped_prefixes.clear()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    assert page.evaluate("() => window.__cardLottery.copy.attempts") == 2


def with_quota(page: Any, site: str, megabytes: float) -> None:
    """The browser gives the site's origin this much storage."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": site, "quotaSize": int(megabytes * 1_000_000)})


def notice(page: Any) -> dict[str, str]:
    page.wait_for_selector(".offline-notice", timeout=60_000)
    return page.evaluate("() => { const n = document.querySelector('.offline-notice'); "
                         "return {refused: n.dataset.refused, text: n.querySelector('.offline-notice-text').textContent}; }")


def test_a_site_the_quota_refuses_is_said_in_a_sentence_and_leaves_no_half_copy(site_server, page):
    with_quota(page, site_server, 2)  # the site's pages and assets are 5 MB
    open_demo(page, site_server.url(f"ru/{HAND}.html"))
    assert notice(page) == {"refused": "refused_site", "text": OFFLINE_STRINGS["ru"]["refused_site"]}
    assert page.evaluate(SITE_CACHES) == [], "no empty or half-filled cache left"
    assert page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).length") == 0
    # Said once: dismissed, it stays away in this tab, and the next page does not ask again.
    page.click(".offline-notice-dismiss")
    assert page.locator(".offline-notice").count() == 0
    asked = len(site_server.requests_log)
    page.goto(site_server.url("ru/text.html"))
    page.wait_for_timeout(4000)
    assert "/sw.js" not in site_server.requests_log[asked:]
    assert page.locator(".offline-notice").count() == 0


def test_a_runtime_the_quota_refuses_is_said_and_not_kept_in_part(site_server, page):
    with_quota(page, site_server, 32)  # the pages fit (23.6 MB with the hands' analyses), the runtime's 13.5 MB do not
    open_demo(page, site_server.url(f"en/{HAND}.html"))
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    ready(page)
    assert notice(page) == {"refused": "refused_runtime", "text": OFFLINE_STRINGS["en"]["refused_runtime"]}
    assert page.evaluate(RUNTIME_KEPT) == [], "none of the runtime's files: half a runtime would not start offline"
    assert page.evaluate("() => window.__cardLottery.copy.outcomes") == {"pages": "kept", "runtime": "quota"}
    assert len(page.evaluate(SITE_CACHES)) == 1
