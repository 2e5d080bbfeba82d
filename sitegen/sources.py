"""Reading the inputs: the historical text and its translation, the lesson pages, the hands.

Nothing here renders; every problem found is reported as `path:line: what is wrong`.
"""

from __future__ import annotations

import json
import re
import tomllib
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
TRANSLATOR_NOTES = "text/translator-notes.toml"

FRONT_MATTER_KEYS = ("title", "order", "summary")
PAGE_NAME = re.compile(r"^(?P<number>\d+)-(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)\.md$")
HAND_NAME = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")


def read_source(path: Path, problems: Problems, what: str) -> str | None:
    """A source file's text, UTF-8 with or without a byte order mark (as the engine reads a record
    and the write page reads a file); None, with `path:line: what is wrong`, when it cannot be read."""
    try:
        data = path.read_bytes()
    except IsADirectoryError:
        problems.add(path, 1, f"{what} is a folder here, not a file")
        return None
    except OSError as error:
        problems.add(path, 1, f"cannot read {what}: {error.strerror or type(error).__name__}")
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        problems.add(path, line, f"{what} is not UTF-8 text (byte 0x{data[error.start]:02x} here)")
        return None


# ---------------------------------------------------------------------------- the text


@dataclass(frozen=True)
class Text:
    """The sixteen paragraphs p0..p15: the Russian source and the English translation."""

    ru: tuple[str, ...]
    en: tuple[str, ...]
    notes: dict[str, dict[str, str]] = field(default_factory=dict)  # pid -> lang -> the translator's note

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
        content = read_source(path, problems, "the text")
        if content is None:
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
    notes = read_translator_notes(lessons / TRANSLATOR_NOTES, problems)
    problems.check()
    return Text(ru=texts["ru"], en=texts["en"], notes=notes)


def read_translator_notes(path: Path, problems: Problems) -> dict[str, dict[str, str]]:
    """The translator's notes, if the file is there: `[[note]]` tables of `paragraph`, `en` and `ru`,
    at most one a paragraph (where the English had to choose, what the Russian allows)."""
    if not path.exists():
        return {}
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError) as error:
        problems.add(path, 1, f"cannot read the translator's notes: {error}")
        return {}
    except tomllib.TOMLDecodeError as error:
        line = int(match.group(1)) if (match := re.search(r"line (\d+)", str(error))) else 1
        problems.add(path, line, f"not valid TOML: {error}")
        return {}
    starts = [number for number, line in enumerate(text.splitlines(), start=1) if line.strip() == "[[note]]"]
    notes: dict[str, dict[str, str]] = {}
    found = data.get("note", [])
    for index, note in enumerate(found if isinstance(found, list) else [found]):
        line = starts[index] if index < len(starts) else 1
        pid = note.get("paragraph") if isinstance(note, dict) else None
        well_formed = isinstance(note, dict) and set(note) == {"paragraph", *LANGS} and \
            all(isinstance(note[lang], str) and note[lang].strip() for lang in LANGS)
        if not well_formed:
            problems.add(path, line, "a translator's note has a paragraph and its text in en and ru, nothing else")
        elif pid not in PARAGRAPH_IDS:
            problems.add(path, line, f"unknown paragraph {pid!r}: the text's paragraphs are p0..p15")
        elif pid in notes:
            problems.add(path, line, f"{pid} has a note already: one note a paragraph")
        else:
            notes[pid] = {lang: note[lang].strip() for lang in LANGS}
    return notes


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
    reader.convert("\n".join(lines[:index + 1]))  # the front matter alone: the page is rendered later
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


def read_pages(lessons: Path, warnings: list[str], kind: str = "pages") -> dict[str, list[Page]]:
    """Every `pages/{en,ru}/NN-slug.md` (or `reference/…`: the glossary, the rules on one page, the
    sources), by language, sorted by `order`; each slug in both languages."""
    problems = Problems()
    pages: dict[str, list[Page]] = {lang: [] for lang in LANGS}
    for lang in LANGS:
        folder = lessons / kind / lang
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
            source = read_source(path, problems, "the lesson")
            if source is None:
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
                problems.add(page.path, 1, f"this page has no {other} version: every page needs "
                                           f"{kind}/{other}/NN-{slug}.md too")
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


