"""The demo's layout as people meet it, on a phone (390 × 844, touch) and a laptop (1280 × 800):
the controls stay put while stepping; the table, the step's sentence and the controls fit one screen
at every step of every lesson hand (in Russian too on the phone, where its longer sentences have the
least room); on a wide screen the demo uses the width it has; a seated visitor plays a move without
scrolling.
"""

from __future__ import annotations

import pytest

from browser_helpers import as_returning_visitor

from demo_helpers import HANDS, ENGINE_WAIT_MS, embedded_trace, open_demo, wake_engine

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "laptop": LAPTOP}

# Where the parts of one demo are, in page coordinates, and the height the site's header takes of
# the screen while one scrolls (its own when it is sticky, as on a laptop; none when it scrolls
# away with the page, as on a phone).
GEOMETRY = """(hand) => {
    const app = document.querySelector(`#demo-${hand} .demo-app`);
    const box = (el) => { const r = el.getBoundingClientRect();
                          return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, width: r.width}; };
    const part = (sel) => box(app.querySelector(sel));
    return {table: part('.demo-table'), sentence: part('.demo-sentence'), controls: part('.demo-controls'),
            next: part('.step-next'), app: box(app),
            header: ['sticky', 'fixed'].includes(getComputedStyle(document.querySelector('.site-header')).position)
                    ? document.querySelector('.site-header').getBoundingClientRect().height : 0};
}"""


def open_at(page, size, hand, lang="en"):
    page.set_viewport_size(SIZES[size])
    open_demo(page, page.url_for(f"{lang}/{HANDS[hand]}"))
    page.evaluate("(hand) => document.querySelector(`#demo-${hand} .demo-board`).scrollIntoView({block: 'start'})", hand)
    page.focus(f"#demo-{hand} .demo-app")


@pytest.fixture
def page_at(site_server, browser):
    """A page factory for a viewport size, touch on the phone (a returning visitor's: conftest.py)."""
    contexts = []

    def make(size):
        context = as_returning_visitor(browser.new_context(viewport=SIZES[size], has_touch=size == "phone",
                                                           is_mobile=size == "phone"), site_server)
        contexts.append(context)
        page = context.new_page()
        page.url_for = site_server.url
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_controls_stay_put_over_fifty_steps(page_at, size):
    page = page_at(size)
    hand = "playoff-beating"
    open_at(page, size, hand)
    places = set()
    for _ in range(50):
        page.keyboard.press("ArrowRight")
        at = page.evaluate(GEOMETRY, hand)
        places.add((round(at["next"]["top"]), round(at["next"]["left"])))
    assert len(places) == 1, f"the Next button moved: {sorted(places)}"


@pytest.mark.parametrize("size, lang", [("laptop", "en"), ("phone", "en"), ("phone", "ru")])  # Russian runs longer
@pytest.mark.parametrize("hand", sorted(HANDS))
def test_the_table_its_sentence_and_the_controls_fit_one_screen_at_every_step(page_at, size, lang, hand):
    page = page_at(size)
    open_at(page, size, hand, lang)
    room = SIZES[size]["height"]
    steps = len(embedded_trace(page, hand)["steps"])
    tallest = (0, 0)
    for n in range(1, steps + 1):
        if n > 1:
            page.keyboard.press("ArrowRight")
        at = page.evaluate(GEOMETRY, hand)
        parts = (at["table"], at["sentence"], at["controls"])
        height = max(p["bottom"] for p in parts) - min(p["top"] for p in parts)
        tallest = max(tallest, (round(height), n))
    assert tallest[0] <= room - at["header"], f"{size}: {tallest[0]} px at step {tallest[1]}, the screen has {room}"


