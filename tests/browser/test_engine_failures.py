"""Why the live engine could not start, said with its real cause (engine-client.js): the site did not
send a file of the runtime (found at once, not after the 60 s guard); the runtime came but could not
be compiled; the loader never answered (the guard's timeout); offline before the engine started (it
then starts by itself when the network is back). The recorded hand steps throughout.

Playwright's routing needs the service worker out of the way (`service_workers="block"`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from browser_helpers import wait_until
from demo_helpers import embedded_trace, open_demo

from sitegen.i18n import DEMO_STRINGS  # (demo_helpers puts the repository on the path)

HAND = "playoff-beating"

pytestmark = pytest.mark.first_visit  # an engine that never started in this browser
APP = f"#demo-{HAND} .demo-app"
WASM = "/pyodide/314.0.7/pyodide.asm.wasm"


@pytest.fixture
def lone_page(browser: Any) -> Iterator[Any]:
    """A page whose requests Playwright may route: no service worker in the way."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


def failed_because(page: Any, cause: str, lang: str = "en") -> float:
    """Wake the engine; it fails with `cause`, said in the status line; the seconds it took."""
    started = time.monotonic()
    page.locator(APP).scroll_into_view_if_needed()  # the engine starts in view (a timeout takes its guard's 60 s)
    page.wait_for_function("() => ['ready', 'failed'].includes(window.__cardLottery.engine.status)", timeout=90_000)
    assert page.evaluate("() => window.__cardLottery.engine.status") == "failed"
    took = time.monotonic() - started
    engine = page.evaluate("() => ({reason: window.__cardLottery.engine.reason, failure: window.__cardLottery.engine.failure})")
    assert engine["reason"] == cause, engine
    status = page.text_content(f"{APP} .live-status")
    words = DEMO_STRINGS[lang]
    assert words["live_failed"].format(reason=words[f"live_cause_{cause}"]) in status, status
    assert page.locator(f"{APP} .live-status [data-action=retry]").is_visible()
    return took


def steps_on(page: Any) -> None:
    page.focus(APP)
    page.keyboard.press("End")
    assert page.text_content(f"#demo-{HAND} .demo-sentence") == embedded_trace(page, HAND)["steps"][-1]["text"]


def test_a_runtime_file_the_site_does_not_send_is_said_at_once(site_server, blocked_prefixes, page):
    # Without its .wasm, Pyodide's loader never settles (docs/pyodide.md): the worker sees the 404 itself.
    blocked_prefixes.add(WASM)
    open_demo(page, site_server.url(f"en/{HAND}.html"))
    took = failed_because(page, "missing")
    assert took < 15, f"said after {took:.1f} s: the guard's timeout, not the cause"
    assert page.evaluate("() => window.__cardLottery.engine.failure") == {
        "cause": "missing", "detail": "pyodide.asm.wasm answered 404", "file": "pyodide.asm.wasm", "status": 404}
    steps_on(page)


def test_a_runtime_that_cannot_be_compiled_is_said(site_server, lone_page):
    # Served with a wrong type (a server without application/wasm): the browser will not compile it.
    lone_page.route(f"**{WASM}", lambda route: route.fulfill(status=200, body=b"\0asm not really",
                                                             content_type="application/octet-stream"))
    open_demo(lone_page, site_server.url(f"ru/{HAND}.html"))
    assert failed_because(lone_page, "compile", "ru") < 15
    steps_on(lone_page)


def test_a_loader_that_never_answers_times_out(site_server, lone_page):
    lone_page.route(f"**{WASM}", lambda route: None)  # never answered
    open_demo(lone_page, site_server.url(f"en/{HAND}.html"))
    failed_because(lone_page, "timeout")
    steps_on(lone_page)


def test_offline_before_the_engine_starts_says_so_and_starts_when_the_network_is_back(site_server, dropped_prefixes, page):
    open_demo(page, site_server.url(f"en/{HAND}.html"))
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)  # the site is kept...
    wait_until(page, """async () => !(await (await caches.open('card-lottery-runtime')).keys()).length""", timeout_ms=1000)
    page.context.set_offline(True)  # ...but not the engine's runtime: the engine was never started
    dropped_prefixes.add("/")
    took = failed_because(page, "offline")
    assert took < 10, f"said after {took:.1f} s"
    steps_on(page)
    page.context.set_offline(False)
    dropped_prefixes.clear()
    page.wait_for_function("() => window.__cardLottery.engine.status === 'ready'", timeout=90_000)
    assert "is-error" not in page.get_attribute(f"{APP} .live-status", "class")
