"""The glossary, {lang}/glossary.html (lessons/reference/glossary.toml): one entry per word of the
game, `#ID`, with the paragraphs it occurs in. A lesson's `[word](term:ID)` links here (GLOSSARY_PAGE
is the lesson bodies', sitegen/render.py); an entry's link to a word the glossary lacks stops the build."""

from __future__ import annotations

import re

import markdown
from markupsafe import Markup

from engine.words import paragraphs

from ..blocks import TermLinksExtension
from ..render import GLOSSARY_PAGE, Inputs, NavLink, PageType, Site, line_of
from ..sources import LANGS

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "nav_glossary": "Glossary",
        "glossary_title": "Glossary: the words of the game",
        "glossary_intro": "The words of the game, Russian first, as the text uses them, with the paragraphs "
                          "in which each occurs. A few words are ours, not the text's: each says so.",
        "glossary_in_text": "In the text:",
        "glossary_ours": "Not in the text: our word.",
    },
    "ru": {
        "nav_glossary": "Словарь",
        "glossary_title": "Словарь игры",
        "glossary_intro": "Слова игры так, как их употребляет текст, и абзацы, в которых каждое встречается. "
                          "Несколько слов наши, а не текста: об этом сказано при каждом.",
        "glossary_in_text": "В тексте:",
        "glossary_ours": "В тексте этого слова нет: оно наше.",
    },
}


def nav(inputs: Inputs, lang: str) -> NavLink | None:
    return NavLink(GLOSSARY_PAGE, "nav_glossary", "glossary") if inputs.glossary else None


def render(site: Site) -> None:
    if not site.inputs.glossary:
        return
    for lang in LANGS:
        glossary_page(site, lang)


def glossary_page(site: Site, lang: str) -> None:
    """{lang}/glossary.html: the words of the game, with the paragraphs that use them."""
    t = site.strings[lang]
    glossary, path = site.inputs.glossary, site.inputs.glossary_path
    terms = []
    for term in glossary:
        found: list[str] = []
        converter = markdown.Markdown(extensions=[TermLinksExtension(GLOSSARY_PAGE, found)] +
                                      (["smarty"] if lang == "en" else []), output_format="html")
        terms.append({"id": term.id, "ru": term.ru, "ru_also": term.ru_also, "en": term.en,
                      "paragraphs": [{"id": pid, "label": paragraphs(pid, lang)} for pid in term.paragraphs],
                      "html": Markup(converter.convert(term.text[lang]))})
        known = {other.id for other in glossary}
        for missing in [found_id for found_id in found if found_id not in known]:
            line = line_of(path, re.escape(f"](term:{missing})"))
            site.problems.add(path, line, f"the entry {term.id!r} links term:{missing}, which the glossary does not define")
    context = site.common(lang, "../", t["glossary_title"])
    context["nav"] = site.nav(lang, "glossary", GLOSSARY_PAGE)
    context["terms"] = terms
    site.page(f"{lang}/{GLOSSARY_PAGE}", "glossary.html", context)


PAGE_TYPE = PageType("glossary", render, STRINGS, nav, place=50)
