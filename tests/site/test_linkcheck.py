"""The link check's page reader (sitegen/linkcheck.py `read_page`, a scan for the tags that matter)
gives exactly what Python's own HTML parser gives: every id, every demo, every link with its line."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from build_helpers import html_pages

from sitegen.linkcheck import URL_ATTRIBUTES, PageLinks, read_page

TRICKY = """<!doctype html>
<HTML><head><link rel="stylesheet" href="../assets/css/site.css">
<script type="module" src='../assets/js/a.js'></script>
<script type="application/json" class="demo-trace">{"note": "<a href=\\"nowhere.html\\" id=\\"no\\">", "x": 1}</script>
<style>.a > b { content: "<a href='x.html'>"; }</style>
</head><body>
<!-- <a href="commented.html" id="commented"> -->
<p id=bare title="a > b">Text with a > sign and 1 < 2.</p>
<A HREF="other.html#part&amp;more" ID="Upper">x</A>
<a name="old-anchor"></a><a href="#hand=first-round&amp;step=3" data-x='y"z'>demo</a>
<figure class="demo" data-demo="first-round"><img src="card.svg" alt=""></figure>
<figure data-hand="two"></figure><form action="search.html"></form>
<a
  href="multi-line.html">multi</a>
<input disabled id="flag">
</body></HTML>
"""


class Reference(HTMLParser):
    """The reader the link check used before: the standard library's parser."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = PageLinks()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value for name, value in attrs if value is not None}
        if "id" in values:
            self.page.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.page.ids.add(values["name"])
        if tag == "figure" and ("data-demo" in values or "data-hand" in values):
            self.page.demos.add(values.get("data-demo") or values["data-hand"])
        attribute = URL_ATTRIBUTES.get(tag)
        if attribute and attribute in values:
            self.page.links.append((values[attribute], self.getpos()[0]))


def reference(page: str) -> PageLinks:
    reader = Reference()
    reader.feed(page)
    reader.close()
    return reader.page


def test_the_reader_finds_what_the_html_parser_finds_in_a_page_of_every_kind_of_markup() -> None:
    found = read_page(TRICKY)
    assert found == reference(TRICKY)
    assert found.ids == {"bare", "Upper", "old-anchor", "flag"}
    assert found.demos == {"first-round", "two"}
    assert [url for url, _ in found.links] == ["../assets/css/site.css", "../assets/js/a.js", "other.html#part&more",
                                               "#hand=first-round&step=3", "card.svg", "search.html",
                                               "multi-line.html"]


def test_the_reader_finds_what_the_html_parser_finds_in_every_built_page(built: dict[str, Any]) -> None:
    pages = html_pages(Path(built["out"]))
    assert pages
    for path in pages:
        text = path.read_text(encoding="utf-8")
        assert read_page(text) == reference(text), path
