"""The site in Firefox (Gecko) and in WebKit (Safari's engine), each test once in each: a lesson's
demo steps by keyboard and by tap with no error; a first visit starts the live engine without the
memory snapshot (its bytes are counted), replays like CPython and seats the visitor; the service
worker keeps the site and the engine for an offline reload; the kiosk loops and its idle reset
clears what the browser stored; a share link from the writer opens the hand; the numbers panel
plays 1,000 games as the command line does.

The share link and the numbers panel are opened by returning visitors (`Tab.keep_the_snapshot`:
the build's snapshot kept, as a first visit keeps it), as the Chromium tests open what does not test
a first start; each checks that its engine restored the snapshot.

Every page carries the test server's hook (served.py), which reports its errors: `tab.errors()`
must stay empty, and includes every request the server could not answer.
"""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
import zlib
from typing import Any

from selenium.webdriver.common.keys import Keys

from demo_helpers import REPO_ROOT, ask_engine, assert_at, demo_state, embedded_trace, expected_replay, page_setup
from engines import Tab

HAND = "playoff-beating"
PAGE = f"en/{HAND}.html"
APP = f"#demo-{HAND} .demo-app"
ENGINE_WAIT_S = 90  # a plain start on a loaded machine (the page's own guard is 20 s)
ENGINE_SETTLED = """() => { const e = window.__cardLottery && window.__cardLottery.engine;
    return e && (e.status === 'ready' || e.status === 'failed') && e.status; }"""
# Until the engine first answered, the page and its worker must not fetch more than this (measured
# 2026-12-05: Firefox 6.35 MB, WebKit 6.80 MB, which is sent gzip, not Brotli; the snapshot alone would
# add 5 MB of Brotli, 31 MB raw). What the service worker fetched meanwhile to keep the site offline
# is left out: it keeps the pages once the engine answered, so how much of it has arrived when the test
# reads the count is a race (1.5 MB when all of it has).
FIRST_VISIT_MAX_BYTES = 7_500_000


def wake_engine(tab: Tab, hand: str = HAND) -> str:
    """Bring the demo into view (the engine starts then) and wait until the engine is ready or failed."""
    tab.call("(css) => document.querySelector(css).scrollIntoView({block: 'center'})", f"#demo-{hand} .demo-app")
    return str(tab.wait(ENGINE_SETTLED, ENGINE_WAIT_S))


def engine_info(tab: Tab) -> dict[str, Any]:
    return dict(tab.call("() => window.__cardLottery.engine.info"))


def settled(tab: Tab) -> dict[str, Any]:
    tab.wait("() => !window.__cardLottery.demos[0].busy", ENGINE_WAIT_S)
    return demo_state(tab)


def replay_with_seed(tab: Tab, seed: str) -> None:
    """Replay the hand live with another seed (by the page's own form) and compare it with CPython."""
    tab.click(f"{APP} .live-settings summary")
    tab.fill(f"{APP} input[name=seed]", seed)
    tab.click(f"{APP} form[data-form=replay] button[type=submit]")
    tab.wait("() => window.__cardLottery.demos[0].source === 'live' && !window.__cardLottery.demos[0].busy",
             ENGINE_WAIT_S)
    setup = page_setup(tab, HAND)
    setup.update(seed=seed, decks=None)
    expected = expected_replay(setup, "en")
    live = demo_state(tab)
    assert [s["text"] for s in live["steps"]] == [s["text"] for s in expected["steps"]]
    assert [s["state"] for s in live["steps"]] == [s["state"] for s in expected["steps"]]
    assert live["moves"] == expected["moves"]


