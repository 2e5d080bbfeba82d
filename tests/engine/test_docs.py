"""docs/rules.md and lesson 5 name every option of the engine's catalogue (engine/options.py), with
its values, default and paragraphs, so that neither can fall behind the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import Options
from engine.options import CATALOGUE

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "docs" / "rules.md"
LESSON = "lessons/pages/{lang}/06-what-the-text-leaves-open.md"


def rules_options_section() -> str:
    text = RULES.read_text(encoding="utf-8")
    return text[text.index("\n## Options\n"):text.index("\n## Invariants every state satisfies")]


def test_rules_md_lists_every_option_with_its_values_default_and_paragraphs():
    blocks = re.split(r"\n### `(\w+)`\n", rules_options_section())[1:]
    keys, bodies = blocks[0::2], blocks[1::2]
    assert keys == [info.key for info in CATALOGUE]
    default = Options().to_mapping()
    for info, body in zip(CATALOGUE, bodies):
        values, paragraphs = [line for line in body.splitlines() if line.strip()][:2]
        if info.kind == "choice":
            expected = ", ".join(f"`{v}` (default)" if v == default[info.key] else f"`{v}`" for v in info.values)
            assert values == f"Values: {expected}", info.key
        elif info.kind == "number":
            assert values == f"Value: a whole number ≥ {info.minimum}, default {default[info.key]}", info.key
        else:
            assert values == f"Value: a fine per suit, default `{default[info.key]}`", info.key
        assert paragraphs == f"Paragraphs: {info.rule}", info.key


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lesson_5_has_a_section_for_every_option_under_the_same_id_in_both_languages(lang):
    text = (REPO / LESSON.format(lang=lang)).read_text(encoding="utf-8")
    for info in CATALOGUE:
        anchor = info.key.replace("_", "-")
        assert re.search(rf"^### .*\(`{info.key}`\) \{{#{anchor}\}}$", text, re.MULTILINE), (lang, info.key)


def test_lesson_5_headings_are_aligned_in_both_languages():
    ids = {lang: re.findall(r"^#{2,3} .*\{#([\w-]+)\}$", (REPO / LESSON.format(lang=lang)).read_text(encoding="utf-8"),
                            re.MULTILINE) for lang in ("en", "ru")}
    assert ids["en"] == ids["ru"] and len(set(ids["en"])) == len(ids["en"])
