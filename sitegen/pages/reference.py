"""The reference pages, {lang}/SLUG.html from lessons/reference/{lang}/ (the rules on one A4 sheet,
the sources): rendered as the lessons are, without a number or the pager. The first of them, the
rules, has the header's link."""

from __future__ import annotations

from ..render import Inputs, NavLink, PageType, Site
from ..sources import LANGS
from .lessons import lesson_page

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "nav_rules": "Rules",
    },
    "ru": {
        "nav_rules": "Правила",
    },
}


def nav(inputs: Inputs, lang: str) -> NavLink | None:
    if not inputs.reference[lang]:
        return None
    rules = inputs.reference[lang][0]
    return NavLink(rules.url, "nav_rules", rules.slug)


def render(site: Site) -> None:
    for lang in LANGS:
        for page in site.inputs.reference[lang]:
            lesson_page(site, page, None, site.references[lang][page.slug])


PAGE_TYPE = PageType("reference", render, STRINGS, nav, place=30)
