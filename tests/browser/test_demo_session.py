"""A seated game is kept for the tab: a reload or the language switch brings the visitor back to
his seat with the same moves; leaving an unfinished game asks first; a finished one offers a new
game.
"""

from __future__ import annotations

import re

import pytest

from demo_helpers import ENGINE_WAIT_MS, demo_state, open_demo, wake_engine

from sitegen.i18n import DEMO_STRINGS  # (demo_helpers puts the repository on the path)

HAND = "playoff-beating"
APP = f"#demo-{HAND} .demo-app"


def seated(page):
    page.wait_for_function("() => { const d = window.__cardLottery.demos[0]; return d.source === 'seat' && !d.busy; }",
                           timeout=ENGINE_WAIT_MS)
    return demo_state(page)


def play_first_move(page, state):
    """Make the first move the engine offers, as a visitor does: choose its cards, then the move."""
    move = state["seat"]["you"]["decision"]["moves"][0]
    count = len(state["moves"])
    for card in move["cards"]:
        page.click(f"{APP} .seat.is-you .card-button[data-card='{card}']")
    page.click(f"{APP} .seat.is-you .legal-move[data-move='{move['move']}']")
    page.wait_for_function("(n) => { const d = window.__cardLottery.demos[0]; return !d.busy && d.trace.moves.length > n; }",
                           arg=count, timeout=ENGINE_WAIT_MS)
    return seated(page)


def sit_and_lead(page, seat="Boris"):
    page.select_option(f"{APP} select[name=seat]", seat)
    page.click(f"{APP} form[data-form=seat] button[type=submit]")
    state = seated(page)
    if state["seat"]["you"]["decision"]["kind"] != "stake":
        return play_first_move(page, state)
    # The seated banker spreads the sum himself: the form comes filled with the even spread.
    count = len(state["moves"])
    page.click(f"{APP} .seat-stake button[type=submit]")
    page.wait_for_function("(n) => { const d = window.__cardLottery.demos[0]; return !d.busy && d.trace.moves.length > n; }",
                           arg=count, timeout=ENGINE_WAIT_MS)
    return seated(page)


# The first seat (index 0, the one chosen by default) was kept as `seat: 0` and lost, being false.
SEATS = {"first": ("Anna", "Анна"), "last": ("Vera", "Вера"), "banker": ("banker", "banker")}


@pytest.mark.parametrize("which", list(SEATS))
def test_a_reload_and_the_language_switch_keep_the_seated_game(site_server, page, which):
    english, russian_name = SEATS[which]
    open_demo(page, site_server.url(f"en/{HAND}.html"))
    assert wake_engine(page, HAND) == "ready"
    before = sit_and_lead(page, english)
    assert before["seat"]["name"] == english
    page.reload()
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    after = seated(page)
    assert after["moves"] == before["moves"] and after["seat"]["name"] == english
    assert DEMO_STRINGS["en"]["seat_restored"] in page.text_content(f"{APP} .demo-notices")
    # A restored game is news, not a problem.
    assert page.locator(f"{APP} .demo-notice.is-info").count() == 1
    assert page.locator(f"{APP} .demo-notice.is-problem").count() == 0
    page.click(".lang-switch a")
    page.wait_for_url(re.compile(r"/ru/playoff-beating\.html"))
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    russian = seated(page)
    assert [m["move"] for m in russian["moves"]] == [m["move"] for m in before["moves"]]
    assert russian["seat"]["name"] == russian_name, "the same seat, named as the Russian page names it"
    assert DEMO_STRINGS["ru"]["seat_restored"] in page.text_content(f"{APP} .demo-notices")
    if which != "banker" and russian["seat"]["you"]["turn"]:
        # The visitor's own turn agrees: «ваш ход», never «вы · ходит».
        badge = page.locator(f"{APP} .seat.is-you .seat-badge").first.text_content()
        assert "ваш ход" in badge and "ходит" not in badge, badge


def test_leaving_an_unfinished_game_asks_first(site_server, page):
    open_demo(page, site_server.url(f"en/{HAND}.html"))
    assert wake_engine(page, HAND) == "ready"
    sit_and_lead(page)
    page.click(f"{APP} .seat-panel [data-action=leave-seat]")
    assert page.locator(f"{APP} .seat-confirm").is_visible()
    assert demo_state(page)["source"] == "seat"
    page.click(f"{APP} [data-action=stay-seated]")
    assert not page.locator(f"{APP} .seat-confirm").is_visible() and demo_state(page)["source"] == "seat"
    page.click(f"{APP} .seat-panel [data-action=leave-seat]")
    page.click(f"{APP} [data-action=leave-seat-confirmed]")
    assert demo_state(page)["source"] == "recorded"
    assert page.evaluate("() => sessionStorage.length") == 0, "a game left is not kept"


def test_a_finished_game_offers_a_new_game_at_the_same_seat(site_server, page):
    open_demo(page, site_server.url(f"en/{HAND}.html"))
    assert wake_engine(page, HAND) == "ready"
    page.select_option(f"{APP} select[name=seat]", "Boris")
    page.click(f"{APP} form[data-form=seat] button[type=submit]")
    state = seated(page)
    for _ in range(60):  # play the first move offered until the game is over
        if state["seat"]["you"]["over"]:
            break
        state = play_first_move(page, state)
    assert state["seat"]["you"]["over"]
    assert "The game is over." in page.text_content(f"{APP} .seat-status")
    assert page.locator(f"{APP} .seat-selection, {APP} .selection-text:not(.is-hidden)").count() == 0
    old_seed = page.evaluate("() => window.__cardLottery.demos[0].seatedGame.setup.seed")
    page.click(f"{APP} [data-action=new-game]")
    page.wait_for_function("() => { const d = window.__cardLottery.demos[0]; return !d.busy && !d.seat.you.over; }",
                           timeout=ENGINE_WAIT_MS)
    new_seed = page.evaluate("() => window.__cardLottery.demos[0].seatedGame.setup.seed")
    assert str(new_seed) == str(int(old_seed) + 1)

