"""Every word the site and the command line show, held to the terminology sheet, docs/style.md.

The sheet is the one source: its table "Never used" is read here, row by row, and no form is
copied into this file. The strings scanned are those a reader meets: the interface (every table of
sitegen/i18n.py and of each page type's module in sitegen/pages/, the engine's catalogue, the command
line's own words), the narration of every
hand in both languages (and of each hand a lesson replays under another reading), the notes of the
hands with their questions, the hands' titles and purposes, the lessons and the reference pages
outside quotations, the glossary, the option labels, questions and readings, and the translator's
notes of the text page. Three checks:

- no string uses a form the sheet says is never used;
- no Russian sentence about a seat puts it with a past tense in -л or -ла (which forces a gender on
  whoever sits there): in the narration, a clause with a seat's name in the nominative; in the
  interface, the options and the command line, a clause with a seat's placeholder, or one that
  opens with the verb (a column of a seat's figures);
- an option's identifier appears only in lesson 6's sections on the options (and on the command
  line, and beside the controls): the notes, captions, kiosk, glossary, lessons 1-4 and the
  reference pages say the reading in words.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Iterator

import engine.__main__ as cli
import engine.charts as charts
import engine.stats as stats
import sitegen.i18n as i18n
import sitegen.pages as page_types
from engine.catalogue import catalogue
from engine.live import replay
from engine.options import CATALOGUE
from engine.record import Record, read_record
from engine.trace import for_page, trace

REPO = Path(__file__).resolve().parents[2]
SHEET = REPO / "docs" / "style.md"
LESSONS = REPO / "lessons"
LANGS = ("en", "ru")


@dataclass(frozen=True)
class Shown:
    """A string a reader meets: where it is, its language, its text, and what names a seat in it:
    `names` (the narration: the seats' names of its hand), `template` (an interface string whose
    seat is a placeholder or understood), or neither (words about the named players of a hand)."""

    lang: str
    where: str
    text: str
    names: tuple[str, ...] = ()
    template: bool = False


# ---------------------------------------------------------------------------- the sheet

@dataclass(frozen=True)
class Form:
    lang: str
    pattern: re.Pattern[str]
    source: str
    instead: str
    line: int


def _table_rows(section: str) -> Iterator[tuple[int, list[str]]]:
    """The rows of the first Markdown table under `## {section}` in the sheet, cells unescaped."""
    lines = SHEET.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"## {section}")
    seen_table = False
    for number, line in enumerate(lines[start + 1:], start=start + 2):
        if line.startswith("## "):
            break
        if not line.startswith("|"):
            if seen_table:
                break
            continue
        seen_table = True
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if set(cells[0]) <= set("-: ") or cells[0] == "language":
            continue
        yield number, cells


@cache
def never_used() -> tuple[Form, ...]:
    forms = []
    for number, cells in _table_rows("Never used"):
        lang, code, instead = cells[0], cells[1], cells[2]
        assert lang in LANGS, f"docs/style.md:{number}: the language is en or ru, not {lang!r}"
        assert code.startswith("`") and code.endswith("`"), f"docs/style.md:{number}: the form is in backticks"
        source = code[1:-1]
        pattern = re.compile(rf"(?<![\w-])(?:{source})(?![\w-])", re.IGNORECASE)
        forms.append(Form(lang, pattern, source, instead, number))
    return tuple(forms)


# ---------------------------------------------------------------------------- what is shown, without quotations

def _without_nested(text: str, opening: str, closing: str) -> str:
    out, depth = [], 0
    for char in text:
        if char == opening:
            depth += 1
        elif char == closing and depth:
            depth -= 1
        elif not depth:
            out.append(char)
    return "".join(out)


def outside_quotations(text: str) -> str:
    """The words of ours in `text`: without quotations («…», “…”, "…"), code, the build's figure
    forms, link targets, bare links and heading ids."""
    text = re.sub(r"\{\{.*?\}\}", " ", text)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<https?://[^>]*>|https?://\S+", " ", text)
    text = re.sub(r"\{#[^}]*\}", " ", text)
    text = _without_nested(text, "«", "»")
    text = _without_nested(text, "“", "”")
    return re.sub(r'"[^"\n]*"', " ", text)


def _interface_tables(module: Any, name: str) -> Iterator[Shown]:
    """Every module-level table {"en": {key: text}, "ru": {...}} (or {"en": text, "ru": text}) of a module."""
    for attr, value in vars(module).items():
        if not isinstance(value, dict) or set(value) != set(LANGS):
            continue
        for lang, table in value.items():
            items = table.items() if isinstance(table, dict) else [("", table)]
            for key, text in items:
                if isinstance(text, str):
                    yield Shown(lang, f"{name} {attr}[{lang!r}][{key!r}]", text, template=True)


def _catalogue_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, (dict, list)):
        for item in value.values() if isinstance(value, dict) else value:
            yield from _catalogue_strings(item)


def interface() -> Iterator[Shown]:
    yield from _interface_tables(i18n, "sitegen/i18n.py")
    for found in pkgutil.iter_modules(page_types.__path__):
        yield from _interface_tables(importlib.import_module(f"sitegen.pages.{found.name}"),
                                     f"sitegen/pages/{found.name}.py")
    yield from _interface_tables(cli, "engine/__main__.py")
    yield from _interface_tables(stats, "engine/stats.py")
    yield from _interface_tables(charts, "engine/charts.py")
    for lang in LANGS:
        page = catalogue(lang)
        for part in ("terms", "decisions", "phase_words", "roles"):
            for text in _catalogue_strings(page[part]):
                yield Shown(lang, f"engine catalogue {part} ({lang})", text, template=True)


def options() -> Iterator[Shown]:
    for info in CATALOGUE:
        where = f"engine/options.py {info.key}"
        for lang in LANGS:
            yield Shown(lang, f"{where} label", info.label[lang], template=True)
            yield Shown(lang, f"{where} question", info.question[lang], template=True)
            for choice in info.choices:
                yield Shown(lang, f"{where} = {choice.value}", choice.label[lang], template=True)
                if choice.reading:
                    yield Shown(lang, f"{where} = {choice.value}, reading", choice.reading[lang], template=True)


@cache
def records() -> tuple[tuple[Path, Record], ...]:
    return tuple((path, read_record(path)[0]) for path in sorted((LESSONS / "hands").glob("*.toml")))


def _switches() -> dict[str, set[str]]:
    """The options each hand is replayed under in a lesson (`::: demo HAND switch=KEY`)."""
    found: dict[str, set[str]] = {}
    for path in (LESSONS / "pages").rglob("*.md"):
        for hand, key in re.findall(r"^::: demo (\S+) switch=(\S+)", path.read_text(encoding="utf-8"), re.M):
            found.setdefault(hand, set()).add(key)
    return found


def narration() -> Iterator[Shown]:
    """What the demo says at each step of every hand (what its table says of the banker's four too), and
    of each hand replayed under the other readings of the option a lesson switches."""
    switches = _switches()
    info = {i.key: i for i in CATALOGUE}
    for path, record in records():
        where = f"lessons/hands/{path.name}"
        for lang in LANGS:
            told = record.in_language(lang)
            names = tuple(told.table.players) + (told.table.banker, told.table.dealer)
            traced = trace(told)
            for number, step in enumerate(traced["steps"], start=1):
                yield Shown(lang, f"{where}, step {number}, narration", step["text"][lang], names=names)
            # and what the table says became of each of the banker's four (the page trace words it)
            fates = {fate["text"] for step in for_page(traced, lang)["steps"]
                     for fate in step["state"].get("outcomes") or () if fate}
            for fate in sorted(fates):
                yield Shown(lang, f"{where}, the table beside a card of the banker's four", fate, names=names)
            for key in sorted(switches.get(path.stem, ())):
                setup = traced["game"]
                for value in info[key].values if info[key].kind == "choice" else ():
                    if value == setup["options"][key]:
                        continue
                    other = replay({**setup, "options": {**setup["options"], key: value}}, lang)
                    for number, step in enumerate(other["steps"], start=1):
                        yield Shown(lang, f"{where} under {key} = {value}, step {number}, narration", step["text"],
                                    names=names)


def notes() -> Iterator[Shown]:
    for path, record in records():
        where = f"lessons/hands/{path.name}"
        if record.about:
            for lang in LANGS:
                yield Shown(lang, f"{where} [about] title", record.about.title[lang])
                yield Shown(lang, f"{where} [about] purpose", record.about.purpose[lang])
        for note in record.notes:
            for lang in LANGS:
                yield Shown(lang, f"{where}, note of step {note.step}", getattr(note, lang))
                if note.question:
                    q = note.question
                    texts = [q.text[lang], q.explain[lang]] + [c.text[lang] for c in q.choices]
                    for text in texts:
                        yield Shown(lang, f"{where}, question of step {note.step}", text)


def _markdown(path: Path, lang: str) -> Iterator[Shown]:
    fenced = False
    where = path.relative_to(REPO).as_posix()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced or line.startswith(":::") or line.strip() == "---" or line.startswith("order:"):
            continue
        line = re.sub(r"^(title|summary):", "", line)
        yield Shown(lang, f"{where}:{number}", line)


def lessons() -> Iterator[Shown]:
    for folder in ("pages", "reference"):
        for lang in LANGS:
            for path in sorted((LESSONS / folder / lang).glob("*.md")):
                yield from _markdown(path, lang)


def glossary() -> Iterator[Shown]:
    path = LESSONS / "reference" / "glossary.toml"
    for term in tomllib.loads(path.read_text(encoding="utf-8"))["term"]:
        for lang in LANGS:
            yield Shown(lang, f"lessons/reference/glossary.toml {term['id']}", term[lang])
            yield Shown(lang, f"lessons/reference/glossary.toml {term['id']}", term[f"{lang}_text"])


def translator_notes() -> Iterator[Shown]:
    path = LESSONS / "text" / "translator-notes.toml"
    for note in tomllib.loads(path.read_text(encoding="utf-8"))["note"]:
        for lang in LANGS:
            yield Shown(lang, f"lessons/text/translator-notes.toml {note['paragraph']}", note[lang])


@cache
def shown() -> tuple[Shown, ...]:
    return tuple([*interface(), *options(), *narration(), *notes(), *lessons(), *glossary(), *translator_notes()])


# ---------------------------------------------------------------------------- the forms never used

def forbidden_in(item: Shown) -> list[str]:
    text = outside_quotations(item.text)
    return [f"{item.where}: {match.group(0)!r} (docs/style.md:{form.line}: write {form.instead})"
            for form in never_used() if form.lang == item.lang for match in form.pattern.finditer(text)]


def test_the_sheet_lists_forms_never_used_in_both_languages() -> None:
    forms = never_used()
    assert {form.lang for form in forms} == set(LANGS)
    assert all(form.instead for form in forms)
    # The sheet's own examples of each form are caught, and the words it asks for are not.
    assert forbidden_in(Shown("ru", "example", "Выиграл хотя бы один приз"))
    assert forbidden_in(Shown("ru", "example", "и в следующем коне банк раскладывается"))
    assert forbidden_in(Shown("ru", "example", "он собирает их в отдельную колоду"))
    assert forbidden_in(Shown("ru", "example", "на [взятках](term:trick) — в копилку"))
    assert forbidden_in(Shown("en", "example", "so the stake stays on the table"))
    assert forbidden_in(Shown("en", "example", "what lies on one card is the stake on that card"))
    assert not forbidden_in(Shown("ru", "example", "в следующем кону выигрыш достаётся Борису"))
    assert not forbidden_in(Shown("ru", "example", "в §7 сказано «в отдельную колоду»"))
    assert not forbidden_in(Shown("en", "example", "each player pays his stake; the chips on a card stay"))


def test_no_string_shown_uses_a_form_the_sheet_never_uses() -> None:
    found = [problem for item in shown() for problem in forbidden_in(item)]
    assert not found, "\n".join(found)


# ---------------------------------------------------------------------------- a seat in the past tense

PAST = re.compile(r"^[а-яё]*[аеёиоуыэюя]л(?:а|ся|ась)?$", re.IGNORECASE)
# Words that end as a past tense does but are not verbs.
NOT_VERBS = frozenset({
    "стол", "стола", "правила", "начала", "файл", "файла", "интервал", "интервала", "оригинал", "оригинала",
    "предел", "смысл", "числа", "дела", "сначала", "мала", "мал", "цела", "цел", "хойла", "хойл", "зал", "зала",
    "сигнал", "канал", "материал", "пол", "угол", "угла", "мела", "тела", "сила",
})
SEAT_PLACEHOLDER = re.compile(r"\{(?:name|who|seat|banker|dealer|player|winner|leader|taker)\}")
CLAUSE = re.compile(r"[,;:.!?()\[\]—–]")


def _pasts(clause: str) -> list[str]:
    return [w for w in re.findall(r"[А-Яа-яЁё]+", clause) if PAST.match(w) and w.lower() not in NOT_VERBS]


def seat_in_the_past(item: Shown) -> list[str]:
    """The clauses of a Russian string that put a seat with a singular past tense."""
    if item.lang != "ru" or not (item.names or item.template):
        return []
    found = []
    for clause in CLAUSE.split(_without_nested(item.text, "«", "»")):
        pasts = _pasts(clause)
        if not pasts:
            continue
        words = re.findall(r"[А-Яа-яЁё]+", clause)
        if item.names:
            seat = bool(set(words) & set(item.names))
        else:
            first = words[1] if words[:1] in (["не"], ["Не"]) and len(words) > 1 else (words[0] if words else "")
            seat = bool(SEAT_PLACEHOLDER.search(clause)) or first in pasts
        if seat:
            found.append(f"{item.where}: «{clause.strip()}» ({', '.join(pasts)})")
    return found


def test_the_past_tense_check_finds_a_seat_named_placeholder_or_understood() -> None:
    assert seat_in_the_past(Shown("ru", "example", "Выиграл хотя бы один приз", template=True))
    assert seat_in_the_past(Shown("ru", "example", "{name} забрал карты.", template=True))
    assert seat_in_the_past(Shown("ru", "example", "Вера взяла последний выигрыш.", names=("Вера", "Борис")))
    assert not seat_in_the_past(Shown("ru", "example", "Хотя бы один выигрыш", template=True))
    assert not seat_in_the_past(Shown("ru", "example", "Движок перестал отвечать.", template=True))
    assert not seat_in_the_past(Shown("ru", "example", "Выигрыш достался Вере.", names=("Вера", "Борис")))
    # Words about a named player of a recorded hand take the name's gender: not a seat.
    assert not seat_in_the_past(Shown("ru", "example", "Анна сыграла последнюю карту."))


def test_no_russian_sentence_puts_a_seat_in_a_gendered_past_tense() -> None:
    found = [problem for item in shown() for problem in seat_in_the_past(item)]
    assert not found, "\n".join(found)


# ---------------------------------------------------------------------------- readings in words

KEYS = [info.key for info in CATALOGUE]
VALUES = sorted({value for info in CATALOGUE for value in info.values if "_" in value})
IDENTIFIER = re.compile(r"\b(?:" + "|".join(KEYS) + r")\s*=\s*\w+|\b(?:" + "|".join(k for k in KEYS if "_" in k)
                        + "|" + "|".join(VALUES) + r")\b|`(?:" + "|".join(KEYS) + r")`")
# Lesson 6 names each option in its own section, and the command line by its keys.
IDENTIFIERS_ALLOWED = ("lessons/pages/en/06-", "lessons/pages/ru/06-", "engine/__main__.py")
# A command shown beside its figures, and the build's figure forms, are code: they keep the keys.
COMMAND = re.compile(r"\{\{.*?\}\}|`[^`]*(?:python -m engine|--option|--carry)[^`]*`")


def identifiers_in(item: Shown) -> list[str]:
    if item.names or item.where.startswith(IDENTIFIERS_ALLOWED):
        return []
    text = COMMAND.sub(" ", re.sub(r"\]\([^)]*\)", "]", item.text))
    return [f"{item.where}: {match.group(0)!r}" for match in IDENTIFIER.finditer(text)]


def test_identifier_check_finds_keys_and_values() -> None:
    assert identifiers_in(Shown("en", "example", "by default (hosts_play = no) they only run the game"))
    assert identifiers_in(Shown("en", "example", "lesson 6, [`hosts_play`](what-the-text-leaves-open.html#hosts-play)"))
    assert identifiers_in(Shown("ru", "example", "при take_all он забирает обе"))
    assert identifiers_in(Shown("en", "example", "the ace is highest ([`beat`](what-the-text-leaves-open.html#beat))"))
    assert not identifiers_in(Shown("en", "example", "[who is dealt cards](what-the-text-leaves-open.html#hosts-play)"))
    assert not identifiers_in(Shown("en", "example", "the banker spreads the stake; the play-off by beating"))
    assert not identifiers_in(Shown("en", "example", "`python -m engine simulate 3000 --option unclaimed=banker` plays"))


def test_readings_are_said_in_words_outside_lesson_6() -> None:
    found = [problem for item in shown() for problem in identifiers_in(item)]
    assert not found, "\n".join(found)
