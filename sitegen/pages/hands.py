"""The annotated hands: {lang}/hands.html, every hand with its title, purpose, paragraphs and the
readings it shows, filtered in the page by hand-filter.js (without JS every hand is listed), and
each hand's own page, {lang}/hands/NAME.html, with its demo, every step listed, the lessons that
use it and the link to its print view (sitegen/pages/prints.py)."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from engine.words import count, paragraphs

from ..render import DemoBlock, Inputs, NavLink, PageType, Site, render_demo
from ..sources import LANGS, PARAGRAPH_IDS
from .prints import print_link

READINGS_LESSON = "what-the-text-leaves-open"  # the lesson with a section per option, #KEY-with-dashes

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "nav_hands": "Hands",
        "hands_title": "Annotated hands",
        "hands_intro": "Every annotated hand of the course, with what it shows. Choose a paragraph of the "
                       "text or an open question to see the hands that show it; each opens step by step.",
        "filter_label": "Show the hands",
        "filter_paragraph": "that apply paragraph",
        "filter_option": "that show the reading of",
        "filter_any": "any",
        "filter_shown": "Shown: {n} of {total}.",
        "hand_paragraphs": "Paragraphs:",
        "hand_shows": "Open questions it shows:",
        "hand_in_lessons": "In the lessons:",
        "hand_series": "A series of {n} games, the pool carried from each to the next.",
        "hand_untitled": "The hand “{name}”",
        "all_hands": "All annotated hands",
        "hand_record": "The record: {file}",
    },
    "ru": {
        "nav_hands": "Партии",
        "hands_title": "Партии с комментариями",
        "hands_intro": "Все партии курса с комментариями и то, что каждая показывает. Выберите абзац текста "
                       "или неясное место, чтобы увидеть партии, которые его показывают; каждая открывается "
                       "по шагам.",
        "filter_label": "Показать партии",
        "filter_paragraph": "по абзацу",
        "filter_option": "по неясному месту",
        "filter_any": "любому",
        "filter_shown": "Показано: {n} из {total}.",
        "hand_paragraphs": "Абзацы:",
        "hand_shows": "Неясные места:",
        "hand_in_lessons": "В уроках:",
        "hand_series": "Серия из {n} конов: банк переходит из кона в кон.",
        "hand_untitled": "Партия «{name}»",
        "all_hands": "Все партии с комментариями",
        "hand_record": "Запись партии: {file}",
    },
}


def nav(inputs: Inputs, lang: str) -> NavLink | None:
    return NavLink("hands.html", "nav_hands", "hands") if inputs.hands else None


def render(site: Site) -> None:
    if not site.inputs.hands:
        return
    for lang in LANGS:
        hands_index(site, lang)
        for name in site.inputs.hands:
            hand_page(site, lang, name)


def hand_facts(site: Site, lang: str, name: str, up: str) -> dict[str, Any]:
    """What the hands page and a hand's own page say about a hand."""
    t = site.strings[lang]
    hand = site.inputs.hands[name]
    told = hand.traces[lang]
    about = hand.about
    options = {o["key"]: o for o in site.catalogues[lang]["options"]}
    readings = next((page for page in site.inputs.pages[lang] if page.slug == READINGS_LESSON), None)
    shows = []
    for key in hand.shows:
        value = hand.setup(lang)["options"][key]
        choice = next((c["label"] for c in options[key]["choices"] if c["value"] == value), str(value))
        shows.append({"key": key, "label": options[key]["label"], "value": choice,
                      "href": f"{up}{readings.url}#{key.replace('_', '-')}" if readings else None})
    bodies = site.bodies[lang]
    lessons = [{"url": up + page.url, "title": page.title} for page in site.inputs.pages[lang]
               if name in bodies[page.slug].hands]
    games = int(told["game"].get("games") or 1)
    return {
        "name": name, "url": f"{up}hands/{name}.html",
        "title": about.title[lang] if about else t["hand_untitled"].format(name=name),
        "purpose": about.purpose[lang] if about else None,
        "facts": ", ".join([count(len(told["seats"]), "player", lang), count(len(told["steps"]), "step", lang)]),
        "series": t["hand_series"].format(n=games) if games > 1 else None,
        "paragraphs": [{"id": pid, "label": paragraphs(pid, lang), "href": f"{up}text.html#{pid}"}
                       for pid in hand.paragraphs],
        "shows": shows, "lessons": lessons,
    }


def hands_index(site: Site, lang: str) -> None:
    """{lang}/hands.html: every annotated hand, filterable by paragraph and by option."""
    t = site.strings[lang]
    hands = [hand_facts(site, lang, name, "") for name in site.inputs.hands]
    hands.sort(key=lambda h: (not h["lessons"], h["title"]))
    used_options = {s["key"] for h in hands for s in h["shows"]}
    context = site.common(lang, "../", t["hands_title"])
    context["nav"] = site.nav(lang, "hands", "hands.html")
    context.update(
        hands=hands,
        paragraph_choices=[{"id": pid, "label": paragraphs(pid, lang)} for pid in PARAGRAPH_IDS
                           if any(pid in (p["id"] for p in h["paragraphs"]) for h in hands)],
        option_choices=[{"key": o["key"], "label": o["label"]} for o in site.catalogues[lang]["options"]
                        if o["key"] in used_options],
        shown_template=t["filter_shown"],
    )
    site.page(f"{lang}/hands.html", "hands.html", context)


def hand_page(site: Site, lang: str, name: str) -> None:
    """{lang}/hands/NAME.html: one hand, what it shows, and its demo with every step listed."""
    t = site.strings[lang]
    hand = site.inputs.hands[name]
    facts = hand_facts(site, lang, name, "../")
    demo = render_demo(site.env, hand, lang, DemoBlock(name, name, None, False), True, None, None)
    context = site.common(lang, "../../", facts["title"])
    context["nav"] = site.nav(lang, "hands", f"hands/{name}.html", up="../")
    context["print_link"] = print_link(lang, name)
    context.update(hand=facts, demo=Markup(demo), record=t["hand_record"].format(file=f"lessons/hands/{name}.toml"),
                   all_hands="../hands.html", **site.demo_data(lang, True))
    site.page(f"{lang}/hands/{name}.html", "hand.html", context)


PAGE_TYPE = PageType("hands", render, STRINGS, nav, place=40)
