"""Every link of the site's pages leads somewhere, checked on the rendered pages before anything is
written: a link (or a style sheet, a script, an image) to a file the build does not write, to an
anchor the page it names does not have, or a demo's deep link (`#hand=NAME&...`) to a demo the page
does not show, stops the build with `path:line` of the source that wrote it: the lesson's Markdown
(or the template, when the link is not written in the source as it is in the page).

Links that leave the site (`https:`, `mailto:`, `data:`) are not checked: the build has no network.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
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


# A start tag (its attributes may quote a ">"), or a comment; the text of a script or a style is
# skipped whole, as an HTML parser reads it. A scan of 17 MB of pages takes a tenth of the time
# html.parser takes (tests/site/test_linkcheck.py holds it to the parser's answers).
_TOKEN = re.compile(r"<!--.*?-->|<(?P<tag>[A-Za-z][A-Za-z0-9-]*)(?P<attrs>(?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.S)
_RAW_END = {"script": re.compile(r"</script\s*>", re.I), "style": re.compile(r"</style\s*>", re.I)}
_ATTRIBUTE = re.compile(r"""([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?""")
_WANTED = re.compile(r"\b(?:id|name|href|src|action|data-demo|data-hand)\s*=", re.I)


def _attributes(text: str) -> dict[str, str]:
    values: dict[str, str] = {}
    for name, value in _ATTRIBUTE.findall(text):
        if value:
            values.setdefault(name.lower(), html.unescape(value[1:-1] if value[0] in "\"'" else value))
    return values


def read_page(page: str) -> PageLinks:
    found = PageLinks()
    at, line, pos = 0, 1, 0
    while (match := _TOKEN.search(page, pos)) is not None:
        pos = match.end()
        tag = match.group("tag")
        if tag is None:
            continue
        tag = tag.lower()
        if _WANTED.search(match.group("attrs")):
            line += page.count("\n", at, match.start())
            at = match.start()
            values = _attributes(match.group("attrs"))
            if "id" in values:
                found.ids.add(values["id"])
            if tag == "a" and "name" in values:
                found.ids.add(values["name"])
            if tag == "figure" and ("data-demo" in values or "data-hand" in values):
                found.demos.add(values.get("data-demo") or values["data-hand"])  # as links.js names a demo
            attribute = URL_ATTRIBUTES.get(tag)
            if attribute and attribute in values:
                found.links.append((values[attribute], line))
        if tag in _RAW_END:
            end = _RAW_END[tag].search(page, pos)
            pos = len(page) if end is None else end.end()
    return found


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
