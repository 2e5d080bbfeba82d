"""The live engine from the build's Pyodide memory snapshot (engine already imported): it starts
from the snapshot and replays like CPython; with the snapshot blocked, or kept damaged, it falls
back to the ordinary start and still replays like CPython. The returning visitor the other browser
tests are (conftest.py `page`: the snapshot kept, nothing else) restores it; the engine of a test
that needs none (`engine_loading`) never starts. (The build makes the snapshot when Node is there.)
"""

from __future__ import annotations

from typing import Any

import pytest

from browser_helpers import snapshot_path
from demo_helpers import ENGINE_WAIT_MS, demo_state, expected_replay, open_demo, page_setup, wake_engine

DEMO_PAGE = "en/playoff-beating.html"
HAND = "playoff-beating"


def wait_engine(page: Any) -> str:
    return wake_engine(page, HAND)


def snapshot_url(page: Any) -> str | None:
    return page.evaluate("() => document.documentElement.dataset.snapshotUrl || null")


def engine_info(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.__cardLottery.engine.info")


def replay_with_fine(page: Any, fine: int) -> None:
    """Change one option, replay live, and compare every step with CPython's engine."""
    app = f"#demo-{HAND} .demo-app"
    page.click(f"{app} .live-settings summary")
    page.fill(f"{app} input[name='opt.fine']", str(fine))
    page.click(f"{app} form[data-form=replay] button[type=submit]")
    page.wait_for_function("() => window.__cardLottery.demos[0].source === 'live'", timeout=ENGINE_WAIT_MS)
    setup = page_setup(page, HAND)
    setup["options"]["fine"] = str(fine)
    expected = expected_replay(setup, "en")
    shown = demo_state(page)
    assert [s["text"] for s in shown["steps"]] == [s["text"] for s in expected["steps"]]
    assert [s["state"] for s in shown["steps"]] == [s["state"] for s in expected["steps"]]
    assert shown["moves"] == expected["moves"]


def open_snapshot_demo(page, site_server) -> None:
    # Node is part of the set-up (./dev), so a build without a snapshot is a failure, not a skip.
    open_demo(page, site_server.url(DEMO_PAGE))
    assert snapshot_url(page) is not None, "the site was built without a Pyodide snapshot: see the build's warnings"


def visit(page: Any, site_server: Any) -> dict[str, Any]:
    """Open the demo and wait for the live engine; how it started."""
    open_snapshot_demo(page, site_server)
    assert wait_engine(page) == "ready"
    return engine_info(page)


KEPT = """async () => { const url = new URL(document.documentElement.dataset.snapshotUrl, location.href).href;
    return !!(await caches.match(url)); }"""


def kept_for_next_time(page: Any, site_server: Any) -> None:
    """Wait until the page has had the service worker fetch the snapshot for the next visit (the
    server saw it asked), and, when it could, keep it in its cache: the only place the engine's
    worker looks for a kept snapshot."""
    for _ in range(100):
        if any(path.startswith("/pyodide/snapshot-") for path in site_server.requests_log):
            break
        page.wait_for_timeout(100)
    for _ in range(50):
        if page.evaluate(KEPT):
            break
        page.wait_for_timeout(100)


def snapshot_errors(page: Any) -> list[str]:
    """From now on: every request for the snapshot that failed or was answered with an error (what
    DevTools shows in red), whoever made it (the page, its worker, the service worker)."""
    seen: list[str] = []
    context = page.context
    context.on("requestfailed", lambda r: seen.append(f"{r.url}: {r.failure}") if "/snapshot-" in r.url else None)
    context.on("response", lambda r: seen.append(f"{r.url}: {r.status}") if "/snapshot-" in r.url and r.status >= 400 else None)
    return seen


@pytest.mark.first_visit
def test_a_first_visit_starts_plain_and_keeps_the_snapshot_the_next_restores_it(site_server, page):
    # The snapshot is 5 MB more to download: a first visit starts the ordinary way, then fetches it.
    # Whether it is kept is read from the service worker's cache, not asked of the network: no
    # failed request (ERR_CACHE_MISS) or 504 on either visit.
    site_server.requests_log.clear()
    errors = snapshot_errors(page)
    first = visit(page, site_server)
    assert first["started"] == "plain" and first["fallback"] == "not kept yet", first
    kept_for_next_time(page, site_server)
    assert any(path.startswith("/pyodide/snapshot-") for path in site_server.requests_log)
    # The next visit (the same browser) restores it, and the engine replays like CPython.
    second = visit(page, site_server)
    assert second["started"] == "snapshot" and second["fallback"] is None, second
    assert first["code"] == second["code"] == "bytecode"  # the snapshot was made with the bytecode imported
    replay_with_fine(page, 3)
    assert page.console_errors == []
    assert errors == []


@pytest.mark.first_visit
def test_without_the_snapshot_the_engine_starts_the_ordinary_way(site_server, blocked_prefixes, page):
    blocked_prefixes.add("/pyodide/snapshot-")
    visit(page, site_server)
    kept_for_next_time(page, site_server)
    info = visit(page, site_server)
    assert info["started"] == "plain" and info["fallback"] == "not kept yet", info
    replay_with_fine(page, 3)


def test_the_tests_returning_visitor_restores_the_snapshot_it_was_given(site_server, page):
    # The `page` the other browser tests use (conftest.py): the snapshot kept where a first visit
    # keeps it, and none of the runtime; its engine restores it without asking the server for it,
    # and replays like CPython.
    site_server.requests_log.clear()
    open_snapshot_demo(page, site_server)  # the demo below the first screen: the engine not started yet
    kept = page.evaluate("async () => (await (await caches.open('card-lottery-runtime')).keys()).map((r) => r.url)")
    assert kept == [site_server.url(snapshot_path(site_server))]
    assert wait_engine(page) == "ready"
    info = engine_info(page)
    assert info["started"] == "snapshot" and info["fallback"] is None, info
    assert not [path for path in site_server.requests_log if path.startswith("/pyodide/snapshot-")]
    replay_with_fine(page, 3)
    assert page.console_errors == []


@pytest.mark.engine_loading
def test_the_tests_engine_loading_page_never_starts_the_engine_and_steps_its_recorded_hand(site_server, page):
    # The `page` of a test marked `engine_loading` (conftest.py): the demo in view, the engine woken,
    # it stays loading; its runtime's loader is asked for once and never comes, and nothing after it
    # is fetched (no WebAssembly, no snapshot, none kept); the recorded hand steps as ever.
    site_server.requests_log.clear()
    open_snapshot_demo(page, site_server)
    page.locator(f"#demo-{HAND} .demo-app").scroll_into_view_if_needed()
    page.wait_for_function("() => window.__cardLottery.engine.status === 'loading'")
    page.wait_for_timeout(3000)  # a returning visitor's engine is ready in about 1 s, a first visit's in 5
    assert page.evaluate("() => window.__cardLottery.engine.status") == "loading"
    asked = [path for path in site_server.requests_log if path.startswith("/pyodide/")]
    assert [path.rsplit("/", 1)[1] for path in asked] == ["pyodide.mjs"], asked
    assert page.evaluate("async () => (await caches.keys()).length") == 0
    page.focus(f"#demo-{HAND} .demo-app")
    page.keyboard.press("End")
    assert page.evaluate("() => window.__cardLottery.demos[0].n") == len(demo_state(page)["steps"])
    assert page.console_errors == []


def test_a_damaged_snapshot_is_refused_and_the_engine_starts_the_ordinary_way(site_server, browser):
    # Kept damaged, or cut short: the worker refuses it before Pyodide is given it (a wrong memory
    # image could bring the tab down) and starts the ordinary way. (The service worker out of the
    # way, so that only the damaged copy is kept.)
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    try:
        open_snapshot_demo(page, site_server)
        page.evaluate("""async (url) => (await caches.open('card-lottery-runtime')).put(new URL(url, location.href).href,
            new Response('not a snapshot '.repeat(100000)))""", snapshot_url(page))
        assert wait_engine(page) == "ready", page.evaluate("() => window.__cardLottery.engine.failure")
        info = engine_info(page)
        assert info["started"] == "plain", info
        assert info["fallback"] == "the snapshot is damaged (1500000 bytes)", info
        replay_with_fine(page, 3)
    finally:
        context.close()
