"""Reading the inputs: the historical text and its translation, the lesson pages, the hands.

Nothing here renders; every problem found is reported as `path:line: what is wrong`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import markdown
from markdown.extensions.meta import END_RE, META_MORE_RE, META_RE

from . import Problems, shown

LANGS = ("en", "ru")
PARAGRAPH_COUNT = 16
PARAGRAPH_IDS = tuple(f"p{i}" for i in range(PARAGRAPH_COUNT))
TEXT_FILES = {"ru": "text/source.ru.txt", "en": "text/translation.en.txt"}

FRONT_MATTER_KEYS = ("title", "order", "summary")
PAGE_NAME = re.compile(r"^(?P<number>\d+)-(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)\.md$")
HAND_NAME = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")


# ---------------------------------------------------------------------------- the text


@dataclass(frozen=True)
class Text:
    """The sixteen paragraphs p0..p15: the Russian source and the English translation."""

    ru: tuple[str, ...]
    en: tuple[str, ...]

    def paragraph(self, pid: str) -> dict[str, str]:
        index = PARAGRAPH_IDS.index(pid)
        return {"ru": self.ru[index], "en": self.en[index]}

    def paragraphs(self) -> list[dict[str, str]]:
        """[{id, ru, en}] in order."""
        return [{"id": pid, **self.paragraph(pid)} for pid in PARAGRAPH_IDS]


def split_paragraphs(text: str) -> list[tuple[int, str]]:
    """Paragraphs split on blank lines, each with the line it starts on (1-based)."""
    found: list[tuple[int, str]] = []
    current: list[str] = []
    start = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            if not current:
                start = number
            current.append(line.strip())
        elif current:
            found.append((start, " ".join(current)))
            current = []
    if current:
        found.append((start, " ".join(current)))
    return found


def read_text(lessons: Path) -> Text:
    """Both files must hold exactly sixteen paragraphs, p0..p15, aligned one to one."""
    problems = Problems()
    texts: dict[str, tuple[str, ...]] = {}
    for lang, name in TEXT_FILES.items():
        path = lessons / name
        try:
            content = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            problems.add(path, 1, f"cannot read the text: {error}")
            continue
        paragraphs = split_paragraphs(content)
        count = len(paragraphs)
        if count > PARAGRAPH_COUNT:
            line = paragraphs[PARAGRAPH_COUNT][0]
            problems.add(path, line, f"paragraph p{PARAGRAPH_COUNT} is one too many: the text has exactly "
                                     f"{PARAGRAPH_COUNT} paragraphs p0..p{PARAGRAPH_COUNT - 1} separated by blank "
                                     f"lines, this file has {count}")
        elif count < PARAGRAPH_COUNT:
            line = max(1, len(content.splitlines()))
            problems.add(path, line, f"paragraph p{count} is missing: the text has exactly {PARAGRAPH_COUNT} "
                                     f"paragraphs p0..p{PARAGRAPH_COUNT - 1} separated by blank lines, this file "
                                     f"has {count}")
        texts[lang] = tuple(text for _, text in paragraphs)
    problems.check()
    return Text(ru=texts["ru"], en=texts["en"])


# ---------------------------------------------------------------------------- lesson pages


@dataclass
class Page:
    """One lesson in one language: its front matter, read; its Markdown, rendered later."""

    lang: str
    path: Path
    slug: str
    title: str
    order: int
    summary: str
    source: str

    @property
    def url(self) -> str:
        return f"{self.slug}.html"


def read_front_matter(path: Path, source: str, problems: Problems) -> dict[str, str] | None:
    """The front matter between `---` lines, parsed by Python-Markdown's `meta` extension.

    `meta` silently stops at the first line it does not understand (and the rest becomes the
    page), so the lines are checked here first, which also gives each key its line number."""
    lines = source.splitlines()
    if not lines or lines[0].strip() != "---":
        problems.add(path, 1, "a lesson starts with its front matter between '---' lines: "
                              "title, order and summary")
        return None
    key_lines: dict[str, int] = {}
    for index in range(1, len(lines)):
        line, number = lines[index], index + 1
        if END_RE.match(line):
            break
        if not line.strip():
            problems.add(path, number, "a blank line inside the front matter: close it with '---' first")
            return None
        match = META_RE.match(line)
        if match:
            key = match.group("key").lower()
            if key in key_lines:
                problems.add(path, number, f"{key!r} is given twice in the front matter (first on line "
                                           f"{key_lines[key]})")
                return None
            key_lines[key] = number
            continue
        if META_MORE_RE.match(line) and key_lines:
            continue  # an indented continuation of the value above
        problems.add(path, number, f"not a 'key: value' line in the front matter: {line.strip()!r} "
                                   "(is its closing '---' missing?)")
        return None
    else:
        problems.add(path, 1, "the front matter opened on line 1 is never closed with '---'")
        return None

    reader = markdown.Markdown(extensions=["meta"])
    reader.convert(source)
    meta: dict[str, list[str]] = reader.Meta  # type: ignore[attr-defined]
    values = {key: " ".join(part.strip() for part in value).strip() for key, value in meta.items()}

    ok = True
    for key in values:
        if key not in FRONT_MATTER_KEYS:
            problems.add(path, key_lines.get(key, 1), f"unknown key {key!r} in the front matter "
                                                      f"(the keys are {', '.join(FRONT_MATTER_KEYS)})")
            ok = False
    for key in FRONT_MATTER_KEYS:
        if key not in values:
            problems.add(path, 1, f"the front matter has no {key!r} (it needs {', '.join(FRONT_MATTER_KEYS)})")
            ok = False
        elif not values[key]:
            problems.add(path, key_lines[key], f"{key!r} is empty")
            ok = False
    if "order" in values and values["order"] and not re.fullmatch(r"\d+", values["order"]):
        problems.add(path, key_lines["order"], f"order must be a whole number (the lesson's place in the "
                                               f"list), got {values['order']!r}")
        ok = False
    return values if ok else None


def read_pages(lessons: Path, warnings: list[str]) -> dict[str, list[Page]]:
    """Every `pages/{en,ru}/NN-slug.md`, by language, sorted by `order`; each slug in both languages."""
    problems = Problems()
    pages: dict[str, list[Page]] = {lang: [] for lang in LANGS}
    for lang in LANGS:
        folder = lessons / "pages" / lang
        if not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            if path.name.startswith(".") or path.suffix != ".md" or not path.is_file():
                continue
            name = PAGE_NAME.match(path.name)
            if not name:
                problems.add(path, 1, "a lesson file is named NN-slug.md (digits, a dash, then lowercase "
                                      "letters, digits and dashes)")
                continue
            try:
                source = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                problems.add(path, 1, f"cannot read the lesson: {error}")
                continue
            front = read_front_matter(path, source, problems)
            if front is None:
                continue
            page = Page(lang, path, name.group("slug"), front["title"], int(front["order"]), front["summary"],
                        source)
            if page.order != int(name.group("number")):
                warnings.append(f"{shown(path)}:1: the file name says {name.group('number')} but order is "
                                f"{page.order}: the lesson list follows order")
            pages[lang].append(page)
    problems.check()

    for lang in LANGS:
        pages[lang].sort(key=lambda p: p.order)
        seen: dict[int, Page] = {}
        for page in pages[lang]:
            if page.order in seen:
                problems.add(page.path, _key_line(page.source, "order"),
                             f"order {page.order} is also the order of {shown(seen[page.order].path)}")
            seen[page.order] = page
    by_slug = {lang: {p.slug: p for p in pages[lang]} for lang in LANGS}
    for lang, other in (("en", "ru"), ("ru", "en")):
        for slug, page in by_slug[lang].items():
            twin = by_slug[other].get(slug)
            if twin is None:
                problems.add(page.path, 1, f"this lesson has no {other} version: every lesson needs "
                                           f"pages/{other}/NN-{slug}.md too")
            elif lang == "ru" and twin.order != page.order:
                problems.add(page.path, _key_line(page.source, "order"),
                             f"order {page.order} differs from the English version's {twin.order} "
                             f"({shown(twin.path)})")
    problems.check()
    return pages


def _key_line(source: str, key: str) -> int:
    for number, line in enumerate(source.splitlines(), start=1):
        match = META_RE.match(line)
        if match and match.group("key").lower() == key:
            return number
    return 1


# ---------------------------------------------------------------------------- hands


@dataclass
class Hand:
    """An annotated hand: its record, replayed and told step by step by the engine, in each language
    with that language's names."""

    name: str
    path: Path
    traces: dict[str, dict[str, Any]]  # lang -> the trace, told with the names of that language
    notes: list[dict[str, Any]] = field(default_factory=list)

    @property
    def trace(self) -> dict[str, Any]:
        return self.traces["en"]

    def setup(self, lang: str = "en") -> dict[str, Any]:
        """What the live engine needs to replay this hand: the trace's game plus the notes."""
        return {**self.traces[lang]["game"], "notes": self.notes}

    def localized(self, lang: str) -> dict[str, Any]:
        """The trace as a page embeds it, in the page's language (engine.trace.for_page: the shape
        the live engine answers with too)."""
        from engine.trace import for_page

        return for_page(self.traces[lang], lang)