# ---------------------------------------------------------------------------- the glossary

GLOSSARY_FILE = "reference/glossary.toml"
TERM_ID = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
TERM_KEYS = {"id": str, "ru": str, "ru_also": list, "en": str, "stems": list, "en_text": str, "ru_text": str}
TERM_OPTIONAL = {"ru_also"}


@dataclass(frozen=True)
class Term:
    """A word of the game: its Russian and English headwords, what it means (Markdown, by language),
    and the paragraphs of the text that use it, found by its stems (none: the word is ours)."""

    id: str
    ru: str
    ru_also: tuple[str, ...]
    en: str
    stems: tuple[str, ...]
    paragraphs: tuple[str, ...]
    text: dict[str, str]
    line: int


def _words(paragraph: str) -> list[str]:
    return re.findall(r"\w+", paragraph.lower().replace("ё", "е"))


def stem_paragraphs(stem: str, text: Text) -> list[str]:
    """The paragraphs of the Russian source in which `stem` begins a word (or, for a stem of
    several words, begins consecutive words); `=кон` must be the whole word (not «кончились»);
    ё is read as е, as the source spells it."""
    whole = stem.startswith("=")
    parts = _words(stem)
    found = []

    def fits(word: str, part: str) -> bool:
        return word == part if whole else word.startswith(part)

    for pid, paragraph in zip(PARAGRAPH_IDS, text.ru):
        words = _words(paragraph)
        if any(all(fits(words[i + k], part) for k, part in enumerate(parts))
               for i in range(len(words) - len(parts) + 1)):
            found.append(pid)
    return found


def read_glossary(lessons: Path, text: Text) -> list[Term]:
    """`reference/glossary.toml`: one `[[term]]` per word (none yet: an empty glossary)."""
    import tomllib

    path = lessons / GLOSSARY_FILE
    if not path.is_file():
        return []
    from engine.record import RecordError, toml_error

    problems = Problems()
    source = read_source(path, problems, "the glossary")
    if source is None:
        problems.check()
        raise AssertionError  # unreachable: check() raised
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as error:
        line, detail = toml_error(source, error)
        problems.add_message(str(RecordError(f"{shown(path)}:{line}", "not_toml", detail=detail)))
        problems.check()
        raise AssertionError
    lines = source.splitlines()
    starts = [n for n, line in enumerate(lines, start=1) if line.strip() == "[[term]]"]
    extra = sorted(set(data) - {"term"})
    if extra:
        problems.add(path, 1, f"unknown table {extra[0]!r}: the glossary is a list of [[term]] entries")
    terms: list[Term] = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(data.get("term", [])):
        line = starts[index] if index < len(starts) else 1

        def where(key: str) -> int:
            end = starts[index + 1] if index + 1 < len(starts) else len(lines) + 1
            return next((n for n in range(line, end) if re.match(rf"\s*{key}\s*=", lines[n - 1])), line)

        ok = True
        for key in entry:
            if key not in TERM_KEYS:
                problems.add(path, where(key), f"unknown key {key!r} in a [[term]] (the keys are {', '.join(TERM_KEYS)})")
                ok = False
        for key, kind in TERM_KEYS.items():
            if key not in entry:
                if key not in TERM_OPTIONAL:
                    problems.add(path, line, f"this [[term]] has no {key!r}")
                    ok = False
            elif not isinstance(entry[key], kind) or (kind is list and not all(isinstance(x, str) for x in entry[key])):
                problems.add(path, where(key), f"{key!r} must be {'a list of strings' if kind is list else 'a string'}")
                ok = False
            elif kind is str and not entry[key].strip():
                problems.add(path, where(key), f"{key!r} is empty")
                ok = False
        if not ok:
            continue
        term_id = entry["id"]
        if not TERM_ID.match(term_id):
            problems.add(path, where("id"), f"a term's id is lowercase letters, digits and dashes (it is the "
                                            f"anchor glossary.html#ID and the link term:ID), got {term_id!r}")
            continue
        if term_id in seen:
            problems.add(path, where("id"), f"the id {term_id!r} is also the id of the term on line {seen[term_id]}")
            continue
        seen[term_id] = line
        paragraphs: set[str] = set()
        for stem in entry["stems"]:
            if stem != stem.lower() or not _words(stem) or "=" in stem[1:]:
                problems.add(path, where("stems"), f"a stem is written in lower case letters (with '=' before "
                                                   f"it for a whole word), got {stem!r}")
                continue
            found = stem_paragraphs(stem, text)
            if not found:
                problems.add(path, where("stems"), f"the stem {stem!r} begins no word of the text: fix it, or "
                                                   f"leave it out if the text does not use this word")
            paragraphs.update(found)
        terms.append(Term(term_id, entry["ru"], tuple(entry.get("ru_also", [])), entry["en"], tuple(entry["stems"]),
                          tuple(pid for pid in PARAGRAPH_IDS if pid in paragraphs),
                          {"en": entry["en_text"], "ru": entry["ru_text"]}, line))
    problems.check()
    return terms


