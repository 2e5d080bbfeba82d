"""The files the site serves besides its pages: static files, Pyodide, the engine archive."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import pickle
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import brotli  # type: ignore[import-untyped]  # (no type information published)

from . import BuildError, shown, walk_files
from .cache import Store, key

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip can hold: the archive depends on content only


# Text (and wasm, and the Pyodide snapshot) compress 3-5×; zips and images are compressed already.
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".bin")


def gzipped(data: bytes) -> bytes:
    """What the server sends a browser that accepts gzip: deterministic (no time, no name)."""
    return _kept(data, ".gz", lambda d: gzip.compress(d, compresslevel=9 if len(d) < 1_000_000 else 6, mtime=0))


def brotlied(data: bytes) -> bytes:
    """What the server sends a browser that accepts Brotli (all current ones do): the best quality
    for what a page loads at once, a faster one for the multi-megabyte runtime files."""
    return _kept(data, ".br", lambda d: bytes(brotli.compress(d, quality=10 if len(d) < 1_000_000 else 9, lgwin=24)))


# The compressed copies of the smaller files, by their content's hash: one file of the cache, read
# once and written once per build (the larger files have a cache file each, `_cached` below). A
# warm build compresses only what changed.
_SMALL: dict[str, bytes] | None = None
_SMALL_USED: dict[str, bytes] = {}
_SMALL_FILE = "compressed/small.pickle"
_SMALL_KEEP = 4000


def _kept(data: bytes, suffix: str, compress: Callable[[bytes], bytes]) -> bytes:
    global _SMALL
    if len(data) >= CACHED_FROM:
        return compress(data)
    if _SMALL is None:
        from .cache import CACHE

        try:
            with open(CACHE / _SMALL_FILE, "rb") as file:
                _SMALL = dict(pickle.load(file))
        except (OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError):
            _SMALL = {}
    name = hashlib.sha256(data).hexdigest() + suffix
    found = _SMALL_USED.get(name) or _SMALL.get(name)
    if found is None:
        found = compress(data)
    _SMALL_USED[name] = found
    return found


def keep_compressed() -> None:
    """Write the smaller files' compressed copies for the next build: this build's, then the most
    recent others, up to a bound."""
    from .cache import CACHE

    if _SMALL is None or all(name in _SMALL for name in _SMALL_USED):
        return
    kept = dict(_SMALL_USED)
    for name, value in reversed(list(_SMALL.items())):
        if len(kept) >= _SMALL_KEEP:
            break
        kept.setdefault(name, value)
    target = CACHE / _SMALL_FILE
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{target.name}.{os.getpid()}.partial")  # builds may run at once
    with open(partial, "wb") as file:
        pickle.dump(dict(reversed(list(kept.items()))), file, protocol=pickle.HIGHEST_PROTOCOL)
    partial.replace(target)


ENCODINGS: dict[str, Callable[[bytes], bytes]] = {".br": brotlied, ".gz": gzipped}
CACHED_FROM = 256_000  # larger files are compressed once, into .cache/compressed/, by their content's hash


def precompress(files: dict[str, bytes | Path], cache: Path) -> dict[str, bytes | Path]:
    """A `.br` and a `.gz` beside every compressible file, for the server to send as
    `Content-Encoding` when the browser accepts it (unless it is there already: the snapshot's
    `.gz` comes from its cache). The runtime's big files are compressed once and kept in `cache`."""
    out: dict[str, bytes | Path] = {}
    for name, content in files.items():
        if not name.endswith(COMPRESSIBLE):
            continue
        data = content if isinstance(content, bytes) else content.read_bytes()
        for suffix, compress in ENCODINGS.items():
            if f"{name}{suffix}" in files:
                continue
            out[f"{name}{suffix}"] = compress(data) if len(data) < CACHED_FROM else _cached(data, suffix, compress, cache)
    keep_compressed()
    return out


def _cached(data: bytes, suffix: str, compress: Callable[[bytes], bytes], cache: Path) -> Path:
    target = cache / "compressed" / f"{hashlib.sha256(data).hexdigest()}{suffix}"
    if not target.is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(f"{target.name}.{os.getpid()}.partial")  # builds may run at once
        partial.write_bytes(compress(data))
        partial.replace(target)
    return target