def test_a_lesson_page_loads_without_errors_and_its_demo_steps_by_keyboard_and_by_tap(tab: Tab) -> None:
    tab.open(PAGE)
    trace = embedded_trace(tab, HAND)
    assert_at(tab, trace, 1, HAND)
    tab.call("(css) => document.querySelector(css).focus()", APP)
    tab.press(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert_at(tab, trace, 3, HAND)
    tab.press(Keys.END)
    assert_at(tab, trace, len(trace["steps"]), HAND)
    tab.press(Keys.HOME)
    assert_at(tab, trace, 1, HAND)
    tab.tap(f"{APP} .step-next")
    assert_at(tab, trace, 2, HAND)
    tab.tap(f"{APP} .step-prev")
    assert_at(tab, trace, 1, HAND)
    assert tab.errors() == []


def test_a_first_visit_fetches_no_snapshot_and_the_live_engine_replays_and_seats_like_cpython(tab: Tab) -> None:
    tab.open(PAGE)
    assert wake_engine(tab) == "ready", tab.call("() => window.__cardLottery.engine.reason")
    info = engine_info(tab)
    assert info["started"] == "plain" and info["fallback"] == "not kept yet", info
    # The bytes of the first visit until the engine answered: the page and the runtime, not the
    # snapshot (which the page asks the service worker to keep only three seconds later).
    assert tab.server.log.bytes_to("/snapshot-") == 0, [s for s in tab.server.log.sent if "/snapshot-" in s.path]
    assert 0 < tab.server.log.bytes_fetched_by_pages() <= FIRST_VISIT_MAX_BYTES, tab.server.log.bytes_fetched_by_pages()
    replay_with_seed(tab, "4242")
    tab.click(f"{APP} [data-action=reset]")
    # A seat: Boris chooses a card the engine lets him, then the move it offers with it.
    tab.select(f"{APP} select[name=seat]", "Boris")
    tab.click(f"{APP} form[data-form=seat] button[type=submit]")
    tab.wait("() => { const d = window.__cardLottery.demos[0]; return d.source === 'seat' && !d.busy; }", ENGINE_WAIT_S)
    state = demo_state(tab)
    decision = state["seat"]["you"]["decision"]
    assert decision["kind"] == "lead" and decision["rule"] == "p10"
    you = f"{APP} .seat.is-you"
    first = decision["cards"][0]
    tab.tap(f"{you} .card-button[data-card='{first}']")
    tab.tap(f"{you} .legal-move[data-move='lead {first}']")
    after = settled(tab)
    assert any(m["move"] == f"lead {first}" and m["who"] == "Boris" for m in after["moves"])
    # The game the page shows is CPython's: the same seat at the same table, the same move.
    setup = tab.call("() => window.__cardLottery.demos[0].seatedGame.setup")
    assert "result" in ask_engine(type="seat", key="firefox-webkit", setup=setup, seat="Boris", lang="en")
    moved = ask_engine(type="move", key="firefox-webkit", text=f"lead {first}", lang="en")
    assert "result" in moved, moved
    assert [s["text"] for s in after["steps"]] == [s["text"] for s in moved["result"]["steps"]]
    assert tab.errors() == []


KEPT_FOR_OFFLINE = """async () => {
    const runtime = (await (await caches.open('card-lottery-runtime')).keys()).map((r) => r.url);
    const site = (await caches.keys()).find((name) => name.startsWith('card-lottery-site-'));
    const pages = site ? (await (await caches.open(site)).keys()).map((r) => r.url) : [];
    return runtime.some((u) => u.includes('/snapshot-')) && runtime.some((u) => u.endsWith('pyodide.asm.wasm'))
        && pages.some((u) => u.endsWith('/ru/hands/two-players.html'));
}"""


def test_the_service_worker_keeps_the_site_and_its_live_engine_for_an_offline_reload(tab: Tab) -> None:
    tab.open(PAGE)
    assert wake_engine(tab) == "ready"
    tab.wait("() => navigator.serviceWorker.controller !== null", 60)
    tab.wait(KEPT_FOR_OFFLINE, 60)
    tab.server.close()  # offline: the server is gone
    tab.reload()
    assert wake_engine(tab) == "ready", tab.call("() => window.__cardLottery.engine.reason")
    assert engine_info(tab)["started"] == "snapshot"  # from the copy the service worker kept
    replay_with_seed(tab, "5")
    # A hand's page never opened, with its demo.
    tab.keep_errors()
    tab.driver.get(tab.url("ru/hands/two-players.html"))
    tab.wait("() => window.__cardLottery && window.__cardLottery.ready")
    assert tab.call("() => document.querySelectorAll('#demo-two-players .demo-app').length") == 1
    assert tab.errors() == []


KIOSK = """() => { const k = window.__cardLottery && window.__cardLottery.kiosk;
    return k && {mode: k.mode, index: k.index, step: k.demo.n, lang: document.documentElement.lang}; }"""


def test_the_kiosk_loops_by_itself_and_its_idle_reset_clears_what_the_browser_stored(tab: Tab) -> None:
    tab.driver.set_window_size(1920, 1080)
    tab.open("kiosk/index.html?lang=en&speed=40&live=0&idle=3&countdown=2", ready=KIOSK)
    assert tab.call(KIOSK)["mode"] == "attract"
    tab.wait("() => window.__cardLottery.kiosk.demo.n > 3", 30)  # the loop steps by itself
    tab.call("() => { localStorage.setItem('card-lottery.lang', 'ru'); sessionStorage.setItem('x', '1'); }")
    tab.tap(".kiosk-invite")  # a visitor...
    assert tab.call(KIOSK)["mode"] == "visitor"
    tab.wait("() => window.__cardLottery.kiosk.mode === 'countdown'", 15)  # ...walks away
    tab.keep_errors()
    tab.wait("() => window.__cardLottery && window.__cardLottery.kiosk && window.__cardLottery.kiosk.mode === 'attract'"
             " && sessionStorage.getItem('x') === null", 20)
    assert tab.call("() => [localStorage.getItem('card-lottery.lang'), sessionStorage.getItem('x')]") == [None, None]
    assert tab.call(KIOSK)["lang"] == "en"
    assert tab.errors() == []


def unpack_link(link: str) -> str:
    """The record a share link carries (writer/codec.js: deflate-raw, then base64url)."""
    payload = link.split("#record=", 1)[1]
    data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    return zlib.decompress(data, -15).decode("utf-8")


WRITER_READY = """() => { const d = window.__cardLottery; return d && d.writer && d.engine &&
    (d.engine.status === 'ready' || d.engine.status === 'failed'); }"""
WRITER_SHOWN = """() => { const t = window.__cardLottery.writer.demo.trace;
    return {events: t.steps.map((s) => s.event), texts: t.steps.map((s) => s.text), seats: t.seats}; }"""


def test_a_share_link_from_the_writer_opens_the_hand(tab: Tab, another_tab: Any) -> None:
    # Both visitors have been here before (the snapshot kept): what is tested is the link, not a first start.
    tab.keep_the_snapshot()
    tab.open("en/write.html", ready=WRITER_READY, timeout_s=ENGINE_WAIT_S)
    assert tab.call("() => window.__cardLottery.engine.status") == "ready"
    assert engine_info(tab)["started"] == "snapshot"  # the kept one
    tab.click("[data-writer=copy-link]")
    link = tab.wait("() => document.querySelector('.writer-link').value", ENGINE_WAIT_S)
    assert link.startswith(tab.url("en/write.html#record="))
    record = unpack_link(link)
    expected = ask_engine(type="read_record", text=record, name="link")["result"]["trace"]
    assert tab.errors() == []
    # Another visitor (another origin: nothing stored) opens the link.
    other = another_tab()
    other.keep_the_snapshot()
    other.open(link.replace(tab.server.base, other.server.base), ready=WRITER_READY, timeout_s=ENGINE_WAIT_S)
    # Read in the same call that sees the hand arrive: Firefox has been seen (3 runs in about 10) to
    # lose the page's state between two calls here, a navigation not yet explained (see the note).
    shown = other.wait("() => { const d = window.__cardLottery; return d && d.writer && d.writer.demo.trace.steps.length"
                       " > 0 && document.querySelector('.writer-status').textContent.includes('link') && "
                       f"({WRITER_SHOWN})(); }}", ENGINE_WAIT_S)
    assert shown["events"] == [s["event"] for s in expected["steps"]]
    assert shown["texts"] == [s["text"] for s in expected["steps"]] and shown["seats"] == expected["seats"]
    assert engine_info(other)["started"] == "snapshot"
    assert other.errors() == []


NUMBERS = "() => window.__cardLottery && window.__cardLottery.numbers"


def test_the_numbers_panel_plays_a_thousand_games_as_the_command_line_does(tab: Tab) -> None:
    tab.keep_the_snapshot()  # a returning visitor: the games are tested, not a first start
    tab.open("en/the-numbers.html", ready=NUMBERS)
    tab.call("() => document.querySelector('section.numbers').scrollIntoView()")
    tab.select("#numbers-players", "3")
    tab.fill("#numbers-games", "1000")
    tab.fill("#numbers-seed", "11")
    tab.click(".numbers-run")
    tab.wait("() => { const s = window.__cardLottery.numbers; return (s.done > 0 || s.error) && !s.running; }", 180)
    state = tab.call("() => JSON.parse(JSON.stringify(window.__cardLottery.numbers))")
    assert state["error"] is None and state["done"] == 1000 and state["chunks"] >= 2
    args = [sys.executable, "-m", "engine", "simulate", "1000", "--players", "3", "--seed", "11", "--json"]
    cli = json.loads(subprocess.run(args, cwd=REPO_ROOT, capture_output=True, text=True, check=True, timeout=120).stdout)
    assert state["figures"] == cli
    assert re.search(r"1,?000", tab.text(".numbers-status"))
    assert engine_info(tab)["started"] == "snapshot"  # the kept one
    assert tab.errors() == []