def read_hands(lessons: Path) -> dict[str, Hand]:
    """Every `hands/*.toml`, read and replayed with the engine, then traced."""
    from engine import RecordError, read_record  # the repository's own engine
    from engine.trace import trace

    problems = Problems()
    hands: dict[str, Hand] = {}
    folder = lessons / "hands"
    if not folder.is_dir():
        return hands
    for path in sorted(folder.glob("*.toml")):
        if not HAND_NAME.match(path.stem):
            problems.add(path, 1, "a hand file is named with lowercase letters, digits, '-' and '_' "
                                  "(its name is the HAND of '::: demo HAND' and part of an HTML id)")
            continue
        try:
            record, _ = read_record(Path(shown(path)))
            traces = {lang: trace(record.in_language(lang)) for lang in LANGS}
            json.dumps(traces)  # the traces must be plain JSON data
        except RecordError as error:
            problems.add_message(str(error))
            continue
        except Exception as error:  # a bug of the engine, not of the record: say where
            problems.add(path, 1, f"the engine failed on this record ({type(error).__name__}: {error}); "
                                  "this is an engine problem")
            continue
        notes = [{"step": n.step, "en": n.en, "ru": n.ru} for n in record.notes]
        hands[path.stem] = Hand(path.stem, path, traces, notes)
    problems.check()
    return hands

