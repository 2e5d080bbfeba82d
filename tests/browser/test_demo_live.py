"""The live engine on the built pages: Pyodide in the module worker replays the hand with a
changed option exactly as CPython does; a seat refuses an illegal move naming the paragraph;
with the Pyodide files blocked the recorded hand still steps and the failure is shown.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from engine import live  # noqa: E402  (the repository's engine, in CPython)

DEMO_PAGE = "en/playoff-beating.html"
HAND = "playoff-beating"
ENGINE_WAIT_MS = 60_000


def open_demo(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")


def wait_engine(page: Any) -> str:
    page.wait_for_function(
        "() => { const e = window.__cardLottery.engine; return e && (e.status === 'ready' || e.status === 'failed'); }",
        timeout=ENGINE_WAIT_MS,
    )
    return page.evaluate("() => window.__cardLottery.engine.status")


def page_setup(page: Any, hand: str = HAND) -> dict[str, Any]:
    """The page's set-up of the hand, as the demo sends it for a live replay (without the notes,
    which belong to the recorded hand)."""
    setup = json.loads(page.text_content(f"#demo-{hand} script.demo-setup"))
    setup.pop("notes", None)
    return setup


def expected_trace(setup: dict[str, Any]) -> dict[str, Any]:
    told = json.loads(live.replay(json.dumps(setup)))
    assert "steps" in told, told
    return told


def demo_trace(page: Any) -> dict[str, Any]:
    return page.evaluate(
        """() => { const d = window.__cardLottery.demos[0];
                   return {source: d.source, steps: d.trace.steps, moves: d.trace.moves, n: d.n}; }""")


def sentence(page: Any) -> str:
    return page.text_content(f"#demo-{HAND} .demo-sentence")


def test_changed_option_replays_like_cpython(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    assert wait_engine(page) == "ready"
    app = f"#demo-{HAND} .demo-app"
    assert "ready" in page.text_content(f"{app} .live-status")

    page.click(f"{app} .live-settings summary")
    page.select_option(f"{app} select[name='opt.beat']", "any_suit")
    page.click(f"{app} form[data-form=replay] button[type=submit]")
    page.wait_for_function("() => window.__cardLottery.demos[0].source === 'live'", timeout=ENGINE_WAIT_MS)

    setup = page_setup(page)
    setup["options"]["beat"] = "any_suit"
    expected = expected_trace(setup)
    shown = demo_trace(page)
    assert [s["text"] for s in shown["steps"]] == [s["text"]["en"] for s in expected["steps"]]
    assert [s["state"] for s in shown["steps"]] == [s["state"] for s in expected["steps"]]
    assert [s["event"] for s in shown["steps"]] == [s["event"] for s in expected["steps"]]
    assert shown["moves"] == expected["moves"]

    # The table shows the live hand: step to the end and read the narration.
    page.focus(app)
    page.keyboard.press("End")
    assert sentence(page) == expected["steps"][-1]["text"]["en"]
    page.wait_for_function("(h) => location.hash === h",
                           arg=f"#hand={HAND}&step={len(expected['steps'])}&opt.beat=any_suit")

    # Back to the recorded hand.
    page.click(f"{app} [data-action=reset]")
    assert demo_trace(page)["source"] == "recorded"
    assert page.console_errors == []


def test_seed_and_players_replay_like_cpython_in_russian(site_server, page):
    open_demo(page, site_server.url("ru/playoff-tricks.html"))
    assert wait_engine(page) == "ready"
    hand = "playoff-tricks"
    app = f"#demo-{hand} .demo-app"
    page.click(f"{app} .live-settings summary")
    page.fill(f"{app} input[name=seed]", "12345")
    page.fill(f"{app} input[name=players]", "5")
    page.click(f"{app} form[data-form=replay] button[type=submit]")
    page.wait_for_function("() => window.__cardLottery.demos[0].source === 'live'", timeout=ENGINE_WAIT_MS)
    setup = page_setup(page, hand)
    setup["seed"] = 12345
    setup["decks"] = None
    setup["players"] = 5
    expected = expected_trace(setup)
    shown = demo_trace(page)
    assert len(expected["seats"]) == 5
    assert [s["text"] for s in shown["steps"]] == [s["text"]["ru"] for s in expected["steps"]]
    assert [s["state"] for s in shown["steps"]] == [s["state"] for s in expected["steps"]]
    assert page.locator(f"{app} .seat").count() == 5


def test_deep_link_with_an_option_replays_when_the_engine_is_ready(site_server, page):
    open_demo(page, site_server.url(f"{DEMO_PAGE}#hand={HAND}&step=30&opt.fine=3"))
    # Readable at once, before the engine: the recorded hand and a notice that the link waits.
    assert page.locator(f"#demo-{HAND} .demo-notice").count() == 1
    assert wait_engine(page) == "ready"
    page.wait_for_function("() => window.__cardLottery.demos[0].source === 'live'", timeout=ENGINE_WAIT_MS)
    setup = page_setup(page)
    setup["options"]["fine"] = 3
    expected = expected_trace(setup)
    assert demo_trace(page)["n"] == 30
    assert sentence(page) == expected["steps"][29]["text"]["en"]
    assert page.input_value(f"#demo-{HAND} input[name='opt.fine']") == "3"


def test_a_seat_refuses_an_illegal_move_naming_the_paragraph(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    assert wait_engine(page) == "ready"
    app = f"#demo-{HAND} .demo-app"
    trace = demo_trace(page)
    seats = page.eval_on_selector_all(f"{app} .live-seat select option", "os => os.map(o => o.value)")
    assert "banker" in seats
    page.select_option(f"{app} .live-seat select", seats[0])
    page.click(f"{app} form[data-form=seat] button[type=submit]")
    page.wait_for_function("() => window.__cardLottery.demos[0].source === 'seat'", timeout=ENGINE_WAIT_MS)
    seat = page.evaluate("() => window.__cardLottery.demos[0].seat")
    assert seat["name"] == seats[0]
    assert seat["your_turn"], "in this hand the first player has a decision to make"
    before = demo_trace(page)
    # A typed move of the wrong kind, or with a card he does not hold: refused, state unchanged.
    wrong = "take" if seat["legal"][0].startswith("lead") else "lead 2S"
    page.fill(f"{app} .seat-move input", wrong)
    page.click(f"{app} .seat-move button[type=submit]")
    page.wait_for_function(
        "() => { const s = window.__cardLottery.demos[0].seat; return s && s.error; }", timeout=ENGINE_WAIT_MS)
    refusal = page.text_content(f"{app} .seat-refusal")
    assert "(p10)" in refusal
    assert page.locator(f"{app} .seat-refusal .demo-quote[data-paragraph=p10]").count() == 1
    assert len(demo_trace(page)["steps"]) == len(before["steps"])
    # A legal move, chosen from the highlighted buttons, is played; then undone.
    buttons = page.locator(f"{app} .legal-move")
    assert buttons.count() >= 1
    buttons.first.click()
    page.wait_for_function(
        "(n) => window.__cardLottery.demos[0].trace.steps.length > n && !window.__cardLottery.demos[0].busy",
        arg=len(before["steps"]), timeout=ENGINE_WAIT_MS)
    assert page.evaluate("() => window.__cardLottery.demos[0].seat.error") is None
    page.click(f"{app} [data-action=undo]")
    page.wait_for_function(
        "(n) => window.__cardLottery.demos[0].trace.steps.length === n && !window.__cardLottery.demos[0].busy",
        arg=len(before["steps"]), timeout=ENGINE_WAIT_MS)
    # Leaving the seat brings the hand back.
    page.click(f"{app} [data-action=leave-seat]")
    assert demo_trace(page)["source"] == "recorded"
    assert len(demo_trace(page)["steps"]) == len(trace["steps"])


def test_clicked_cards_that_cannot_beat_are_refused(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    assert wait_engine(page) == "ready"
    app = f"#demo-{HAND} .demo-app"
    # Find a seat that must answer a lead at its first decision and holds a card that does not beat.
    seats = page.eval_on_selector_all(f"{app} .live-seat select option", "os => os.map(o => o.value)")
    for name in seats:
        if name == "banker":
            continue
        page.select_option(f"{app} .live-seat select", name)
        page.click(f"{app} form[data-form=seat] button[type=submit]")
        page.wait_for_function("() => window.__cardLottery.demos[0].source === 'seat' && !window.__cardLottery.demos[0].busy",
                               timeout=ENGINE_WAIT_MS)
        seat = page.evaluate("() => window.__cardLottery.demos[0].seat")
        if seat["your_turn"] and seat["legal"] and seat["legal"][0].startswith(("beat", "take")):
            break
        page.click(f"{app} [data-action=leave-seat]")
    else:
        raise AssertionError("no seat of this hand answers a lead at its first decision")
    legal_covers = {m.split(">")[-1] for m in seat["legal"] if m.startswith("beat")}
    hand = page.eval_on_selector_all(f"{app} .seat.is-you .card-button", "bs => bs.map(b => b.dataset.card)")
    useless = [c for c in hand if c not in legal_covers]
    assert useless, "the seat holds a card that beats nothing led"
    page.click(f"{app} .seat.is-you .card-button[data-card='{useless[0]}']")
    assert page.get_attribute(f"{app} .seat.is-you .card-button[data-card='{useless[0]}']", "aria-pressed") == "true"
    page.click(f"{app} [data-action=send-selection]")
    page.wait_for_function(
        "() => { const s = window.__cardLottery.demos[0].seat; return s && s.error; }", timeout=ENGINE_WAIT_MS)
    assert "(p10" in page.text_content(f"{app} .seat-refusal")


def test_banker_seat_spreads_the_stakes(site_server, page):
    open_demo(page, site_server.url("en/table-and-round.html"))
    assert wait_engine(page) == "ready"
    hand = page.get_attribute("figure.demo[data-hand]", "data-hand")
    app = f"#demo-{hand} .demo-app"
    page.select_option(f"{app} .live-seat select", "banker")
    page.click(f"{app} form[data-form=seat] button[type=submit]")
    page.wait_for_function("() => window.__cardLottery.demos[0].source === 'seat' && !window.__cardLottery.demos[0].busy",
                           timeout=ENGINE_WAIT_MS)
    seat = page.evaluate("() => window.__cardLottery.demos[0].seat")
    assert seat["your_turn"] and seat["stake_total"]
    total = seat["stake_total"]
    inputs = page.locator(f"{app} .seat-stake input")
    assert inputs.count() == 4
    # Zero on a card is against p4.
    for i, value in enumerate([total, 0, 0, 0]):
        inputs.nth(i).fill(str(value))
    page.click(f"{app} .seat-stake button[type=submit]")
    page.wait_for_function(
        "() => { const s = window.__cardLottery.demos[0].seat; return s && s.error; }", timeout=ENGINE_WAIT_MS)
    assert "(p4)" in page.text_content(f"{app} .seat-refusal")
    # A fair spread is accepted.
    spread = [total - 3, 1, 1, 1]
    for i, value in enumerate(spread):
        inputs.nth(i).fill(str(value))
    page.click(f"{app} .seat-stake button[type=submit]")
    page.wait_for_function(
        "() => { const d = window.__cardLottery.demos[0]; return !d.busy && d.seat && !d.seat.error; }",
        timeout=ENGINE_WAIT_MS)
    moves = demo_trace(page)["moves"]
    assert moves[0]["move"] == "stake " + " ".join(map(str, spread))


def test_blocked_pyodide_keeps_the_recorded_hand(site_server, blocked_prefixes, page):
    blocked_prefixes.add("/pyodide/")
    open_demo(page, site_server.url(DEMO_PAGE))
    trace = json.loads(page.text_content(f"#demo-{HAND} script.demo-trace"))
    assert wait_engine(page) == "failed"
    status = page.locator(f"#demo-{HAND} .live-status")
    assert "could not start" in status.text_content()
    assert "is-error" in status.get_attribute("class")
    # The recorded hand steps as before.
    page.focus(f"#demo-{HAND} .demo-app")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert sentence(page) == trace["steps"][2]["text"]
    page.keyboard.press("End")
    assert sentence(page) == trace["steps"][-1]["text"]
    # The live controls stay disabled.
    assert page.locator(f"#demo-{HAND} .live-settings select[name='opt.beat']").is_disabled()


def test_blocked_engine_zip_keeps_the_recorded_hand(site_server, blocked_prefixes, page):
    blocked_prefixes.add("/engine/")
    open_demo(page, site_server.url("ru/" + DEMO_PAGE.split("/", 1)[1]))
    assert wait_engine(page) == "failed"
    assert "не запустился" in page.text_content(f"#demo-{HAND} .live-status")
    page.focus(f"#demo-{HAND} .demo-app")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(f"() => document.querySelector('#demo-{HAND} .demo-app').dataset.step") == "2"


def test_deep_link_options_without_an_engine_fall_back_with_a_notice(site_server, blocked_prefixes, page):
    blocked_prefixes.add("/pyodide/")
    open_demo(page, site_server.url(f"{DEMO_PAGE}#hand={HAND}&step=7&opt.beat=any_suit"))
    assert wait_engine(page) == "failed"
    page.wait_for_function(
        f"() => document.querySelectorAll('#demo-{HAND} .demo-notice').length >= 2")
    trace = json.loads(page.text_content(f"#demo-{HAND} script.demo-trace"))
    assert sentence(page) == trace["steps"][6]["text"]
    assert "not available" in page.text_content(f"#demo-{HAND} .demo-notices")


def test_a_loader_that_never_settles_times_out(site_server, blocked_prefixes, page):
    # Without its .wasm, Pyodide's loader never settles (PYODIDE.md): the client's timeout
    # (20 s) ends the wait, and says so.
    blocked_prefixes.add("/pyodide/pyodide.asm.wasm")
    open_demo(page, site_server.url(DEMO_PAGE))
    assert wait_engine(page) == "failed"
    assert page.evaluate("() => window.__cardLottery.engine.reason") == "timeout"
    assert "20 seconds" in page.text_content(f"#demo-{HAND} .live-status")
    page.focus(f"#demo-{HAND} .demo-app")
    page.keyboard.press("End")
    trace = json.loads(page.text_content(f"#demo-{HAND} script.demo-trace"))
    assert sentence(page) == trace["steps"][-1]["text"]
