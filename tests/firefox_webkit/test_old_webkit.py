"""A browser too old for the live engine: WPE WebKit 2.38 (Safari 16.0's level) in cog, which cannot
parse the class static blocks of Pyodide 314's loader. The page's feature check tells the reader,
in the page's language, that the live engine needs a newer browser, before the engine is tried (not
a byte of the runtime is fetched); the recorded demo steps, the service worker keeps the site, and
an offline reload works; no error on the way.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys

from demo_helpers import REPO_ROOT, assert_at, embedded_trace
from engines import Tab, session
from served import HookedServer

sys.path.insert(0, str(REPO_ROOT))
from sitegen.i18n import DEMO_STRINGS  # noqa: E402

HAND = "playoff-beating"
APP = f"#demo-{HAND} .demo-app"
ENGINE_SETTLED = """() => { const e = window.__cardLottery.engine;
    return e && (e.status === 'ready' || e.status === 'failed') && e.status; }"""


def told(lang: str) -> str:
    """What the live panel says in a browser that lacks class static blocks."""
    words = DEMO_STRINGS[lang]
    reason = words["engine_needs_newer_browser"].replace("{missing}", words["feature_syntax"])
    return words["live_failed"].replace("{reason}", reason)


@pytest.fixture(scope="module")
def cog() -> Iterator[object]:
    try:
        with session("old-webkit") as driver:
            driver.set_script_timeout(60)
            yield driver
    except RuntimeError as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture
def old_tab(cog: object, built_site: Path) -> Iterator[Tab]:
    server = HookedServer(built_site)
    try:
        yield Tab("old-webkit", cog, server)  # type: ignore[arg-type]
    finally:
        server.close()


def test_an_old_webkit_is_told_the_engine_needs_a_newer_browser_and_the_rest_works_offline_too(old_tab: Tab) -> None:
    tab = old_tab
    for lang in ("en", "ru"):
        tab.open(f"{lang}/{HAND}.html")
        tab.call("(css) => document.querySelector(css).scrollIntoView()", APP)
        assert tab.wait(ENGINE_SETTLED, 30) == "failed"
        assert tab.text(f"{APP} .live-status").strip().startswith(told(lang))
        # No "Try again": a retry cannot give this browser what it lacks.
        assert tab.call("(css) => document.querySelector(css + ' .live-status [data-action=retry]')"
                        ".classList.contains('is-hidden')", APP)
    assert [s.path for s in tab.server.log.sent if s.path.startswith("/pyodide/")] == []  # never tried
    # The recorded hand steps by keyboard.
    trace = embedded_trace(tab, HAND)
    tab.call("(css) => document.querySelector(css).focus()", APP)
    tab.press(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert_at(tab, trace, 3, HAND)
    # The service worker keeps the site: offline, the page reloads and its demo still steps.
    tab.wait("() => navigator.serviceWorker.controller !== null", 60)
    tab.wait("""async () => { const site = (await caches.keys()).find((n) => n.startsWith('card-lottery-site-'));
        return !!site && !!(await (await caches.open(site)).match(location.href)); }""", 60)
    tab.server.close()
    tab.reload()
    assert tab.call("() => document.documentElement.lang") == "ru"
    tab.call("(css) => document.querySelector(css).focus()", APP)
    tab.press(Keys.END)
    assert_at(tab, embedded_trace(tab, HAND), len(trace["steps"]), HAND)
    assert tab.errors() == []
