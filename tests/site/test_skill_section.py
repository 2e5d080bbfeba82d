"""The numbers lesson's "Skill and luck" (sitegen/skill.py): the games file read and checked against
the engine, its figures cited and tabled by the build, and a bad or stale file stopping the build at
its line."""

from __future__ import annotations

import csv
import html
import re
from pathlib import Path
from typing import Any

import pytest

from build_helpers import add_page, run_build, write_lessons
from html_helpers import parse

from engine.skill import CSV_HEADER, figures, play_pair
from engine.words import number, signed
from sitegen import BuildError, skill
from sitegen.cache import Store

# Two games of the cheapest case: the strong player's games take a third of a CPU-second each.
PAIRS = [play_pair("beating", 5, k) for k in range(2)]

EN_PAGE = """\
---
title: Skill
order: 3
summary: The strong player's gain.
---
## Skill {#skill}

::: skill

By beating at five players the gain is {{numbers:skill.beating.5.gain|+2}} chips a game.
"""
RU_PAGE = """\
---
title: Мастерство
order: 3
summary: Перевес сильного игрока.
---
## Мастерство {#skill}

::: skill

При отбое впятером перевес — {{numbers:skill.beating.5.gain|+2}} фишки за кон.
"""


def write_games(lessons: Path, rows: list[list[str]]) -> Path:
    path = lessons / "data" / "skill-games.csv"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle, lineterminator="\n").writerows([list(CSV_HEADER), *rows])
    return path


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(skill, "STORE", Store("skill", root=tmp_path / "cache"))


def test_the_figures_are_the_engines_of_the_games_the_file_gives(tmp_path: Path, store: None) -> None:
    write_games(tmp_path, [p.csv_fields() for p in PAIRS])
    assert skill.read_skill(tmp_path) == figures(PAIRS)
    assert skill.read_skill(tmp_path / "elsewhere") is None  # lessons without the file: no section to show


def test_a_checked_game_is_played_once_and_kept_by_the_engine_and_the_files_bytes(
        tmp_path: Path, store: None, monkeypatch: pytest.MonkeyPatch) -> None:
    write_games(tmp_path, [p.csv_fields() for p in PAIRS])
    played: list[Any] = []
    monkeypatch.setattr("engine.skill.play_pair", lambda *args: played.append(args) or play_pair(*args))
    skill.read_skill(tmp_path)
    assert len(played) == skill.CHECKED >= 1
    skill.read_skill(tmp_path)
    assert len(played) == skill.CHECKED


def test_a_game_the_engine_does_not_play_so_stops_the_build_at_its_line(tmp_path: Path, store: None) -> None:
    rows = [p.csv_fields() for p in PAIRS]
    for wrong in range(2):  # whichever game the check draws, each is wrong in its own file
        rows[wrong][4] = str(int(rows[wrong][4]) + 1)
    write_games(tmp_path, rows)
    with pytest.raises(BuildError) as stopped:
        skill.read_skill(tmp_path)
    assert re.fullmatch(r".*data/skill-games\.csv:[23]: beating, 5 players, game [01]: the engine plays the strong "
                        r"seat's net to -?\d+ \(default -?\d+\), the file says -?\d+ .*scripts/skill_games\.py.*",
                        str(stopped.value)), stopped.value


@pytest.mark.parametrize("rows,message", [
    ([["beating", "5", "0", "1", "-3", "-4"]], r"skill-games\.csv:2: seat 1 is not game 0's strong seat, 0"),
    ([["beating", "5", "0", "0", "-3"]], r"skill-games\.csv:2: 5 fields, not 6"),
    ([["beating", "5", "0", "0", "-3", "-4"], ["beating", "5", "2", "2", "-3", "-4"]],
     r"skill-games\.csv:1: beating, 5 players: game 2 without game 1"),
    ([["beating", "5", "0", "1", "-3", "-4"], ["beating", "5", "1", "1", "-3"]],
     r"skill-games\.csv:2: seat 1 .*\n.*skill-games\.csv:3: 5 fields"),  # every bad row, not only the first
])
def test_a_bad_row_or_a_missing_game_stops_the_build_naming_the_file(tmp_path: Path, store: None,
                                                                    rows: list[list[str]], message: str) -> None:
    write_games(tmp_path, rows)
    with pytest.raises(BuildError, match=message):
        skill.read_skill(tmp_path)


