"""A page as its reader meets it: a paragraph link lands below the sticky header (a laptop), and no
page scrolls sideways on a 390 px phone (the hands filter's select and the sources page's long
address once made the page 476-730 px wide)."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser_helpers import as_returning_visitor

PHONE = {"width": 390, "height": 844}

# The hands' pages share one template: the smallest, the largest and the most crowded table stand
# for the hundred of them, with their print views.
HAND_PAGES = ["two-players", "seventeen-players", "crowded-table", "seventeen-players-print"]


def phone_pages(site: Path) -> list[str]:
    pages = ["index.html"]
    for lang in ("en", "ru"):
        pages += sorted(p.relative_to(site).as_posix() for p in (site / lang).glob("*.html"))
        pages += [f"{lang}/hands/{name}.html" for name in HAND_PAGES]
    return pages


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 900, "height": 700},
                                  {"width": 660, "height": 700}], ids=["laptop", "narrow-laptop", "tablet"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_paragraph_link_lands_below_the_sticky_header(browser, site_server, lang, size):
    context = browser.new_context(viewport=size)
    page = context.new_page()
    try:
        page.goto(site_server.url(f"{lang}/text.html#p5"))
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)  # the browser scrolls to the fragment after the layout settles
        boxes = page.evaluate("""() => {
            const header = document.querySelector('.site-header').getBoundingClientRect();
            const target = document.getElementById('p5').getBoundingClientRect();
            return {header: header.bottom, target: target.top, sticky: getComputedStyle(document.querySelector('.site-header')).position};
        }""")
        assert boxes["target"] >= boxes["header"] - 0.5, boxes
        assert boxes["target"] < size["height"] / 2, f"#p5 is not where the link led: {boxes}"
    finally:
        context.close()


def test_no_page_scrolls_sideways_on_a_phone(browser, built_site, site_server):
    context = as_returning_visitor(browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2),
                                   site_server)
    page = context.new_page()
    wide = []
    try:
        for path in phone_pages(built_site):
            assert (built_site / path).is_file(), f"{path} is not built"
            page.goto(site_server.url(path))
            page.wait_for_load_state("load")
            width = page.evaluate("""() => ({scroll: document.documentElement.scrollWidth,
                                             client: document.documentElement.clientWidth,
                                             widest: [...document.querySelectorAll('body *')]
                                               .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
                                               .slice(0, 3).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))})""")
            if width["scroll"] > width["client"]:
                wide.append(f"{path}: {width['scroll']} px wide in {width['client']} ({width['widest']})")
    finally:
        context.close()
    assert not wide, "\n".join(wide)
