"""Quotations of the text and of our translation: each a literal excerpt (sitegen/quotes.py).

The build checks the lessons, the reference pages, the glossary and the hands' notes; these tests
check the option labels and questions (engine/options.py) and docs/rules.md with the same code,
and the rules of the comparison one by one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from build_helpers import ROOT, replace_in, run_build

from sitegen.quotes import Checker, Quotation, file_problems
from sitegen.sources import read_text

TEXT = read_text(ROOT / "lessons")
CHECKER = Checker(TEXT)


def quoted(text: str, lang: str = "ru", attributed: bool = False) -> str | None:
    return CHECKER.problem(Quotation("x.md", 1, text, lang, attributed, False))


@pytest.mark.parametrize("path", ["engine/options.py", "docs/rules.md"])
def test_the_option_labels_and_questions_and_the_rules_reference_quote_the_text_literally(path: str) -> None:
    assert file_problems(ROOT / path, TEXT, path) == []


def test_every_quotation_in_the_lessons_the_glossary_and_the_notes_is_literal() -> None:
    lessons = ROOT / "lessons"
    files = [*sorted(lessons.glob("pages/*/*.md")), *sorted(lessons.glob("reference/*/*.md")),
             lessons / "reference" / "glossary.toml", *sorted(lessons.glob("hands/*.toml"))]
    assert [p for f in files for p in file_problems(f, TEXT, str(f.relative_to(ROOT)))] == []


def test_a_quotation_is_the_texts_words_and_an_ellipsis_marks_a_cut() -> None:
    assert quoted("Второй этап розыгрыша после разбора одной из колод производится по другому") is None
    assert quoted("второй этап розыгрыша … производится по другому") is None       # cut, marked; case of the first letter
    assert quoted("второй этап розыгрыша ... производится по другому") is None
    assert quoted("платит в копилку в зависимости от масти") is None               # ё and е, the source's spelling aside
    assert quoted("за трефовую — 3 фишки") is None                                   # the source prints «—3»
    assert quoted("The second stage of the play after one of the decks has been used up", "en") is None
    assert quoted("[рубашкой вверх](term:face-down)") is None                       # a link counts by its words
    # the findings' misquotations
    assert "not a literal excerpt of the source" in quoted("Второй этап розыгрыша после разбора одной из колод "
                                                           "производится по-другому")
    assert "not a literal excerpt of our translation" in quoted("The second stage of the play-off, after one of "
                                                                "the decks has been used up, is played differently.",
                                                                "en")  # the translation before p13 kept its ambiguity
    assert quoted("a sum agreed beforehand", "en")                                   # resembles "a sum agreed in advance"
    assert quoted("участвующие в игре сдают сумму")                                  # a cut without its ellipsis
    assert quoted("отдельная колода")                                                 # declined: not the text's words
    assert quoted("банкомета") is None and quoted("банкомет", attributed=True)      # a word, not part of one


def test_what_is_not_a_quotation_of_the_text_is_left_alone_but_an_attributed_one_is_not() -> None:
    assert quoted("дурак") is None                       # a game's name
    assert quoted("Карточной лотереи") is None            # the title, declined as a name
    assert quoted("Запустить") is None                    # a label of the site
    assert quoted("whosoever possesses a corresponding card", "en") is None  # another book
    assert quoted("at will", "en") is None
    assert "not a literal excerpt" in quoted("at will", "en", attributed=True)  # "p4: the banker spreads it "at will""


def test_a_misquotation_in_a_lesson_a_glossary_entry_or_a_note_stops_the_build_at_its_line(lessons: Path,
                                                                                           tmp_path: Path) -> None:
    replace_in(lessons / "pages/en/02-second.md", "More text.", 'More text: p4 lets the banker spread it "at will".')
    replace_in(lessons / "pages/ru/02-second.md", "Ещё текст.", "Ещё текст: «второй этап розыгрыша … по-другому».")
    replace_in(lessons / "reference/glossary.toml", "Куда идут штрафы", "«Заранее обусловленная сумма» (§4). Куда идут штрафы")
    replace_in(lessons / "hands/tiny.toml", 'ru = "Осторожно', 'ru = "По §2 их выбирают «из числа игроков». Осторожно')
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 1
    for where, quote in (("pages/en/02-second.md:8", '"at will"'), ("pages/ru/02-second.md:8", "«второй этап"),
                         (r"reference/glossary\.toml:\d+", "«Заранее обусловленная сумма»"),
                         (r"hands/tiny\.toml:\d+", "«из числа игроков»")):
        assert re.search(rf"{where}: {re.escape(quote)}.* is not a literal excerpt of", result.stderr), (where,
                                                                                                      result.stderr)
    assert not (tmp_path / "site").exists()
