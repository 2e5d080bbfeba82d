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

A new page type is a module here, a template in site/templates/, and a line in REGISTRY: the
header's links are the registry's, in its order.
"""

from __future__ import annotations

from ..render import PageType
from . import glossary, hands, kiosk, landing, lessons, prints, reference, text, writer

REGISTRY: tuple[PageType, ...] = (
    landing.PAGE_TYPE,
    lessons.PAGE_TYPE,
    text.PAGE_TYPE,
    reference.PAGE_TYPE,
    hands.PAGE_TYPE,
    prints.PAGE_TYPE,
    glossary.PAGE_TYPE,
    writer.PAGE_TYPE,
    kiosk.PAGE_TYPE,
)
