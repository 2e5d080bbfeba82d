"""Figures of the engine in a lesson: computed by the build from the command shown beside them.

A fixture page shows a `::: simulate` block and a command in its prose, and cites their figures;
the page must give exactly what `python -m engine simulate … --json` prints for the same command,
and the build must refuse a figure typed by hand beside a command, a command the engine refuses and
a key that names no figure, each at its line. The numbers lesson's citations are the same mechanism
(sitegen/figures.py): one cache, one way of writing a figure."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from build_helpers import ROOT, add_page, built_with_page, run_build, write_lessons
from html_helpers import parse

from sitegen import figures
from sitegen.cache import Store
from engine.words import number, percent, signed

EN_PAGE = """\
---
title: Figures
order: 3
summary: What a command gives.
---
## A session {#a-session}

::: simulate 40 --players 3 --carry --option unclaimed=banker

The banker takes {{simulate: banker.mean|1}} chips a game; the seats end at {{simulate: seats.*.mean_net|+2}}.

## Independent games {#independent-games}

`python -m engine simulate 30 --players 4 --seed 7` plays 30 games: Anna ends at {{simulate: seats.0.mean_net|2}}
chips ({{simulate: seats.0.ahead|%1}} of them ahead), and the same games of the numbers panel give
{{numbers:main.seats.0.mean_net|2}}.

| Reading | Anna |
|---|---|
| deal one at a time | {{simulate 30 --players 4 --seed 7 --option deal=single: seats.0.mean_net|2}} |

::: numbers games=30 seed=7 sweep=2
"""
RU_PAGE = """\
---
title: Цифры
order: 3
summary: Что даёт команда.
---
## Серия {#a-session}

::: simulate 40 --players 3 --carry --option unclaimed=banker

Банкир получает {{simulate: banker.mean|1}} фишки за кон.

## Независимые коны {#independent-games}

`python -m engine simulate 30 --players 4 --seed 7` — итог Анны {{simulate: seats.0.mean_net|2}}.

| Прочтение | Анна |
|---|---|
| по одной карте | {{simulate 30 --players 4 --seed 7 --option deal=single: seats.0.mean_net|2}} |

