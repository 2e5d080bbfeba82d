"""Quotations of the text, checked: each one is a literal excerpt of what it quotes.

A quotation is what stands between «» (of the Russian source, lessons/text/source.ru.txt) or, in
English, between double quotes, "…" or “…” (of our translation, lessons/text/translation.en.txt).
It is compared with the text literally, except that: a Markdown link counts by its words; ё is е
(the source prints е for both); white space is one space, also beside a dash; the first letter's
case is free; a .,;:!? just inside the closing mark may be the writer's; an ellipsis, "…" or
"...", marks a cut: the parts must follow one another in order, in one paragraph.

Quotation marks also enclose other things: a game's name («дурак»), the title of the text, a
label of the site, another book's words. So a quoted span is taken for a quotation of our text,
and must then be literal, when it is attributed to a paragraph (its sentence names pN or §N before
it, or "(pN)" follows it) or when it resembles one (it shares with a paragraph of the text a run of
two words or more, compared by their stems, not all of them small words like "of" or «за»). A
wording the text does not use, discussed as such, is written in italics, not in quotation marks;
the message says so.

The build checks the lessons, the reference pages, the glossary and the hands' notes
(`problems`); a test checks engine/options.py (the options' labels and questions) and
docs/rules.md with the same code (`file_problems`).
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .sources import Text

RUSSIAN_QUOTE = re.compile(r"«((?:[^«»]|«[^«»]*»)*)»")
ENGLISH_QUOTE = re.compile(r"\"([^\"\n]+?)\"|“([^”]+)”")
CUT = re.compile(r"\s*(?:…|\.\.\.)\s*")
PARAGRAPH = re.compile(r"(?:\bp|§)(\d{1,2})\b")
SMALL = frozenset("""a an the of to for in on at by and or but with from as is are was be it its his her he she they
them their this that these those each every all any one who which what not no nor if so than then there
в во на за по с со к ко о об от до из у и а но или не ни же ли что как то это он она оно они его её ее их ему ей
им ими ней нём нем него неё каждый каждая каждое каждую каждой каждого каждому каждые каждых все всё весь вся
всех всем который которая которое которые которых""".split())


@dataclass(frozen=True)
class Quotation:
    path: str
    line: int
    text: str       # as written, between the marks
    lang: str       # "ru": of the source; "en": of the translation
    attributed: bool  # its sentence names a paragraph before it, or "(pN)" follows it
    cited: bool       # "(pN)" follows it


# ---------------------------------------------------------------------------- reading


def _plain(text: str) -> str:
    """Markdown as words: links by their text, no emphasis marks, no code."""
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"(?<!\w)[*_]{1,2}(?=\S)|(?<=\S)[*_]{1,2}(?!\w)", "", text)


def normal(text: str) -> str:
    text = text.replace("ё", "е").replace("Ё", "Е").replace("’", "'").replace("\u00a0", " ")
    text = re.sub(r"\s*([—–])\s*", r" \1 ", text)
    return re.sub(r"\s+", " ", text).strip()


def quotations(path: str, paragraphs: Iterable[tuple[int, str]], english: bool) -> Iterator[Quotation]:
    """The quotations of some text: (first line, paragraph) pairs; `english`: its own language is
    English, so that double quotes quote the translation (in Russian they are left alone)."""
    for start, paragraph in paragraphs:
        plain = _plain(paragraph)
        found: list[tuple[int, int, str, str]] = [(m.start(), m.end(), m.group(1), "ru")
                                                  for m in RUSSIAN_QUOTE.finditer(plain)]
        if english:
            found += [(m.start(), m.end(), m.group(1) or m.group(2), "en") for m in ENGLISH_QUOTE.finditer(plain)
                      if not any(a <= m.start() < b for a, b, _, _ in found)]
        for begin, end, text, lang in sorted(found):
            line = start + plain[:begin].count("\n")
            if lang == "ru" and not re.search("[а-яёА-ЯЁ]", text):
                lang = "en"  # English between «» (a Russian page quoting the translation or another book)
            before = re.split(r"(?<=[.!?;|])\s+|\n\s*[-*|]\s|^\s*[-*|]\s", plain[:begin])[-1]
            cited = bool(re.match(r"[.,;:]?\s*\((?:p|§)\d", plain[end:end + 12]))
            yield Quotation(path, line, text, lang, cited or bool(PARAGRAPH.search(before)), cited)


def markdown_paragraphs(source: str) -> list[tuple[int, str]]:
    """A Markdown file's paragraphs (each line of a table or list on its own), with their first line;
    the front matter and the `:::` block lines left out."""
    lines = source.splitlines()
    out: list[tuple[int, str]] = []
    current: list[str] = []
    start = 0
    body = 0
    if lines and lines[0].strip() == "---":
        body = next((i + 1 for i in range(1, len(lines)) if lines[i].strip() == "---"), 0)
        out += [(i + 1, re.sub(r"^\w+:\s*", "", lines[i])) for i in range(1, max(body - 1, 1))]
    for number in range(body, len(lines)):
        line = lines[number]
        unit = re.match(r"\s*(?:[-*|]|#+|\d+\.)\s", line) or line.startswith(":::")
        if not line.strip() or unit:
            if current:
                out.append((start, "\n".join(current)))
                current = []
        if line.startswith(":::") or not line.strip():
            continue
        if unit:
            out.append((number + 1, line))
            continue
        if not current:
            start = number + 1
        current.append(line)
    if current:
        out.append((start, "\n".join(current)))
    return out


_TOML_STRING = re.compile(r"\b(?P<key>en|ru|en_text|ru_text)\s*=\s*(?P<value>\"\"\"(?:.|\n)*?\"\"\"|\"(?:[^\"\\\n]|\\.)*\")")


def toml_paragraphs(source: str) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """The English and the Russian texts of a TOML file (notes, titles, the glossary) with their lines."""
    english: list[tuple[int, str]] = []
    russian: list[tuple[int, str]] = []
    for match in _TOML_STRING.finditer(source):
        raw = match.group("value")
        value = raw[3:-3] if raw.startswith('"""') else json.loads(raw)
        line = source.count("\n", 0, match.start("value")) + 1
        (english if match.group("key").startswith("en") else russian).append((line, value))
    return english, russian