def test_on_a_wide_screen_the_demo_uses_the_width_and_sets_the_sentence_beside_the_table(page_at):
    page = page_at("laptop")
    page.set_viewport_size({"width": 1920, "height": 1080})
    open_demo(page, page.url_for("en/playoff-beating.html"))
    at = page.evaluate(GEOMETRY, "playoff-beating")
    assert at["app"]["width"] > 1400
    assert at["sentence"]["left"] > at["table"]["left"] + at["table"]["width"] - 1, "side by side"


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_seated_visitor_plays_a_move_without_scrolling(page_at, size):
    page = page_at(size)
    hand = "playoff-beating"
    open_at(page, size, hand)
    assert wake_engine(page, hand) == "ready"
    app = f"#demo-{hand} .demo-app"
    page.select_option(f"{app} select[name=seat]", "Boris")
    page.click(f"{app} form[data-form=seat] button[type=submit]")
    page.wait_for_function("() => { const d = window.__cardLottery.demos[0]; return d.source === 'seat' && !d.busy; }",
                           timeout=ENGINE_WAIT_MS)
    page.evaluate(f"() => document.querySelector('{app} .seat.is-you').scrollIntoView({{block: 'start'}})")
    scroll = page.evaluate("() => scrollY")
    card = page.locator(f"{app} .seat.is-you .card-button:not([disabled])").first
    in_view = "(el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
    assert card.evaluate(in_view)
    code = card.get_attribute("data-card")
    if size == "phone":
        card.tap()
    else:
        card.click()
    move = page.locator(f"{app} .seat.is-you .legal-move[data-move='lead {code}']")
    assert move.evaluate(in_view), "the move that plays the chosen card is on the same screen"
    if size == "phone":
        move.tap()
    else:
        move.click()
    page.wait_for_function(f"(c) => window.__cardLottery.demos[0].trace.moves.some(m => m.move === 'lead ' + c)",
                           arg=code, timeout=ENGINE_WAIT_MS)
    assert page.evaluate("() => scrollY") == scroll


# Every text of the table that does not show whole: a box whose content is wider or taller than the
# box (1 px of rounding allowed), or one cut with an ellipsis. Cards (SVG) and text kept for screen
# readers only are not drawn text; hidden zones are not drawn at all.
CLIPPED = r"""(hand) => {
    const table = document.querySelector(`#demo-${hand} .demo-table`);
    const clipped = [];
    for (const el of [table, ...table.querySelectorAll('*')]) {
        if (el.closest('svg') || el.closest('.visually-hidden') || !el.getClientRects().length) continue;
        const style = getComputedStyle(el);
        const drawn = (node) => node.textContent.replace(/\s/g, '').length;  // a card's name is not drawn text
        const svgText = [...el.querySelectorAll('svg')].reduce((sum, svg) => sum + drawn(svg), 0);
        if (style.display === 'inline' || drawn(el) <= svgText) continue;
        const wide = el.scrollWidth > el.clientWidth + 1, tall = el.scrollHeight > el.clientHeight + 1;
        if (wide || tall) {
            clipped.push(`${el.className || el.tagName} «${el.textContent.trim().slice(0, 40)}» `
                         + `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`
                         + (style.textOverflow === 'ellipsis' ? ' (ellipsis)' : ''));
        }
    }
    return clipped;
}"""

# The lesson hands, and from the hands library the tables at the ends of the range: two players and
# seventeen (no annotated hand has exactly six; the largest below seventeen have ten and twelve).
LIBRARY = {"two-players": "hands/two-players.html", "sits-out": "hands/sits-out.html",
           "seventeen-players": "hands/seventeen-players.html"}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("hand", sorted(HANDS) + sorted(LIBRARY))
def test_no_text_of_the_table_is_clipped_at_any_step(page_at, size, lang, hand):
    page = page_at(size)
    page.set_viewport_size(SIZES[size])
    open_demo(page, page.url_for(f"{lang}/{HANDS.get(hand) or LIBRARY[hand]}"))
    page.focus(f"#demo-{hand} .demo-app")
    steps = len(embedded_trace(page, hand)["steps"])
    found: dict[str, int] = {}
    for n in range(1, steps + 1):
        if n > 1:
            page.keyboard.press("ArrowRight")
        for text in page.evaluate(CLIPPED, hand):
            found.setdefault(text, n)
    assert int(page.get_attribute(f"#demo-{hand} .demo-app", "data-step")) == steps, "stepped to the end"
    assert not found, f"{len(found)} clipped: " + "; ".join(f"step {n}: {text}" for text, n in found.items())
