"""The site generator's modules; `build.py` runs them as a list of named steps.

    sources.py   read: the text (p0..p15 in both languages), the lesson pages, the hands
    blocks.py    the Markdown extension: `::: quote pN`, `::: demo HAND`, `::: numbers`, `::: simulate`
    figures.py   figures of the engine from the command shown: `::: simulate`, `{{simulate: KEY}}`, `{{replay …}}`
    numbers.py   the numbers lesson: its panel, its runs, its charts
    notes.py     the notes' claims about other readings, proved by replaying the hand
    switches.py  a demo's switch of readings (`switch=KEY`): each reading must change its hand's game
    quotes.py    every quotation of the text or the translation a literal excerpt
    cache.py     what the build keeps in .cache/ under the engine's sources and its inputs
    i18n.py      the words the pages share and the front end's scripts' words, in English and Russian
    render.py    render: the inputs, Jinja2, embedded JSON, the lessons' Markdown, `Site` and `PageType`
    pages/       the page types, one module each (its pages, its link in the header, its words): REGISTRY
    cards.py     how a card looks (its drawing; the colours are demo.css's), for the script and the print view
    assets.py    static files, the five Pyodide runtime files, the engine archive
    bytecode.py  the engine compiled for the runtime's Python (Node runs compile_engine.mjs), cached
    snapshot.py  a Pyodide memory snapshot with the engine imported (Node runs make_snapshot.mjs), cached
    checks.py    what every page must satisfy (CSP: no inline script or style)
    linkcheck.py every link of the built site leads to a page, an anchor or a demo's step that exists
    output.py    write into a temporary sibling folder, then swap it in
    serve.py     `build.py serve`: a local server that rebuilds on change

Every error the build reports is a `BuildError` whose lines read `path:line: what is wrong`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


class BuildError(Exception):
    """What stops the build: one or more lines `path:line: what is wrong`."""

    def __init__(self, messages: str | list[str]) -> None:
        self.messages = [messages] if isinstance(messages, str) else list(messages)
        super().__init__("\n".join(self.messages))


class Problems:
    """Collects the errors of one step, so that an author sees them all at once."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def add(self, path: Path | str, line: int, what: str) -> None:
        self.messages.append(f"{shown(path)}:{line}: {what}")

    def add_message(self, message: str) -> None:
        self.messages.append(message)

    def check(self) -> None:
        """Raise the collected errors, if any."""
        if self.messages:
            raise BuildError(self.messages)


def shown(path: Path | str) -> str:
    """A path as messages show it: relative to the working folder when it is inside it."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


@dataclass(frozen=True)
class Paths:
    """Where the build reads and writes."""

    root: Path      # the repository (the folder of build.py)
    lessons: Path   # text/, pages/{en,ru}/, hands/
    out: Path       # the site, replaced only when the whole build succeeded

    @property
    def templates(self) -> Path:
        return self.root / "site" / "templates"

    @property
    def static(self) -> Path:
        return self.root / "site" / "static"

    @property
    def engine(self) -> Path:
        return self.root / "engine"

    @property
    def pyodide(self) -> Path:
        return self.root / "node_modules" / "pyodide"

    def watched(self) -> list[Path]:
        """What `serve` watches: a change to any file under these rebuilds the site."""
        return [self.lessons, self.root / "site", self.engine, self.root / "sitegen", self.root / "build.py"]


def walk_files(folder: Path) -> list[Path]:
    """Every file under a folder, sorted, skipping hidden names and __pycache__."""
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
        found += [Path(dirpath) / f for f in sorted(filenames) if not f.startswith(".")]
    return found
