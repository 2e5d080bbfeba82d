"""The demo on the built lesson pages: stepping by button, key and slider, the narration against
the trace embedded in the page, the table drawn at every step, autoplay, the move list, the text
view, the language switch and the reading page.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from demo_helpers import (
    ALL_HANDS, ENGINE_WAIT_MS, HANDS, assert_at, embedded_trace, expected_table, open_demo, shown, wake_engine,
)
from engine import card_name

DEMO_PAGE = "en/playoff-beating.html"  # a lesson page with a demo (lesson 3)
HAND = "playoff-beating"


@pytest.mark.engine_loading
def test_demo_renders_the_first_step_and_the_quotes(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    trace = embedded_trace(page, HAND)
    assert_at(page, trace, 1, HAND)
    # The governing paragraph is quoted in the original and in the translation.
    quote = page.locator(f"#demo-{HAND} .demo-quote.is-primary")
    assert quote.locator("blockquote[lang=ru]").count() == 1
    assert quote.locator("blockquote[lang=en]").count() == 1
    sources = json.loads(page.text_content("#source-paragraphs"))
    first_rule = trace["steps"][0]["event"]["rule"][0]
    assert quote.locator("blockquote[lang=ru]").text_content().strip() == sources[first_rule]["ru"]
    assert quote.locator("blockquote[lang=en]").text_content().strip() == sources[first_rule]["en"]
    # Cards carry their names (the engine's); face-down cards say so.
    page.evaluate("() => window.__cardLottery.demos[0].playback.goto(6)")
    names = page.eval_on_selector_all(f"#demo-{HAND} svg.card", "els => els.map(e => [e.dataset.card, e.getAttribute('aria-label')])")
    assert names and all(label for _, label in names), "every card has a text name"
    assert all(label == card_name(code, "en") for code, label in names if code)
    assert page.console_errors == []


@pytest.mark.engine_loading
def test_buttons_step_forward_back_first_last(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    trace = embedded_trace(page, HAND)
    total = len(trace["steps"])
    app = f"#demo-{HAND} .demo-app"
    for n in range(2, 6):
        page.click(f"{app} .step-next")
        assert_at(page, trace, n, HAND)
    page.click(f"{app} .step-prev")
    assert_at(page, trace, 4, HAND)
    page.click(f"{app} .step-last")
    assert_at(page, trace, total, HAND)
    assert page.get_attribute(f"{app} .step-next", "aria-disabled") == "true"
    page.click(f"{app} .step-next", force=True)  # nothing past the end (aria-disabled, still focusable)
    assert_at(page, trace, total, HAND)
    page.click(f"{app} .step-first")
    assert_at(page, trace, 1, HAND)
    assert page.console_errors == []


@pytest.mark.engine_loading
def test_held_button_repeats(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    button = page.locator(f"#demo-{HAND} .step-next")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(1000)
    page.mouse.up()
    after = shown(page, HAND)["step"]
    assert after >= 4, f"holding 'next' for a second should step several times, got to step {after}"
    page.wait_for_timeout(300)
    assert shown(page, HAND)["step"] == after, "the repeat stops when released"


@pytest.mark.engine_loading
def test_keys_step_without_scrolling_the_page(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    trace = embedded_trace(page, HAND)
    total = len(trace["steps"])
    # Every key the demo handles is kept from the page (no scrolling by the browser). Scroll
    # anchoring may still move the page by a few pixels when the table changes height.
    page.evaluate("""() => {
        window.__keys = [];
        window.addEventListener('keydown', (e) => window.__keys.push([e.key, e.defaultPrevented]));
    }""")
    page.focus(f"#demo-{HAND} .demo-app")
    scroll = page.evaluate("() => window.scrollY")
    for n in range(2, 5):
        page.keyboard.press("ArrowRight")
        assert_at(page, trace, n, HAND)
    page.keyboard.press("ArrowLeft")
    assert_at(page, trace, 3, HAND)
    page.keyboard.press("End")
    assert_at(page, trace, total, HAND)
    page.keyboard.press("Home")
    assert_at(page, trace, 1, HAND)
    assert abs(page.evaluate("() => window.scrollY") - scroll) < 40, "the keys must not scroll the page"
    # The keys also work with the focus on a button inside the demo.
    page.focus(f"#demo-{HAND} .step-play")
    page.keyboard.press("ArrowRight")
    assert_at(page, trace, 2, HAND)
    assert abs(page.evaluate("() => window.scrollY") - scroll) < 40
    keys = page.evaluate("() => window.__keys")
    assert [k for k, _ in keys] == ["ArrowRight"] * 3 + ["ArrowLeft", "End", "Home", "ArrowRight"]
    assert all(prevented for _, prevented in keys), keys
    # Each step is announced politely, with its note.
    step = trace["steps"][1]
    assert shown(page, HAND)["announced"] == step["text"] + (f" Note: {step['note']}" if step.get("note") else "")
    assert page.get_attribute(f"#demo-{HAND} .demo-announcer", "aria-live") == "polite"


@pytest.mark.engine_loading
def test_slider_moves_to_any_step(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    trace = embedded_trace(page, HAND)
    total = len(trace["steps"])
    slider = f"#demo-{HAND} .controls-slider"
    assert page.get_attribute(slider, "max") == str(total)
    # By keyboard on the slider itself.
    page.focus(slider)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert_at(page, trace, 3, HAND)
    page.keyboard.press("End")
    assert_at(page, trace, total, HAND)
    # By pointer: a click in the middle of the track.
    box = page.locator(slider).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    middle = shown(page, HAND)["step"]
    assert abs(middle - (1 + total) / 2) <= max(3, total / 10), middle
    assert_at(page, trace, middle, HAND)


@pytest.mark.engine_loading
def test_move_list_jumps_and_marks_the_current_move(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    trace = embedded_trace(page, HAND)
    moves = trace["moves"]
    assert moves, "the play-off hand has decisions"
    target = moves[len(moves) // 2]
    button = page.locator(f"#demo-{HAND} .move-button[data-step='{target['step']}']").last
    button.click()
    assert_at(page, trace, target["step"], HAND)
    current = page.locator(f"#demo-{HAND} .move-button[aria-current='step']")
    assert current.count() == 1
    assert current.get_attribute("data-step") == str(target["step"])
    # Round markers come from the `lay` events.
    rounds = [i + 1 for i, s in enumerate(trace["steps"]) if s["event"]["kind"] == "lay"]
    markers = page.eval_on_selector_all(f"#demo-{HAND} .move-round", "els => els.map(e => Number(e.dataset.step))")
    assert markers == rounds


@pytest.mark.engine_loading
def test_autoplay_advances_and_pauses(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    app = f"#demo-{HAND} .demo-app"
    page.select_option(f"{app} .controls-speed", "4")
    page.click(f"{app} .step-play")
    assert page.get_attribute(f"{app} .step-play", "aria-pressed") == "true"
    page.wait_for_function(
        "(sel) => Number(document.querySelector(sel).dataset.step) >= 3", arg=app, timeout=10000)
    page.click(f"{app} .step-play")
    assert page.get_attribute(f"{app} .step-play", "aria-pressed") == "false"
    paused = shown(page, HAND)["step"]
    page.wait_for_timeout(1500)
    assert shown(page, HAND)["step"] == paused


@pytest.mark.engine_loading
def test_table_as_text(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    trace = embedded_trace(page, HAND)
    app = f"#demo-{HAND} .demo-app"
    assert page.locator(f"{app} .demo-table-text").is_hidden()
    page.click(f"{app} .text-toggle")
    assert page.get_attribute(f"{app} .text-toggle", "aria-expanded") == "true"
    # Go to a step where somebody holds cards and check one of them is named in the text.
    n = next(i + 1 for i, s in enumerate(trace["steps"]) if s["event"]["kind"] == "playoff_start")
    page.evaluate("(n) => window.__cardLottery.demos[0].playback.goto(n)", n)
    text = page.text_content(f"{app} .demo-table-text")
    card = trace["steps"][n - 1]["state"]["hands"][0][0]
    assert card_name(card, "en") in text  # the engine's own name of the card, e.g. "queen of spades"
    assert trace["seats"][0] in text


REBUILT_BY_A_REDRAW = """(sel) => {
    const watch = new MutationObserver(() => {});
    watch.observe(document.querySelector(sel), {subtree: true, childList: true});
    window.__cardLottery.demos[0].redraw();
    const records = watch.takeRecords();
    watch.disconnect();
    return records.map((r) => `${r.target.nodeName} ${r.target.getAttribute('class') || ''}`); }"""


def rebuilt_by_a_redraw(page, app):
    """The elements whose children a redraw of the demo, at the same state, added or removed."""
    return page.evaluate(REBUILT_BY_A_REDRAW, app)


@pytest.mark.engine_loading
def test_a_redraw_that_changes_nothing_rebuilds_nothing(site_server, page):
    # A view draws a list or a row of cards again only when what it shows changed (lib/dom.js
    # needsDrawing): redrawn at the same step, with the quotes, the cards on the table and the table
    # as text all shown, the demo adds or removes no node.
    open_demo(page, site_server.url(DEMO_PAGE))
    trace = embedded_trace(page, HAND)
    app = f"#demo-{HAND} .demo-app"
    page.click(f"{app} .text-toggle")
    n = next(i + 1 for i, s in enumerate(trace["steps"]) if s["event"]["kind"] == "beat")
    page.evaluate("(n) => window.__cardLottery.demos[0].playback.goto(n)", n)
    assert page.locator(f"{app} .trick-cards li").count() > 0 and page.locator(f"{app} .demo-quote").count() > 0
    assert page.locator(f"{app} .demo-table-text li").count() > 0
    assert rebuilt_by_a_redraw(page, app) == []


def test_a_redraw_of_a_seated_game_rebuilds_nothing(site_server, page):
    # Seated, with a card chosen and a hint shown: the hand to choose from, the moves offered, the
    # hint's moves and the live panel's seats are not drawn again by a redraw.
    open_demo(page, site_server.url(DEMO_PAGE))
    app = f"#demo-{HAND} .demo-app"
    panel = f"{app} .seat-panel"
    assert wake_engine(page, HAND) == "ready"
    # A seed typed in the settings stays through a redraw (the form is filled when the settings change).
    page.click(f"{app} .live-settings summary")
    seed = page.input_value(f"{app} input[name=seed]")
    page.fill(f"{app} input[name=seed]", "12345")
    assert rebuilt_by_a_redraw(page, app) == []
    assert page.input_value(f"{app} input[name=seed]") == "12345"
    page.fill(f"{app} input[name=seed]", seed)
    page.select_option(f"{app} select[name=seat]", "Boris")
    page.click(f"{app} form[data-form=seat] button[type=submit]")
    page.wait_for_function("() => { const d = window.__cardLottery.demos[0]; return d.source === 'seat' && !d.busy; }",
                           timeout=ENGINE_WAIT_MS)
    page.click(f"{panel} [data-action=hint]")
    page.wait_for_function(f"() => !document.querySelector('{panel} .seat-hint').classList.contains('is-hidden')",
                           timeout=ENGINE_WAIT_MS)
    page.click(f"{app} .seat.is-you .card-button:not([disabled])", strict=False)
    assert page.locator(f"{panel} .seat-moves li").count() > 0
    assert page.locator(f"{panel} .seat-hint-moves li").count() > 1
    assert page.locator(f"{app} select[name=seat] option").count() > 1
    assert rebuilt_by_a_redraw(page, app) == []
    assert page.console_errors == []


def test_a_redraw_of_the_practice_rebuilds_nothing(site_server, page):
    # Practising as Boris: the moves his chosen card makes, then the verdict on one of them, are
    # not drawn again by a redraw (nor the control's seats).
    open_demo(page, site_server.url(f"en/hands/{HAND}.html#hand={HAND}&step=1&practice=2"))
    app = f"#demo-{HAND} .demo-app"
    panel = f"{app} .practice-panel"
    assert wake_engine(page, HAND) == "ready"
    page.wait_for_function("() => window.__cardLottery.demos[0].practice.active")
    page.focus(app)
    page.keyboard.press("End")
    page.wait_for_function("() => window.__cardLottery.demos[0].practice.waiting() !== null")
    page.click(f"{app} .card-button:not([disabled])", strict=False)
    assert page.locator(f"{panel} .practice-moves li").count() > 0
    assert page.locator(f"{app} select[name=practice-seat] option").count() > 1
    assert rebuilt_by_a_redraw(page, app) == []
    page.click(f"{panel} .practice-try", strict=False)
    page.wait_for_function("(sel) => document.querySelectorAll(sel).length > 0", arg=f"{panel} .practice-verdict .practice-line",
                           timeout=ENGINE_WAIT_MS)
    assert rebuilt_by_a_redraw(page, app) == []
    assert page.console_errors == []


@pytest.mark.engine_loading
def test_a_redraw_of_a_notes_question_rebuilds_nothing(site_server, page):
    # A note's question, asked and then answered: its choices and its result are not drawn again.
    hand = "pair-beaten"
    app = f"#demo-{hand} .demo-app"
    box = f"{app} .demo-question"
    open_demo(page, site_server.url(f"en/hands/{hand}.html"))
    trace = embedded_trace(page, hand)
    step = next(i + 1 for i, s in enumerate(trace["steps"]) if "question" in s)
    page.evaluate("(n) => window.__cardLottery.demos[0].playback.goto(n)", step - 1)
    assert page.locator(f"{box} .question-choice").count() > 1
    assert rebuilt_by_a_redraw(page, app) == []
    page.click(f"{box} .question-choice:nth-child(1) label")
    page.click(f"{box} .question-form button[type=submit]")
    assert page.locator(f"{box} .question-result p").count() == 2
    assert rebuilt_by_a_redraw(page, app) == []
    assert page.console_errors == []


@pytest.mark.engine_loading
def test_deep_link_opens_at_its_step(site_server, page):
    open_demo(page, site_server.url(f"{DEMO_PAGE}#hand={HAND}&step=12"))
    trace = embedded_trace(page, HAND)
    assert_at(page, trace, 12, HAND)
    assert page.locator(f"#demo-{HAND} .demo-notice").count() == 0
    # Stepping updates the URL (replaceState) and the language switch carries it across.
    page.focus(f"#demo-{HAND} .demo-app")
    page.keyboard.press("ArrowRight")
    # The URL follows once the visitor pauses (debounced), and the language switch with it.
    page.wait_for_function("(h) => location.hash === h", arg=f"#hand={HAND}&step=13")
    switch = page.locator(".lang-switch a[hreflang]")
    assert switch.get_attribute("href").endswith(f"#hand={HAND}&step=13")
    switch.click()
    page.wait_for_url(re.compile(r"/ru/playoff-beating\.html#hand=playoff-beating&step=13$"))
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    ru_trace = embedded_trace(page, HAND)
    assert_at(page, ru_trace, 13, HAND)
    assert page.evaluate("() => localStorage.getItem('card-lottery.lang')") == "ru"


@pytest.mark.engine_loading
@pytest.mark.parametrize(
    "fragment, step, notice",
    [
        ("#hand=no-such-hand&step=5", 1, "no-such-hand"),
        (f"#hand={HAND}&step=100000", "last", "100000"),
        (f"#hand={HAND}&step=abc", 1, "abc"),
        (f"#hand={HAND}&step=4&<img src=x onerror=alert(1)>=1", 4, "<img src=x onerror=alert(1)>"),
        (f"#hand={HAND}&step=4&opt.trumps=hearts", 4, "opt.trumps=hearts"),
    ],
)
def test_bad_deep_links_show_a_notice_and_fall_back(site_server, page, fragment, step, notice):
    open_demo(page, site_server.url(DEMO_PAGE + fragment))
    trace = embedded_trace(page, HAND)
    expected = len(trace["steps"]) if step == "last" else step
    assert_at(page, trace, expected, HAND)
    notices = page.locator(f"#demo-{HAND} .demo-notice")
    assert notices.count() == 1
    assert notice in notices.first.text_content()
    assert page.locator(f"#demo-{HAND} .demo-notice img").count() == 0, "notices are text, never HTML"
    assert page.console_errors == []


def assert_walk_draws_its_trace(walk: Any) -> None:
    """The walk stepped the demo from step 1 to the end and back, as a reader does (demo_walks.py):
    the face-down cards, the hands, the cards on the table, the piles and the decks at every step
    are those of the trace."""
    trace = walk.trace
    assert len(walk.forward) == len(trace["steps"])
    for n, read in enumerate(walk.forward, start=1):
        assert read["drawn"] == expected_table(trace, n), f"step {n}: {trace['steps'][n - 1]['event']['kind']}"
    assert sorted(walk.back) == list(range(1, len(trace["steps"]))), "stepped back to the first step"
    for n in range(len(trace["steps"]) - 1, 0, -1):
        assert walk.back[n] == expected_table(trace, n), f"back at step {n}"
    assert walk.console_errors == []


@pytest.mark.parametrize("hand", sorted(HANDS))
def test_every_step_of_every_lesson_hand_draws_the_table_of_its_trace(demo_walk, hand):
    assert_walk_draws_its_trace(demo_walk(hand, "laptop", "en"))


@pytest.mark.parametrize("hand", sorted(set(ALL_HANDS) - set(HANDS)))
def test_every_step_of_every_other_annotated_hand_draws_the_table_of_its_trace(demo_walk, hand):
    # The hands that lessons show only under a switch, or not at all, on their own pages (in
    # Russian: the drawing does not depend on the language, the names and words do).
    assert_walk_draws_its_trace(demo_walk(hand, "laptop", "ru"))


@pytest.mark.engine_loading
def test_nothing_is_marked_changed_at_the_first_step(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    assert page.locator(f"#demo-{HAND} .is-changed").count() == 0
    page.focus(f"#demo-{HAND} .demo-app")
    page.keyboard.press("ArrowRight")
    assert page.locator(f"#demo-{HAND} .is-changed").count() > 0


@pytest.mark.engine_loading
def test_a_step_of_the_visitors_own_stops_autoplay(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    app = f"#demo-{HAND} .demo-app"
    page.select_option(f"{app} .controls-speed", "4")
    page.click(f"{app} .step-play")
    page.wait_for_function("(sel) => Number(document.querySelector(sel).dataset.step) >= 3", arg=app, timeout=10000)
    page.click(f"{app} .step-prev")
    assert page.get_attribute(f"{app} .step-play", "aria-pressed") == "false"
    stopped = shown(page, HAND)["step"]
    page.wait_for_timeout(1500)
    assert shown(page, HAND)["step"] == stopped


@pytest.mark.engine_loading
def test_the_language_switch_keeps_the_readers_place(site_server, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_demo(page, site_server.url("en/playoff-beating.html"))
    page.evaluate("() => document.getElementById('failing-to-beat').scrollIntoView({block: 'start'})")
    page.click(".lang-switch a")
    page.wait_for_url(re.compile(r"/ru/playoff-beating\.html#failing-to-beat$"))
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    top = page.evaluate("() => document.getElementById('failing-to-beat').getBoundingClientRect().top")
    header = page.evaluate("() => document.querySelector('.site-header').getBoundingClientRect().bottom")
    assert header <= top < header + 40, "the Russian page opens at the same section, just below the header"
    assert page.text_content("#failing-to-beat").startswith("Если отбиться нечем")


@pytest.mark.engine_loading
def test_landing_page_goes_to_the_remembered_language(site_server, page):
    page.goto(site_server.url("index.html"))
    page.evaluate("() => localStorage.setItem('card-lottery.lang', 'ru')")
    page.goto(site_server.url("index.html"))
    page.wait_for_url(re.compile(r"/ru/index\.html$"))
    assert page.evaluate("() => document.documentElement.lang") == "ru"


@pytest.mark.engine_loading
def test_reading_page_view_buttons_are_remembered_per_language(site_server, page):
    page.goto(site_server.url("en/text.html"))
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    buttons = page.locator(".view-toggle [data-view]")
    assert buttons.count() == 3 and page.locator(".view-toggle[hidden]").count() == 0
    russian_only = page.locator(".view-toggle [data-view=ru]")
    russian_only.click()
    assert russian_only.get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => document.documentElement.dataset.textView") == "ru"
    assert not page.locator(".para-en").first.is_visible(), "in the Russian-only view the translation is hidden"
    # Remembered on the next visit to this page...
    page.reload()
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    assert page.evaluate("() => document.documentElement.dataset.textView") == "ru"
    # ...but not carried to the other language's page, whose reader chose nothing yet.
    page.click(".lang-switch a")
    page.wait_for_url(re.compile(r"/ru/text\.html"))
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    assert page.evaluate("() => document.documentElement.dataset.textView") is None
    assert page.locator(".para-en").first.is_visible() and page.locator(".para-ru").first.is_visible()


@pytest.mark.engine_loading
def test_text_fallback_lists_every_step(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    trace = embedded_trace(page, HAND)
    items = f"#demo-{HAND} details.demo-text ol li"
    # The build writes the list, or leaves it for the script to fill when the page is heavy.
    page.wait_for_function("(sel) => document.querySelectorAll(sel).length > 0", arg=items)
    texts = page.eval_on_selector_all(items, "lis => lis.map(li => li.firstChild.textContent.trim())")
    assert texts == [s["text"] for s in trace["steps"]]


@pytest.mark.engine_loading
def test_reduced_motion_turns_animations_off(site_server, page):
    page.emulate_media(reduced_motion="reduce")
    open_demo(page, site_server.url(DEMO_PAGE))
    page.focus(f"#demo-{HAND} .demo-app")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    animated = page.evaluate(
        """(hand) => [...document.querySelectorAll(`#demo-${hand} .demo-app *`)]
            .filter(e => { const s = getComputedStyle(e); return s.animationName !== 'none' || parseFloat(s.transitionDuration) > 0; })
            .map(e => e.className.baseVal ?? e.className)""", HAND)
    assert animated == []
    assert page.locator(f"#demo-{HAND} .is-changed").count() > 0, "what changed is still marked, without motion"


@pytest.mark.engine_loading
def test_the_lessons_quote_of_the_governing_paragraph_is_highlighted(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    trace = embedded_trace(page, HAND)
    quoted = page.eval_on_selector_all("figure.quote[id^=quote-]", "fs => fs.map(f => f.id)")
    # A step governed by a paragraph this lesson quotes.
    n, rule = next((i + 1, s["event"]["rule"][0]) for i, s in enumerate(trace["steps"])
                   if f"quote-{s['event']['rule'][0]}" in quoted)
    page.evaluate("(n) => window.__cardLottery.demos[0].playback.goto(n)", n)
    assert "is-current-rule-primary" in page.get_attribute(f"#quote-{rule}", "class")
    others = page.eval_on_selector_all(".is-current-rule-primary", "els => els.map(e => e.id)")
    assert others == [f"quote-{rule}"] or set(others) <= {f"quote-{rule}"} | {q for q in quoted if q.startswith(f"quote-{rule}-")}


@pytest.mark.engine_loading
@pytest.mark.parametrize("lang, start", [("en", "Start"), ("ru", "Начало")])
def test_the_first_step_is_the_start_not_round_0(site_server, page, lang, start):
    # The stakes before the first deal were headed "Round 0".
    open_demo(page, site_server.url(f"{lang}/{HANDS[HAND]}"))
    trace = embedded_trace(page, HAND)
    assert trace["steps"][0]["state"]["round"] == 0, "the first step is before the first deal"
    heading = page.text_content(f"#demo-{HAND} .table-phase")
    assert start in heading and "0" not in heading, heading
