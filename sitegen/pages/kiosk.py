"""The museum's screen: kiosk/{lang}.html (site/static/js/pages/kiosk/kiosk.js) and kiosk/index.html, which opens
it in its configured language. No link in the header: a museum opens it (README.md, "The museum kiosk")."""

from __future__ import annotations

from typing import Any

from ..render import PageType, Site
from ..sources import LANGS

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "kiosk_title": "Card Lottery: the museum screen",
    },
    "ru": {
        "kiosk_title": "Карточная лотерея: экран для музея",
    },
}


def render(site: Site) -> None:
    for lang in LANGS:
        kiosk_page(site, lang)
    # kiosk/index.html: opens the kiosk in its configured language (?lang=ru, else English).
    site.page("kiosk/index.html", "kiosk_entry.html", site.common("en", "../", site.strings["en"]["kiosk_title"]))


def kiosk_page(site: Site, lang: str) -> None:
    """kiosk/LANG.html: the hands the lessons teach with (their plain demos; the switches of the
    readings lesson are for readers), in the lessons' order, each under its own title (two lessons'
    titles are the same: the play-off by tricks)."""
    hands: list[dict[str, Any]] = []
    for page in site.inputs.pages[lang]:
        for demo in site.bodies[lang][page.slug].demos:
            if demo.switch is None and demo.hand not in (h["name"] for h in hands):
                hand = site.inputs.hands[demo.hand]
                title = hand.about.title[lang] if hand.about else page.title
                hands.append({"name": demo.hand, "title": title, "trace": hand.localized(lang),
                              "setup": hand.setup(lang)})
    context = site.common(lang, "../", site.strings[lang]["kiosk_title"])
    context.update(
        hands=hands,
        catalogue=site.catalogues[lang],
        source_paragraphs={p["id"]: {"ru": p["ru"], "en": p["en"]} for p in site.inputs.text.paragraphs()},
    )
    site.page(f"kiosk/{lang}.html", "kiosk.html", context)


PAGE_TYPE = PageType("kiosk", render, STRINGS, place=70)
