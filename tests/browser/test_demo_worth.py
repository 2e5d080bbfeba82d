"""The panel "What each move was worth" at a play-off decision step: the recorded hand's comes with
the page (the build's analysis, the same as CPython's engine answers), in English and in Russian,
with the move made marked in words; it never moves the step controls, nor makes a phone's page
scroll sideways; a hand replayed live asks the worker, says that it works meanwhile, and says in
words when it could not answer."""

from __future__ import annotations

from typing import Any

import pytest

from demo_helpers import (
    ENGINE_WAIT_MS, ask_engine, embedded_trace, open_demo, page_setup, replay_with_option_like_cpython, wake_engine,
)

from engine.catalogue import phase_part  # (demo_helpers puts the repository on the path)
from engine.game import Phase

HAND = "playoff-beating"
APP = f"#demo-{HAND} .demo-app"
PANEL = f"{APP} .demo-worth"

READ_PANEL = """(selector) => {
    const panel = document.querySelector(selector);
    const rows = [...panel.querySelectorAll('tbody tr')].map((row) => ({
        rank: row.children[0].textContent,
        spoken: row.querySelector('.worth-move .visually-hidden')?.textContent
                ?? row.querySelector('.worth-move').firstChild.textContent,
        move: row.querySelector('.worth-move').textContent,
        net: row.children[2].textContent, cost: row.children[3].textContent,
        played: row.classList.contains('is-played'),
    }));
    return {
        hidden: !!panel.closest('.is-hidden') || panel.classList.contains('is-hidden'),
        heading: panel.querySelector('h4').textContent,
        columns: [...panel.querySelectorAll('thead th')].map((th) => th.textContent),
        rows, status: panel.querySelector('.worth-status').textContent,
        statusShown: !panel.querySelector('.worth-status').classList.contains('is-hidden'),
        retry: !panel.querySelector('[data-action=worth-retry]').classList.contains('is-hidden'),
        about: panel.querySelector('.worth-about').textContent,
        reasons: [...panel.querySelectorAll('.worth-reasons li')].map((li) => li.textContent),
        assumption: panel.querySelector('.worth-assumption').textContent,
    };
}"""

CONTROLS_BOX = """(selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return [box.left + window.scrollX, box.top + window.scrollY, box.width, box.height];
}"""


def playoff_decisions(trace: dict[str, Any]) -> list[tuple[int, int]]:
    """(decision index, the step that shows its move) of each decision of the play-off, from the
    trace's moves and the phase the step before them stood in."""
    found = []
    for index, move in enumerate(trace["moves"]):
        before = trace["steps"][move["step"] - 2]["state"]["phase"]
        if phase_part(Phase(before)) == "playoff":
            found.append((index, move["step"]))
    return found


def go_to(page: Any, n: int) -> None:
    page.evaluate("([i, n]) => window.__cardLottery.demos[i].playback.goto(n)", [0, n])


