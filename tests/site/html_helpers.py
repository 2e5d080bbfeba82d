"""A small HTML reader for the build tests: `parse(path)` gives a tree of `Element`s to search."""

from __future__ import annotations

import json
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any


class Element:
    def __init__(self, tag: str, attrs: dict[str, str | None], parent: Element | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Element] = []
        self.text = ""

    def all(self) -> Iterator[Element]:
        yield self
        for child in self.children:
            yield from child.all()

    def find_all(self, tag: str, **attrs: str) -> list[Element]:
        def fits(e: Element) -> bool:
            for key, value in attrs.items():
                have = e.attrs.get(key.rstrip("_"))
                if key.rstrip("_") == "class":
                    if value not in (have or "").split():
                        return False
                elif have != value:
                    return False
            return True
        return [e for e in self.all() if e.tag == tag and fits(e)]

    def find(self, tag: str, **attrs: str) -> Element:
        found = self.find_all(tag, **attrs)
        assert found, f"no <{tag} {attrs}>"
        return found[0]

    def full_text(self) -> str:
        return self.text + "".join(child.full_text() for child in self.children)


VOID = {"meta", "link", "br", "img", "hr", "input", "source", "wbr", "area", "base", "col", "embed", "track"}


class Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#root", {}, None)
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, dict(attrs), self.current)
        self.current.children.append(element)
        if tag not in VOID:
            self.current = element

    def handle_endtag(self, tag: str) -> None:
        node: Element | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.text += data


def parse(path: Path) -> Element:
    reader = Reader()
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    return reader.root


def read_json(element: Element) -> Any:
    return json.loads(element.full_text())
