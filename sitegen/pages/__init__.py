"""The site's page types, one module each: what it renders and where, its link in the header (or
none) and its own words in both languages (sitegen/render.py `PageType`).

    landing.py    index.html: the site in both languages
    lessons.py    {lang}/index.html and the lessons, {lang}/SLUG.html (a lesson's weight budget)
    text.py       {lang}/text.html: the text and the translation side by side
    reference.py  {lang}/SLUG.html of lessons/reference/ (the rules on one sheet, the sources)
    hands.py      {lang}/hands.html and each hand's page, {lang}/hands/NAME.html
    prints.py     each hand's print view, {lang}/hands/NAME-print.html
    glossary.py   {lang}/glossary.html
    writer.py     {lang}/write.html: write an annotated hand in the browser
    kiosk.py      kiosk/{lang}.html and kiosk/index.html: the museum's screen

A new page type is a module here that defines PAGE_TYPE, and its template in site/templates/: the
registry finds every module of this folder, in the order of their `place` (the header's links too).
"""

from __future__ import annotations

import importlib
import pkgutil

from .. import BuildError
from ..render import PageType


def _page_types() -> tuple[PageType, ...]:
    found = []
    for module in pkgutil.iter_modules(__path__):
        page_type = getattr(importlib.import_module(f"{__name__}.{module.name}"), "PAGE_TYPE", None)
        if not isinstance(page_type, PageType):
            raise BuildError(f"sitegen/pages/{module.name}.py defines no PAGE_TYPE (a PageType)")
        found.append(page_type)
    return tuple(sorted(found, key=lambda page_type: (page_type.place, page_type.name)))


REGISTRY: tuple[PageType, ...] = _page_types()
