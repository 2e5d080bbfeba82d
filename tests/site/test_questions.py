"""A note's question (engine/record.py) through the build: a good one reaches the page's trace in
each language; a bad one stops the build with `path:line: what is wrong`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from build_helpers import run_build

QUESTION = """
[notes.question]
en = "What does the banker lay?"
ru = "Что кладёт банкир?"
choices = [
  { en = "Four cards", ru = "Четыре карты", correct = true },
  { en = "Three cards", ru = "Три карты"CORRECT },
]
explain = { en = "Four cards (p3).", ru = "Четыре карты (§3)." }
"""
# tiny.toml has 16 lines, so: 18 [notes.question], 21 choices, 22 and 23 the two choices, 25 explain.


def add_question(lessons: Path, second: str = "") -> None:
    path = lessons / "hands" / "tiny.toml"
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) == 16
    path.write_text(text + QUESTION.replace("CORRECT", second), encoding="utf-8")


def test_a_good_question_reaches_the_pages_in_each_language(lessons: Path, tmp_path: Path) -> None:
    add_question(lessons)
    out = tmp_path / "site"
    result = run_build(out, lessons)
    assert result.returncode == 0, result.stderr
    for lang, text, answer in (("en", "What does the banker lay?", "Four cards"), ("ru", "Что кладёт банкир?", "Четыре карты")):
        html = (out / lang / "first.html").read_text(encoding="utf-8")
        found = re.search(r'<script type="application/json" class="demo-trace">(.*?)</script>', html, re.S)
        assert found, f"{lang}: the demo embeds its trace"
        steps = json.loads(found.group(1).replace("<\\/", "</"))["steps"]
        asked = [(i + 1, s["question"]) for i, s in enumerate(steps) if "question" in s]
        assert len(asked) == 1 and asked[0][0] == 2
        question = asked[0][1]
        assert question["text"] == text and question["choices"][question["answer"]] == answer


@pytest.mark.parametrize("second, where, word", [
    (", correct = true", "hands/tiny.toml:21:", "exactly one answer must be correct = true, not 2"),
    (", ru_text = \"x\"", "hands/tiny.toml:23:", "an answer has en and ru"),
])
def test_a_bad_question_stops_the_build_at_its_line(lessons: Path, tmp_path: Path, second: str, where: str,
                                                     word: str) -> None:
    add_question(lessons, second)
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 1, result.stdout + result.stderr
    assert any(where in line and word in line for line in result.stderr.splitlines()), result.stderr
    assert "Traceback" not in result.stderr
