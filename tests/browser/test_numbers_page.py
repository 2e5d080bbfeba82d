"""The numbers lesson in Chromium: the panel runs games in the page's worker, shows progress, can be
cancelled, is worked by the keyboard, and gives the command line's figures for the same seed and
settings; its charts are the engine's models (engine/charts.py), the build's until the reader runs
and then those the engine returned, drawn with the site's own uPlot, each beside its table."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest
from playwright.sync_api import Page

from browser_helpers import REPO_ROOT, ServedSite, assert_same_origin
from engine import charts

LESSON = "/{lang}/the-numbers.html"
STATE = "() => window.__cardLottery && window.__cardLottery.numbers"


def open_panel(page: Page, site: ServedSite, lang: str = "en") -> None:
    page.goto(site.url(LESSON.format(lang=lang)))
    page.locator("section.numbers").scroll_into_view_if_needed()
    page.wait_for_function(STATE)
    page.wait_for_function("() => document.querySelectorAll('figure.numbers-chart.has-plot').length === 6",
                           timeout=15000)


def tables(page: Page) -> list[list[list[str]]]:
    return page.evaluate("""() => [...document.querySelectorAll('table.numbers-table')].map((t) =>
        [...t.querySelectorAll('tr')].map((r) => [...r.children].map((c) => c.textContent.trim())))""")


def drawn(page: Page) -> list[dict[str, Any]]:
    """Each chart as the page shows it: its caption, and its table's head and rows (marked or not)."""
    return page.evaluate("""() => [...document.querySelectorAll('figure.numbers-chart')].map((f) => ({
        id: f.dataset.chart, caption: f.querySelector('figcaption').textContent,
        head: [...f.querySelectorAll('table.numbers-table thead th')].map((c) => c.textContent),
        rows: [...f.querySelectorAll('table.numbers-table tbody tr')].map((r) => ({
            cells: [...r.children].map((c) => c.textContent), mark: r.classList.contains('is-yours')}))}))""")


