"""An axe-core audit of every built page: no serious or critical violation.

axe is injected as a script, which the pages' CSP forbids, so this test alone uses a browser
context with `bypass_csp=True`. On lesson pages the demo is audited in its richer states too:
the table as text shown, the settings form open, a seat taken.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from browser_helpers import as_returning_visitor

REPO_ROOT = Path(__file__).resolve().parents[2]
AXE = REPO_ROOT / "node_modules" / "axe-core" / "axe.min.js"
ENGINE_WAIT_MS = 60_000
SERIOUS = ("serious", "critical")


def audit(page: Any, scope: str | None = None) -> list[str]:
    """axe's serious and critical violations in the page, or only among the elements `scope` selects
    (a part of the page that changed since the whole page was audited: axe's page-wide checks, such
    as unique ids, still look at the whole document for the elements in scope)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        """async (scope) => {
            const r = await axe.run(scope || document, { resultTypes: ['violations'] });
            return r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' :: ' + n.failureSummary) }));
        }""", scope)
    return [json.dumps(v, ensure_ascii=False, indent=1) for v in result if v["impact"] in SERIOUS]


def pages(site: Path) -> list[str]:
    # kiosk/index.html only forwards to kiosk/LANG.html.
    return ["index.html"] + sorted(p.relative_to(site).as_posix() for p in site.glob("*/*.html") if p.name != "index.html"
                                   or p.parent.name != "kiosk")


def test_axe_finds_no_serious_violation(built_site, site_server, browser):
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run npm ci", pytrace=False)
    found = []
    # One returning visitor reads every page, as a reader goes from page to page; what a page keeps
    # (a seated game, a setting) is cleared before the next, which is audited as it is first met.
    context = as_returning_visitor(browser.new_context(bypass_csp=True), site_server)
    try:
        page = context.new_page()
        for path in pages(built_site):
            page.goto(site_server.url(path))
            page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
            found += [f"{path}: {v}" for v in audit(page)]
            if page.locator(".kiosk-invite").count():
                page.locator(".kiosk-invite").click()  # the visitor's screen, as well as the attract loop
            if page.locator("figure.demo .demo-app").count():
                # The demo's richer states: on a lesson page only the demo changes, so only it is
                # audited again; the kiosk's screen is the demo and its panels, audited whole.
                scope = None if page.locator(".kiosk-panel-tab").count() else "figure.demo"
                page.locator("figure.demo .demo-app").first.scroll_into_view_if_needed()  # the engine starts in view
                page.wait_for_function(
                    "() => { const e = window.__cardLottery.engine; return e && e.status !== 'loading' && e.status !== 'idle'; }",
                    timeout=ENGINE_WAIT_MS)
                app = page.locator("figure.demo .demo-app").first
                app.locator(".text-toggle").click()
                kiosk_tabs = page.locator(".kiosk-panel-tab")
                for panel in ("hands", "moves") if kiosk_tabs.count() else ():  # the kiosk's side column, each panel
                    page.locator(f".kiosk-panel-tab[data-panel={panel}]").click()
                    found += [f"{path} ({panel}): {v}" for v in audit(page, scope)]
                if kiosk_tabs.count():
                    page.locator(".kiosk-panel-tab[data-panel=play]").click()
                app.locator(".live-settings summary").click()
                found += [f"{path} (text, settings): {v}" for v in audit(page, scope)]
                app.locator("form[data-form=seat] button[type=submit]").click()
                page.wait_for_function(
                    "() => window.__cardLottery.demos[0].source === 'seat' && !window.__cardLottery.demos[0].busy",
                    timeout=ENGINE_WAIT_MS)
                found += [f"{path} (seated): {v}" for v in audit(page, scope)]
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")  # each page as first met
    finally:
        context.close()
    assert not found, "\n".join(found)
