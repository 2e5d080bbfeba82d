"""The numbers lesson's build: the `::: numbers` panel, the figures its prose cites, and uPlot.

A page of the fixture lessons carries a small panel (`games=40 sweep=3`); the figures it shows and
cites must be the engine's (engine/stats.py) for the same settings, and the page's default run,
asked of `engine.live.handle` chunk by chunk as the page asks it, must give exactly the figures the
build embedded."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from build_helpers import ROOT, add_page, built_with_page, run_build, write_lessons
from html_helpers import parse, read_json

from engine import charts, live, stats
from engine.options import Options, Table
from engine.words import number, signed
from sitegen.figures import Format
from sitegen.numbers import parse_spec, SpecError

EN_PAGE = """\
---
title: Numbers
order: 3
summary: Many games.
---
Anna ends a game at {{numbers:main.seats.0.mean_net|2}} chips on average; the pool left is {{numbers:main.game.pool_out.mean|1}}.

::: numbers games=40 seed=7 sweep=3
"""
RU_PAGE = """\
---
title: Цифры
order: 3
summary: Много конов.
---
Итог Анны в среднем {{numbers:main.seats.0.mean_net|2}} фишки.

::: numbers games=40 seed=7 sweep=3
"""


def add_pages(lessons: Path, en: str = EN_PAGE, ru: str = RU_PAGE) -> None:
    add_page(lessons, "03-numbers.md", en, ru)


@pytest.fixture(scope="module")
def numbers_site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return built_with_page(tmp_path_factory.mktemp("numbers"), "03-numbers.md", EN_PAGE, RU_PAGE)


def engine_figures(lang: str, games: int = 40, seed: int = 7, players: int = 4) -> dict[str, Any]:
    return stats.simulate(Table.default(players, lang), Options(), seed, 0, games).figures(lang)


def panel_data(out: Path, lang: str) -> dict[str, Any]:
    root = parse(out / lang / "numbers.html")
    return read_json(root.find("script", class_="numbers-data"))


def test_the_panel_renders_with_every_option_a_table_per_chart_and_uplot_only_where_it_is_drawn(
        numbers_site: dict[str, Any]) -> None:
    out = numbers_site["out"]
    for lang in ("en", "ru"):
        root = parse(out / lang / "numbers.html")
        section = root.find("section", class_="numbers")
        assert section.attrs["data-uplot-js"] == "../vendor/uplot/1.6.32/uPlot.iife.min.js"
        form = section.find("form", class_="numbers-form")
        assert [o.attrs["value"] for o in form.find("select", id="numbers-players").find_all("option")] == \
            [str(n) for n in range(2, 18)]
        assert form.find("input", id="numbers-games").attrs["value"] == "40"
        assert form.find("input", id="numbers-seed").attrs["value"] == "7"
        keys = {el.attrs["name"][4:] for tag in ("select", "input") for el in form.find_all(tag)
                if (el.attrs.get("name") or "").startswith("opt.")}
        assert keys == {info["key"] for info in read_json(root.find("script", id="catalogue"))["options"]}
        # What the status line shows is said to a screen reader by one live region beside it, which
        # also hears the quarters the line no longer counts.
        assert section.find("p", class_="numbers-status") is not None
        announce = section.find("p", class_="numbers-announce")
        assert announce.attrs["role"] == "status" and announce.attrs["aria-live"] == "polite"
        charts = section.find_all("figure", class_="numbers-chart")
        assert [c.attrs["data-chart"] for c in charts] == ["net", "win", "nets", "length", "fines", "banker"]
        for chart in charts:  # each chart's text alternative: a table with a row per figure
            assert chart.find("div", class_="numbers-plot").attrs["aria-hidden"] == "true"
            assert chart.find("table").find("tbody").find_all("tr")
        # uPlot with its license, served from the site; no other page loads it
        assert (out / "vendor/uplot/1.6.32/uPlot.iife.min.js").is_file()
        assert "MIT License" in (out / "vendor/uplot/1.6.32/LICENSE").read_text(encoding="utf-8")
        assert "uplot" not in (out / lang / "first.html").read_text(encoding="utf-8").lower()


def test_the_prose_and_the_tables_give_the_engines_figures(numbers_site: dict[str, Any]) -> None:
    out = numbers_site["out"]
    for lang in ("en", "ru"):
        figures = engine_figures(lang)
        html = (out / lang / "numbers.html").read_text(encoding="utf-8")
        anna = figures["seats"][0]
        assert number(anna["mean_net"], lang, 2) in html
        if lang == "en":
            assert f"the pool left is {number(figures['game']['pool_out']['mean'], lang, 1)}." in html
        root = parse(out / lang / "numbers.html")
        rows = root.find("figure", id="numbers-net").find("tbody").find_all("tr")
        assert [r.find("th").full_text() for r in rows] == [s["name"] for s in figures["seats"]]
        assert rows[0].find_all("td")[0].full_text() == signed(anna["mean_net"], lang, 2)
        data = panel_data(out, lang)
        assert data["spec"] == {"players": 4, "games": 40, "seed": 7, "sweep": 3}
        # The charts the page draws are the engine's models of the same figures, and the tables the
        # build wrote are theirs; the comparisons it sends back are the figures of the build's runs.
        assert data["charts"][:3] == charts.models(figures, lang)
        for model in data["charts"]:
            table = root.find("figure", id=f"numbers-{model['id']}").find("table")
            assert [th.full_text() for th in table.find("thead").find_all("th")] == model["head"]
            assert [[c.full_text() for c in tr.children] for tr in table.find("tbody").find_all("tr")] == \
                [row["cells"] for row in model["rows"]]
        three = stats.simulate(Table.default(3, lang), Options(), 7, 0, 3).figures(lang)
        assert data["compare"]["length"]["3"] == {"rounds": three["game"]["rounds"]["mean"],
                                                  "steps": three["game"]["steps"]["mean"]}
        assert data["compare"]["games"] == 3 and data["compare"]["players"] == 4


def test_the_pages_default_run_in_chunks_gives_exactly_the_figures_the_build_embedded(
        numbers_site: dict[str, Any]) -> None:
    for lang in ("en", "ru"):
        data = panel_data(numbers_site["out"], lang)
        spec, tally, done = data["spec"], None, 0
        while done < spec["games"]:  # as the panel asks (run.js): uneven chunks, the tally sent back
            count = min(7 + done % 5, spec["games"] - done)
            reply = json.loads(live.handle(json.dumps({
                "type": "simulate", "players": str(spec["players"]), "seed": str(spec["seed"]), "options": {},
                "start": done, "count": count, "tally": tally, "compare": data["compare"], "lang": lang})))
            tally, done = reply["result"]["tally"], reply["result"]["done"]
        assert reply["result"]["figures"] == engine_figures(lang)
        # The run's own charts are the build's; among the build's comparisons the reader's run is a
        # marked row (a way of playing off and a table size; the banker's takings compare runs under
        # unclaimed = banker, which this run is not).
        drawn, built = reply["result"]["charts"], data["charts"]
        assert drawn[:3] == built[:3]
        for mine, theirs in zip(drawn[3:], built[3:]):
            assert [r for r in mine["rows"] if not r["mark"]] == theirs["rows"]
            assert sum(r["mark"] for r in mine["rows"]) == (0 if mine["id"] == "banker" else 1)


def test_the_lessons_panel_defaults_are_what_its_prose_was_computed_from() -> None:
    for lang in ("en", "ru"):
        source = (ROOT / "lessons" / "pages" / lang / "07-the-numbers.md").read_text(encoding="utf-8")
        blocks = re.findall(r"^::: numbers(.*)$", source, re.MULTILINE)
        assert len(blocks) == 1
        spec = parse_spec(blocks[0].split())
        assert (spec.players, spec.games) == (4, 10_000)  # the default run: 10,000 four-player games


def test_a_bad_block_and_an_unknown_figure_stop_the_build_at_their_lines(tmp_path: Path) -> None:
    lessons = write_lessons(tmp_path / "lessons")
    add_pages(lessons, en=EN_PAGE.replace("games=40", "games=many").replace("{{numbers:", "{{not numbers:"),
              ru=RU_PAGE.replace("main.seats.0.mean_net", "main.seats.0.nothing"))
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 1
    assert re.search(r"pages/en/03-numbers\.md:8: '::: numbers': games must be a whole number", result.stderr)
    assert re.search(r"pages/ru/03-numbers\.md:6: \{\{numbers:main\.seats\.0\.nothing\|2\}\} names no figure",
                     result.stderr)
    assert not (tmp_path / "site").exists()


def test_a_spec_takes_known_words_in_range_only() -> None:
    assert parse_spec(["seed=3", "players=17"]).players == 17
    for bad in (["players=1"], ["players=18"], ["games=0"], ["colour=red"], ["games"], ["seed=1", "seed=2"]):
        with pytest.raises(SpecError):
            parse_spec(bad)


def test_the_prose_and_the_tables_write_the_same_figure_the_same_way() -> None:
    # Seen: 0.125 was "0.12" in the prose ({{numbers:…|2}}) and "0.13" in the table beside it.
    # Each figure one that Python's format() rounds otherwise (half to even, on the float's binary value).
    seat = {"mean_net": 0.125, "net_ci95": 0.625, "bias": -0.125, "net_sd": 2.675, "prize_chance": 0.1125,
            "prize_chance_ci95": 0.0145}
    run = {"seats": [{"name": "Anna", **seat}, {"name": "Boris", **seat, "mean_net": -0.135, "bias": -0.004}],
           "hist": {"net": [[0, 1]]}}
    for lang in ("en", "ru"):
        net, win = charts.models(run, lang)[:2]
        for row, figures in zip(net["rows"], run["seats"]):
            assert row["cells"][1:] == [Format(2, sign=True).write(figures["mean_net"], lang),
                                        "±\u00a0" + Format(2).write(figures["net_ci95"], lang),
                                        Format(2, sign=True).write(figures["bias"], lang),
                                        Format(2).write(figures["net_sd"], lang)]
            assert win["rows"][0]["cells"][1] == Format(1, percent=True).write(seat["prize_chance"], lang)
        point = "." if lang == "en" else ","
        assert [row["cells"][1] for row in net["rows"]] == [f"+0{point}13", f"\u22120{point}14"]
        assert [row["cells"][3] for row in net["rows"]] == [f"\u22120{point}13", f"0{point}00"]  # no sign on what rounds to zero
        assert net["rows"][0]["cells"][2] == f"±\u00a00{point}63" and net["rows"][0]["cells"][4] == f"2{point}68"
        assert win["rows"][0]["cells"][1:] == [Format(1, percent=True).write(0.1125, lang), f"±\u00a01{point}5"]
        assert win["rows"][0]["cells"][1].startswith(f"11{point}3")


def test_the_page_writes_its_own_numbers_as_the_engine_does() -> None:
    # The page writes the counts, the speed and the axes' labels it makes itself (catalogue.js
    # `number`, `signed`): the engine's rules, the same text for the same number.
    values = [0.125, 0.135, -0.125, -0.135, 2.675, 1.005, -17.715, 0.005, -0.004, 0, -0.0, 0.5, 1.5, -2.5, 7, -7,
              999, 1000, 9999, 10000, 12345.678, -1234567, 1e-7, 0.1 + 0.2, 1 / 3, 2 / 3, 123456789.125, 5e-324]
    values += [round(i * 0.0005 - 3, 4) for i in range(0, 12001, 7)]  # figures as the engine rounds them, and halves
    script = ("import { number } from './site/static/js/lib/catalogue.js';"
              "const [values, cases] = JSON.parse(process.argv[1]);"
              "console.log(JSON.stringify(values.map((v) => cases.map(([lang, d, sign]) => number(v, lang, d, sign)))));")
    cases = [(lang, decimals, sign) for lang in ("en", "ru") for decimals in (0, 1, 2, 3) for sign in (False, True)]
    done = subprocess.run(["node", "--input-type=module", "-e", script, json.dumps([values, cases])], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    page = json.loads(done.stdout)
    engine = [[number(v, lang, decimals, sign) for lang, decimals, sign in cases] for v in values]
    assert page == engine
