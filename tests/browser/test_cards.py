"""How a card looks is written once (sitegen/cards.py): the demo's script draws each card from it,
and the print view's sprite holds the same drawing. Compared here element by element, in Chromium:
a card the script draws on a lesson page against the symbol of the same card in a print view,
every card of the deck that print view shows, in both languages; and the colours of a red card.
"""

from __future__ import annotations

from typing import Any

import pytest

from demo_helpers import open_demo

# A lesson page (its script draws the cards) and a hand's print view (the build draws them).
LESSON = "{lang}/playoff-beating.html"
PRINT = "{lang}/hands/crowded-table-print.html"

# Each card of the print view's sprite beside the same card drawn by the script: the parts of each,
# as markup (the script's card carries its name in a <title> first, which the symbol leaves to the
# card that uses it).
COMPARE = """async (printUrl) => {
    const cards = await import(new URL('/assets/js/lib/cards-svg.js', location.href).href);
    const html = await (await fetch(printUrl)).text();
    const sheet = new DOMParser().parseFromString(html, 'text/html');
    const pairs = [];
    for (const symbol of sheet.querySelectorAll('.cl-sprite symbol')) {
        const code = symbol.id.replace('cl-card-', '');
        const drawn = cards.cardSvg(code === 'back' ? null : code);
        const parts = [...drawn.children].filter((part) => part.tagName !== 'title');
        pairs.push({code, script: parts.map((part) => part.outerHTML).join(''), sprite: symbol.innerHTML,
                    viewBox: [drawn.getAttribute('viewBox'), symbol.getAttribute('viewBox')]});
    }
    return pairs;
}"""


@pytest.mark.engine_loading
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_print_view_draws_each_card_as_the_demo_does(site_server: Any, page: Any, lang: str) -> None:
    open_demo(page, site_server.url(LESSON.format(lang=lang)))
    pairs = page.evaluate(COMPARE, site_server.url(PRINT.format(lang=lang)))
    assert len(pairs) > 20 and any(pair["code"] == "back" for pair in pairs)
    for pair in pairs:
        assert pair["script"] == pair["sprite"], pair["code"]
        assert pair["viewBox"][0] == pair["viewBox"][1], pair["code"]
    assert page.console_errors == []


@pytest.mark.engine_loading
def test_a_printed_card_is_named_and_coloured_as_the_demos(site_server: Any, page: Any) -> None:
    page.goto(site_server.url(PRINT.format(lang="ru")))
    printed = page.evaluate("""() => { const card = document.querySelector('.print-sheet svg.card-red');
        return {label: card.getAttribute('aria-label'), title: card.querySelector('title').textContent,
                fill: getComputedStyle(card).fill, href: card.querySelector('use').getAttribute('href'),
                symbol: !!document.getElementById(card.querySelector('use').getAttribute('href').slice(1))}; }""")
    assert printed["label"] == printed["title"] and printed["label"].endswith(("червей", "бубен"))
    assert printed["fill"] == "rgb(179, 38, 30)"  # demo.css: a red card's colour
    assert printed["symbol"], printed["href"]
    assert page.console_errors == []
