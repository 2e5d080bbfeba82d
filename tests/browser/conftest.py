"""Fixtures for the Playwright browser tests (Debian's Chromium, headless).

- ``site_server``: the built site (``_site/``, the ``built_site`` of tests/conftest.py)
  served on 127.0.0.1.
- ``static_server``: a factory serving any directory the same way.
- ``browser`` / ``page``: Chromium, and a fresh context + page per test with
  ``page.requests_seen`` (every request URL) and ``page.console_errors``
  (console errors and uncaught page errors). Nothing is asserted at teardown.
  The context is a returning visitor's (``as_returning_visitor``: the build's memory snapshot
  kept, so the engine restores it), unless the test is marked ``first_visit`` (nothing kept: the
  engine starts the ordinary way) or ``engine_loading`` (the engine never gets past loading:
  ``with_engine_loading``, for a test that needs no engine). A test that makes its own context
  makes it a returning visitor's with ``as_returning_visitor(browser.new_context(...), site_server)``.
- ``demo_walk``: ``demo_walk(hand, size, lang)``, a reader's walk through a demo, made once per
  session and read by every test that asks the same of each step (demo_walks.py).

A test can make files look missing, e.g.
``site_server.blocked_prefixes.add("/pyodide/")`` (see ``blocked_prefixes``,
which also resets the set after the test), or the network look down for them
(``dropped_prefixes``: the connection closed without an answer).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from browser_helpers import (
    CHROMIUM_ARGS,
    TEST_CHROMIUM,
    ServedSite,
    StaticServer,
    as_returning_visitor,
    assert_same_origin,
    with_engine_loading,
)
from demo_walks import Walks

__all__ = ["assert_same_origin"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "first_visit: the `page` fixture's context is a first visit's: nothing kept, so the engine "
        "starts the ordinary way (without it, a returning visitor's: the engine restores the snapshot)",
    )
    config.addinivalue_line(
        "markers",
        "engine_loading: the `page` fixture's engine never gets past loading (its runtime is asked for and "
        "never comes): for a test of what a reader meets before the engine is ready, which needs no engine",
    )


@pytest.fixture(scope="session")
def site_server(built_site: Path) -> Iterator[ServedSite]:
    """Base URL (``http://127.0.0.1:PORT``) of the built site, served for the session."""
    server = StaticServer(built_site)
    try:
        yield server.site
    finally:
        server.close()


@pytest.fixture
def blocked_prefixes(site_server: ServedSite) -> Iterator[set[str]]:
    """The site server's set of 404'd path prefixes, emptied again after the test."""
    site_server.blocked_prefixes.clear()
    try:
        yield site_server.blocked_prefixes
    finally:
        site_server.blocked_prefixes.clear()


@pytest.fixture
def dropped_prefixes(site_server: ServedSite) -> Iterator[set[str]]:
    """The site server's set of path prefixes answered by a closed connection ("/": the network is
    down), emptied again after the test."""
    site_server.dropped_prefixes.clear()
    try:
        yield site_server.dropped_prefixes
    finally:
        site_server.dropped_prefixes.clear()


@pytest.fixture
def static_server() -> Iterator[Callable[[Path | str], ServedSite]]:
    """Factory: ``static_server(path)`` serves that directory until the test ends."""
    servers: list[StaticServer] = []

    def start(path: Path | str) -> ServedSite:
        server = StaticServer(path)
        servers.append(server)
        return server.site

    try:
        yield start
    finally:
        for server in servers:
            server.close()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    pw = sync_playwright().start()
    try:
        yield pw
    finally:
        pw.stop()


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    """Debian's Chromium headless shell (Playwright cannot download its own browsers here)."""
    if not os.access(TEST_CHROMIUM, os.X_OK):
        pytest.fail(
            f"{TEST_CHROMIUM} is missing: the browser tests need Debian's chromium-headless-shell. "
            "Run ./dev test (it installs it), or: apt-get install -y chromium-headless-shell",
            pytrace=False,
        )
    browser = playwright_instance.chromium.launch(executable_path=TEST_CHROMIUM, args=CHROMIUM_ARGS)
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture(scope="session")
def demo_walk(browser: Browser, site_server: ServedSite) -> Walks:
    """``demo_walk(hand, size, lang)``: the walk through that demo (demo_walks.py), made once."""
    return Walks(browser, site_server)


@pytest.fixture
def page(request: pytest.FixtureRequest, browser: Browser, site_server: ServedSite) -> Iterator[Page]:
    """A page in a fresh browser context, recording its requests and errors.

    The context is a returning visitor's (the snapshot kept: ``as_returning_visitor``); for a test
    marked ``first_visit``, a first visit's; for one marked ``engine_loading``, one in which the
    engine stays loading (``with_engine_loading``).

    ``page.requests_seen``: every request URL (pages and workers), in order.
    ``page.console_errors``: every console message of type error and every
    uncaught page error, as text.
    """
    context = browser.new_context()
    if request.node.get_closest_marker("engine_loading") is not None:
        with_engine_loading(context, site_server)
    elif request.node.get_closest_marker("first_visit") is None:
        as_returning_visitor(context, site_server)
    page = context.new_page()
    requests_seen: list[str] = []
    console_errors: list[str] = []
    page.requests_seen = requests_seen  # type: ignore[attr-defined]
    page.console_errors = console_errors  # type: ignore[attr-defined]

    def on_console(message: Any) -> None:
        if message.type == "error":
            location = message.location or {}
            where = location.get("url", "")
            if where:
                where = f" (at {where}:{location.get('lineNumber', 0)})"
            console_errors.append(f"console.error: {message.text}{where}")

    def on_page_error(error: Any) -> None:
        console_errors.append(f"pageerror: {error}")

    context.on("request", lambda request: requests_seen.append(request.url))
    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    try:
        yield page
    finally:
        context.close()
