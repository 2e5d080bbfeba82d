"""What the build keeps in `.cache/` between builds: results that depend only on the engine's
sources and the build's inputs (the figures of a simulation, a hand's traces and proofs, a switch's
proof, a file's compressed copies), each under a key made of the engine's source hash and what it
was computed from. A warm build reads them instead of playing the games again.

    key("hand", engine_digest(), record_text)   -> a hex digest naming the entry
    Store("hands").get(key) / .put(key, value)  -> pickled Python data, written atomically

Parallel builds (the tests, `serve`) may read and write the same store at once: an entry is written
to a temporary name and renamed, so a reader sees it whole or not at all. `Store.locked()` lets one
build compute what several need while the others wait for it. Each store keeps its most recently
used entries (a read touches the file) and drops the others.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import pickle
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache"
ENGINE = ROOT / "engine"
VERSION = b"1"  # bump to drop every entry when the shape of what is kept changes

_digests: dict[tuple[Path, str | None], str] = {}
_IMPORT = re.compile(r"^(?:from \.(\w*) import ([\w, ]+)|from \.(\w+) import)", re.MULTILINE)


def engine_digest(engine: Path = ENGINE, entry: str | None = None) -> str:
    """The hash of the engine's sources (names and bytes), once per build: every module of engine/,
    or, with `entry`, the modules that module imports at its top, and theirs in turn (the imports
    inside a function, which only word a message or name a seat, are left out), so that a change
    to the narration does not make the build play every simulation again."""
    engine = engine.resolve()
    if (engine, entry) not in _digests:
        names = sorted(p.stem for p in engine.glob("*.py")) if entry is None else sorted(_imported(engine, entry))
        digest = hashlib.sha256(VERSION)
        for name in names:
            digest.update(name.encode() + b"\0" + (engine / f"{name}.py").read_bytes() + b"\0")
        _digests[engine, entry] = digest.hexdigest()
    return _digests[engine, entry]


def _imported(engine: Path, entry: str) -> set[str]:
    """`entry` and the engine modules it imports at its top level, transitively."""
    found: set[str] = set()
    todo = [entry]
    while todo:
        name = todo.pop()
        if name in found or not (engine / f"{name}.py").is_file():
            continue
        found.add(name)
        for match in _IMPORT.finditer((engine / f"{name}.py").read_text(encoding="utf-8")):
            if match.group(3):
                todo.append(match.group(3))
            elif match.group(1):
                todo.append(match.group(1))
            else:
                todo += [part.split(" as ")[0].strip() for part in match.group(2).split(",")]
    return found


def key(*parts: str | bytes) -> str:
    """A digest of the parts, each kept apart from the next."""
    digest = hashlib.sha256(VERSION)
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


class Store:
    """One kind of cached result: `.cache/NAME/KEY.pickle`, at most `keep` of them."""

    def __init__(self, name: str, keep: int = 400, root: Path = CACHE) -> None:
        self.folder = root / name
        self.keep = keep
        self._written = 0

    def path(self, name: str) -> Path:
        return self.folder / f"{name}.pickle"

    def get(self, name: str) -> Any:
        """The value kept under `name`, or None."""
        path = self.path(name)
        try:
            with open(path, "rb") as file:
                value = pickle.load(file)
        except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, ValueError):
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # recently used: kept when the store is pruned
        return value

    def put(self, name: str, value: Any) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.path(name)
        partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
        with open(partial, "wb") as file:
            pickle.dump(value, file, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(path)
        self._written += 1
        if self._written % 50 == 1:
            self.prune()

    def prune(self) -> None:
        """Drop all but the `keep` most recently used entries."""
        try:
            entries = sorted(self.folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        except OSError:
            return
        for stale in entries[self.keep:]:
            stale.unlink(missing_ok=True)
        import time

        for lock in self.folder.glob(".lock-*"):  # the locks of what was computed a day ago or more
            with contextlib.suppress(OSError):
                if lock.stat().st_mtime < time.time() - 86_400:
                    lock.unlink()

    @contextlib.contextmanager
    def locked(self, name: str = "") -> Iterator[None]:
        """Hold a lock of the store (one per `name`: what is being computed): builds at once that
        need the same compute it once, the others wait; builds that need other things do not."""
        self.folder.mkdir(parents=True, exist_ok=True)
        with open(self.folder / f".lock{'-' + name[:16] if name else ''}", "ab") as lock:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock.fileno(), fcntl.LOCK_UN)
