"""The course's pages in Chromium: a switch demo replays its hand under another reading of the text
(by click and by keyboard) and goes back to the recorded hand; a heavy page fetches its later demos'
hands as they come near, and a deep link opens such a demo at its step; the hands index filters by
paragraph and by open question, and a hand's page steps its demo; a term in a lesson leads to its
glossary entry and on to the paragraphs that use the word; a session demo says which game of the
series a step is in; the rules reference prints on one A4 page; every hand page stays on its origin.

Expected values come from the engine in CPython, from the lesson and hand files, or from a rule
stated in the test (a game starts with its game_start event; a term's paragraphs use its stem).
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

import pytest

from browser_helpers import assert_same_origin
from demo_helpers import ENGINE_WAIT_MS, REPO_ROOT, expand, expected_replay, open_demo

from engine.catalogue import TERMS
from engine.record import read_record  # (demo_helpers puts the repository on the path)
from engine.words import chips
from engine.trace import trace as tell

READINGS = "what-the-text-leaves-open.html"
HAND_FILES = REPO_ROOT / "lessons" / "hands"

DEMO = """(key) => {
    const d = window.__cardLottery.demos.find((demo) => demo.hand === key);
    return d ? {source: d.source, busy: d.busy, n: d.n, texts: d.trace.steps.map(s => s.text),
                events: d.trace.steps.map(s => s.event), result: d.trace.result,
                options: d.settings.options} : null;
}"""


def demo_id(key: str) -> str:
    """The figure's id of the demo `HAND` or `HAND.OPTION` (the build writes `demo-HAND--OPTION`)."""
    return "demo-" + key.replace(".", "--")


def demo(page: Any, key: str) -> dict[str, Any] | None:
    return page.evaluate(DEMO, key)


def settled(page: Any, key: str, source: str) -> dict[str, Any]:
    """Wait until the demo `key` shows a hand of `source` and the engine has answered."""
    page.wait_for_function(
        """([key, source]) => { const d = window.__cardLottery.demos.find((demo) => demo.hand === key);
                                return d && d.source === source && !d.busy; }""",
        arg=[key, source], timeout=ENGINE_WAIT_MS)
    found = demo(page, key)
    assert found is not None
    return found


def figure_sentence(page: Any, key: str) -> str:
    return page.text_content(f"#{demo_id(key)} .demo-sentence")


def checked_reading(page: Any, key: str) -> str:
    return page.eval_on_selector(f"#{demo_id(key)} .demo-switch", "(f) => f.querySelector('input:checked').value")


def hand_paragraphs(name: str) -> set[str]:
    """The paragraphs a hand's steps apply, told by the engine from the hand's file."""
    record, _ = read_record(HAND_FILES / f"{name}.toml")
    return {rule for step in tell(record)["steps"] for rule in step["event"]["rule"]}


def in_view(page: Any, selector: str) -> bool:
    return page.eval_on_selector(selector, """(el) => { const r = el.getBoundingClientRect();
                                                        return r.top >= 0 && r.top < innerHeight; }""")


# ---------------------------------------------------------------------------- the switch


