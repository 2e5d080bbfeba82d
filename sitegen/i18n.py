"""The words of the site's own interface, in English and Russian (the lessons bring their own)."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "site_name": "Card Lottery",
        "skip": "Skip to the content",
        "nav_site": "Site",
        "lessons": "Lessons",
        "text": "The text",
        "switch_label": "Русский",
        "switch_title": "Эта страница по-русски",
        "footer": "The rules come from one source: entry 61, «Карточная лотерея», of a Russian book of card "
                  "games. The English translation and the lessons are this project's.",
        "index_title": "Card Lottery: a 19th-century family game, from its one rules text",
        "index_intro": "Card Lottery («Карточная лотерея») was played in wealthy Russian families in the 19th "
                       "century and was forgotten by the early 20th. All we know of it is one short text. These "
                       "lessons read it paragraph by paragraph and play it out with a rules engine.",
        "read_text": "Read the whole text, Russian and English side by side",
        "no_lessons": "The lessons are being written.",
        "lesson_n": "Lesson {n} of {total}",
        "on_this_page": "On this page",
        "pager": "Previous and next lesson",
        "previous": "Previous lesson",
        "next": "Next lesson",
        "all_lessons": "All lessons",
        "quote_link": "{pid} in the full text",
        "demo_caption": "A hand to step through: {players}, {steps}",
        "hand_as_text": "The hand as text",
        "note": "Note:",
        "hand_text_by_script": "This page is kept light: the steps of the hand are listed here when "
                               "JavaScript runs. Without it, read the lesson's text above.",
        "demo_missing": "The demo “{hand}” is not written yet.",
        "text_title": "The text and its translation",
        "text_intro": "Entry 61 of a Russian book of card games, the one source of the rules, with our English "
                      "translation, paragraph by paragraph. Each paragraph has an id, p0 to p15, which the "
                      "lessons and the engine cite.",
        "view_label": "Show",
        "view_both": "Both",
        "view_ru": "Russian only",
        "view_en": "English only",
        "col_ru": "Russian original",
        "col_en": "English translation",
        "para_link": "Link to paragraph {pid}",
        "discussed_in": "Discussed in:",
    },
    "ru": {
        "site_name": "Карточная лотерея",
        "skip": "Перейти к содержанию",
        "nav_site": "Сайт",
        "lessons": "Уроки",
        "text": "Текст",
        "switch_label": "English",
        "switch_title": "This page in English",
        "footer": "Правила взяты из одного источника: статья 61 «Карточная лотерея» из русской книги карточных "
                  "игр. Английский перевод и уроки сделаны в этом проекте.",
        "index_title": "Карточная лотерея: семейная игра XIX века по единственному тексту правил",
        "index_intro": "В «Карточную лотерею» играли в состоятельных русских семьях в XIX веке, а к началу XX века "
                       "её забыли. Всё, что мы о ней знаем, — один короткий текст. Эти уроки читают его абзац за "
                       "абзацем и разыгрывают по нему партии на движке правил.",
        "read_text": "Весь текст: русский оригинал рядом с английским переводом",
        "no_lessons": "Уроки ещё пишутся.",
        "lesson_n": "Урок {n} из {total}",
        "on_this_page": "На этой странице",
        "pager": "Предыдущий и следующий урок",
        "previous": "Предыдущий урок",
        "next": "Следующий урок",
        "all_lessons": "Все уроки",
        "quote_link": "{pid} в полном тексте",
        "demo_caption": "Партия по шагам: {players}, {steps}",
        "hand_as_text": "Партия текстом",
        "note": "Примечание:",
        "hand_text_by_script": "Чтобы страница оставалась лёгкой, шаги партии появляются здесь, когда работает "
                               "JavaScript. Без него читайте текст урока выше.",
        "demo_missing": "Демонстрация «{hand}» ещё не готова.",
        "text_title": "Текст и перевод",
        "text_intro": "Статья 61 из русской книги карточных игр — единственный источник правил — и наш английский "
                      "перевод, абзац за абзацем. У каждого абзаца есть номер, от p0 до p15: на них ссылаются "
                      "уроки и движок.",
        "view_label": "Показать",
        "view_both": "Оба",
        "view_ru": "Только русский",
        "view_en": "Только английский",
        "col_ru": "Русский оригинал",
        "col_en": "Английский перевод",
        "para_link": "Ссылка на абзац {pid}",
        "discussed_in": "Обсуждается в уроках:",
    },
}

LANG_NAMES = {"en": "English", "ru": "Русский"}


def plural(n: int, lang: str, forms: tuple[str, ...]) -> str:
    """`3 players` / `3 игрока`: English forms (one, many), Russian forms (one, few, many)."""
    if lang == "en":
        return f"{n} {forms[0] if n == 1 else forms[1]}"
    if n % 10 == 1 and n % 100 != 11:
        word = forms[0]
    elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        word = forms[1]
    else:
        word = forms[2]
    return f"{n} {word}"


PLAYERS = {"en": ("player", "players"), "ru": ("игрок", "игрока", "игроков")}
STEPS = {"en": ("step", "steps"), "ru": ("шаг", "шага", "шагов")}
