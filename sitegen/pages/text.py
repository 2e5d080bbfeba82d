"""The text and its translation, {lang}/text.html: every paragraph side by side, with its anchor
(#p0..#p15), the lessons that quote it and the translator's note on it."""

from __future__ import annotations

from engine.words import paragraphs

from ..render import Inputs, NavLink, PageType, Site
from ..sources import LANGS, PARAGRAPH_IDS

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "text": "The text",
        "text_title": "The text and its translation",
        "text_intro": "The one source of the rules, a short Russian text headed «61. Карточная лотерея» (the book "
                      "it comes from is unknown), with our English translation, paragraph by paragraph. Each paragraph has an id, p0 to p15, which the "
                      "lessons and the engine cite.",
        "view_label": "Show",
        "view_both": "Both",
        "view_ru": "Russian only",
        "view_en": "English only",
        "col_ru": "Russian original",
        "col_en": "English translation",
        "para_link": "Link to paragraph {pid}",
        "discussed_in": "Discussed in:",
        "translator_note": "Translator's note:",
    },
    "ru": {
        "text": "Текст",
        "text_title": "Текст и перевод",
        "text_intro": "Единственный источник правил — короткий русский текст под заголовком «61. Карточная лотерея» "
                      "(из какой он книги, неизвестно) — и наш английский перевод, абзац за абзацем. У каждого абзаца есть номер, от §0 до §15: на них ссылаются "
                      "уроки и движок.",
        "view_label": "Показать",
        "view_both": "Оба",
        "view_ru": "Только русский",
        "view_en": "Только английский",
        "col_ru": "Русский оригинал",
        "col_en": "Английский перевод",
        "para_link": "Ссылка на {pid}",
        "discussed_in": "Обсуждается в уроках:",
        "translator_note": "Примечание переводчика:",
    },
}


def nav(inputs: Inputs, lang: str) -> NavLink:
    return NavLink("text.html", "text", "text")


def render(site: Site) -> None:
    for lang in LANGS:
        t = site.strings[lang]
        context = site.common(lang, "../", t["text_title"])
        context["nav"] = site.nav(lang, "text", "text.html")
        citing: dict[str, list[dict[str, str]]] = {pid: [] for pid in PARAGRAPH_IDS}
        for page in site.inputs.pages[lang]:
            for pid in dict.fromkeys(site.out.cited[lang][page.slug]):
                citing[pid].append({"url": page.url, "title": page.title})
        context["paragraphs"] = [{**p, "label": paragraphs(p["id"], lang), "lessons": citing[p["id"]],
                                  "link_label": t["para_link"].format(pid=paragraphs(p["id"], lang)),
                                  "note": site.inputs.text.notes.get(p["id"], {}).get(lang)}
                                 for p in site.inputs.text.paragraphs()]
        site.page(f"{lang}/text.html", "text.html", context)


PAGE_TYPE = PageType("text", render, STRINGS, nav, place=20)
