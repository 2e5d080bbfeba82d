"""docs/rules.md and lesson 6 ("What the text leaves open") name every option of the engine's
catalogue (engine/options.py), with its values, default and paragraphs, so that neither can fall
behind the engine; and every file of lessons/ that the docs name exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import Options
from engine.options import CATALOGUE, OptionInfo

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "docs" / "rules.md"
LESSON = "lessons/pages/{lang}/06-what-the-text-leaves-open.md"


OPTIONS_START, OPTIONS_END = "\n## Options\n", "\n## Invariants every state satisfies"


def option_head(info: OptionInfo) -> str:
    """The lines of an option's section that the catalogue writes: its values (default marked), its
    paragraphs and its open question. The reading's verdict, below them, is written by hand."""
    default = Options().to_mapping()[info.key]
    if info.kind == "choice":
        values = "Values: " + ", ".join(f"`{v}` (default)" if v == default else f"`{v}`" for v in info.values)
    elif info.kind == "number":
        values = f"Value: a whole number ≥ {info.minimum}, default {default}"
    else:
        values = f"Value: a fine per suit, default `{default}`"
    return f"{values}\n\nParagraphs: {info.rule}\n\nQuestion: {info.question['en']}\n\n"


def option_sections(text: str) -> tuple[str, dict[str, str], str]:
    """docs/rules.md cut into what precedes the option sections, each section's body by key, and
    what follows them."""
    start, end = text.index(OPTIONS_START), text.index(OPTIONS_END)
    intro, *blocks = re.split(r"\n### `(\w+)`\n\n", text[start:end])
    return text[:start] + intro, dict(zip(blocks[0::2], blocks[1::2])), text[end:]


def test_rules_md_has_a_section_for_every_option_headed_as_the_catalogue_writes_it():
    _, sections, _ = option_sections(RULES.read_text(encoding="utf-8"))
    assert list(sections) == [info.key for info in CATALOGUE], \
        "the option sections differ from the catalogue: run `python tests/engine/test_docs.py`"
    for info in CATALOGUE:
        body, head = sections[info.key], option_head(info)
        assert body.startswith(head), f"{info.key}: its head is not the catalogue's: run `python tests/engine/test_docs.py`"
        assert body[len(head):].strip(), f"{info.key}: the section says nothing of which reading is the most literal"


def write_option_heads() -> list[str]:
    """Rewrite each option section's head from the catalogue, adding a section (a head alone, for
    the verdict to be written under it) for an option the file does not have; the new keys."""
    before, sections, after = option_sections(RULES.read_text(encoding="utf-8"))
    heads = [option_head(info) for info in CATALOGUE]
    parts, added = [before], []
    for info, head in zip(CATALOGUE, heads):
        body = sections.get(info.key)
        if body is None:
            added.append(info.key)
            body = head
        else:
            body = head + body.split("\n\nQuestion: ", 1)[-1].split("\n\n", 1)[-1] if "Question: " in body \
                else head + body.split("\n\n", 2)[-1]
        parts.append(f"\n### `{info.key}`\n\n{body}")
    RULES.write_text("".join(parts) + after, encoding="utf-8")
    return added


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


if __name__ == "__main__":
    new_keys = write_option_heads()
    print("rewrote the option heads of docs/rules.md" + (
        f"; new sections for {', '.join(new_keys)}: write under each which reading is the most literal" if new_keys else ""))