def test_the_block_tables_each_case_and_seat_and_the_prose_cites_its_figures(tmp_path: Path) -> None:
    lessons = write_lessons(tmp_path / "lessons")
    add_page(lessons, "03-skill.md", EN_PAGE, RU_PAGE)
    write_games(lessons, [p.csv_fields() for p in PAIRS])
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 0, result.stderr
    case = figures(PAIRS)["beating"]["5"]
    for lang, label, seats in (("en", "By beating, 5 players, 2 games", ("Anna", "Darya")),
                               ("ru", "С отбоем, 5 игроков, 2 кона", ("Анна", "Дарья"))):
        # (the helper's full_text puts an element's own text before its children's: read the cells' HTML)
        source = (tmp_path / "site" / lang / "skill.html").read_text(encoding="utf-8")
        tables = source.split('class="simulate skill"')[1].split("<table>")[1:]

        def cells(table: str) -> list[str]:
            body = table.split("<tbody>")[1].split("</tr>")[0]
            return [html.unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", body)]

        gain = f"{signed(case['gain'], lang, 2)} ±\u00a0{number(case['gain_ci95'], lang, 2)}"
        shown = number(case["games_to_show"], lang) if case["games_to_show"] else "—"
        assert cells(tables[0]) == [label, gain, number(case["net_sd"], lang, 2), shown]
        by_seat = cells(tables[1])[1]
        first = case["seats"][0]
        assert by_seat.startswith(f"{seats[0]} {signed(first['gain'], lang, 2)} ±\u00a0{number(first['gain_ci95'], lang, 2)}; ")
        assert by_seat.endswith(f"{seats[1]} —")  # two games: the fifth seat has none yet
        page = parse(tmp_path / "site" / lang / "skill.html")
        assert f"{signed(case['gain'], lang, 2)} {'chips' if lang == 'en' else 'фишки'}" in page.full_text()


def test_a_skill_block_without_the_games_file_stops_the_build_at_its_line(tmp_path: Path) -> None:
    lessons = write_lessons(tmp_path / "lessons")
    add_page(lessons, "03-skill.md", EN_PAGE, RU_PAGE)
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 1
    assert re.search(r"pages/en/03-skill\.md:8: '::: skill' shows the games of lessons/data/skill-games\.csv, and "
                     r"the lessons have none: `python scripts/skill_games\.py` plays them", result.stderr), result.stderr


def test_the_script_stops_at_a_bad_row_naming_its_line_and_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    import subprocess
    import sys

    from build_helpers import ROOT

    path = tmp_path / "games.csv"
    text = ",".join(CSV_HEADER) + "\nbeating,3,0,0,-3,-4\nbeating,3,1,0,-3,-4\n"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "skill_games.py"), "--games", "1", "--file", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and f"{path}:3: seat 0 is not game 1's strong seat, 1" in done.stderr, done.stderr
    assert path.read_text(encoding="utf-8") == text


def test_the_script_plays_what_the_file_lacks_and_keeps_it_sorted(tmp_path: Path) -> None:
    import subprocess
    import sys

    from build_helpers import ROOT
    from engine.skill import PLAYOFFS, SIZES, read_pair

    path = tmp_path / "games.csv"

    def run(games: int) -> str:
        done = subprocess.run([sys.executable, str(ROOT / "scripts" / "skill_games.py"), "--games", str(games),
                               "--jobs", "1", "--chunk", "1", "--file", str(path)],
                              capture_output=True, text=True, check=True, timeout=600)
        return done.stdout

    assert "0 games; 6 to play" in run(1)
    first = path.read_text(encoding="utf-8")
    assert "6 games; 6 to play" in run(2)  # only game 1 of each case: game 0 is kept as it was
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == ",".join(CSV_HEADER)
    pairs = [read_pair(line.split(",")) for line in lines[1:]]
    assert [(p.playoff, p.players, p.game) for p in pairs] == [(w, n, k) for w in PLAYOFFS for n in SIZES for k in (0, 1)]
    assert all(line in lines for line in first.splitlines())
    assert pairs[1] == play_pair("beating", 3, 1)


def test_a_half_width_under_half_a_hundredth_is_written_to_three_decimals_never_as_zero() -> None:
    seats = [{"games": 3334, "gain": 0.085, "gain_ci95": 0.014}, {"games": 3333, "gain": 0.007, "gain_ci95": 0.003}]
    case = {"games": 6667, "gain": 0.046, "gain_ci95": 0.008, "net_sd": 9.11, "games_to_show": 150_000,
            "seats": seats}
    for lang, names in (("en", ("Anna", "Boris")), ("ru", ("Анна", "Борис"))):
        text = html.unescape(re.sub(r"<[^>]+>", "", skill.block_html({"tricks": {"2": case}}, lang)))
        decimal = "." if lang == "en" else ","
        assert f"{names[0]} +0{decimal}09 ±\u00a00{decimal}01" in text
        assert f"{names[1]} +0{decimal}007 ±\u00a00{decimal}003" in text
        assert not re.search(r"±\u00a00[.,]00(?!\d)", text)