def assert_panel_is(panel: dict[str, Any], expected: dict[str, Any]) -> None:
    assert not panel["hidden"] and not panel["statusShown"]
    assert [row["rank"] for row in panel["rows"]] == [str(m["rank"]) for m in expected["moves"]]
    assert [row["spoken"] for row in panel["rows"]] == [m["text"] for m in expected["moves"]]
    assert [row["net"] for row in panel["rows"]] == [m["net"] for m in expected["moves"]]
    assert [row["cost"] for row in panel["rows"]] == [m["cost"] for m in expected["moves"]]
    assert [row["played"] for row in panel["rows"]] == [m["move"] == expected["recorded"] for m in expected["moves"]]
    assert panel["about"] == expected["about"] and panel["assumption"] == expected["assumption"]
    assert panel["reasons"] == expected["reasons"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_recorded_panel_is_the_engines_and_never_moves_the_controls(site_server, page, lang):
    words = {"en": ("What each move was worth", ["Rank", "Move", "Final net", "Cost"], "(the move made)"),
             "ru": ("Чего стоил каждый вариант", ["Место", "Вариант", "Итог за кон", "Потеря"], "(так сыграно)")}[lang]
    page.set_viewport_size({"width": 1280, "height": 900})
    open_demo(page, site_server.url(f"{lang}/playoff-beating.html"))
    trace = embedded_trace(page, HAND)
    setup = page_setup(page, HAND)
    found = playoff_decisions(trace)
    assert len(found) > 5
    # The first decision of the play-off, and one with several moves whose recorded move is not the first.
    picked = [found[0]]
    for index, step in found[1:]:
        reply = ask_engine(type="analyse", setup=setup, index=index, lang=lang)["result"]["panel"]
        if len(reply["moves"]) > 2 and not reply["moves"][0]["played"]:
            picked.append((index, step))
            break
    assert len(picked) == 2
    controls = f"{APP} .demo-controls"
    for index, step in picked:
        go_to(page, step - 1)  # the step before (before the first decision: the play-off's start, no panel)
        assert page.evaluate(READ_PANEL, PANEL)["hidden"] == (step == found[0][1])
        before = page.evaluate(CONTROLS_BOX, controls)
        page.focus(APP)
        page.keyboard.press("ArrowRight")
        panel = page.evaluate(READ_PANEL, PANEL)
        assert page.evaluate(CONTROLS_BOX, controls) == before, "the panel moved the step controls"
        expected = ask_engine(type="analyse", setup=setup, index=index, lang=lang)["result"]["panel"]
        assert_panel_is(panel, expected)
        assert panel["heading"] == words[0] and panel["columns"] == words[1]
        played = [row for row in panel["rows"] if row["played"]]
        assert len(played) == 1 and played[0]["move"].endswith(words[2])  # marked in words, not colour alone
    assert page.console_errors == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_decision_steps_panel_reads_as_the_engine_words_it(site_server, page, lang):
    # The page receives a panel's sentences about the figures and the assumption once for the hand
    # (sitegen/analyses.py for_pages): put back, every step's panel is still the engine's, word for word.
    page.set_viewport_size({"width": 1280, "height": 900})
    open_demo(page, site_server.url(f"{lang}/playoff-beating.html"))
    setup = page_setup(page, HAND)
    found = playoff_decisions(embedded_trace(page, HAND))
    assert len(found) > 5
    for index, step in found:
        go_to(page, step)
        expected = ask_engine(type="analyse", setup=setup, index=index, lang=lang)["result"]["panel"]
        assert_panel_is(page.evaluate(READ_PANEL, PANEL), expected)
    assert page.console_errors == []


def test_on_a_phone_the_panel_neither_moves_the_controls_nor_widens_the_page(site_server, page):
    page.set_viewport_size({"width": 390, "height": 844})
    open_demo(page, site_server.url("ru/playoff-beating.html"))
    trace = embedded_trace(page, HAND)
    setup = page_setup(page, HAND)
    widest = max(playoff_decisions(trace), key=lambda found: len(
        ask_engine(type="analyse", setup=setup, index=found[0], lang="ru")["result"]["panel"]["moves"]))
    go_to(page, widest[1] - 1)
    before = page.evaluate(CONTROLS_BOX, f"{APP} .demo-controls")
    go_to(page, widest[1])
    assert not page.evaluate(READ_PANEL, PANEL)["hidden"]
    assert page.evaluate(CONTROLS_BOX, f"{APP} .demo-controls") == before
    width = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width[0] <= width[1], width


# Each word of the table's column headings, and how many lines it is drawn on (a Range gives one
# rectangle per line it spans: a word broken inside, «Мест|о», gives two); and whether the table is
# wider than the panel's body it sits in, or the page than the window.
HEADING_WORDS_AND_FIT = """(selector) => {
    const panel = document.querySelector(selector);
    const words = [];
    for (const th of panel.querySelectorAll('thead th')) {
        const node = th.firstChild;
        for (const word of node.textContent.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            words.push([word[0], new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size]);
        }
    }
    const table = panel.querySelector('.worth-table').getBoundingClientRect();
    const body = panel.querySelector('.worth-body').getBoundingClientRect();
    return {words, tableRight: table.right, bodyRight: body.right,
            pageWidth: document.documentElement.scrollWidth, windowWidth: document.documentElement.clientWidth};
}"""


@pytest.mark.engine_loading
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_on_a_phone_the_column_headings_break_only_between_words_and_the_table_fits(site_server, page, lang):
    page.set_viewport_size({"width": 390, "height": 844})
    open_demo(page, site_server.url(f"{lang}/playoff-beating.html"))
    steps = [step for _, step in playoff_decisions(embedded_trace(page, HAND))]
    assert len(steps) > 5
    for step in steps:  # the columns' widths follow the moves of each decision
        go_to(page, step)
        assert not page.evaluate(READ_PANEL, PANEL)["hidden"]
        found = page.evaluate(HEADING_WORDS_AND_FIT, PANEL)
        assert len(found["words"]) >= 4
        assert [word for word, lines in found["words"] if lines != 1] == [], (step, found["words"])
        assert found["tableRight"] <= found["bodyRight"] + 0.5, (step, found)
        assert found["pageWidth"] <= found["windowWidth"], (step, found)
    assert page.console_errors == []


def test_a_switched_demo_asks_the_worker_and_says_so(site_server, page):
    page.set_viewport_size({"width": 1280, "height": 900})
    open_demo(page, site_server.url("en/playoff-beating.html"))
    assert wake_engine(page, HAND) == "ready"
    expected_trace = replay_with_option_like_cpython(page, HAND, "beat", "any_suit")
    found = playoff_decisions(expected_trace)
    (first, step), (second, later) = found[0], found[3]
    # The worker's analyse requests, held until the test lets them go (the first one fails as a
    # restarted worker's would), so that what the panel says meanwhile can be read.
    page.evaluate("""() => {
        const engine = window.__cardLottery.engine;
        const request = engine.request.bind(engine);
        window.__asked = [];
        window.__release = [];
        engine.request = (type, payload) => {
            if (type !== 'analyse') return request(type, payload);
            window.__asked.push(payload.index);
            return new Promise((resolve, reject) => window.__release.push((fail) => fail
                ? reject(Object.assign(new Error('stopped'), {kind: 'dead'}))
                : request(type, payload).then(resolve, reject)));
        };
    }""")
    go_to(page, step)
    panel = page.evaluate(READ_PANEL, PANEL)
    assert not panel["hidden"] and panel["statusShown"] and panel["rows"] == []
    assert panel["status"] == "The live engine is working out what each move was worth…"
    assert page.evaluate("() => window.__asked") == [first]
    page.evaluate("() => window.__release.shift()(true)")
    page.wait_for_function("(s) => document.querySelector(s + ' [data-action=worth-retry]:not(.is-hidden)')", arg=PANEL)
    panel = page.evaluate(READ_PANEL, PANEL)
    assert panel["status"] == "The engine stopped answering. It has been restarted: try again." and panel["retry"]
    page.click(f"{PANEL} [data-action=worth-retry]")
    page.wait_for_function("() => window.__release.length === 1")
    page.evaluate("() => window.__release.shift()(false)")
    page.wait_for_function("(s) => document.querySelector(s + ' tbody tr')", arg=PANEL, timeout=ENGINE_WAIT_MS)
    live_setup = page.evaluate("() => window.__cardLottery.demos[0].trace.game")
    expected = ask_engine(type="analyse", setup=live_setup, index=first, lang="en")["result"]["panel"]
    assert_panel_is(page.evaluate(READ_PANEL, PANEL), expected)
    # Another decision step: asked too; back to the first, the answer kept (not asked again).
    go_to(page, later)
    page.wait_for_function("() => window.__release.length === 1")
    page.evaluate("() => window.__release.shift()(false)")
    page.wait_for_function("(s) => document.querySelector(s + ' tbody tr')", arg=PANEL, timeout=ENGINE_WAIT_MS)
    assert_panel_is(page.evaluate(READ_PANEL, PANEL),
                    ask_engine(type="analyse", setup=live_setup, index=second, lang="en")["result"]["panel"])
    go_to(page, step)
    assert_panel_is(page.evaluate(READ_PANEL, PANEL), expected)
    assert page.evaluate("() => window.__asked") == [first, first, second]
    assert page.console_errors == []