def python_paragraphs(source: str) -> list[tuple[int, str]]:
    """Every string of a Python file (adjacent literals joined, as Python joins them), with its line."""
    return [(node.lineno, node.value) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


# ---------------------------------------------------------------------------- comparing


def _stems(text: str) -> list[str]:
    return [w[:5] for w in re.findall(r"\w+(?:-\w+)*", normal(text).lower())]


class Checker:
    """Compares quotations with the text's paragraphs."""

    def __init__(self, text: Text) -> None:
        self.paragraphs = {"ru": [normal(p) for p in text.ru], "en": [normal(p) for p in text.en]}
        self.stems = {lang: [_stems(p) for p in paragraphs] for lang, paragraphs in self.paragraphs.items()}
        self.sets = {lang: [set(stems) for stems in paragraphs] for lang, paragraphs in self.stems.items()}

    def literal(self, quotation: Quotation) -> bool:
        parts = [part.strip() for part in CUT.split(normal(_plain(quotation.text)))]
        parts = [re.sub(r"^[,;:]\s*|[.,;:!?]$", "", part).strip() for part in parts]
        parts = [part for part in parts if part]
        if not parts:
            return True
        return any(_in_order(parts, paragraph) for paragraph in self.paragraphs[quotation.lang])

    def resembles(self, quotation: Quotation) -> tuple[int, str] | None:
        """The paragraph (its number) and the words of it that the quotation nearly repeats: a
        stretch its words (by their stems) turn into with at most one change in three, none for two
        words, not all of them small words like "of" or «за»; None when no paragraph has one. The
        title (p0) is the game's name, which a sentence may decline: it is left out."""
        words = _stems(_plain(quotation.text))
        if len(words) < 2 or all(w in SMALL or len(w) < 3 for w in words):
            return None
        allowed = len(words) // 3
        best: tuple[int, int, int, int] | None = None  # (changes, paragraph, start, end)
        needed = len(set(words)) - allowed  # a paragraph sharing fewer of its words cannot be near enough
        for index, stems in enumerate(self.stems[quotation.lang]):
            if index == 0 or len(set(words) & self.sets[quotation.lang][index]) < min(needed, 2):
                continue
            found = _nearest(words, stems)
            if found[0] <= allowed and (best is None or found[0] < best[0]):
                best = (found[0], index, found[1], found[2])
        if best is None:
            return None
        shown = re.findall(r"\w+(?:-\w+)*", self.paragraphs[quotation.lang][best[1]])
        return best[1], " ".join(shown[best[2]:best[3]]) if len(shown) == len(self.stems[quotation.lang][best[1]]) \
            else " ".join(self.stems[quotation.lang][best[1]][best[2]:best[3]])

    def problem(self, quotation: Quotation, others: bool = False) -> str | None:
        """What is wrong with a quotation, or None. `others`: the page quotes other books (the sources
        page), which resemble ours; there only a quotation attributed to a paragraph is of our text."""
        if self.literal(quotation):
            return None
        similar = None if others else self.resembles(quotation)
        if similar is None and not (quotation.cited if others else quotation.attributed):
            return None  # a name, a label, another book's words: not a quotation of our text
        what = "the source" if quotation.lang == "ru" else "our translation"
        marks = ("«", "»") if quotation.lang == "ru" else ('"', '"')
        near = f" (it is closest to p{similar[0]}, which has {marks[0]}…{similar[1]}…{marks[1]})" if similar else ""
        return (f"{marks[0]}{quotation.text}{marks[1]} is not a literal excerpt of {what}{near}: quote the text "
                f"exactly, with … where it is cut; a wording the text does not use is written in italics, "
                f"not in quotation marks")


def _nearest(words: list[str], text: list[str]) -> tuple[int, int, int]:
    """The fewest word changes (replace, insert, delete) that turn `words` into a stretch of `text`,
    with that stretch's start and end (the approximate substring match)."""
    previous = [(0, j) for j in range(len(text) + 1)]  # (changes, start of the stretch) ending before text[j]
    for i, word in enumerate(words, start=1):
        current = [(i, 0)]
        for j in range(1, len(text) + 1):
            options = [(previous[j - 1][0] + (word != text[j - 1]), previous[j - 1][1]),
                       (previous[j][0] + 1, previous[j][1]), (current[j - 1][0] + 1, current[j - 1][1])]
            current.append(min(options))
        previous = current
    end = min(range(len(text) + 1), key=lambda j: previous[j][0])
    return previous[end][0], previous[end][1], end


def _whole_words(text: str, start: int, end: int) -> bool:
    """The stretch neither starts nor ends inside a word."""
    return not (start > 0 and text[start - 1].isalnum() and text[start].isalnum()) and \
        not (end < len(text) and text[end - 1].isalnum() and text[end].isalnum())


def _in_order(parts: list[str], paragraph: str) -> bool:
    at = 0
    for part in parts:
        found = -1
        for variant in dict.fromkeys((part, part[:1].lower() + part[1:], part[:1].upper() + part[1:])):
            index = paragraph.find(variant, at)
            while index >= 0 and not _whole_words(paragraph, index, index + len(variant)):
                index = paragraph.find(variant, index + 1)
            if index >= 0 and (found < 0 or index < found):
                found = index
        if found < 0:
            return False
        at = found + len(part)
    return True


# ---------------------------------------------------------------------------- files


def file_quotations(path: Path, shown_as: str | None = None) -> list[Quotation]:
    """Every quotation in a lesson (.md), a TOML file of texts or a Python module."""
    source = path.read_text(encoding="utf-8")
    name = shown_as or str(path)
    if path.suffix == ".md":
        return list(quotations(name, markdown_paragraphs(source), "/ru/" not in path.as_posix()))
    if path.suffix == ".toml":
        in_english, in_russian = toml_paragraphs(source)
        return list(quotations(name, in_english, True)) + list(quotations(name, in_russian, False))
    if path.suffix == ".py":
        strings = python_paragraphs(source)
        cyrillic = [(n, s) for n, s in strings if re.search("[а-яА-Я]", s)]
        return list(quotations(name, [(n, s) for n, s in strings if (n, s) not in cyrillic], True)) + \
            list(quotations(name, cyrillic, False))
    raise ValueError(f"no quotations are read from {path}")


def problems(text: Text, paths: Iterable[Path]) -> list[str]:
    """The build's check: every quotation of the files given (lessons, reference pages, glossary,
    hands), each problem as `path:line: what is wrong`."""
    from . import shown

    checker = Checker(text)
    return [problem for path in paths for problem in file_problems(path, text, shown(path), checker)]


def file_problems(path: Path, text: Text, shown_as: str | None = None, checker: Checker | None = None) -> list[str]:
    """`path:line: what is wrong` for every quotation of the file that is not a literal excerpt."""
    checker = checker or Checker(text)
    others = path.suffix == ".md" and path.parent.parent.name == "reference" and path.stem.endswith("-sources")
    out = []
    for quotation in file_quotations(path, shown_as):
        problem = checker.problem(quotation, others)
        if problem:
            out.append(f"{quotation.path}:{quotation.line}: {problem}")
    return out
