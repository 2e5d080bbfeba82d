"""The demo's layout as people meet it, on a phone (390 × 844, touch) and a laptop (1280 × 800):
the controls stay put while stepping; the table, the step's sentence and the controls fit one screen
at every step of every lesson hand (in Russian too on the phone, where its longer sentences have the
least room); on a wide screen the demo uses the width it has; a seated visitor plays a move without
scrolling.
"""

from __future__ import annotations

import pytest

from browser_helpers import as_returning_visitor

from demo_helpers import HANDS, ENGINE_WAIT_MS, open_demo, wake_engine
from demo_walks import GEOMETRY, LIBRARY, SIZES


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


@pytest.mark.parametrize("size, lang", [("laptop", "en"), ("phone", "en"), ("phone", "ru")])  # Russian runs longer
def test_the_controls_stay_put_at_every_step(demo_walk, size, lang):
    walk = demo_walk("playoff-beating", size, lang)
    places: dict[tuple[int, int], int] = {}
    for n, read in enumerate(walk.forward, start=1):
        places.setdefault((round(read["geometry"]["next"]["top"]), round(read["geometry"]["next"]["left"])), n)
    assert walk.last_step == len(walk.trace["steps"]), "stepped to the end"
    assert len(places) == 1, "the Next button moved: " + "; ".join(f"from step {n} at {at}" for at, n in places.items())


@pytest.mark.parametrize("size, lang", [("laptop", "en"), ("phone", "en"), ("phone", "ru")])  # Russian runs longer
@pytest.mark.parametrize("hand", sorted(HANDS))
def test_the_table_its_sentence_and_the_controls_fit_one_screen_at_every_step(demo_walk, size, lang, hand):
    walk = demo_walk(hand, size, lang)
    room = SIZES[size]["height"]
    tallest = (0, 0)
    for n, read in enumerate(walk.forward, start=1):
        at = read["geometry"]
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


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("hand", sorted(HANDS) + sorted(LIBRARY))
def test_no_text_of_the_table_is_clipped_at_any_step(demo_walk, size, lang, hand):
    walk = demo_walk(hand, size, lang)
    found: dict[str, int] = {}
    for n, read in enumerate(walk.forward, start=1):
        for text in read["clipped"]:
            found.setdefault(text, n)
    assert walk.last_step == len(walk.trace["steps"]), "stepped to the end"
    assert not found, f"{len(found)} clipped: " + "; ".join(f"step {n}: {text}" for text, n in found.items())