# ---------------------------------------------------------------------------- hands


@dataclass
class Hand:
    """An annotated hand: its record, replayed and told step by step by the engine, in each language
    with that language's names."""

    name: str
    path: Path
    traces: dict[str, dict[str, Any]]  # lang -> the trace, told with the names of that language
    notes: list[dict[str, Any]] = field(default_factory=list)
    about: Any = None  # engine.record.About: title, purpose, focus (None: a lesson's own hand)
    options: dict[str, Any] = field(default_factory=dict)  # the options that differ from the defaults
    pages: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False, compare=False)  # localized, by lang
    # lang -> step -> what each move of the decision shown there was worth (sitegen/analyses.py)
    analyses: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def paragraphs(self) -> list[str]:
        """The paragraphs its steps apply, in the text's order."""
        cited = {rule for step in self.trace["steps"] for rule in step["event"]["rule"]}
        return [pid for pid in PARAGRAPH_IDS if pid in cited]

    @property
    def shows(self) -> list[str]:
        """The options it shows: its focus, then the others it changes."""
        focus = list(self.about.focus) if self.about else []
        return focus + [key for key in self.options if key not in focus]

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

        if lang not in self.pages:  # asked for by every page that shows the hand: made once
            self.pages[lang] = for_page(self.traces[lang], lang)
        return self.pages[lang]


def read_hands(lessons: Path) -> dict[str, Hand]:
    """Every `hands/*.toml`, read and replayed with the engine, then traced; its notes' claims about
    other readings proved by replaying the hand under each (sitegen/notes.py). What a hand gives
    depends only on its file and the engine, so it is kept in `.cache/hands/` under both."""
    from engine import EngineError, RecordError, read_record  # the repository's own engine
    from engine.trace import trace

    from .cache import Store, engine_digest, key
    from .notes import reading_problems

    store = Store("hands", keep=200)
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
        name = shown(path)
        try:
            content: bytes | None = path.read_bytes()
        except OSError:  # a folder, a file that may not be read: read_record says which, in words
            content = None
        entry = key("hand", engine_digest(), name, content or b"")
        kept = store.get(entry) if content is not None else None
        if kept is None:
            try:
                record, _ = read_record(Path(name))
                traces = {lang: trace(record.in_language(lang)) for lang in LANGS}
                json.dumps(traces)  # the traces must be plain JSON data
                wrong = reading_problems(record, traces["en"], name)
            except RecordError as error:
                problems.add_message(str(error))
                continue
            except EngineError as error:  # a refusal the record's reader did not place: the record's still
                problems.add(path, 1, str(error))
                continue
            except Exception as error:  # a bug of the engine, not of the record: say where
                problems.add(path, 1, f"the engine failed on this record ({type(error).__name__}: {error}); "
                                      "this is an engine problem")
                continue
            if wrong:
                for message in wrong:
                    problems.add_message(message)
                continue
            notes = [{"step": n.step, "en": n.en, "ru": n.ru} for n in record.notes]
            kept = (traces, notes, record.about, record.options.to_mapping(changed_only=True))
            store.put(entry, kept)
        traces, notes, about, options = kept
        hands[path.stem] = Hand(path.stem, path, traces, notes, about, options)
    problems.check()
    return hands

