"""The live engine on the built pages: Pyodide in the module worker replays the hand with changed
settings exactly as CPython does; a seated visitor picks his cards among those the engine allows and
plays the moves it offers; refusals are worded to the visitor in the page's language; a dead worker
is restarted; with the runtime blocked the recorded hand still steps and the failure is shown.
"""

from __future__ import annotations

import re
import time

import pytest

from demo_helpers import (
    ENGINE_WAIT_MS, assert_at, ask_engine, demo_state, embedded_trace, expand, expected_replay, open_demo, page_setup,
    replay_with_option_like_cpython, shown, wake_engine,
)

from engine.words import count  # (demo_helpers puts the repository on the path)

DEMO_PAGE = "en/playoff-beating.html"
HAND = "playoff-beating"
APP = f"#demo-{HAND} .demo-app"


def sentence(page, hand=HAND):
    return page.text_content(f"#demo-{hand} .demo-sentence")


def take_seat(page, name, hand=HAND):
    app = f"#demo-{hand} .demo-app"
    page.select_option(f"{app} select[name=seat]", name)
    page.click(f"{app} form[data-form=seat] button[type=submit]")
    page.wait_for_function("() => { const d = window.__cardLottery.demos[0]; return d.source === 'seat' && !d.busy; }",
                           timeout=ENGINE_WAIT_MS)
    return demo_state(page)


def settled(page):
    page.wait_for_function("() => !window.__cardLottery.demos[0].busy", timeout=ENGINE_WAIT_MS)
    return demo_state(page)


def test_the_engine_waits_until_the_demo_is_in_view(site_server, page):
    page.set_viewport_size({"width": 1280, "height": 700})
    open_demo(page, site_server.url(DEMO_PAGE))  # the demo is far below the lesson's first screen
    page.wait_for_timeout(1500)
    assert page.evaluate("() => window.__cardLottery.engine.status") == "idle"
    # Not a byte of the runtime (the service worker keeps the site's own small files, the engine's
    # zip among them, but the runtime only once it is used).
    assert not [url for url in page.requests_seen if "/pyodide/" in url]
    assert wake_engine(page, HAND) == "ready"
    assert [url for url in page.requests_seen if "/pyodide/" in url]


