"""Every link of the site's pages leads somewhere, checked on the rendered pages before anything is
written: a link (or a style sheet, a script, an image) to a file the build does not write, to an
anchor the page it names does not have, or a demo's deep link (`#hand=NAME&...`) to a demo the page
does not show, stops the build with `path:line` of the source that wrote it: the lesson's Markdown
(or the template, when the link is not written in the source as it is in the page).

Links that leave the site (`https:`, `mailto:`, `data:`) are not checked: the build has no network.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urljoin, urlsplit

from . import shown

URL_ATTRIBUTES = {"a": "href", "area": "href", "link": "href", "script": "src", "img": "src", "source": "src",
                  "iframe": "src", "form": "action"}


@dataclass
class PageLinks:
    """What one page offers to links (its ids, its demos) and the links it makes (url, line in the page)."""

    ids: set[str] = field(default_factory=set)
    demos: set[str] = field(default_factory=set)
    links: list[tuple[str, int]] = field(default_factory=list)


class _Reader(HTMLParser):
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
            self.page.demos.add(values.get("data-demo") or values["data-hand"])  # as links.js names a demo
        attribute = URL_ATTRIBUTES.get(tag)
        if attribute and attribute in values:
            self.page.links.append((values[attribute], self.getpos()[0]))


def read_page(html: str) -> PageLinks:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.page


def _target(page: str, url: str) -> tuple[str, str] | None:
    """The site's file a link of `page` names, and its fragment; None when the link leaves the site."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return None
    resolved = urlsplit(urljoin(f"/{page}", url))
    path = unquote(resolved.path).lstrip("/")
    if path == "" or path.endswith("/"):
        path += "index.html"
    return path, unquote(resolved.fragment)


def _wrong(target: str, fragment: str, files: set[str], pages: dict[str, PageLinks]) -> str | None:
    """What is wrong with a link to `target#fragment`, or None."""
    if target not in files:
        return f"the site has no {target}"
    if not fragment or target not in pages:
        return None
    if "=" in fragment:  # a demo's deep link (site/static/js/demo/links.js)
        hand = dict(parse_qsl(fragment)).get("hand")
        if hand is not None and hand not in pages[target].demos:
            shows = ", ".join(sorted(pages[target].demos)) or "none"
            return f"{target} shows no demo {hand!r} (its demos: {shows})"
        return None
    if fragment not in pages[target].ids:
        return f"{target} has no anchor #{fragment}"
    return None


def _line_in(source: Path, url: str) -> int:
    """The line of `source` that writes the link as the page has it (1 when none does)."""
    try:
        lines = source.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return 1
    for pattern in (rf"\]\(\s*<?{re.escape(url)}", re.escape(url)):  # Markdown's [text](url) first
        found = next((n for n, line in enumerate(lines, start=1) if re.search(pattern, line)), None)
        if found:
            return found
    return 1


def link_problems(files: dict[str, bytes | Path], sources: dict[str, Path]) -> list[str]:
    """`path:line: what is wrong` for each broken link of the rendered pages (`sources`: the page ->
    the file it was rendered from)."""
    pages = {name: read_page(content.decode("utf-8")) for name, content in files.items()
             if name.endswith(".html") and isinstance(content, bytes)}
    names = set(files)
    problems: list[str] = []
    for name, page in sorted(pages.items()):
        seen: set[str] = set()
        for url, _ in page.links:
            target = _target(name, url)
            if target is None or url in seen:
                continue
            seen.add(url)
            wrong = _wrong(*target, names, pages)
            if wrong is None:
                continue
            source = sources.get(name)
            where = f"{shown(source)}:{_line_in(source, url)}" if source else f"{name}:1"
            problems.append(f"{where}: the page {name} links to {url}, but {wrong}")
    return problems
