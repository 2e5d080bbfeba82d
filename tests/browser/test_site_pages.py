"""Every built page loads in Chromium with no console error and no request outside the site's
origin; on a lesson page every demo is ready (those whose hands are fetched once they have come
near) and the live engine starts (its worker's requests included)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_helpers import as_returning_visitor, assert_same_origin

ENGINE_WAIT_MS = 60_000


def site_pages(site: Path, lang: str | None) -> list[str]:
    if lang is None:
        return ["index.html"]
    return sorted(p.relative_to(site).as_posix() for p in (site / lang).glob("*.html"))


def load(page: Any, url: str) -> dict[str, Any]:
    page.goto(url)
    page.wait_for_load_state("load")
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    figures = page.locator("figure.demo[data-hand]").count()
    # A heavy page fetches its later demos' hands as they come near: bring each near in turn.
    for figure in page.locator("figure.demo[data-hand]").all():
        figure.scroll_into_view_if_needed()
    try:
        page.wait_for_function("(n) => window.__cardLottery.demos.length >= n", arg=figures, timeout=10_000)
    except PlaywrightTimeout:
        pass  # the count below says how many started
    demos = page.evaluate("() => window.__cardLottery.demos.length")
    engine = None
    if figures:
        page.locator("figure.demo[data-hand]").first.scroll_into_view_if_needed()  # the engine starts in view
        page.wait_for_function(
            "() => { const e = window.__cardLottery.engine; return e && (e.status === 'ready' || e.status === 'failed'); }",
            timeout=ENGINE_WAIT_MS)
        engine = page.evaluate("() => [window.__cardLottery.engine.status, window.__cardLottery.engine.reason]")
    return {"demos": demos, "figures": figures, "engine": engine}


@pytest.mark.parametrize("lang", [None, "en", "ru"], ids=["landing", "en", "ru"])
def test_every_page_loads_cleanly(built_site, site_server, browser, lang):
    pages = site_pages(built_site, lang)
    assert pages, f"no pages built for {lang}"
    problems = []
    lessons_with_demos = 0
    for path in pages:
        context = as_returning_visitor(browser.new_context(), site_server)
        page = context.new_page()
        requests: list[str] = []
        errors: list[str] = []
        page.requests_seen = requests  # type: ignore[attr-defined]
        context.on("request", lambda request: requests.append(request.url))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
        try:
            info = load(page, site_server.url(path))
            if errors:
                problems.append(f"{path}: console errors: {errors}")
            if info["demos"] != info["figures"]:
                problems.append(f"{path}: {info['figures']} demos on the page, {info['demos']} started")
            if info["figures"]:
                lessons_with_demos += 1
                if info["engine"][0] != "ready":
                    problems.append(f"{path}: the live engine did not start: {info['engine']}")
            try:
                assert_same_origin(page, site_server)
            except AssertionError as error:
                problems.append(f"{path}: {error}")
        finally:
            context.close()
    assert not problems, "\n".join(problems)
    if lang is not None:
        assert lessons_with_demos >= 1, f"no {lang} page has a demo"
