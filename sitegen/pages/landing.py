"""The landing page, index.html: the site in both languages, each with its lessons and the text.
No link in the header: the site's name links here."""

from __future__ import annotations

from ..i18n import LANG_NAMES
from ..render import PageType, Site
from ..sources import LANGS


def render(site: Site) -> None:
    context = site.common("en", "./", "Card Lottery · Карточная лотерея")
    context["nav"] = {"home": "index.html", "links": [
        {"href": f"{lang}/index.html", "label": LANG_NAMES[lang], "lang": lang, "current": False}
        for lang in LANGS], "switch": None}
    context["sections"] = [{"lang": lang, "t": site.strings[lang], "href": f"{lang}/index.html",
                            "text_href": f"{lang}/text.html"} for lang in LANGS]
    site.page("index.html", "landing.html", context)


PAGE_TYPE = PageType("landing", render, place=0)
