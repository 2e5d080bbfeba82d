"""The lessons: {lang}/index.html, the list of lessons and of the reference pages, and each lesson,
{lang}/SLUG.html, with its number and the pager. A lesson page is held to its weight budget: too
heavy, its hands' steps are left for the script to list, then all its hands but the first are
fetched when they come near (`lesson_page`, which the reference pages use too)."""

from __future__ import annotations

from .. import Problems
from .. import numbers as numbers_page
from ..assets import gzipped
from ..render import (EXTERNAL, GLOSSARY_PAGE, LISTED, UNLISTED, Body, Inputs, NavLink, PageType, Site, hand_data,
                      render_body)
from ..sources import LANGS, Page

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "lessons": "Lessons",
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
        "reference": "Reference",
    },
    "ru": {
        "lessons": "Уроки",
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
        "reference": "Справочник",
    },
}


def nav(inputs: Inputs, lang: str) -> NavLink:
    return NavLink("index.html", "lessons", "index")


def render(site: Site) -> None:
    for lang in LANGS:
        lesson_index(site, lang)
        for index, page in enumerate(site.inputs.pages[lang]):
            lesson_page(site, page, index, site.bodies[lang][page.slug])


def lesson_index(site: Site, lang: str) -> None:
    t = site.strings[lang]
    context = site.common(lang, "../", t["index_title"])
    context["nav"] = site.nav(lang, "index", "index.html")
    context["lessons"] = [{"url": p.url, "title": p.title, "summary": p.summary, "order": p.order}
                          for p in site.inputs.pages[lang]]
    reference = [{"url": p.url, "title": p.title, "summary": p.summary} for p in site.inputs.reference[lang]]
    if site.inputs.glossary:
        reference.append({"url": GLOSSARY_PAGE, "title": t["glossary_title"], "summary": t["glossary_intro"]})
    if site.inputs.hands:
        reference.append({"url": "hands.html", "title": t["hands_title"], "summary": t["hands_intro"]})
    context["reference"] = reference
    site.page(f"{lang}/index.html", "index.html", context)


def lesson_page(site: Site, page: Page, index: int | None, body: Body) -> None:
    """A lesson ({lang}/SLUG.html, with its number and the pager), or a reference page (index None)."""
    t = site.strings[page.lang]
    lessons = site.inputs.pages[page.lang]

    def link(other: Page | None) -> dict[str, str] | None:
        return None if other is None else {"url": other.url, "title": other.title}

    context = site.common(page.lang, "../", page.title)
    context["nav"] = site.nav(page.lang, "lesson" if index is not None else page.slug, page.url)
    context.update(
        lesson={"title": page.title, "summary": page.summary, "slug": page.slug,
                "label": t["lesson_n"].format(n=index + 1, total=len(lessons)) if index is not None else None},
        body=body.html, toc=body.toc if len(body.toc) >= 3 else [],
        previous=link(lessons[index - 1] if index else None),
        next=link(lessons[index + 1] if index is not None and index + 1 < len(lessons) else None),
        pager=index is not None,
        **site.demo_data(page.lang, bool(body.demos) or body.numbers),
    )
    template = site.env.get_template("lesson.html")
    html = template.render(context)
    mode = LISTED
    for lighter in (UNLISTED, EXTERNAL):
        if not body.demos or len(gzipped(html.encode("utf-8"))) + site.asset_sent < site.inputs.budget:
            break
        # Too heavy: leave the lists of steps for the script to fill; then fetch all hands but the first.
        mode = lighter
        body = render_body(page, site.inputs, site.env, Problems(), mode, [])
        context["body"] = body.html
        html = template.render(context)
    for demo in body.demos:
        if demo.external:
            site.out.files[f"{page.lang}/hands/{demo.hand}.json"] = hand_data(site.inputs.hands[demo.hand], page.lang)
    if body.numbers:  # uPlot and its license, only for the pages that draw charts
        folder, files = numbers_page.find_uplot(next(iter(site.inputs.pyodide.values())).parent.parent)
        site.out.files.update({folder + name: path for name, path in files.items()})
    site.emit(f"{page.lang}/{page.url}", page.path, html, lesson=True, listed=mode == LISTED)


PAGE_TYPE = PageType("lessons", render, STRINGS, nav, place=10)