@dataclass(frozen=True)
class EngineArchive:
    name: str     # engine-<first 12 hex of its sha256>.zip
    data: bytes
    # For an archive of the engine compiled to bytecode (sitegen/bytecode.py): the archive of its
    # source, which the worker loads instead when the runtime's Python cannot run the bytecode.
    fallback: EngineArchive | None = None


def read_static(static: Path) -> dict[str, bytes]:
    """site/static/** by its path under assets/ (css/site.css, js/main.js, ...)."""
    if not static.is_dir():
        return {}
    return {path.relative_to(static).as_posix(): path.read_bytes() for path in walk_files(static)}


def find_pyodide(folder: Path) -> dict[str, Path]:
    """The five runtime files of node_modules/pyodide (copied as they are, nothing else)."""
    missing = [name for name in PYODIDE_FILES if not (folder / name).is_file()]
    if missing:
        raise BuildError(f"{shown(folder / missing[0])}:1: the Pyodide runtime is missing "
                         f"({', '.join(missing)}): run `npm ci` in {shown(folder.parent.parent) or '.'} "
                         "(package.json pins pyodide)")
    return {name: folder / name for name in PYODIDE_FILES}


def runtime_folder(pyodide: dict[str, Path]) -> str:
    """Where the site serves the runtime: `pyodide/VERSION/`, so that its files never change under a
    name and a server may let browsers keep them for good (see README, "Serving the site")."""
    package = pyodide["pyodide.mjs"].parent / "package.json"
    try:
        version = json.loads(package.read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError) as error:
        raise BuildError(f"{shown(package)}:1: cannot read the Pyodide package's version ({error}): run `npm ci`") from None
    return f"pyodide/{version}/"


def build_engine_archive(engine: Path) -> EngineArchive:
    """engine/*.py as a deterministic zip of `engine/NAME.py`: sorted names, fixed times and modes.

    Built from the working tree at every build, so the name (its content hash) is never stale."""
    sources = sorted(engine.glob("*.py"))
    if not (engine / "__init__.py").is_file():
        raise BuildError(f"{shown(engine / '__init__.py')}:1: the engine package is missing")
    return engine_archive({f"engine/{path.name}": path.read_bytes() for path in sources})


ARCHIVES = Store("archives", keep=20)


def engine_archive(entries: dict[str, bytes], fallback: EngineArchive | None = None) -> EngineArchive:
    """A deterministic zip of `entries` (sorted names, fixed times and modes), named by its hash; kept
    in `.cache/archives/` by the entries' names and bytes (compressing it was a tenth of a warm build)."""
    entry = key("archive", *(part for name in sorted(entries) for part in (name, entries[name])))
    data = ARCHIVES.get(entry)
    if data is None:
        data = _zipped(entries)
        ARCHIVES.put(entry, data)
    return EngineArchive(f"engine-{hashlib.sha256(data).hexdigest()[:12]}.zip", data, fallback)


def _zipped(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, so that the mode below means the same everywhere
            info.external_attr = 0o100644 << 16
            archive.writestr(info, entries[name], compresslevel=9)
    return buffer.getvalue()


SERVICE_WORKER = "sw.js"


def service_worker(files: dict[str, bytes | Path], runtime: list[str], source: Path, snapshot: str | None = None,
                   words: dict[str, dict[str, str]] | None = None) -> bytes:
    """The site's service worker (site/sw.js documents it): the list of this build's pages and
    assets to keep, the runtime's prefixes (and the snapshot's path) to keep when a page asks, what
    it tells the reader in each language when the browser refuses the space, and a version named by
    the content of everything listed, so that a build that changes any file is a new service worker."""
    listed = sorted(name for name in files if not name.startswith(tuple(runtime)) and not name.endswith((".gz", ".br")))
    digest = hashlib.sha256()
    for name in listed:
        content = files[name]
        digest.update(name.encode() + b"\0" + hashlib.sha256(content if isinstance(content, bytes)
                                                            else content.read_bytes()).digest())
    # The worker's own code and words too: a new sw.js is always a new cache, so that a failed
    # install, which deletes its cache, never deletes the one the worker before it serves from.
    code = source.read_bytes()
    rest = {"runtime": runtime, "snapshot": snapshot, "words": words or {}}
    digest.update(code + json.dumps(rest, sort_keys=True).encode())
    header = json.dumps({"version": digest.hexdigest()[:16], "files": listed, **rest}, ensure_ascii=False,
                        separators=(",", ":"))
    return f"self.__SITE = {header};\n".encode() + code
