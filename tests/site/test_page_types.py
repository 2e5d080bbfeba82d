"""A page type is a unit (sitegen/pages/): a module gives its pages, its link in the header and its
words, and the registry is all the rest of the site needs. Tested with page types of the test's own
in a registry of its own: the site's and two more, one with a link in the header and one without."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from build_helpers import ROOT
from html_helpers import parse

from sitegen import BuildError
from sitegen.pages import REGISTRY
from sitegen.render import Inputs, NavLink, PageType, Site, page_strings, render_site
from sitegen.sources import LANGS

HISTORY_STRINGS = {
    "en": {"nav_history": "History", "history_title": "The game's history",
           "history_intro": "What is known of the game besides its one text."},
    "ru": {"nav_history": "История", "history_title": "История игры",
           "history_intro": "Что известно об игре, кроме её единственного текста."},
}
TEMPLATE = """{% extends "base.html" %}
{% block main %}
<h1>{{ title }}</h1>
<p class="intro">{{ t.history_intro }}</p>
{% endblock %}
"""


def render_history(site: Site) -> None:
    for lang in LANGS:
        context = site.common(lang, "../", site.strings[lang]["history_title"])
        context["nav"] = site.nav(lang, "history", "history.html")
        site.page(f"{lang}/history.html", "history.html", context)


def history_link(inputs: Inputs, lang: str) -> NavLink:
    return NavLink("history.html", "nav_history", "history")


def render_unlisted(site: Site) -> None:
    for lang in LANGS:
        context = site.common(lang, "../", site.strings[lang]["history_title"])
        context["nav"] = site.nav(lang, "unlisted", "unlisted.html")
        site.page(f"{lang}/unlisted.html", "history.html", context)


HISTORY = PageType("history", render_history, HISTORY_STRINGS, history_link)
UNLISTED = PageType("unlisted", render_unlisted)  # no link in the header, no words of its own


@pytest.fixture(scope="module")
def with_history(fixture_inputs: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    templates = tmp_path_factory.mktemp("templates") / "templates"
    shutil.copytree(ROOT / "site" / "templates", templates)
    (templates / "history.html").write_text(TEMPLATE, encoding="utf-8")
    rendered = render_site(fixture_inputs, templates, (*REGISTRY, HISTORY, UNLISTED))
    return {path: data for path, data in rendered.files.items() if isinstance(data, bytes)}


def header_links(html: bytes, tmp_path: Path) -> list[tuple[str, str, bool]]:
    page = tmp_path / "page.html"
    page.write_bytes(html)
    nav = parse(page).find("nav", class_="site-nav")
    return [(a.attrs["href"], a.full_text(), "aria-current" in a.attrs) for a in nav.find_all("a") if not a.attrs.get("lang")]


@pytest.mark.parametrize("lang", LANGS)
def test_a_page_type_renders_its_pages_with_its_own_words(with_history: dict[str, bytes], lang: str,
                                                          tmp_path: Path) -> None:
    page = tmp_path / "history.html"
    page.write_bytes(with_history[f"{lang}/history.html"])
    root = parse(page)
    assert root.find("html").attrs["lang"] == lang
    assert root.find("h1").full_text() == HISTORY_STRINGS[lang]["history_title"]
    assert root.find("p", class_="intro").full_text() == HISTORY_STRINGS[lang]["history_intro"]
    other = "ru" if lang == "en" else "en"
    assert [a.attrs["href"] for a in root.find_all("a") if a.attrs.get("hreflang") == other] == [f"../{other}/history.html"]
    assert f"{lang}/unlisted.html" in with_history


@pytest.mark.parametrize("lang", LANGS)
def test_the_header_lists_a_page_type_with_a_link_in_the_registrys_order(with_history: dict[str, bytes], lang: str,
                                                                         tmp_path: Path) -> None:
    label = HISTORY_STRINGS[lang]["nav_history"]
    site_links = header_links(with_history[f"{lang}/index.html"], tmp_path)
    assert site_links[-1] == ("history.html", label, False)  # after the site's own, as registered
    assert len(site_links) == 7  # the lessons, the text, the rules, the hands, the glossary, the writer; history
    assert header_links(with_history[f"{lang}/hands/tiny.html"], tmp_path)[-1] == ("../history.html", label, False)
    assert header_links(with_history[f"{lang}/history.html"], tmp_path) == [
        (href, text, href == "history.html") for href, text, _ in site_links]
    # The page type without a link is in no header, and its own page marks none as current.
    assert header_links(with_history[f"{lang}/unlisted.html"], tmp_path) == [
        (href, text, False) for href, text, _ in site_links]


def test_a_page_types_words_are_said_in_each_language_and_defined_once() -> None:
    words = page_strings((*REGISTRY, HISTORY))
    for lang in LANGS:
        assert words[lang]["history_title"] == HISTORY_STRINGS[lang]["history_title"]
        assert words[lang]["site_name"] and words[lang]["glossary_title"]  # the site's and the other page types'
    english_only = PageType("history", render_history, {"en": HISTORY_STRINGS["en"],
                                                        "ru": {"nav_history": "История", "history_title": "История"}})
    with pytest.raises(BuildError, match="'history' must say each of its words in en and ru: history_intro"):
        page_strings((*REGISTRY, english_only))
    twice = PageType("history", render_history, {lang: {**HISTORY_STRINGS[lang], "glossary_title": "x"} for lang in LANGS})
    with pytest.raises(BuildError, match="'history' defines 'glossary_title', which the page type 'glossary' defines too"):
        page_strings((*REGISTRY, twice))


HISTORY_MODULE = '''from sitegen.render import NavLink, PageType


def render(site):
    pass


def nav(inputs, lang):
    return NavLink("history.html", "nav_history", "history")


PAGE_TYPE = PageType("history", render, {}, nav, place=35)
'''


def test_the_registry_finds_a_new_page_types_module_in_its_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A module dropped into sitegen/pages/ (here: a folder added to the package's path) is registered
    # with no line elsewhere, at its place: after the rules reference (30), before the hands (40).
    import sitegen.pages as pages

    (tmp_path / "history.py").write_text(HISTORY_MODULE, encoding="utf-8")
    monkeypatch.setattr(pages, "__path__", [*pages.__path__, str(tmp_path)])
    try:
        names = [page_type.name for page_type in pages._page_types()]
        site = [page_type.name for page_type in REGISTRY]
        assert names == site[:4] + ["history"] + site[4:]
        (tmp_path / "notes.py").write_text("WORDS = {}\n", encoding="utf-8")
        with pytest.raises(BuildError, match=r"sitegen/pages/notes.py defines no PAGE_TYPE"):
            pages._page_types()
    finally:
        for name in ("sitegen.pages.history", "sitegen.pages.notes"):
            sys.modules.pop(name, None)
