"""Every page of the built site closes only what it opened: no end tag without its element (the
numbers page had a `</p>` after its panel, the only error the Nu HTML Checker found on the site:
Python-Markdown wrapped the panel's leading `<link>` in a paragraph that the panel's `<section>`
closed at once)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# The elements whose start closes an open <p> (HTML's parsing rules, the ones our pages use).
CLOSES_P = {"address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure",
            "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "ol", "p", "pre",
            "section", "table", "ul"}


class EndTags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.stray: list[tuple[str, int]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in CLOSES_P and "p" in self.open:
            while self.open.pop() != "p":
                pass
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if tag not in self.open:
            self.stray.append((tag, self.getpos()[0]))
            return
        while self.open.pop() != tag:
            pass


def test_no_page_has_an_end_tag_without_its_element(built_site: Path) -> None:
    stray = []
    for page in sorted(built_site.rglob("*.html")):
        parser = EndTags()
        parser.feed(page.read_text(encoding="utf-8"))
        stray += [f"{page.relative_to(built_site)}:{line}: </{tag}>" for tag, line in parser.stray]
    assert not stray, "\n".join(stray)