::: numbers games=30 seed=7 sweep=2
"""


def add_pages(lessons: Path, en: str = EN_PAGE, ru: str = RU_PAGE) -> None:
    add_page(lessons, "03-figures.md", en, ru)


@pytest.fixture(scope="module")
def figures_site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return built_with_page(tmp_path_factory.mktemp("figures"), "03-figures.md", EN_PAGE, RU_PAGE)


def command_line(args: str) -> dict[str, Any]:
    """What the command line prints for `python -m engine simulate ARGS --json`."""
    done = subprocess.run([sys.executable, "-m", "engine", "simulate", *args.split(), "--json"], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout))


def test_a_block_shows_its_command_and_the_figures_the_command_line_prints(figures_site: dict[str, Any]) -> None:
    cli = command_line("40 --players 3 --carry --option unclaimed=banker")
    root = parse(figures_site["out"] / "en" / "figures.html")
    block = root.find("figure", class_="simulate")
    assert block.find("code").full_text() == "python -m engine simulate 40 --players 3 --carry --option unclaimed=banker"
    rows = block.find("tbody").find_all("tr")
    assert [r.find("th").full_text() for r in rows] == [s["name"] for s in cli["seats"]]
    assert [r.find_all("td")[0].full_text() for r in rows] == [signed(s["mean_net"], "en", 2) for s in cli["seats"]]
    html = (figures_site["out"] / "en" / "figures.html").read_text(encoding="utf-8")
    assert f"The banker takes {number(cli['banker']['mean'], 'en', 1)} chips a game" in html
    seats = "\u00a0/ ".join(signed(s["mean_net"], "en", 2) for s in cli["seats"])
    assert f"the seats end at {seats}." in html


def test_a_figure_in_a_sentence_is_of_the_command_shown_before_it_or_of_its_own(figures_site: dict[str, Any]) -> None:
    cli = command_line("30 --players 4 --seed 7")
    single = command_line("30 --players 4 --seed 7 --option deal=single")
    for lang in ("en", "ru"):
        html = (figures_site["out"] / lang / "figures.html").read_text(encoding="utf-8")
        anna = number(cli["seats"][0]["mean_net"], lang, 2)
        assert (f"Anna ends at {anna}\nchips ({percent(cli['seats'][0]['ahead'], lang, 1)} of them"
                if lang == "en" else f"итог Анны {anna}.") in html
        assert f"<td>{number(single['seats'][0]['mean_net'], lang, 2)}</td>" in html
    # the numbers panel's citation: the same games, the same figure, written the same way
    html = (figures_site["out"] / "en" / "figures.html").read_text(encoding="utf-8")
    assert f"give\n{number(cli['seats'][0]['mean_net'], 'en', 2)}." in html


def test_a_figure_typed_by_hand_beside_a_command_stops_the_build_at_its_line(tmp_path: Path) -> None:
    cli = command_line("40 --players 3 --carry --option unclaimed=banker")
    right = number(cli['banker']['mean'], 'en', 1)
    lessons = write_lessons(tmp_path / "lessons")
    add_pages(lessons, en=EN_PAGE.replace("{{simulate: banker.mean|1}}", "73.3"),
              ru=RU_PAGE.replace("{{simulate: banker.mean|1}}", right.replace(".", ",")))
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 1
    command = "`python -m engine simulate 40 --players 3 --carry --option unclaimed=banker`"
    assert re.search(rf"pages/en/03-figures\.md:10: 73\.3 is typed by hand beside {re.escape(command)}: the command "
                     r"gives no such figure", result.stderr), result.stderr
    # a typed figure that is right is refused too, with the key to cite it by
    assert re.search(rf"pages/ru/03-figures\.md:10: {re.escape(right.replace('.', ','))} is typed by hand beside "
                     rf"{re.escape(command)}: the command gives .* as banker\.mean \(if that is the figure meant, "
                     r"cite it: \{\{simulate: banker\.mean\|1\}\}\)", result.stderr), result.stderr
    assert not (tmp_path / "site").exists()


def test_a_command_the_engine_refuses_and_a_key_of_no_figure_stop_the_build_at_their_lines(tmp_path: Path) -> None:
    lessons = write_lessons(tmp_path / "lessons")
    add_pages(lessons, en=EN_PAGE.replace("--option unclaimed=banker", "--option unclaimed=nobody"),
              ru=RU_PAGE.replace("{{simulate: banker.mean|1}}", "{{simulate: banker.most|1}}")
                        .replace("`python -m engine simulate 30 --players 4 --seed 7`",
                                 "`python -m engine simulate 30 --players 40 --seed 7`"))
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 1
    assert re.search(r"pages/en/03-figures\.md:8: `python -m engine simulate 40 --players 3 --carry --option "
                     r"unclaimed=nobody`: .*nobody", result.stderr), result.stderr
    assert re.search(r"pages/ru/03-figures\.md:10: \{\{simulate: banker\.most\|1\}\} names no figure of "
                     r"`python -m engine simulate 40 --players 3 --carry --option unclaimed=banker` \(its keys: ",
                     result.stderr), result.stderr
    assert re.search(r"pages/ru/03-figures\.md:14: `python -m engine simulate 30 --players 40 --seed 7`: ",
                     result.stderr), result.stderr


def test_a_run_is_played_once_and_kept_by_the_engines_sources_and_its_arguments(tmp_path: Path,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(figures, "STORE", Store("figures", root=tmp_path))
    monkeypatch.setattr(figures, "_tallies", {})
    played: list[Any] = []
    real = figures._play
    monkeypatch.setattr(figures, "_play", lambda job: played.append(job) or real(job))
    run = figures.parse_command("6 --players 3 --option beat=any_suit")
    figures.compute([run], workers=1)
    figures.compute([run, run], workers=1)
    assert len(played) == 1 and figures.tally(run)["stop"] == 6
    other = figures.parse_command("6 --players 3 --option beat=any_suit --seed 1")
    figures.compute([other], workers=1)
    assert len(played) == 2
    # the same run written another way is the same run: the default reading named, the options reordered
    assert figures.parse_command("6 --players 3 --option playoff=beating --option beat=any_suit") == run


def test_a_key_is_a_path_into_the_json_and_a_star_takes_every_item() -> None:
    # The path is walked as a note's event claims walk their event (engine.record.value_at): one walker.
    printed = {"banker": {"mean": 1.5}, "seats": [{"mean_net": -2.25, "ahead": True}, {"mean_net": 0}],
               "histogram": [[0, 3]], "unplayed": []}
    assert figures.lookup(printed, "banker.mean") == 1.5
    assert figures.lookup(printed, "seats.1.mean_net") == 0
    assert figures.lookup(printed, "histogram.0.1") == 3
    assert figures.lookup(printed, "seats.*.mean_net") == [-2.25, 0]
    for no_figure in ("banker", "banker.most", "seats.2.mean_net", "seats.-1.mean_net", "seats.0.ahead",
                      "seats.*", "seats.*.ahead", "seats*.mean_net", "banker.*.mean", "*.mean",
                      "unplayed.*.mean_net", ""):
        with pytest.raises(KeyError):
            figures.lookup(printed, no_figure)


def test_a_command_takes_only_what_changes_its_figures() -> None:
    assert figures.parse_command("3000 --players 3 --carry").carry
    for bad in ("many", "30 --json", "30 --jobs 2", "0", "30 --players 1", "30 --option beat"):
        with pytest.raises(figures.FigureError):
            figures.parse_command(bad)


def test_a_hands_figure_is_cited_from_its_step_and_its_noun_agrees_with_it(tmp_path: Path) -> None:
    from engine.record import parse_record
    from engine.trace import trace

    from build_helpers import HAND

    told = trace(parse_record(HAND, "tiny.toml")[0])
    end = len(told["steps"])
    pool = told["steps"][-1]["event"]["pool"]
    lessons = write_lessons(tmp_path / "lessons")
    en = EN_PAGE.replace("## A session", f"The tiny hand leaves {{{{replay tiny {end}: event.pool|chip}}}}; the "
                                         f"banker lays {{{{replay tiny 2: state.row|card}}}}.\n\n## A session")
    ru = RU_PAGE.replace("## Серия", f"Партия оставляет банк в {{{{replay tiny {end}: event.pool|chip.acc}}}}.\n\n"
                                     "## Серия")
    add_pages(lessons, en=en, ru=ru)
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 0, result.stderr
    from engine.words import count

    assert f"The tiny hand leaves {pool} chips; the banker lays 4 cards." in \
        (tmp_path / "site" / "en" / "figures.html").read_text(encoding="utf-8")
    assert f"Партия оставляет банк в {count(pool, 'chip', 'ru', 'acc')}." in \
        (tmp_path / "site" / "ru" / "figures.html").read_text(encoding="utf-8")
    # a step the hand does not have, and a path that names no figure, stop the build at their lines
    add_pages(lessons, en=en.replace(f"tiny {end}:", "tiny 999:"), ru=ru.replace("event.pool", "event.colour"))
    result = run_build(tmp_path / "site2", lessons)
    assert result.returncode == 1
    assert re.search(r"pages/en/03-figures\.md:6: \{\{replay tiny 999: event\.pool\|chip\}\}: no step 999 of the "
                     r"hand 'tiny'", result.stderr), result.stderr
    assert re.search(rf"pages/ru/03-figures\.md:6: \{{\{{replay tiny {end}: event\.colour\|chip\.acc\}}\}} names no "
                     rf"figure of step {end} of tiny", result.stderr), result.stderr
