"""Builds that must fail: a mistake in a lesson, a hand or the text stops the build with
`path:line: what is wrong` and leaves the previous site as it was; and the build's other refusals
(a folder it did not write, Pyodide missing), and its draft mode, which builds with a hand missing.
A link to no page or no anchor is a broken input too; a build killed on the way leaves folders that
the next build removes."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from build_helpers import (
    BUILD,
    ROOT,
    break_front_matter_never_closed,
    break_glossary_key,
    break_glossary_link,
    break_glossary_stem,
    break_inline_style_through_attr_list,
    break_lesson_in_one_language_only,
    break_level_one_heading,
    break_missing_hand,
    break_missing_title,
    break_order_not_a_number,
    break_record,
    break_reference_in_one_language,
    break_switch_of_no_option,
    break_switch_that_changes_nothing,
    break_translation_one_paragraph_short,
    break_translation_one_paragraph_too_many,
    break_translator_note_paragraph,
    break_unknown_block,
    break_unknown_key,
    break_unknown_paragraph,
    break_unknown_term,
    replace_in,
    run_build,
    write_lessons,
)
from html_helpers import parse


def break_link_to_no_page(lessons: Path) -> None:
    replace_in(lessons / "pages/en/02-second.md", "More text.", "More text, [x](no-such-page.html#nowhere).")


def break_link_to_no_anchor(lessons: Path) -> None:
    replace_in(lessons / "pages/ru/02-second.md", "Ещё текст.", "Ещё текст, [см.](first.html#no-such-anchor).")


def break_link_to_no_demo(lessons: Path) -> None:
    replace_in(lessons / "pages/en/02-second.md", "More text.", "More text, [x](first.html#hand=nobody&step=3).")


FAILURES: dict[str, tuple[Callable[[Path], None], str, str]] = {
    # name: (how to break the fixture, the `path:line:` expected, a word of the message)
    "unknown paragraph": (break_unknown_paragraph, "pages/en/01-first.md:12:", "p99"),
    "missing hand": (break_missing_hand, "pages/ru/02-second.md:10:", "nope"),
    "unknown front matter key": (break_unknown_key, "pages/en/02-second.md:5:", "author"),
    "missing title": (break_missing_title, "pages/ru/01-first.md:1:", "title"),
    "order not a number": (break_order_not_a_number, "pages/en/01-first.md:3:", "whole number"),
    "front matter never closed": (break_front_matter_never_closed, "pages/en/02-second.md:", "front matter"),
    "broken record": (break_record, "hands/tiny.toml:10:", "sideways"),
    "translation short": (break_translation_one_paragraph_short, "text/translation.en.txt:", "p15"),
    "translation too long": (break_translation_one_paragraph_too_many, "text/translation.en.txt:33:", "p16"),
    "translator's note on no paragraph": (break_translator_note_paragraph, "text/translator-notes.toml:14:", "p16"),
    "lesson in one language": (break_lesson_in_one_language_only, "pages/en/02-second.md:1:", "ru"),
    "unknown block": (break_unknown_block, "pages/en/02-second.md:9:", "picture"),
    "level-one heading": (break_level_one_heading, "pages/ru/01-first.md:10:", "##"),
    "inline style": (break_inline_style_through_attr_list, "pages/en/02-second.md:9:", "style"),
    "switch that changes nothing": (break_switch_that_changes_nothing, "pages/ru/01-first.md:26:", "last_card"),
    "switch of no option": (break_switch_of_no_option, "pages/en/01-first.md:26:", "colour"),
    "unknown glossary term": (break_unknown_term, "pages/en/01-first.md:24:", "bankir"),
    "glossary stem in no paragraph": (break_glossary_stem, "reference/glossary.toml:15:", "щука"),
    "glossary unknown key": (break_glossary_key, "reference/glossary.toml:15:", "colour"),
    "glossary link to no term": (break_glossary_link, "reference/glossary.toml:8:", "term:pot"),
    "reference page in one language": (break_reference_in_one_language, "reference/en/01-rules.md:1:", "ru"),
    "link to no page": (break_link_to_no_page, "pages/en/02-second.md:8:", "no-such-page.html"),
    "link to no anchor": (break_link_to_no_anchor, "pages/ru/02-second.md:8:", "first.html#no-such-anchor"),
    "link to no demo": (break_link_to_no_demo, "pages/en/02-second.md:8:", "'nobody'"),
}


@pytest.mark.parametrize("name", list(FAILURES))
def test_a_broken_input_stops_the_build_and_keeps_the_previous_site(name: str, lessons: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert run_build(out, lessons).returncode == 0
    before = (out / "index.html").read_bytes()
    before_files = sorted(str(p.relative_to(out)) for p in out.rglob("*"))
    breaking, where, word = FAILURES[name]
    breaking(lessons)
    result = run_build(out, lessons)
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stderr.splitlines()
    assert any(where in line and word in line for line in lines), result.stderr
    assert any(re.match(r"^\S+:\d+: ", line) for line in lines), "messages read path:line: what"
    assert "Traceback" not in result.stderr
    assert (out / "index.html").read_bytes() == before
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*")) == before_files
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("site.")] == [], "no temporary folder left"


def test_the_same_demo_twice_on_a_page_names_the_second_line(lessons: Path, tmp_path: Path) -> None:
    replace_in(lessons / "pages/en/01-first.md", "That is all.", "That is all.\n\n::: demo tiny")
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 1
    assert "pages/en/01-first.md:22:" in result.stderr and "already" in result.stderr


def test_draft_mode_renders_a_missing_hand_as_a_placeholder(lessons: Path, tmp_path: Path) -> None:
    break_missing_hand(lessons)
    result = run_build(tmp_path / "site", lessons, "--draft")
    assert result.returncode == 0, result.stderr
    assert "nope" in result.stdout
    root = parse(tmp_path / "site" / "ru" / "second.html")
    assert root.find("figure", class_="demo-missing").attrs["data-hand"] == "nope"


def test_refuses_to_replace_a_folder_it_did_not_write(lessons: Path, tmp_path: Path) -> None:
    out = tmp_path / "precious"
    out.mkdir()
    (out / "keep.txt").write_text("mine", encoding="utf-8")
    result = run_build(out, lessons)
    assert result.returncode == 1 and "refusing" in result.stderr
    assert (out / "keep.txt").read_text(encoding="utf-8") == "mine"


def test_pyodide_missing_names_npm_ci(lessons: Path, tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    shutil.copyfile(BUILD, root / "build.py")
    for name in ("sitegen", "site", "engine"):
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    result = run_build(tmp_path / "site", lessons, build=root / "build.py")
    assert result.returncode == 1 and "npm ci" in result.stderr
    assert not (tmp_path / "site").exists()


def _note_card(lessons: Path) -> None:
    replace_in(lessons / "hands/tiny.toml", 'kind = "lay"', 'kind = "lay"\ncards = ["ZZ"]')


def _not_utf8(lessons: Path) -> None:
    path = lessons / "hands/tiny.toml"
    path.write_bytes(path.read_bytes().replace(b'"Father"', b'"Fa\xfether"'))


def _nested(lessons: Path) -> None:
    path = lessons / "hands/tiny.toml"
    path.write_text(path.read_text(encoding="utf-8") + "x = " + "[" * 2000 + "]" * 2000 + "\n", encoding="utf-8")


def _long_seed(lessons: Path) -> None:
    replace_in(lessons / "hands/tiny.toml", "seed = 1", "seed = " + "9" * 5000)


def _cut_short(lessons: Path) -> None:
    path = lessons / "hands/tiny.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[:text.index('"Boris"') + 3], encoding="utf-8")


def _glossary_cut_short(lessons: Path) -> None:
    path = lessons / "reference/glossary.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[:text.index('"банкомёт"') + 4], encoding="utf-8")


HAND_FAILURES: dict[str, tuple[Callable[[Path], None], str]] = {
    # name: (how to break the fixture, the whole line the build prints for it)
    "unknown card in a note": (_note_card, "hands/tiny.toml:15: 'ZZ' is not a card (write rank then suit, e.g. AS, "
                                           "TH, 10H, 7C)"),
    "hand not UTF-8": (_not_utf8, "hands/tiny.toml:6: this is not UTF-8 text (byte 0xfe here): a record is a text "
                                  "file in UTF-8"),
    "hand nested 2,000 deep": (_nested, "hands/tiny.toml:17: lists and tables nested more than 8 levels deep (a "
                                        "record needs 2)"),
    "seed of 5,000 digits": (_long_seed, "hands/tiny.toml:2: a number of 5000 digits: a record's whole numbers have "
                                         "at most 19 (up to 9223372036854775807)"),
    "hand cut short": (_cut_short, "hands/tiny.toml:5: not valid TOML: a text in quotes is not closed"),
    "glossary cut short": (_glossary_cut_short, "reference/glossary.toml:5: not valid TOML: a text in quotes is not "
                                                "closed"),
}


@pytest.mark.parametrize("name", list(HAND_FAILURES))
def test_a_hostile_input_stops_the_build_with_its_path_and_line_in_words(name: str, lessons: Path,
                                                                         tmp_path: Path) -> None:
    breaking, said = HAND_FAILURES[name]
    breaking(lessons)
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 1
    assert any(line.endswith(said) for line in result.stderr.splitlines()), result.stderr
    assert "Traceback" not in result.stderr and "engine problem" not in result.stderr
    assert not re.search(r"\w+Error\b", result.stderr), result.stderr  # no Python exception's name


def test_a_folder_named_like_a_hand_is_said_to_be_a_folder(lessons: Path, tmp_path: Path) -> None:
    (lessons / "hands" / "dir.toml").mkdir()
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 1
    assert any(line.endswith("hands/dir.toml: this is a folder, not a record file")
               for line in result.stderr.splitlines()), result.stderr
    assert "Errno" not in result.stderr and "Traceback" not in result.stderr


def test_a_byte_order_mark_is_allowed_in_every_source_as_in_a_record_the_page_opens(lessons: Path,
                                                                                   tmp_path: Path) -> None:
    for name in ("hands/tiny.toml", "pages/en/01-first.md", "text/translation.en.txt", "reference/glossary.toml"):
        path = lessons / name
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 0, result.stderr
    first = (tmp_path / "site" / "en" / "first.html").read_text(encoding="utf-8")
    assert "\ufeff" not in first


def test_links_to_pages_anchors_and_demos_that_exist_pass(lessons: Path, tmp_path: Path) -> None:
    replace_in(lessons / "pages/en/02-second.md", "More text.",
               "More text: [a paragraph](text.html#p5), [a heading](first.html#a-reading), [a step](first.html#hand=tiny&step=3), "
               "[the switch](first.html#hand=tiny.beat), [the other language](../ru/second.html), [home](../index.html).")
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 0, result.stderr


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("site."))


def test_the_next_build_removes_what_killed_builds_left(lessons: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert run_build(out, lessons).returncode == 0
    (tmp_path / "site.tmp-abcd1234" / "en").mkdir(parents=True)  # killed while writing
    (tmp_path / "site.tmp-abcd1234" / "en" / "index.html").write_text("half", encoding="utf-8")
    shutil.copytree(out, tmp_path / "site.old-wxyz_789")  # killed while deleting the site before
    (tmp_path / "site.tmp-notes").mkdir()  # not names the build makes: left alone
    (tmp_path / "site.backup").mkdir()
    assert run_build(out, lessons).returncode == 0
    assert _leftovers(tmp_path) == ["site.backup", "site.tmp-notes"]


def test_a_build_killed_between_its_renames_gets_the_previous_site_back(lessons: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert run_build(out, lessons).returncode == 0
    before = (out / "en" / "first.html").read_bytes()
    out.rename(tmp_path / "site.old-k1lled00")  # the site renamed away, the new one not yet in
    (tmp_path / "site.tmp-k1lled00").mkdir()
    break_unknown_paragraph(lessons)
    result = run_build(out, lessons)
    assert result.returncode == 1 and "p99" in result.stderr
    assert (out / "en" / "first.html").read_bytes() == before, "the previous site is back, and stays"
    assert _leftovers(tmp_path) == []


def test_a_build_killed_while_it_writes_leaves_nothing_after_the_next(tmp_path: Path) -> None:
    out = tmp_path / "site"
    lessons = write_lessons(tmp_path / "lessons")
    assert run_build(out, lessons).returncode == 0
    replace_in(lessons / "pages/en/01-first.md", "That is all.", "That is all, again.")
    for _ in range(5):  # the kill must land while the new site is being written
        process = subprocess.Popen([sys.executable, str(BUILD), "--out", str(out), "--lessons", str(lessons)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while process.poll() is None and not any(p.name.startswith("site.tmp-") for p in tmp_path.iterdir()):
            time.sleep(0.002)
        process.send_signal(signal.SIGKILL)
        process.wait()
        if any(p.name.startswith("site.tmp-") for p in tmp_path.iterdir()):
            break
    assert [name for name in _leftovers(tmp_path) if name.startswith("site.tmp-")], "no kill landed in 5 builds"
    assert (out / "en" / "first.html").is_file(), "the previous site stays through the kill"
    result = run_build(out, lessons)
    assert result.returncode == 0, result.stderr
    assert _leftovers(tmp_path) == []
    assert "That is all, again." in (out / "en" / "first.html").read_text(encoding="utf-8")
