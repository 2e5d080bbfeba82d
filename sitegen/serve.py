"""`build.py serve`: build, serve the site on 127.0.0.1, rebuild when a source changes.

Each build runs in a fresh `build.py` process, so a change to engine/, sitegen/ or build.py
takes effect at once (nothing stays imported), and a failed build only prints its errors:
the previous site keeps being served. The handler looks the site folder up by its path at
every request, so the swap of a rebuild is picked up (a request arriving in the instant
between the two renames waits for the new folder).
"""

from __future__ import annotations

import email.utils
import hashlib
import os
import re
import subprocess
import sys
import threading
import time
import urllib.parse
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Literal

from . import Paths, shown, walk_files

POLL_SECONDS = 0.5
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}


# What browsers may keep: files whose name changes with their content (the engine's zip, the
# snapshot, the runtime under its version) for good; every other file (pages, CSS, JS) is asked
# again each time and answered "304 Not Modified" while unchanged (README, "Serving the site").
IMMUTABLE = re.compile(r"-[0-9a-f]{12}\.[a-z]+$|^/pyodide/\d+\.\d+\.\d+/")
CACHE_FOREVER = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def accepted_encodings(header: str) -> set[str]:
    """The content codings an Accept-Encoding header takes (RFC 9110, 12.5.3): those named with no
    q-value or a q-value above 0. `gzip;q=0` refuses gzip; `*` stands for any coding not named."""
    taken: set[str] = set()
    refused: set[str] = set()
    for item in header.split(","):
        name, _, params = item.strip().partition(";")
        name = name.strip().lower()
        if not name:
            continue
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0  # a q-value we cannot read takes nothing
        (taken if quality > 0 else refused).add(name)
    if "*" in taken:  # the codings the build writes, unless named and refused
        taken |= {"br", "gzip"} - refused
    return taken - refused - {"*"}


class _Slice:
    """The part of an open file that a `Range` asks for, read as the whole file would be."""

    def __init__(self, handle: Any, start: int, length: int) -> None:
        handle.seek(start)
        self.handle = handle
        self.left = length

    def read(self, size: int = -1) -> bytes:
        size = self.left if size < 0 else min(size, self.left)
        data: bytes = self.handle.read(size)
        self.left -= len(data)
        return data

    def close(self) -> None:
        self.handle.close()


RANGE = re.compile(r"bytes=[ \t]*(\d*)-(\d*)[ \t]*")


