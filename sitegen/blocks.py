"""The two custom blocks of the lesson pages, as a Python-Markdown extension.

    ::: quote p5                the historical paragraph p5, Russian and English side by side
    ::: demo HAND               the demo of lessons/hands/HAND.toml
    ::: demo HAND switch=KEY    the same, with a control to replay it under each reading of option KEY
    ::: numbers [players=4 ...] the simulation panel with its charts (sitegen/numbers.py)
    ::: simulate 3000 --players 3 --carry   a command of the engine and the figures it gives (sitegen/figures.py)
    ::: skill                   the strong player's gain over default players (sitegen/skill.py)

A block is one line starting with `:::` at the start of a line. `DirectiveProcessor` is a
`BlockProcessor`: it takes the line out of its Markdown block (the text before it and after
it is parsed as usual), asks the page's `Directives` for the HTML, and puts it in the page
through the HTML stash, as Python-Markdown does for raw HTML blocks.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from collections.abc import Callable
from typing import Any

from markdown import Extension
from markdown.blockparser import BlockParser
from markdown.blockprocessors import BlockProcessor
from markdown.treeprocessors import Treeprocessor

DIRECTIVE = re.compile(r"^:::(?P<rest>.*)$")
NAMES = ("quote", "demo", "numbers", "simulate", "skill")


class DirectiveError(Exception):
    """A block that cannot be rendered; the page adds its path and line."""


class Directives:
    """What one page's blocks turn into, and where each block is in the page's file.

    `quote(pid)` and `demo(hand, switch)` return HTML or raise `DirectiveError`; `error(line, what)`
    records a problem. Line numbers come from the page's own source: the n-th block line with
    a given text is the n-th such line of the file."""

    def __init__(self, source: str, quote: Callable[[str], str], demo: Callable[[str, str | None], str],
                 error: Callable[[int, str], None], numbers: Callable[[list[str]], str] | None = None,
                 simulate: Callable[[str], str] | None = None, skill: Callable[[], str] | None = None) -> None:
        self._quote, self._demo, self._error, self._numbers = quote, demo, error, numbers
        self._simulate, self._skill = simulate, skill
        self._lines: dict[str, list[int]] = {}
        for number, line in enumerate(source.splitlines(), start=1):
            if line.startswith(":::"):
                self._lines.setdefault(_normal(line), []).append(number)
        self._seen: dict[str, int] = {}

    def line_of(self, text: str) -> int:
        key = _normal(text)
        count = self._seen.get(key, 0)
        self._seen[key] = count + 1
        numbers = self._lines.get(key, [])
        return numbers[count] if count < len(numbers) else (numbers[-1] if numbers else 1)

    def render(self, text: str) -> str | None:
        """The HTML of one block line, or None after recording the error."""
        line = self.line_of(text)
        words = text[3:].split()
        if not words:
            self._error(line, f"an empty block {text.strip()!r}: write '::: quote pN' or '::: demo HAND'")
            return None
        name, args = words[0], words[1:]
        if name == "numbers" and self._numbers is not None:
            try:
                return self._numbers(args)
            except DirectiveError as error:
                self._error(line, str(error))
                return None
        if name == "simulate" and self._simulate is not None:
            try:
                return self._simulate(text.strip()[3:].strip()[len("simulate"):])
            except DirectiveError as error:
                self._error(line, str(error))
                return None
        if name == "skill" and self._skill is not None:
            if args:
                self._error(line, f"'::: skill' takes nothing; got {text.strip()!r}")
                return None
            try:
                return self._skill()
            except DirectiveError as error:
                self._error(line, str(error))
                return None
        if name not in NAMES:
            self._error(line, f"unknown block {text.strip()!r} (the blocks are '::: quote pN', '::: demo HAND', "
                              "'::: numbers', '::: simulate ARGS' and '::: skill')")
            return None
        switch = None
        if name == "demo" and len(args) == 2 and args[1].startswith("switch="):
            switch = args.pop()[len("switch="):]
        if len(args) != 1:
            what = ("a paragraph id, like '::: quote p5'" if name == "quote" else
                    "a hand's name and optionally an option to switch, like '::: demo first-round' or "
                    "'::: demo first-round switch=deal'")
            self._error(line, f"'::: {name}' takes {what}; got {text.strip()!r}")
            return None
        try:
            return self._quote(args[0]) if name == "quote" else self._demo(args[0], switch)
        except DirectiveError as error:
            self._error(line, str(error))
            return None


def _normal(line: str) -> str:
    return " ".join(line.expandtabs(4).split())


class DirectiveProcessor(BlockProcessor):
    """Finds a `:::` line anywhere in a block, splits the block around it, renders it."""

    def __init__(self, parser: BlockParser, directives: Directives) -> None:
        super().__init__(parser)
        self.directives = directives

    def test(self, parent: etree.Element, block: str) -> bool:
        return any(DIRECTIVE.match(line) for line in block.split("\n"))

    def run(self, parent: etree.Element, blocks: list[str]) -> bool:
        lines = blocks.pop(0).split("\n")
        at = next(i for i, line in enumerate(lines) if DIRECTIVE.match(line))
        before, line, after = lines[:at], lines[at], lines[at + 1:]
        if any(part.strip() for part in before):
            self.parser.parseBlocks(parent, ["\n".join(before)])
        if any(part.strip() for part in after):
            blocks.insert(0, "\n".join(after))
        html = self.directives.render(line)
        if html:
            placeholder = etree.SubElement(parent, "p")
            placeholder.text = self.parser.md.htmlStash.store(html)
        return True


class DirectivesExtension(Extension):
    """`markdown.Markdown(extensions=[DirectivesExtension(directives)])`."""

    def __init__(self, directives: Directives, **kwargs: Any) -> None:
        self.directives = directives
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Any) -> None:
        # Above every built-in block processor (the empty-line one is 100): a block line is
        # taken out before lists, headers or paragraphs can swallow it.
        md.parser.blockprocessors.register(DirectiveProcessor(md.parser, self.directives), "card_lottery_blocks", 105)


TERM = "term:"


class TermLinks(Treeprocessor):
    """`[the pool](term:pool)` links to the glossary's entry `pool` (glossary.html#pool); the page
    collects the terms it links, and the build checks that the glossary defines each."""

    def __init__(self, md: Any, href: str, found: list[str]) -> None:
        super().__init__(md)
        self.href, self.found = href, found

    def run(self, root: etree.Element) -> None:
        for link in root.iter("a"):
            target = link.get("href", "")
            if target.startswith(TERM):
                term = target[len(TERM):]
                self.found.append(term)
                link.set("href", f"{self.href}#{term}")
                link.set("class", (link.get("class", "") + " term").strip())


class TermLinksExtension(Extension):
    """`markdown.Markdown(extensions=[TermLinksExtension(href, found)])`."""

    def __init__(self, href: str, found: list[str], **kwargs: Any) -> None:
        self.href, self.found = href, found
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Any) -> None:
        md.treeprocessors.register(TermLinks(md, self.href, self.found), "card_lottery_terms", 5)
