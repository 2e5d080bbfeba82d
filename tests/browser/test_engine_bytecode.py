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

from demo_helpers import ENGINE_WAIT_MS, demo_state, expected_replay, open_demo, page_setup, wake_engine

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


def replays_like_cpython(page: Any) -> None:
    app = f"#demo-{HAND} .demo-app"
    page.click(f"{app} .live-settings summary")
    page.select_option(f"{app} select[name='opt.beat']", "any_suit")
    page.click(f"{app} form[data-form=replay] button[type=submit]")
    page.wait_for_function("() => window.__cardLottery.demos[0].source === 'live'", timeout=ENGINE_WAIT_MS)
    setup = page_setup(page, HAND)
    setup["options"]["beat"] = "any_suit"
    expected = expected_replay(setup, "en")
    shown = demo_state(page)
    assert [s["text"] for s in shown["steps"]] == [s["text"] for s in expected["steps"]]
    assert [s["state"] for s in shown["steps"]] == [s["state"] for s in expected["steps"]]


def test_the_engine_runs_the_bytecode_made_for_its_runtime(site_server, lone_page):
    open_demo(lone_page, site_server.url(DEMO_PAGE))
    info = started(lone_page)
    assert info["started"] == "plain" and info["code"] == "bytecode", info
    engines = [url for url in lone_page.requests_seen if "/engine/" in url]
    assert engines == [engine_url(lone_page)]  # the source is not fetched
    replays_like_cpython(lone_page)


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
    replays_like_cpython(lone_page)
    assert lone_page.evaluate("() => window.__cardLottery.engine.status") == "ready"
