"""The seated visitor's hint and his choice of opponents, on a lesson page: the hint is asked with
the keyboard, shown in words and figures (every move, best first) and said to screen readers; it is
the analysis of his decision as he knows the game, never with the hidden cards; it is refused in
words when it is not his decision of the play-off. The strong opponents play the game CPython's
strong players play. What the page must show is asked of the engine in CPython, and the analysis
is made here too.
"""

from __future__ import annotations

import json
from typing import Any

from demo_helpers import ENGINE_WAIT_MS, ask_engine, demo_state, open_demo, wake_engine

from engine.analysis import KNOWN_SAMPLES, analyse  # (demo_helpers puts the repository on the path)
from engine.live import Seat
from engine.rng import draw
from engine.words import card_name
from sitegen.i18n import DEMO_STRINGS

HAND = "playoff-beating"
APP = f"#demo-{HAND} .demo-app"
PANEL = f"{APP} .seat-panel"


def take_seat(page: Any, name: str, opponents: str | None = None, hand: str = HAND) -> dict[str, Any]:
    app = f"#demo-{hand} .demo-app"
    if opponents is not None:
        page.select_option(f"{app} select[name=opponents]", opponents)
    page.select_option(f"{app} select[name=seat]", name)
    page.click(f"{app} form[data-form=seat] button[type=submit]")
    page.wait_for_function("() => { const d = window.__cardLottery.demos[0]; return d.source === 'seat' && !d.busy; }",
                           timeout=ENGINE_WAIT_MS)
    return demo_state(page)


def seat_setup(page: Any) -> dict[str, Any]:
    """The set-up the page sat down with (the recorded hand's, its moves left to the players)."""
    return dict(page.evaluate("() => window.__cardLottery.demos[0].seatedGame.setup"))


def test_a_hint_is_asked_with_the_keyboard_and_shows_every_move_as_the_visitor_knows_the_game(site_server, page):
    words = DEMO_STRINGS["en"]
    open_demo(page, site_server.url(f"en/hands/{HAND}.html"))
    assert wake_engine(page, HAND) == "ready"
    state = take_seat(page, "Boris")
    assert state["seat"]["you"]["decision"]["kind"] == "lead"
    button = f"{PANEL} [data-action=hint]"
    assert page.text_content(button) == words["hint_button"]
    assert page.locator(f"{PANEL} .seat-hint").is_hidden()

    page.focus(button)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => !document.querySelector('{PANEL} .seat-hint').classList.contains('is-hidden')",
                           timeout=ENGINE_WAIT_MS)
    assert page.evaluate("() => document.activeElement.dataset.action") == "hint"  # the focus stays on the button

    # What CPython's engine answers for the same seat, and the analysis made here.
    setup = seat_setup(page)
    seat = Seat(setup, "Boris", "en")
    game = seat.game
    expected = analyse(game, "known", samples=KNOWN_SAMPLES, seed=draw(seat.record.seed, len(game.actions)))
    ask_engine(type="seat", key="hint-test", setup=setup, seat="Boris", lang="en")
    hint = ask_engine(type="hint", key="hint-test", lang="en")["result"]
    assert hint["analysis"] == json.loads(json.dumps(expected.to_json()))
    shown = page.locator(f"{PANEL} .seat-hint-moves li").all_text_contents()
    assert shown == hint["reasons"] and len(shown) == len(expected.moves) > 1
    assert shown[0].endswith(", the best move.") and "on average (95% interval from " in shown[0]
    assert page.text_content(f"{PANEL} .seat-hint-best") == f"Hint. {hint['reasons'][0]}"
    assert page.get_attribute(f"{PANEL} .seat-hint-best", "role") == "status"  # said to screen readers
    assert page.text_content(f"{PANEL} .seat-hint-basis") == hint["basis"]
    # Never a hidden card: no other hand's card, nor any left in the dealer's deck, is named.
    text = page.text_content(f"{PANEL} .seat-hint")
    hidden = [c for s, cards in enumerate(game.hands) if s != 1 for c in cards]
    hidden += list(game.dealer_deck[game.dealer_next:])
    assert hidden and not [c for c in hidden if card_name(c, "en") in text]

    # A move makes the hint go: it was for the decision before.
    best = expected.best.move
    page.evaluate("(move) => window.__cardLottery.demos[0].seatedGame.move(move)", best)
    page.wait_for_function("() => !window.__cardLottery.demos[0].busy", timeout=ENGINE_WAIT_MS)
    assert page.locator(f"{PANEL} .seat-hint").is_hidden()
    assert page.console_errors == []