def byte_range(header: str | None, size: int) -> tuple[int, int] | None | Literal[False]:
    """The first and last byte a `Range` header asks for (RFC 9110, 14.2), in a file of `size`
    bytes; None to send the whole file (no header, one we do not read, or several ranges: a server
    may send all instead); False when no byte of the file is in the range (416)."""
    match = RANGE.fullmatch(header or "")
    if not match or not any(match.groups()):
        return None
    first, last = match.groups()
    if not first:  # the last N bytes
        return (max(0, size - int(last)), size - 1) if int(last) > 0 and size > 0 else False
    start = int(first)
    end = size - 1 if not last else min(int(last), size - 1)
    if last and int(last) < start:
        return None  # not a valid range: ignored
    return (start, end) if start < size else False


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the right types, the build's Brotli and gzip copies, byte ranges, and the
    caching headers a production server would send (an ETag from the content of what is sent, so a
    rebuild that leaves a file alone leaves its ETag alone too). Hidden files (`.sitegen`) and
    folder listings are not served; a path that cannot name a file (a NUL in it) is a 400."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    etags: dict[tuple[str, int, int], str] = {}  # (path, mtime, size) -> ETag

    def __init__(self, *args: Any, directory: str, **kwargs: Any) -> None:
        super().__init__(*args, directory=directory, **kwargs)

    def send_head(self) -> Any:
        for _ in range(40):  # up to 2 s, should a rebuild be swapping the folder right now
            if os.path.isdir(self.directory):
                break
            time.sleep(0.05)
        url_path = urllib.parse.urlsplit(self.path).path
        asked = urllib.parse.unquote(url_path)
        if "\0" in asked:
            self.send_error(400, "Bad request: a NUL in the path")
            return None
        if any(part.startswith(".") for part in asked.split("/")):
            self.send_error(404, "File not found")
            return None
        path = self.translate_path(self.path)
        self.cache_control = CACHE_FOREVER if IMMUTABLE.search(url_path) and os.path.isfile(path) else REVALIDATE
        if not os.path.isfile(path):
            return super().send_head()  # folders (index.html, redirects) and 404s as usual
        sent, encoding, original = self._representation(path)
        etag = self._etag(sent)
        if self._not_modified(original, etag):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return None
        handle = open(sent, "rb")  # noqa: SIM115 - the base class closes it
        size = os.fstat(handle.fileno()).st_size
        ranged = byte_range(self.headers.get("Range"), size) if self._range_applies(original, etag) else None
        if ranged is False:
            handle.close()
            self.send_response(416)
            self.send_header("Content-Range", f"bytes */{size}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        self.send_response(206 if ranged else 200)
        self.send_header("Content-Type", self.guess_type(original))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        if original == path and (os.path.isfile(path + ".gz") or os.path.isfile(path + ".br")):  # negotiated
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Accept-Ranges", "bytes")
        if ranged:
            start, end = ranged
            self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
            self.send_header("Content-Length", str(end - start + 1))
        else:
            self.send_header("Content-Length", str(size))
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", self.date_time_string(int(os.stat(original).st_mtime)))
        self.end_headers()
        return _Slice(handle, start, end - start + 1) if ranged else handle

    def _representation(self, path: str) -> tuple[str, str | None, str]:
        """The file to send for `path`, its Content-Encoding, and the file whose type it has. The
        build's precompressed copy when the browser takes it (brotli_static and gzip_static, as
        nginx has them: Brotli first, else gzip); a copy asked for by its own name (`X.br`) is sent
        as what it is: X, in that encoding."""
        for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
            if path.endswith(suffix) and os.path.isfile(path[:-len(suffix)]):
                return path, encoding, path[:-len(suffix)]
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
            if encoding in accepted and os.path.isfile(path + suffix):
                return path + suffix, encoding, path
        return path, None, path

    def _range_applies(self, path: str, etag: str) -> bool:
        """Without If-Range, or with one naming the copy the browser has (its ETag, or its date)."""
        condition = self.headers.get("If-Range")
        if condition is None:
            return True
        condition = condition.strip()
        if condition.startswith(('"', "W/")):
            return condition == etag
        try:
            return int(os.stat(path).st_mtime) <= email.utils.parsedate_to_datetime(condition).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            return False

    def list_directory(self, path: str | os.PathLike[str]) -> Any:
        self.send_error(404, "File not found")  # a folder without index.html: nothing to list
        return None

    def _not_modified(self, path: str, etag: str) -> bool:
        """The browser's copy is current: its ETag matches, or (browsers send only the date for a
        page) the file is no newer than its copy."""
        tags = self.headers.get("If-None-Match")
        if tags is not None:
            return etag in [tag.strip() for tag in tags.split(",")]
        since = self.headers.get("If-Modified-Since")
        if since is None:
            return False
        try:
            return int(os.stat(path).st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            return False

    def _etag(self, path: str) -> str:
        stat = os.stat(path)
        key = (path, stat.st_mtime_ns, stat.st_size)
        if key not in self.etags:
            digest = hashlib.sha256()
            with open(path, "rb") as handle:
                for block in iter(lambda: handle.read(1 << 20), b""):
                    digest.update(block)
            self.etags[key] = f'"{digest.hexdigest()[:20]}"'
        return self.etags[key]

    def end_headers(self) -> None:
        self.send_header("Cache-Control", getattr(self, "cache_control", REVALIDATE))
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        if len(args) >= 2 and str(args[1]).startswith(("4", "5")):
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """The server of `serve`: a thread per request; a browser that goes away in the middle of an
    answer (a closed tab, a cancelled download) is not an error to print."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path, port: int) -> SiteServer:
    """The site's server on 127.0.0.1:`port` (0: any free port), bound now; it serves once started."""
    return SiteServer(("127.0.0.1", port), partial(SiteHandler, directory=str(directory)))


def fingerprint(paths: list[Path]) -> dict[str, tuple[int, int]]:
    """Every watched file's modification time and size."""
    seen: dict[str, tuple[int, int]] = {}
    for path in paths:
        files = [path] if path.is_file() else walk_files(path) if path.is_dir() else []
        for file in files:
            try:
                stat = file.stat()
            except OSError:
                continue
            seen[str(file)] = (stat.st_mtime_ns, stat.st_size)
    return seen


def run_build(build_script: Path, arguments: list[str]) -> bool:
    """One build in a fresh process; its messages go straight to this terminal."""
    result = subprocess.run([sys.executable, str(build_script), *arguments], check=False)
    return result.returncode == 0


def changed_files(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]) -> list[str]:
    """The files added, removed or changed between two fingerprints."""
    return sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path))


def change_message(changed: list[str]) -> str:
    if not changed:
        return "serve: a change came and went, rebuilding"
    more = f" and {len(changed) - 1} more" if len(changed) > 1 else ""
    return f"serve: {shown(changed[0])}{more} changed, rebuilding"


def serve(paths: Paths, port: int, build_arguments: list[str]) -> int:
    build_script = paths.root / "build.py"
    watched = paths.watched()
    state = fingerprint(watched)
    try:  # the port first: a port in use is said at once, not after a build
        server = make_server(paths.out.resolve(), port)
    except (OSError, OverflowError) as error:
        print(f"serve: cannot listen on 127.0.0.1:{port}: {error}", file=sys.stderr)
        return 1
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    try:
        if not run_build(build_script, build_arguments):
            print("serve: the build failed; serving the previous site, if any, until a change fixes it",
                  file=sys.stderr)
        thread.start()
        names = ", ".join(shown(p) for p in watched)
        print(f"Serving {shown(paths.out)} at http://127.0.0.1:{server.server_port}/ (Ctrl-C stops); watching {names}",
              flush=True)
        while True:
            time.sleep(POLL_SECONDS)
            current = fingerprint(watched)
            if current == state:
                continue
            while True:  # let an editor finish saving: wait until nothing changed for one poll
                time.sleep(POLL_SECONDS / 2)
                settled = fingerprint(watched)
                if settled == current:
                    break
                current = settled
            changed = changed_files(state, current)
            state = current
            print(change_message(changed), flush=True)
            if not run_build(build_script, build_arguments):
                print("serve: the rebuild failed; still serving the previous site", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("serve: stopped", flush=True)
    finally:
        if thread.is_alive():
            server.shutdown()
        server.server_close()
    return 0
