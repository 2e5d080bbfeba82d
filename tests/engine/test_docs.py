"""docs/rules.md and lesson 6 ("What the text leaves open") name every option of the engine's
catalogue (engine/options.py), with its values, default and paragraphs, so that neither can fall
behind the engine; and every file of lessons/ that the docs name exists."""

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
def test_lesson_6_has_a_section_for_every_option_under_the_same_id_in_both_languages(lang):
    text = (REPO / LESSON.format(lang=lang)).read_text(encoding="utf-8")
    for info in CATALOGUE:
        anchor = info.key.replace("_", "-")
        assert re.search(rf"^### .*\(`{info.key}`\) \{{#{anchor}\}}$", text, re.MULTILINE), (lang, info.key)


def test_lesson_6_headings_are_aligned_in_both_languages():
    ids = {lang: re.findall(r"^#{2,3} .*\{#([\w-]+)\}$", (REPO / LESSON.format(lang=lang)).read_text(encoding="utf-8"),
                            re.MULTILINE) for lang in ("en", "ru")}
    assert ids["en"] == ids["ru"] and len(set(ids["en"])) == len(ids["en"])


def test_every_lessons_path_the_docs_name_exists():
    # A lesson renamed or renumbered (05- became 06-) must not leave a stale path behind. Patterns
    # (`lessons/hands/*.toml`, `{en,ru}`) must match something; placeholders in capitals (HAND) are
    # not paths.
    docs = sorted((REPO / "docs").glob("*.md")) + [REPO / "README.md", REPO / "ARCHITECTURE.md"]
    named = {(doc.name, m.rstrip(".,")) for doc in docs
             for m in re.findall(r"lessons/[\w./{},*-]+", doc.read_text(encoding="utf-8"))}
    assert any(path.startswith("lessons/pages/") for _, path in named)
    missing = []
    for doc, path in sorted(named):
        if re.search(r"/[A-Z]+\.", path):
            continue
        braces = re.search(r"\{([^}]*)\}", path)
        for choice in braces.group(1).split(",") if braces else [""]:
            concrete = path if braces is None else path[:braces.start()] + choice + path[braces.end():]
            if not (list(REPO.glob(concrete)) if "*" in concrete else (REPO / concrete).exists()):
                missing.append(f"{doc}: {concrete}")
    assert not missing
