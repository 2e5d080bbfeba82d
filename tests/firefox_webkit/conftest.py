"""Fixtures for the tests in Firefox and in WebKit (engines.py says how each is driven).

- ``engine``: one WebDriver session of each engine for the whole run, Firefox's tests first, then
  WebKit's (a parametrized session fixture: pytest runs every test of one engine, closes it, then
  starts the next), so that one engine runs at a time, after the Chromium tests (tests/conftest.py
  schedules them so under xdist).
- ``tab``: the engine's window on a new server of the built site (a new origin: a first visit, with
  nothing kept by an earlier test), with the test hook that reports the pages' errors;
  `tab.keep_the_snapshot()` makes it a returning visitor's.
- ``another_tab``: a factory of more servers of the site, for what a second visitor opens.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for folder in (HERE, HERE.parent / "browser"):  # engines.py, served.py; the Chromium tests' helpers
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402

from engines import ENGINES, WINDOW, Tab, close, launch  # noqa: E402
from served import HookedServer  # noqa: E402

SCRIPT_TIMEOUT_S = 120  # a script's Promise (the Cache API, a dynamic import) settles within it


@pytest.fixture(scope="session", params=ENGINES)
def engine(request: pytest.FixtureRequest) -> Iterator[tuple[str, WebDriver]]:
    name = str(request.param)
    try:
        driver, display = launch(name)
    except RuntimeError as error:  # a browser or driver missing: say how to get it
        pytest.fail(str(error), pytrace=False)
    driver.set_script_timeout(SCRIPT_TIMEOUT_S)
    driver.set_page_load_timeout(60)
    try:
        yield name, driver
    finally:
        close(driver, display)


def _leave(driver: WebDriver) -> None:
    """Stop what the last page ran (its engine's worker) before the next test."""
    try:
        driver.get("about:blank")
    except Exception:  # noqa: BLE001 - a session that broke is reported by the test itself
        pass


@pytest.fixture
def tab(engine: tuple[str, WebDriver], built_site: Path) -> Iterator[Tab]:
    name, driver = engine
    server = HookedServer(built_site)
    driver.set_window_size(*WINDOW)
    try:
        yield Tab(name, driver, server)
    finally:
        _leave(driver)
        server.close()


@pytest.fixture
def another_tab(tab: Tab, built_site: Path) -> Iterator[Callable[[], Tab]]:
    """``another_tab()``: the same window on another new server of the site (another visitor)."""
    servers: list[HookedServer] = []

    def make() -> Tab:
        server = HookedServer(built_site)
        servers.append(server)
        return Tab(tab.engine, tab.driver, server)

    try:
        yield make
    finally:
        for server in servers:
            server.close()
