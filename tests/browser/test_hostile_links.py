"""Hostile links to a lesson's demo (issue: limits before work, no Python in front of a person): a
link that asks for 10**8 players or a seed of 5,000 digits is refused at once in the engine's words,
with the field, the limit and the paragraph, in the page's language; the engine is not kept busy
and the recorded hand stays; a step too long to be exact is said as written."""

from __future__ import annotations

import pytest

from demo_helpers import ENGINE_WAIT_MS, open_demo

DEMO_PAGE = "{lang}/playoff-beating.html"
HAND = "playoff-beating"
APP = f"#demo-{HAND} .demo-app"


def notices(page):
    return page.eval_on_selector_all(f"{APP} .demo-notice-text", "els => els.map(e => e.textContent)")


def refused(page, words: str) -> str:
    page.wait_for_function(f"(w) => [...document.querySelectorAll('{APP} .demo-notice-text')]"
                           ".some(e => e.textContent.includes(w))", arg=words, timeout=ENGINE_WAIT_MS)
    text = " ".join(notices(page))
    assert "Error" not in text and "Exceeds the limit" not in text, text
    return text


def test_a_link_over_the_players_limit_is_refused_at_once_naming_the_field_the_limit_and_p2(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE.format(lang="en") + f"#hand={HAND}&step=3&players=100000000"))
    text = refused(page, "100000000")
    assert ("100000000 card players: a table has from 2 to 17, as the play-off needs two and a 52-card deck gives "
            "three cards each to at most 17 (p2)") in text
    # Refused, not timed out: the engine is free, the recorded hand is shown at the link's step, and
    # another link is served.
    page.wait_for_function("() => { const d = window.__cardLottery.demos[0]; return d.source === 'recorded' && !d.busy; }",
                           timeout=ENGINE_WAIT_MS)
    assert page.evaluate("() => window.__cardLottery.engine.restarts") == 0
    assert page.evaluate("() => window.__cardLottery.demos[0].n") == 3
    page.evaluate(f"() => {{ location.hash = '#hand={HAND}&step=2&seed={'9' * 5000}'; }}")
    text = refused(page, "the seed")
    assert "is not a whole number from 0 to 9223372036854775807" in text and "(5000 characters)" in text
    assert page.console_errors == []


def test_a_link_over_a_limit_is_refused_in_the_pages_language(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE.format(lang="ru") + f"#hand={HAND}&step=3&opt.stake={'9' * 30}"))
    text = refused(page, "stake")
    assert "настройка «stake» (§4):" in text and "— не целое число от 1 до 1000000000" in text


@pytest.mark.engine_loading
def test_a_step_too_long_to_be_exact_is_said_as_written(site_server, page):
    step = "9" * 23
    open_demo(page, site_server.url(DEMO_PAGE.format(lang="en") + f"#hand={HAND}&step={step}"))
    page.wait_for_function(f"() => document.querySelector('{APP} .demo-notice-text')", timeout=ENGINE_WAIT_MS)
    text = " ".join(notices(page))
    assert f"step {step}," in text and "e+" not in text, text
