"""The build tests' fixture lessons and how they run build.py (imported by conftest.py and the tests).

The fixture lessons are written by the tests (the real text files are copied, the pages and the
hand are tiny); `run_build` runs build.py as a command into a folder the test owns. The build's
own pass/fail is its exit status and its messages `path:line: what is wrong`. The `break_*`
functions each make one mistake in fixture lessons (the failure and serve tests use them).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build.py"
PARAGRAPHS = [f"p{i}" for i in range(16)]

# ---------------------------------------------------------------------------- fixture lessons

EN_FIRST = """\
---
title: The first lesson
order: 1
summary: A first look at the "table".
---
Some text with "quotes" and **bold**.

::: quote p1

## The deal

::: quote p5

## A hand

::: demo tiny

## The end

That is all.

## A reading {#a-reading}

The [banker](term:banker) beats by suit, or not:

::: demo tiny switch=beat
"""
RU_FIRST = """\
---
title: Первый урок
order: 1
summary: Первый взгляд на стол.
---
Текст с «кавычками» и **жирным**.

::: quote p1

## Сдача {#the-deal}

::: quote p5

## Партия {#a-hand}

::: demo tiny

## Конец {#the-end}

Вот и всё.

## Прочтение {#a-reading}

[Банкир](term:banker) и масть:

::: demo tiny switch=beat
"""
EN_SECOND = """\
---
title: The second lesson
order: 2
summary: The play-off.
---
::: quote p10

More text.
"""
RU_SECOND = """\
---
title: Второй урок
order: 2
summary: Розыгрыш.
---
::: quote p10

Ещё текст.
"""
NOTE_EN = "Careful: </script><script>alert(1)</script> & <!-- stays text"
HAND = f"""\
# A tiny hand for the build tests.
seed = 1

[table]
players = ["Anna", "Boris", "Vera"]
banker = "Father"
dealer = "Mother"

[options]
playoff = "beating"

[[notes]]
step = 2
kind = "lay"
en = "{NOTE_EN}"
ru = "Осторожно: </script> и & тоже текст"
"""
CITED = {"p1", "p5", "p10"}

GLOSSARY = """\
# The fixture's glossary: two words of the text and one of ours.
[[term]]
id = "banker"
ru = "банкир"
ru_also = ["банкомёт"]
en = "banker"
stems = ["банкир", "банкомет"]
en_text = "He lays out four cards and spreads the [pool](term:pool) over them."
ru_text = "Выкладывает четыре карты и распределяет по ним [банк](term:pool)."

[[term]]
id = "kitty"
ru = "копилка"
en = "kitty"
stems = ["копилк"]
en_text = "Where the suit fines go."
ru_text = "Куда идут штрафы по мастям."

[[term]]
id = "pool"
ru = "банк"
en = "pool"
stems = []
en_text = "Our word for the chips carried into the next game."
ru_text = "Наше слово для фишек, переходящих в следующий кон."
"""
RULES_EN = """\
---
title: The rules on one page
order: 1
summary: Everything to play at home.
---
## What you need {#what-you-need}

Two decks and a [kitty](term:kitty).
"""
RULES_RU = """\
---
title: Правила на одной странице
order: 1
summary: Всё, чтобы играть дома.
---
## Что нужно {#what-you-need}

