"""The live engine runs the bytecode the build compiled for the runtime's Python (sitegen/bytecode.py),
and falls back to the engine's source when the runtime's magic number is not the one the bytecode
was made for; either way it replays like CPython.

Playwright's routing needs the service worker out of the way (`service_workers="block"`).
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from demo_helpers import open_demo, replay_with_option_like_cpython, wake_engine

DEMO_PAGE = "en/playoff-beating.html"
HAND = "playoff-beating"


@pytest.fixture
def lone_page(browser: Any) -> Iterator[Any]:
    """A page whose requests Playwright may route, and that starts the engine the ordinary way (no
    service worker, so no kept snapshot)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.requests_seen = []
    page.on("request", lambda request: page.requests_seen.append(request.url))
    try:
        yield page
    finally:
        context.close()


def engine_url(page: Any) -> str:
    return str(page.evaluate("() => new URL(document.documentElement.dataset.engineUrl, location.href).href"))


def started(page: Any) -> dict[str, Any]:
    assert wake_engine(page, HAND) == "ready", page.evaluate("() => window.__cardLottery.engine.failure")
    return dict(page.evaluate("() => window.__cardLottery.engine.info"))


def test_the_engine_runs_the_bytecode_made_for_its_runtime(site_server, lone_page):
    open_demo(lone_page, site_server.url(DEMO_PAGE))
    info = started(lone_page)
    assert info["started"] == "plain" and info["code"] == "bytecode", info
    engines = [url for url in lone_page.requests_seen if "/engine/" in url]
    assert engines == [engine_url(lone_page)]  # the source is not fetched
    replay_with_option_like_cpython(lone_page, HAND, "beat", "any_suit")


def test_a_runtime_of_another_magic_number_runs_the_source(site_server, lone_page):
    # The bytecode's zip as the build made it, but saying it was compiled for another Python.
    open_demo(lone_page, site_server.url(DEMO_PAGE))
    url = engine_url(lone_page)
    served = io.BytesIO()
    with zipfile.ZipFile(site_server.root / urlsplit(url).path.lstrip("/")) as made, zipfile.ZipFile(served, "w") as changed:
        for info in made.infolist():
            data = made.read(info)
            if info.filename == "bytecode.json":
                manifest = json.loads(data)
                source = manifest["source"]
                data = json.dumps({**manifest, "magic": "00000d0a"}).encode()
            changed.writestr(info, data)
    lone_page.route(url, lambda route: route.fulfill(status=200, body=served.getvalue(), content_type="application/zip"))
    info = started(lone_page)
    assert info["code"] == "source", info
    assert [u for u in lone_page.requests_seen if "/engine/" in u] == [url, url.rsplit("/", 1)[0] + "/" + source]
    replay_with_option_like_cpython(lone_page, HAND, "beat", "any_suit")
    assert lone_page.evaluate("() => window.__cardLottery.engine.status") == "ready"