def test_a_switch_replays_the_hand_under_another_reading_and_back_by_click_and_by_keyboard(site_server, page):
    key, option = "reading-hosts-play.hosts_play", "hosts_play"
    figure = f"#{demo_id(key)}"
    open_demo(page, site_server.url(f"en/{READINGS}"))
    setup = json.loads(page.text_content(f"{figure} script.demo-setup"))
    recorded = demo(page, key)
    assert recorded is not None and recorded["source"] == "recorded"
    values = page.eval_on_selector_all(f"{figure} .demo-switch input[type=radio]", "(rs) => rs.map(r => r.value)")
    assert values == ["no", "yes"]  # the engine's readings of hosts_play (engine/options.py)
    own = str(setup["options"][option])
    other = next(v for v in values if v != own)
    assert checked_reading(page, key) == own, "the switch shows the recorded hand's reading"

    setup.pop("notes", None)
    expected = expected_replay({**setup, "options": {**setup["options"], option: other}}, "en")
    assert [s["text"] for s in expected["steps"]] != recorded["texts"], "the other reading is another game"

    page.locator(f"{figure} .demo-app").scroll_into_view_if_needed()  # the engine starts in view
    page.wait_for_function("() => window.__cardLottery.engine.status === 'ready'", timeout=ENGINE_WAIT_MS)

    # By click: the other reading's label.
    page.click(f"{figure} .demo-switch label[for='{page.get_attribute(f'{figure} .demo-switch input[value={other}]', 'id')}']")
    live = settled(page, key, "live")
    assert live["texts"] == [s["text"] for s in expected["steps"]]
    assert live["events"] == [s["event"] for s in expected["steps"]]
    assert live["result"] == expected["result"]
    assert live["options"][option] == other and checked_reading(page, key) == other
    page.focus(f"{figure} .demo-app")
    page.keyboard.press("End")
    assert figure_sentence(page, key) == expected["steps"][-1]["text"]
    assert page.text_content(f"{figure} figcaption").endswith(f"{len(expected['steps'])} steps")

    # By keyboard: the arrow keys move between the readings and choose, as in any group of radios.
    page.focus(f"{figure} .demo-switch input:checked")
    page.keyboard.press("ArrowRight" if values.index(own) > values.index(other) else "ArrowLeft")
    back = settled(page, key, "recorded")
    assert back["texts"] == recorded["texts"] and back["result"] == recorded["result"]
    assert checked_reading(page, key) == own
    assert figure_sentence(page, key) == recorded["texts"][back["n"] - 1]

    page.keyboard.press("ArrowLeft" if values.index(own) > values.index(other) else "ArrowRight")
    again = settled(page, key, "live")
    assert again["texts"] == [s["text"] for s in expected["steps"]]
    # The switch was disabled while the engine worked; the focus is back on the reading chosen, so
    # that the keyboard can go on choosing.
    assert page.evaluate("(sel) => document.activeElement === document.querySelector(sel)",
                         f"{figure} .demo-switch input[value={other}]")

    page.click(f"{figure} .demo-switch label[for='{page.get_attribute(f'{figure} .demo-switch input[value={own}]', 'id')}']")
    assert settled(page, key, "recorded")["texts"] == recorded["texts"]
    assert checked_reading(page, key) == own
    assert page.console_errors == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_table_shows_the_chips_kept_apart_while_the_reading_keeps_them(site_server, page, lang):
    # fines_to = playoff_prize (p12) and kitty = kept_apart (p15): the table names the chips laid apart
    # with the engine's term, at the first step and the last; switched to the default reading, the
    # field goes and the pool holds them. Expected values: the engine's terms, words and replay.
    open_demo(page, site_server.url(f"{lang}/{READINGS}"))
    for key, part, other, default in (("reading-fines-prize.fines_to", "prize", "kitty", "pool"),
                                      ("reading-kitty-apart.kitty", "kitty", "prize", "carried")):
        figure, hand = f"#{demo_id(key)}", key.split(".")[0]
        page.locator(figure).scroll_into_view_if_needed()  # a hand further down is fetched as it comes near
        recorded = settled(page, key, "recorded")
        setup = page.evaluate("(key) => window.__cardLottery.demos.find((d) => d.hand === key).trace.game", key)
        setup.pop("notes", None)
        own = expected_replay(setup, lang)["steps"]
        assert [s["text"] for s in own] == recorded["texts"]
        for key_press, step in (("Home", own[0]), ("End", own[-1])):
            page.focus(f"{figure} .demo-app")
            page.keyboard.press(key_press)
            assert page.text_content(f"{figure} .{part}-chips") == f"{TERMS[part][lang]} {chips(step['state'][part], lang)}"
            assert page.get_attribute(f"{figure} .{other}-chips", "class").split().count("is-hidden") == 1
            assert page.get_attribute(f"{figure} .{part}-chips", "class").split().count("is-hidden") == 0
        assert own[0]["state"][part] > 0  # the hand carries chips apart in: the field shows a figure

        page.wait_for_function("() => window.__cardLottery.engine.status === 'ready'", timeout=ENGINE_WAIT_MS)
        option = key.split(".")[1]
        switched = expected_replay({**setup, "options": {**setup["options"], option: default}}, lang)["steps"]
        page.click(f"{figure} .demo-switch label[for='{page.get_attribute(f'{figure} .demo-switch input[value={default}]', 'id')}']")
        settled(page, key, "live")
        page.focus(f"{figure} .demo-app")
        page.keyboard.press("Home")
        assert "is-hidden" in page.get_attribute(f"{figure} .{part}-chips", "class").split()
        assert page.text_content(f"{figure} .pool-chips") == f"{TERMS['pool'][lang]} {chips(switched[0]['state']['pool'], lang)}"
        assert switched[0]["state"]["pool"] == own[0]["state"][part], hand  # the chips apart are in the pool
    assert page.console_errors == []


