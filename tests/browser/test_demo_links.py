"""Deep links: the URL's hash always means what the demo shows. A hash the visitor changes is
applied in full; the link's settings are the engine's to judge, and a wrong value is explained in
the engine's words; notices replace each other instead of piling up; a long seed survives the round
trip through the link.
"""

from __future__ import annotations

import pytest

from demo_helpers import ENGINE_WAIT_MS, assert_at, demo_state, embedded_trace, expected_replay, open_demo, page_setup

DEMO_PAGE = "en/playoff-beating.html"
HAND = "playoff-beating"
APP = f"#demo-{HAND} .demo-app"


def wait_source(page, source):
    page.wait_for_function("(s) => { const d = window.__cardLottery.demos[0]; return d.source === s && !d.busy; }",
                           arg=source, timeout=ENGINE_WAIT_MS)


def notices(page):
    return page.eval_on_selector_all(f"{APP} .demo-notice-text", "els => els.map(e => e.textContent)")


def test_a_link_with_settings_replays_and_a_changed_hash_brings_back_the_recorded_hand(site_server, page):
    open_demo(page, site_server.url(f"{DEMO_PAGE}#hand={HAND}&step=30&players=5"))
    # Readable at once, before the engine: the recorded hand, and one notice that the link waits.
    assert notices(page) == ["The link asks for other settings: the hand will be replayed with them when the live engine is ready."]
    wait_source(page, "live")
    setup = page_setup(page, HAND)
    setup["players"] = "5"
    expected = expected_replay(setup, "en")
    live = demo_state(page)
    assert live["n"] == 30 and [s["text"] for s in live["steps"]] == [s["text"] for s in expected["steps"]]
    assert notices(page) == []
    assert page.input_value(f"{APP} input[name=players]") == "5"
    # The visitor edits the hash: it now means the recorded hand at step 10, so that is what is shown.
    page.evaluate(f"() => {{ location.hash = '#hand={HAND}&step=10'; }}")
    wait_source(page, "recorded")
    assert_at(page, embedded_trace(page, HAND), 10, HAND)
    assert page.input_value(f"{APP} input[name=players]") == "3"
    assert page.console_errors == []


@pytest.mark.engine_loading
def test_notices_replace_each_other(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    for fragment in ("step=abc", "step=100000", "foo=1", "step=zzz"):
        page.evaluate(f"() => {{ location.hash = '#hand={HAND}&{fragment}'; }}")
        page.wait_for_timeout(100)
    assert len(notices(page)) <= 2  # at most one about the step and one about the link's settings
    assert any("zzz" in text for text in notices(page))
    assert not any("abc" in text or "100000" in text for text in notices(page))


def test_a_wrong_value_in_a_link_is_explained_in_the_engines_words(site_server, page):
    open_demo(page, site_server.url(f"{DEMO_PAGE}#hand={HAND}&step=4&players=18"))
    page.wait_for_function(f"() => [...document.querySelectorAll('{APP} .demo-notice-text')].some(e => e.textContent.includes('18'))",
                           timeout=ENGINE_WAIT_MS)
    text = " ".join(notices(page))
    assert "18 card players" in text and "(p2)" in text and "does not have" not in text
    assert demo_state(page)["source"] == "recorded"
    assert_at(page, embedded_trace(page, HAND), 4, HAND)
    page.evaluate(f"() => {{ location.hash = '#hand={HAND}&step=4&seed=abc'; }}")
    page.wait_for_function(f"() => [...document.querySelectorAll('{APP} .demo-notice-text')].some(e => e.textContent.includes('abc'))",
                           timeout=ENGINE_WAIT_MS)
    assert "the seed: 'abc' is not a whole number" in " ".join(notices(page))


def test_a_long_seed_goes_through_the_link_unchanged(site_server, page):
    seed = "9223372036854775807"  # 19 digits: more than a JavaScript number holds exactly
    open_demo(page, site_server.url(f"{DEMO_PAGE}#hand={HAND}&step=2&seed={seed}"))
    wait_source(page, "live")
    assert page.evaluate("() => window.__cardLottery.demos[0].settings.seed") == seed
    assert page.input_value(f"{APP} input[name=seed]") == seed
    page.focus(APP)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("(h) => location.hash === h", arg=f"#hand={HAND}&step=3&seed={seed}")
    # The link the demo wrote opens the same game.
    page.goto(site_server.url(f"en/text.html"))
    open_demo(page, site_server.url(f"{DEMO_PAGE}#hand={HAND}&step=3&seed={seed}"))
    wait_source(page, "live")
    assert demo_state(page)["n"] == 3