def as_drawn(models: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the page shows of the engine's models: each one's caption and table."""
    return [{key: model[key] for key in ("id", "caption", "head", "rows")} for model in models]


def embedded(page: Page) -> dict[str, Any]:
    return page.evaluate("() => JSON.parse(document.querySelector('script.numbers-data').textContent)")


def run_done(page: Page, timeout: float = 120_000) -> dict[str, Any]:
    page.wait_for_function("() => { const s = window.__cardLottery.numbers; return s.done > 0 && !s.running; }",
                           timeout=timeout)
    return page.evaluate(STATE.replace("() =>", "() => JSON.parse(JSON.stringify(") + "))")


def cli(games: int, players: int, seed: int, *options: str) -> dict[str, Any]:
    args = [sys.executable, "-m", "engine", "simulate", str(games), "--players", str(players), "--seed", str(seed),
            "--json", *[a for o in options for a in ("--option", o)]]
    out = subprocess.run(args, cwd=REPO_ROOT, capture_output=True, text=True, check=True, timeout=120)
    return json.loads(out.stdout)


@pytest.mark.engine_loading
def test_the_page_draws_the_builds_charts_with_the_sites_uplot(page: Page, site_server: ServedSite) -> None:
    for lang in ("en", "ru"):
        page.goto(site_server.url(LESSON.format(lang=lang)))
        built = tables(page)  # as the build wrote them, before the charts are drawn
        open_panel(page, site_server, lang)
        assert tables(page) == built
        assert drawn(page) == as_drawn(embedded(page)["charts"])
        assert page.locator("figure.numbers-chart canvas").count() == 6
    assert any("/vendor/uplot/" in url for url in page.requests_seen)
    assert_same_origin(page, site_server)


@pytest.mark.first_visit  # the numbers panel's first visit: Pyodide started the ordinary way
def test_a_run_in_the_page_gives_the_command_lines_figures_with_progress(
        page: Page, site_server: ServedSite) -> None:
    open_panel(page, site_server)
    page.select_option("#numbers-players", "3")
    page.fill("#numbers-games", "500")
    page.fill("#numbers-seed", "11")
    page.locator(".numbers-readings > summary").click()
    page.select_option("#numbers-opt-playoff", "tricks")
    page.click(".numbers-run")
    state = run_done(page)
    assert state["error"] is None and state["done"] == 500
    assert page.evaluate("() => window.__cardLottery.engine.info.started") == "plain"
    assert state["chunks"] >= 2  # the progress moved before the end
    figures = cli(500, 3, 11, "playoff=tricks")
    assert state["figures"] == figures
    assert page.locator("#numbers-progress").get_attribute("value") == "500"
    assert "500" in page.locator(".numbers-status").inner_text()
    # The page draws the charts the engine returned: the engine's models of the run in CPython, the
    # reader's run marked among the build's comparisons (which the page sent back).
    assert drawn(page) == as_drawn(state["charts"])
    assert state["charts"] == charts.models(figures, "en", embedded(page)["compare"], yours=True)
    rows = page.locator("#numbers-net tbody tr th")
    assert rows.all_inner_texts() == [s["name"] for s in figures["seats"]]
    assert page.locator("#numbers-fines tr.is-yours").count() == 1
    assert page.locator("#numbers-fines tr.is-yours th").inner_text() == "By tricks (your run)"
    assert not page.console_errors
    assert_same_origin(page, site_server)


def test_cancel_stops_after_the_chunk_in_hand_by_keyboard(page: Page, site_server: ServedSite) -> None:
    open_panel(page, site_server)
    games = page.locator("#numbers-games")
    games.focus()
    games.fill("50000")
    page.keyboard.press("Enter")  # the form's submit: Run
    page.wait_for_function("() => window.__cardLottery.numbers.chunks >= 2", timeout=60_000)
    assert page.evaluate("() => document.activeElement.classList.contains('numbers-cancel')")
    page.keyboard.press("Space")  # Cancel has the focus while the games run
    state = run_done(page)
    assert state["error"] is None and 0 < state["done"] < 50000
    assert page.evaluate("() => document.activeElement.classList.contains('numbers-run')")
    # The figures are those of the games played, as the command line gives them.
    assert state["figures"] == cli(state["done"], 4, 1)
    assert page.locator(".numbers-status").inner_text().startswith("Cancelled")
    assert_same_origin(page, site_server)


def test_the_engine_refuses_settings_it_cannot_play_and_the_panel_says_so(page: Page, site_server: ServedSite) -> None:
    open_panel(page, site_server, "ru")
    page.locator(".numbers-readings > summary").click()
    page.fill("#numbers-opt-stake", "0")
    page.fill("#numbers-games", "100")
    page.click(".numbers-run")
    page.wait_for_function("() => window.__cardLottery.numbers.error !== null && !window.__cardLottery.numbers.running",
                           timeout=60_000)
    status = page.locator(".numbers-status").inner_text()
    assert status.startswith("Движок не принял настройки")
    assert page.evaluate("() => window.__cardLottery.numbers.done") == 0


def test_the_lessons_demo_steps_while_the_games_run(page: Page, site_server: ServedSite) -> None:
    # The games run in the worker: the demo further down the page steps on the main thread meanwhile.
    open_panel(page, site_server)
    page.fill("#numbers-games", "50000")
    page.click(".numbers-run")
    page.wait_for_function("() => window.__cardLottery.numbers.chunks >= 1", timeout=60_000)
    app = "#demo-until-the-deck-runs-out .demo-app"
    page.locator(app).scroll_into_view_if_needed()
    page.focus(app)
    for step in range(2, 8):
        page.keyboard.press("ArrowRight")
        assert page.get_attribute(app, "data-step") == str(step)
    chunks = page.evaluate("() => window.__cardLottery.numbers.chunks")
    page.wait_for_function("(n) => window.__cardLottery.numbers.chunks > n", arg=chunks, timeout=60_000)
    assert page.evaluate("() => window.__cardLottery.numbers.running"), "the run went on while the demo stepped"
    page.click(".numbers-cancel")
    state = run_done(page)
    assert state["error"] is None and 0 < state["done"] < 50000
    assert page.get_attribute(app, "data-step") == "7"
    assert not page.console_errors


def test_the_panel_shows_one_count_while_it_runs_and_the_games_played_at_the_end(
        page: Page, site_server: ServedSite) -> None:
    # Seen: "Played: 2,594" in the status line against 3,279 beside the bar, "Starting the engine"
    # while the games ran, 7,572 against 9,964 near the end.
    open_panel(page, site_server)
    page.fill("#numbers-games", "3000")
    # Every change of the panel's visible text, as the reader sees it at that moment.
    page.evaluate("""() => {
        const q = (sel) => document.querySelector(sel);
        window.__seen = [];
        const look = () => window.__seen.push({status: q('.numbers-status').innerText, count: q('.numbers-count').innerText,
                                               value: Number(q('#numbers-progress').value), chunks: window.__cardLottery.numbers.chunks});
        new MutationObserver(look).observe(q('section.numbers'), {subtree: true, childList: true, characterData: true, attributes: true});
    }""")
    page.click(".numbers-run")
    state = run_done(page)
    assert state["error"] is None and state["done"] == 3000 and state["chunks"] >= 3
    seen = page.evaluate("() => window.__seen")
    starting = "Starting the engine"
    counts = [s for s in seen if s["chunks"] >= 1]
    assert counts, "the panel was never seen after the first games"
    for look in counts:
        assert starting not in look["status"], look
        numbers_in_status = [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", look["status"])]
        if numbers_in_status and "Played" in look["status"]:
            assert numbers_in_status[0] == look["value"], look
    digits = lambda text: [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", text)]  # noqa: E731
    final_status = page.locator(".numbers-status").inner_text()
    assert final_status.startswith("Done") and digits(final_status)[0] == 3000
    assert digits(page.locator(".numbers-count").inner_text())[0] == 3000
    assert page.locator("#numbers-progress").get_attribute("value") == "3000"
    # A screen reader still hears the quarters.
    assert any(text.startswith("Played") for text in state["announced"])


# Every text the page draws on a canvas (uPlot writes its axes' labels so), as drawn.
RECORD_CANVAS_TEXT = """() => { window.__drawnText = [];
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
        window.__drawnText.push(String(text));
        return fill.call(this, text, ...rest);
    };
}"""


@pytest.mark.engine_loading
def test_the_charts_axes_write_negative_ticks_with_the_true_minus(page: Page, site_server: ServedSite) -> None:
    # Seen: the axes said "-15" (a hyphen) where the tables beside them say «−15,49».
    page.add_init_script(f"({RECORD_CANVAS_TEXT})()")
    for lang in ("en", "ru"):
        open_panel(page, site_server, lang)
        drawn = page.evaluate("() => window.__drawnText")
        negative = [text for text in drawn if re.fullmatch(r"\u2212\d[\d\s,.]*", text)]
        assert negative, (lang, drawn)  # the mean nets are below zero: the net chart's axis has negative ticks
        assert [text for text in drawn if re.search(r"-\s?\d", text)] == [], (lang, drawn)
        # the tables beside say the same sign
        assert "\u2212" in page.locator("#numbers-net table.numbers-table").inner_text()
    assert not page.console_errors


FINES_CAPTION = {
    "en": "Fines paid in a game, under each way of playing off (4 players, 1,000 games each)",
    "ru": "Штрафы за кон при каждом способе розыгрыша (игроков: 4; конов на каждый способ: 1000)",
}


@pytest.mark.engine_loading
def test_the_fines_charts_caption_names_the_players_and_the_games_with_their_separator(
        page: Page, site_server: ServedSite) -> None:
    # Seen: "(4, 1,000 games each)": the number of players without its word.
    for lang, caption in FINES_CAPTION.items():
        page.goto(site_server.url(LESSON.format(lang=lang)))
        figure = page.locator("#numbers-fines")
        assert figure.locator("figcaption").inner_text() == caption  # as the build wrote it
        open_panel(page, site_server, lang)
        assert figure.locator("figcaption").inner_text() == caption  # as the script writes it again
        assert page.get_attribute("#numbers-fines", "aria-labelledby") == "numbers-fines-caption"