Две колоды и [копилка](term:kitty).
"""


def write_lessons(folder: Path) -> Path:
    (folder / "text").mkdir(parents=True)
    for name in ("source.ru.txt", "translation.en.txt", "translator-notes.toml"):
        shutil.copyfile(ROOT / "lessons" / "text" / name, folder / "text" / name)
    for lang, pages in (("en", (EN_FIRST, EN_SECOND)), ("ru", (RU_FIRST, RU_SECOND))):
        (folder / "pages" / lang).mkdir(parents=True)
        (folder / "pages" / lang / "01-first.md").write_text(pages[0], encoding="utf-8")
        (folder / "pages" / lang / "02-second.md").write_text(pages[1], encoding="utf-8")
    (folder / "hands").mkdir()
    (folder / "hands" / "tiny.toml").write_text(HAND, encoding="utf-8")
    for lang, rules in (("en", RULES_EN), ("ru", RULES_RU)):
        (folder / "reference" / lang).mkdir(parents=True)
        (folder / "reference" / lang / "01-rules.md").write_text(rules, encoding="utf-8")
    (folder / "reference" / "glossary.toml").write_text(GLOSSARY, encoding="utf-8")
    return folder


def add_page(lessons: Path, name: str, en: str, ru: str) -> None:
    """One more lesson, lessons/pages/{en,ru}/NAME."""
    (lessons / "pages" / "en" / name).write_text(en, encoding="utf-8")
    (lessons / "pages" / "ru" / name).write_text(ru, encoding="utf-8")


def built_with_page(base: Path, name: str, en: str, ru: str) -> dict[str, Any]:
    """The small site (write_lessons) with one more lesson, built into base/site: {out, result}."""
    lessons = write_lessons(base / "lessons")
    add_page(lessons, name, en, ru)
    out = base / "site"
    result = run_build(out, lessons)
    assert result.returncode == 0, result.stderr
    return {"out": out, "result": result}


def run_build(out: Path, lessons: Path, *extra: str, build: Path = BUILD,
              timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(build), "--out", str(out), "--lessons", str(lessons), *extra],
                          capture_output=True, text=True, encoding="utf-8", timeout=timeout, check=False)


def html_pages(out: Path) -> list[Path]:
    return sorted(p for p in out.rglob("*.html") if "pyodide" not in p.parts)


# ---------------------------------------------------------------------------- one mistake each


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def break_unknown_paragraph(lessons: Path) -> None:
    replace_in(lessons / "pages/en/01-first.md", "::: quote p5", "::: quote p99")


def break_missing_hand(lessons: Path) -> None:
    replace_in(lessons / "pages/ru/02-second.md", "Ещё текст.", "Ещё текст.\n\n::: demo nope")


def break_unknown_key(lessons: Path) -> None:
    replace_in(lessons / "pages/en/02-second.md", "summary: The play-off.", "summary: The play-off.\nauthor: Me")


def break_missing_title(lessons: Path) -> None:
    replace_in(lessons / "pages/ru/01-first.md", "title: Первый урок\n", "")


def break_order_not_a_number(lessons: Path) -> None:
    replace_in(lessons / "pages/en/01-first.md", "order: 1", "order: first")


def break_front_matter_never_closed(lessons: Path) -> None:
    replace_in(lessons / "pages/en/02-second.md", "summary: The play-off.\n---\n", "summary: The play-off.\n")


def break_record(lessons: Path) -> None:
    replace_in(lessons / "hands/tiny.toml", 'playoff = "beating"', 'playoff = "sideways"')


def break_translation_one_paragraph_short(lessons: Path) -> None:
    path = lessons / "text/translation.en.txt"
    text = path.read_text(encoding="utf-8").rstrip("\n")
    path.write_text(text.rsplit("\n\n", 1)[0] + "\n", encoding="utf-8")


def break_translation_one_paragraph_too_many(lessons: Path) -> None:
    path = lessons / "text/translation.en.txt"
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + "\n\nAn extra paragraph.\n", encoding="utf-8")


def break_translator_note_paragraph(lessons: Path) -> None:
    replace_in(lessons / "text/translator-notes.toml", 'paragraph = "p12"', 'paragraph = "p16"')


def break_lesson_in_one_language_only(lessons: Path) -> None:
    (lessons / "pages/ru/02-second.md").unlink()


def break_unknown_block(lessons: Path) -> None:
    replace_in(lessons / "pages/en/02-second.md", "More text.", "More text.\n::: picture cards.png")


def break_inline_style_through_attr_list(lessons: Path) -> None:
    replace_in(lessons / "pages/en/02-second.md", "More text.", 'More text.\n{: style="color: red" }')


def break_switch_that_changes_nothing(lessons: Path) -> None:
    # tiny is played off by beating: how a trick ends (last_card) never matters in it.
    replace_in(lessons / "pages/ru/01-first.md", "::: demo tiny switch=beat", "::: demo tiny switch=last_card")


def break_switch_of_no_option(lessons: Path) -> None:
    replace_in(lessons / "pages/en/01-first.md", "::: demo tiny switch=beat", "::: demo tiny switch=colour")


def break_unknown_term(lessons: Path) -> None:
    replace_in(lessons / "pages/en/01-first.md", "(term:banker)", "(term:bankir)")


def break_glossary_stem(lessons: Path) -> None:
    replace_in(lessons / "reference/glossary.toml", '["копилк"]', '["копилк", "щука"]')


def break_glossary_key(lessons: Path) -> None:
    replace_in(lessons / "reference/glossary.toml", 'en = "kitty"', 'en = "kitty"\ncolour = "red"')


def break_glossary_link(lessons: Path) -> None:
    replace_in(lessons / "reference/glossary.toml", "(term:pool)", "(term:pot)")


def break_reference_in_one_language(lessons: Path) -> None:
    (lessons / "reference/ru/01-rules.md").unlink()


def break_level_one_heading(lessons: Path) -> None:
    replace_in(lessons / "pages/ru/01-first.md", "## Сдача", "# Сдача")