@pytest.mark.first_visit  # the lesson demo's first visit: Pyodide started the ordinary way
def test_changed_option_replays_like_cpython(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    assert wake_engine(page, HAND) == "ready"
    assert page.evaluate("() => window.__cardLottery.engine.info.started") == "plain"
    assert "ready" in page.text_content(f"{APP} .live-status")
    expected = replay_with_option_like_cpython(page, HAND, "beat", "any_suit")
    # After the replay the table is in view, with the caption of the hand shown.
    top = page.evaluate(f"() => document.querySelector('{APP} .demo-board').getBoundingClientRect().top")
    assert 0 <= top < page.viewport_size["height"] / 2
    assert page.text_content(f"#demo-{HAND} figcaption").endswith(f"3 players, {len(expected['steps'])} steps")

    # The table shows the live hand; the URL says so.
    page.focus(APP)
    page.keyboard.press("End")
    assert sentence(page) == expected["steps"][-1]["text"]
    page.wait_for_function("(h) => location.hash === h",
                           arg=f"#hand={HAND}&step={len(expected['steps'])}&opt.beat=any_suit")
    page.click(f"{APP} [data-action=reset]")
    assert demo_state(page)["source"] == "recorded"
    assert page.console_errors == []


def test_seed_and_players_replay_like_cpython_in_russian_and_the_caption_follows(site_server, page):
    open_demo(page, site_server.url("ru/playoff-tricks.html"))
    hand = "playoff-tricks"
    app = f"#demo-{hand} .demo-app"
    assert wake_engine(page, hand) == "ready"
    page.click(f"{app} .live-settings summary")
    page.fill(f"{app} input[name=seed]", "12345")
    page.fill(f"{app} input[name=players]", "17")
    page.click(f"{app} form[data-form=replay] button[type=submit]")
    page.wait_for_function("() => window.__cardLottery.demos[0].source === 'live'", timeout=ENGINE_WAIT_MS)
    setup = page_setup(page, hand)
    setup.update(seed="12345", decks=None, players="17")
    expected = expected_replay(setup, "ru")
    live = demo_state(page)
    assert len(expected["seats"]) == 17
    assert [s["text"] for s in live["steps"]] == [s["text"] for s in expected["steps"]]
    assert [s["state"] for s in live["steps"]] == [s["state"] for s in expected["steps"]]
    assert page.locator(f"{app} .seat").count() == 17
    # The numerals agree with their nouns as the engine's words have them (43 шага, 45 шагов).
    steps = count(len(expected["steps"]), "step", "ru")
    assert page.text_content(f"#demo-{hand} figcaption") == f"Партия по шагам: 17 игроков, {steps}"


def test_a_refused_setting_is_explained_in_the_pages_language(site_server, page):
    open_demo(page, site_server.url("ru/playoff-beating.html"))
    assert wake_engine(page, HAND) == "ready"
    page.click(f"{APP} .live-settings summary")
    page.fill(f"{APP} input[name=players]", "18")
    page.click(f"{APP} form[data-form=replay] button[type=submit]")
    page.wait_for_function(f"() => !document.querySelector('{APP} .live-message').classList.contains('is-hidden')")
    message = page.text_content(f"{APP} .live-message")
    assert "Движок не переиграл партию: 18 игроков с картами, а нужно от 2 до 17" in message and "(§2)" in message
    assert demo_state(page)["source"] == "recorded"


def test_a_seated_visitor_chooses_cards_and_plays_a_move_the_engine_offers(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    assert wake_engine(page, HAND) == "ready"
    state = take_seat(page, "Boris")
    decision = state["seat"]["you"]["decision"]
    assert decision["kind"] == "lead" and decision["rule"] == "p10"
    # His hand: the cards the engine lets him choose are buttons; choosing one narrows the moves offered.
    you = f"{APP} .seat.is-you"
    buttons = page.eval_on_selector_all(f"{you} .card-button:not([disabled])", "bs => bs.map(b => b.dataset.card)")
    assert buttons == decision["cards"]
    first = decision["cards"][0]
    page.click(f"{you} .card-button[data-card='{first}']")
    assert page.get_attribute(f"{you} .card-button[data-card='{first}']", "aria-pressed") == "true"
    offered = page.eval_on_selector_all(f"{you} .legal-move", "bs => bs.map(b => b.dataset.move)")
    using = [m["move"] for m in decision["moves"] if first in m["cards"]]
    assert offered[0] == f"lead {first}" and set(offered) == set(using[:8])
    before = len(state["steps"])
    page.click(f"{you} .legal-move[data-move='lead {first}']")
    after = settled(page)
    assert len(after["steps"]) > before
    assert any(m["move"] == f"lead {first}" and m["who"] == "Boris" for m in after["moves"])
    # Undo brings back the decision; the game is the engine's (CPython answers the same).
    page.click(f"{APP} [data-action=undo]")
    undone = settled(page)
    assert len(undone["steps"]) == before and undone["seat"]["you"]["decision"] == decision
    assert page.console_errors == []


def test_a_typed_move_is_refused_to_you_in_russian_naming_the_paragraph_and_nothing_changes(site_server, page):
    open_demo(page, site_server.url("ru/playoff-beating.html"))
    assert wake_engine(page, HAND) == "ready"
    state = take_seat(page, "Борис")  # the Russian page names its players in Russian
    hand = state["steps"][-1]["state"]["hands"][1]
    missing = next(code for code in ("AS", "AH", "AD", "AC", "KS", "KC") if code not in hand)
    page.fill(f"{APP} .seat-move input", f"lead {missing}")
    page.click(f"{APP} .seat-move button[type=submit]")
    page.wait_for_function(f"() => !document.querySelector('{APP} .seat-refusal').classList.contains('is-hidden')")
    refusal = page.text_content(f"{APP} .seat-refusal")
    assert refusal.startswith("У вас нет ") and refusal.endswith("(§10).")
    assert "Ход «" not in refusal and "Можно:" not in refusal  # said once, to the visitor, without a list of moves
    assert len(demo_state(page)["steps"]) == len(state["steps"])
    # A ten typed as "10" is answered with the card's name, not with the notation "T".
    ten = next(code for code in ("TD", "TS", "TH", "TC") if code not in hand)
    names = {"TD": "десятки бубен", "TS": "десятки пик", "TH": "десятки червей", "TC": "десятки треф"}
    page.fill(f"{APP} .seat-move input", f"lead 10{ten[1]}")
    page.click(f"{APP} .seat-move button[type=submit]")
    page.wait_for_function(f"(old) => {{ const t = document.querySelector('{APP} .seat-refusal').textContent; return t && t !== old; }}",
                           arg=refusal)
    assert page.text_content(f"{APP} .seat-refusal") == f"У вас нет {names[ten]} (§10)."
    # A move of another kind than the decision.
    page.fill(f"{APP} .seat-move input", "take")
    page.click(f"{APP} .seat-move button[type=submit]")
    page.wait_for_function(f"() => document.querySelector('{APP} .seat-refusal').textContent.startsWith('Сейчас')")
    assert page.text_content(f"{APP} .seat-refusal") == "Сейчас вам нужно ходить (§10)."
    # A notation error, in Russian too.
    page.fill(f"{APP} .seat-move input", "dance")
    page.click(f"{APP} .seat-move button[type=submit]")
    page.wait_for_function(f"() => document.querySelector('{APP} .seat-refusal').textContent.includes('dance')")
    assert "неизвестный ход «dance»" in page.text_content(f"{APP} .seat-refusal").lower()


def test_a_russian_seat_names_the_banker_in_lower_case_and_cites_sections(site_server, page):
    open_demo(page, site_server.url("ru/table-and-round.html"))
    hand = "first-round"
    app = f"#demo-{hand} .demo-app"
    assert wake_engine(page, hand) == "ready"
    take_seat(page, "banker", hand)
    status = page.text_content(f"{app} .seat-status")
    assert status.startswith("Ваше место: банкир. Ваш ход. ") and status.endswith("(§4)"), status
    rules = page.locator(f"{app} .live-field .rule-ref").all_text_contents()
    assert rules and all(re.fullmatch(r" \(§\d+(, §\d+)*\)", rule) for rule in rules), rules
    assert page.text_content(f"#demo-{hand} .demo-quote.is-primary .quote-title").startswith("Текст, §")
    assert page.console_errors == []


def test_banker_seat_spreads_the_stakes(site_server, page):
    open_demo(page, site_server.url("en/table-and-round.html"))
    hand = "first-round"
    app = f"#demo-{hand} .demo-app"
    assert wake_engine(page, hand) == "ready"
    state = take_seat(page, "banker", hand)
    stake = state["seat"]["you"]["decision"]["stake"]
    inputs = page.locator(f"{app} .seat-stake input")
    assert inputs.count() == 4
    assert [inputs.nth(i).input_value() for i in range(4)] == [str(v) for v in stake["even"]]
    # Zero on a card is against p4.
    for i, value in enumerate([stake["total"], 0, 0, 0]):
        inputs.nth(i).fill(str(value))
    assert "is-wrong" not in page.get_attribute(f"{app} .stake-sum", "class")
    # A redraw keeps the figures typed: the even spread fills the fields once for each spread asked.
    page.evaluate("() => window.__cardLottery.demos[0].redraw()")
    assert [inputs.nth(i).input_value() for i in range(4)] == [str(stake["total"]), "0", "0", "0"]
    page.click(f"{app} .seat-stake button[type=submit]")
    page.wait_for_function(f"() => !document.querySelector('{app} .seat-refusal').classList.contains('is-hidden')")
    assert page.text_content(f"{app} .seat-refusal").endswith("(p4).")
    spread = [stake["total"] - 3, 1, 1, 1]
    for i, value in enumerate(spread):
        inputs.nth(i).fill(str(value))
    page.click(f"{app} .seat-stake button[type=submit]")
    page.wait_for_function("() => { const d = window.__cardLottery.demos[0]; return !d.busy && d.trace.moves.length > 0; }",
                           timeout=ENGINE_WAIT_MS)
    assert demo_state(page)["moves"][0]["move"] == "stake " + " ".join(map(str, spread))


def test_a_dead_worker_is_restarted_and_said_plainly_in_the_pages_language(site_server, page):
    open_demo(page, site_server.url("ru/playoff-beating.html"))
    assert wake_engine(page, HAND) == "ready"
    page.evaluate("() => window.__cardLottery.engine.worker.terminate()")
    page.select_option(f"{APP} select[name=seat]", "Борис")
    started = time.monotonic()
    page.click(f"{APP} form[data-form=seat] button[type=submit]")
    page.wait_for_function(f"() => !document.querySelector('{APP} .live-message').classList.contains('is-hidden')",
                           timeout=15_000)
    assert time.monotonic() - started < 8, "a silent worker is found within seconds"
    assert page.text_content(f"{APP} .live-message .live-message-text") == \
        "Движок перестал отвечать. Он перезапущен — попробуйте ещё раз."
    page.wait_for_function("() => window.__cardLottery.engine.status === 'ready'", timeout=ENGINE_WAIT_MS)
    assert page.evaluate("() => window.__cardLottery.engine.restarts") == 1
    page.click(f"{APP} .live-message [data-action=retry]")
    page.wait_for_function("() => window.__cardLottery.demos[0].source === 'seat'", timeout=ENGINE_WAIT_MS)
    assert demo_state(page)["seat"]["name"] == "Борис"
    assert page.console_errors == []


def test_blocked_pyodide_keeps_the_recorded_hand(site_server, blocked_prefixes, page):
    blocked_prefixes.add("/pyodide/")
    open_demo(page, site_server.url(DEMO_PAGE))
    trace = embedded_trace(page, HAND)
    assert wake_engine(page, HAND) == "failed"
    status = page.locator(f"{APP} .live-status")
    assert "could not start" in status.text_content() and "is-error" in status.get_attribute("class")
    assert page.locator(f"{APP} .live-status [data-action=retry]").is_visible()
    page.focus(APP)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert_at(page, trace, 3, HAND)
    page.keyboard.press("End")
    assert sentence(page) == trace["steps"][-1]["text"]
    assert page.locator(f"{APP} select[name='opt.beat']").is_disabled()


def test_blocked_engine_zip_keeps_the_recorded_hand(site_server, blocked_prefixes, page):
    blocked_prefixes.add("/engine/")
    open_demo(page, site_server.url("ru/playoff-beating.html"))
    assert wake_engine(page, HAND) == "failed"
    assert "не запустился" in page.text_content(f"{APP} .live-status")
    page.focus(APP)
    page.keyboard.press("ArrowRight")
    assert shown(page, HAND)["step"] == 2


def test_the_live_engine_answers_the_page_as_the_engine_answers_in_cpython(site_server, page):
    open_demo(page, site_server.url(DEMO_PAGE))
    assert wake_engine(page, HAND) == "ready"
    setup = page_setup(page, HAND)
    request = {"type": "replay", "setup": setup, "lang": "ru"}
    result = page.evaluate("(r) => window.__cardLottery.engine.request(r.type, {setup: r.setup, lang: r.lang})", request)
    assert expand(result) == expand(ask_engine(**request)["result"])


def test_the_engines_client_returns_a_result_or_throws_a_refusal(site_server, page):
    # One way for every page (lib/engine-client.js): `request` gives the result itself, and a
    # refusal is thrown as a Refusal with the engine's words in both languages and its paragraph.
    open_demo(page, site_server.url(DEMO_PAGE))
    assert wake_engine(page, HAND) == "ready"
    setup = page_setup(page, HAND)
    setup["options"]["beat"] = "nonsense"
    refused = page.evaluate("""async (setup) => { try { await window.__cardLottery.engine.request('replay', {setup, lang: 'en'});
        return null; } catch (error) { return {name: error.name, words: error.words, rule: error.rule, ru: error.in('ru')}; } }""", setup)
    expected = ask_engine(type="replay", setup=setup, lang="en")["refusal"]
    assert refused == {"name": "Refusal", "words": expected, "rule": "p10", "ru": expected["ru"]}