def test_a_hint_is_refused_in_words_at_the_bankers_spread(site_server, page):
    hand = "first-round"
    panel = f"#demo-{hand} .demo-app .seat-panel"
    open_demo(page, site_server.url("ru/table-and-round.html"))
    assert wake_engine(page, hand) == "ready"
    take_seat(page, "banker", hand=hand)
    page.click(f"{panel} [data-action=hint]")
    page.wait_for_function(f"() => !document.querySelector('{panel} .seat-refusal').classList.contains('is-hidden')",
                           timeout=ENGINE_WAIT_MS)
    assert page.text_content(f"{panel} .seat-refusal") == (
        "Подсказка даётся только в розыгрыше — когда нужно пойти, отбиться или забрать, положить карту во взятку, — "
        "а не когда банкир распределяет сумму по картам.")
    assert page.locator(f"{panel} .seat-hint").is_hidden()
    assert page.console_errors == []


def test_a_visitor_chooses_the_strong_opponents_and_plays_the_game_cpython_plays(site_server, page):
    open_demo(page, site_server.url(f"en/hands/{HAND}.html"))
    assert wake_engine(page, HAND) == "ready"
    options = page.locator(f"{APP} select[name=opponents] option").all_text_contents()
    assert options == [DEMO_STRINGS["en"]["opponents_default"], DEMO_STRINGS["en"]["opponents_strong"]]
    assert page.input_value(f"{APP} select[name=opponents]") == "default"  # unless the visitor chooses
    state = take_seat(page, "Boris", "strong")
    assert state["seat"]["you"]["opponents"] == "strong"
    assert page.text_content(f"{PANEL} .seat-status").startswith("Your seat: Boris. Your turn.")
    assert page.text_content(f"{PANEL} .seat-opponents") == "Opponents: the strong computer players."
    # Boris leads first here: a lead of his after which the strong players answer otherwise than the
    # default ones would (CPython's seats, played here).
    setup = seat_setup(page)
    for lead in Seat(setup, "Boris", "en").game.legal_actions()[:6]:
        strong, default = Seat(setup, "Boris", "en", "strong"), Seat(setup, "Boris", "en")
        strong.move(str(lead))
        default.move(str(lead))
        if strong.game.actions != default.game.actions:
            break
    assert strong.game.actions != default.game.actions
    page.evaluate("(move) => window.__cardLottery.demos[0].seatedGame.move(move)", str(lead))
    state = demo_state(page)
    assert [m["move"] for m in state["moves"]] == [str(a) for a in strong.game.actions]
    # A choice the engine does not know (only a page could send it) is refused in words.
    page.click(f"{PANEL} [data-action=leave-seat]")
    page.click(f"{PANEL} [data-action=leave-seat-confirmed]")
    page.evaluate("() => { window.__cardLottery.demos[0].seatedGame.opponents = 'grandmaster'; }")
    page.select_option(f"{APP} select[name=seat]", "Boris")
    page.click(f"{APP} form[data-form=seat] button[type=submit]")
    page.wait_for_function(f"() => !document.querySelector('{APP} .live-message').classList.contains('is-hidden')",
                           timeout=ENGINE_WAIT_MS)
    refusal = ask_engine(type="seat", key="x", setup=setup, seat="Boris", opponents="grandmaster", lang="en")["refusal"]
    assert refusal["en"] in page.text_content(f"{APP} .live-message")
    assert "the default ones (default) or the strong ones (strong)" in refusal["en"]
    assert demo_state(page)["seat"] is None