# ---------------------------------------------------------------------------- fetched demos


def page_requests(page: Any) -> list[str]:
    """Start recording what the page itself asks for (the context's list has the service worker's
    requests too: it keeps the whole site, these files among them)."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    return asked


def fetched_hands(asked: list[str]) -> list[str]:
    return sorted({m.group(1) for url in asked if (m := re.search(r"/en/hands/([\w-]+)\.json$", url))})


def built_hand(built_site: Any, name: str) -> dict[str, Any]:
    return json.loads((built_site / "en" / "hands" / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.engine_loading
def test_a_heavy_page_fetches_its_later_demos_as_they_come_near(built_site, site_server, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    asked = page_requests(page)
    open_demo(page, site_server.url(f"en/{READINGS}"))
    fetched = page.eval_on_selector_all("figure.demo[data-trace-src]", "(fs) => fs.map(f => f.dataset.hand)")
    shared = page.eval_on_selector_all("figure.demo[data-trace-ref]", "(fs) => fs.map(f => f.dataset.demo)")
    assert len(fetched) >= 2 and shared, "the readings page is heavy: it fetches hands and shares them"
    last = "reading-last-card.last_card"  # the page's last demo: it shares a fetched hand
    assert page.get_attribute(f"#{demo_id(last)}", "data-trace-ref")
    assert "reading-last-card" not in fetched_hands(asked), "a hand far below is not fetched at load"
    assert demo(page, last) is None

    # Coming near: the hand is fetched and the demo steps through it, the shared one as well.
    for key in ("reading-beating-fines.beat", "reading-beating-fines.fine", last):
        page.locator(f"#{demo_id(key)}").scroll_into_view_if_needed()
        page.wait_for_function("(key) => window.__cardLottery.demos.some((d) => d.hand === key)", arg=key,
                               timeout=10_000)
        hand = key.split(".")[0]
        assert hand in fetched_hands(asked)
        shown = demo(page, key)
        assert shown["texts"] == [s["text"] for s in built_hand(built_site, hand)["trace"]["steps"]]
        page.click(f"#{demo_id(key)} .step-next")
        assert figure_sentence(page, key) == shown["texts"][1]

    # Every demo of the page starts once it has come near.
    for figure in page.locator("figure.demo[data-hand]").all():
        figure.scroll_into_view_if_needed()
    page.wait_for_function("() => window.__cardLottery.demos.length === document.querySelectorAll('figure.demo').length",
                           timeout=10_000)
    assert page.locator("figure.demo.is-enhanced").count() == page.locator("figure.demo").count()

    # A link to a step of a demo not fetched yet: the hash changes in the page.
    page.evaluate("() => window.scrollTo(0, 0)")
    page.evaluate("() => { location.hash = '#hand=reading-same-leader.after_take&step=3'; }")
    page.wait_for_function("() => { const d = window.__cardLottery.demos.find((d) => d.hand === 'reading-same-leader.after_take');"
                           " return d && d.n === 3; }", timeout=10_000)
    steps = built_hand(built_site, "reading-same-leader")["trace"]["steps"]
    assert figure_sentence(page, "reading-same-leader.after_take") == steps[2]["text"]
    assert page.console_errors == []


@pytest.mark.engine_loading
def test_a_deep_link_opens_a_fetched_demo_at_its_step(built_site, site_server, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    key = "reading-last-card.last_card"  # shares the hand of a demo above it, which the page fetches
    open_demo(page, site_server.url(f"en/{READINGS}#hand={key}&step=7"))
    page.wait_for_function("(key) => { const d = window.__cardLottery.demos.find((d) => d.hand === key); return d && d.n === 7; }",
                           arg=key, timeout=10_000)
    steps = built_hand(built_site, "reading-last-card")["trace"]["steps"]
    figure = f"#{demo_id(key)}"
    assert page.text_content(f"{figure} .demo-sentence") == steps[6]["text"]
    assert page.get_attribute(f"{figure} .demo-app", "data-step") == "7"
    assert page.text_content(f"{figure} .controls-counter") == f"Step 7 of {len(steps)}"
    page.wait_for_function("(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
                           " return r.top >= 0 && r.top < innerHeight; }", arg=figure, timeout=10_000)
    assert page.locator(".demo-notice").count() == 0, "no demo says the link was not understood"
    assert page.console_errors == []


# ---------------------------------------------------------------------------- the hands


ROWS = """() => [...document.querySelectorAll('.hand-list .hand-item')].map((item) => ({
    name: item.querySelector('.hand-title a').getAttribute('href').replace(/^hands\\/|\\.html$/g, ''),
    visible: item.getBoundingClientRect().height > 0,
    shows: [...item.querySelectorAll('.hand-details a[href^="what-the-text-leaves-open.html#"]')].map(a => a.textContent),
}))"""


def shown_line(page: Any) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", page.text_content(".hand-filter-count"))]


@pytest.mark.engine_loading
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_hands_index_filters_by_paragraph_and_by_open_question(site_server, page, lang):
    page.goto(site_server.url(f"{lang}/hands.html"))
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    assert page.is_visible("form.hand-filter")
    rows = page.evaluate(ROWS)
    names = {row["name"] for row in rows}
    assert names == {path.stem for path in HAND_FILES.glob("*.toml")}, "every hand is listed"
    assert all(row["visible"] for row in rows) and shown_line(page) == [len(rows), len(rows)]

    page.select_option("form.hand-filter select[name=paragraph]", "p10")
    rows = page.evaluate(ROWS)
    visible = {row["name"] for row in rows if row["visible"]}
    assert visible == {name for name in names if "p10" in hand_paragraphs(name)}
    assert 0 < len(visible) < len(rows)
    assert shown_line(page) == [len(visible), len(rows)]

    page.select_option("form.hand-filter select[name=option]", "beat")
    label = page.eval_on_selector("form.hand-filter select[name=option]", "(s) => s.selectedOptions[0].textContent")
    rows = page.evaluate(ROWS)
    both = {row["name"] for row in rows if row["visible"]}
    assert both == {row["name"] for row in rows if row["name"] in visible and label in row["shows"]}
    assert both and shown_line(page) == [len(both), len(rows)]
    assert page.evaluate("() => location.hash") == "#paragraph=p10&option=beat"

    # The address keeps the filter: the page opened with it shows the same hands.
    page.reload()
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    assert {row["name"] for row in page.evaluate(ROWS) if row["visible"]} == both
    assert shown_line(page) == [len(both), len(rows)]

    # A hand's page, from the list: its demo steps through the hand.
    name = sorted(both)[0]
    page.click(f".hand-item a[href='hands/{name}.html']")
    page.wait_for_url(f"**/{lang}/hands/{name}.html")
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    trace = expand(json.loads(page.text_content(f"#demo-{name} script.demo-trace")))
    record, _ = read_record(HAND_FILES / f"{name}.toml")
    assert [s["event"]["kind"] for s in trace["steps"]] == [s["event"]["kind"] for s in tell(record)["steps"]]
    page.focus(f"#demo-{name} .demo-app")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.text_content(f"#demo-{name} .demo-sentence") == trace["steps"][2]["text"]
    page.keyboard.press("End")
    assert page.text_content(f"#demo-{name} .demo-sentence") == trace["steps"][-1]["text"]
    assert page.console_errors == []


# ---------------------------------------------------------------------------- a session, the glossary


GAME_OF = {"en": "Game {n} of {total}", "ru": "Кон {n} из {total}"}


def glossary_stems(term: str) -> list[str]:
    data = tomllib.loads((REPO_ROOT / "lessons" / "reference" / "glossary.toml").read_text(encoding="utf-8"))
    return next(entry["stems"] for entry in data["term"] if entry["id"] == term)


def uses_stem(text: str, stem: str) -> bool:
    """A word of the text begins with the stem (`=word`: is the word), ё read as е."""
    words = re.findall(r"\w+", text.lower().replace("ё", "е"))
    parts = stem.lstrip("=").lower().replace("ё", "е").split()
    fits = (lambda w, p: w == p) if stem.startswith("=") else (lambda w, p: w.startswith(p))
    return any(all(fits(words[i + k], p) for k, p in enumerate(parts)) for i in range(len(words) - len(parts) + 1))


@pytest.mark.engine_loading
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_session_says_which_game_and_a_term_leads_to_the_glossary_and_the_text(site_server, page, lang):
    hand = "session-pool-carried"
    open_demo(page, site_server.url(f"{lang}/chips-over-a-session.html"))
    games = tomllib.loads((HAND_FILES / f"{hand}.toml").read_text(encoding="utf-8"))["games"]
    assert games > 1
    trace = expand(json.loads(page.text_content(f"#demo-{hand} script.demo-trace")))
    # A game starts with its game_start event: the game of step n is the number of starts so far.
    starts = [n for n, step in enumerate(trace["steps"], 1) if step["event"]["kind"] == "game_start"]
    assert len(starts) == games
    app = f"#demo-{hand} .demo-app"
    for n in (1, starts[1] - 1, starts[1], starts[-1], len(trace["steps"])):
        page.fill(f"{app} .controls-slider", str(n))
        assert page.get_attribute(app, "data-step") == str(n)
        game = sum(1 for start in starts if start <= n)
        heading = page.text_content(f"{app} .table-phase")
        assert heading.startswith(GAME_OF[lang].format(n=game, total=games) + " · "), (n, heading)

    # A term of the lesson leads to its entry in the glossary...
    page.locator("a.term[href='glossary.html#game']").first.click()
    page.wait_for_url(f"**/{lang}/glossary.html#game")
    page.wait_for_load_state("load")
    assert page.evaluate("() => document.querySelector(':target').id") == "game"
    assert in_view(page, "#game")
    links = page.eval_on_selector_all("#game .term-paragraphs a", "(as) => as.map(a => a.getAttribute('href'))")
    assert links and all(re.fullmatch(r"text\.html#p\d+", href) for href in links)
    # ...and on to the paragraphs that use the word.
    stems = glossary_stems("game")
    page.click(f"#game .term-paragraphs a[href='{links[0]}']")
    pid = links[0].split("#")[1]
    page.wait_for_url(f"**/{lang}/text.html#{pid}")
    page.wait_for_load_state("load")
    assert page.evaluate("() => document.querySelector(':target').id") == pid
    assert in_view(page, f"#{pid}")
    assert any(uses_stem(page.text_content(f"#{pid} .para-ru"), stem) for stem in stems)
    assert page.console_errors == []


# ---------------------------------------------------------------------------- printing, origins


def pdf_pages(pdf: bytes) -> int:
    """The PDF's pages: its `/Type /Page` objects (the tree's `/Type /Pages` nodes are not pages)."""
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf))


@pytest.mark.engine_loading
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rules_reference_prints_on_one_a4_page(site_server, page, lang):
    page.goto(site_server.url(f"{lang}/rules.html"))
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")
    assert page.locator(".page-rules").count() == 1
    assert pdf_pages(page.pdf(format="A4")) == 1
    # What does not fit goes on to a second sheet (nothing is cut off, and the count is of pages):
    # the same page with its rules three times over takes more than one.
    page.eval_on_selector(".page-rules .lesson-body", "(body) => { body.innerHTML = body.innerHTML.repeat(3); }")
    assert pdf_pages(page.pdf(format="A4")) > 1


@pytest.mark.engine_loading
def test_every_hand_page_has_a_working_demo_and_stays_on_its_origin(built_site, site_server, page):
    names = sorted(path.stem for path in HAND_FILES.glob("*.toml"))
    for lang in ("en", "ru"):
        pages = sorted(p.name for p in (built_site / lang / "hands").glob("*.html"))
        assert set(pages) >= {f"{name}.html" for name in names}, f"{lang}: a page per hand"
        for name in pages:
            if name.removesuffix(".html") not in names:  # another page of the hand's (to print it)
                page.goto(site_server.url(f"{lang}/hands/{name}"))
                page.wait_for_load_state("load")
                continue
            open_demo(page, site_server.url(f"{lang}/hands/{name}"))
            assert page.locator("figure.demo[data-hand]").count() == 1, f"{lang}/hands/{name}"
            assert page.evaluate("() => window.__cardLottery.demos.length") == 1, f"{lang}/hands/{name}"
    assert_same_origin(page, site_server)
    assert page.console_errors == []


@pytest.mark.first_visit  # a hand's page's first visit: Pyodide started the ordinary way
def test_a_hand_pages_live_engine_starts_on_a_first_visit_and_stays_on_its_origin(site_server, page):
    # (Its worker's requests are the page's.)
    name = sorted(path.stem for path in HAND_FILES.glob("*.toml"))[0]
    open_demo(page, site_server.url(f"en/hands/{name}.html"))
    page.locator("figure.demo .demo-app").scroll_into_view_if_needed()
    page.wait_for_function("() => window.__cardLottery.engine.status === 'ready'", timeout=ENGINE_WAIT_MS)
    assert page.evaluate("() => window.__cardLottery.engine.info.started") == "plain"
    assert_same_origin(page, site_server)
    assert page.console_errors == []
