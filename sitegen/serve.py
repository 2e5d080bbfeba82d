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
from typing import Any

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


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the right types, the build's gzip copies, and the caching headers a
    production server would send (an ETag from the content, so a rebuild that leaves a file alone
    leaves its ETag alone too)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    etags: dict[tuple[str, int, int], str] = {}  # (path, mtime, size) -> ETag

    def __init__(self, *args: Any, directory: str, **kwargs: Any) -> None:
        super().__init__(*args, directory=directory, **kwargs)

    def send_head(self) -> Any:
        for _ in range(40):  # up to 2 s, should a rebuild be swapping the folder right now
            if os.path.isdir(self.directory):
                break
            time.sleep(0.05)
        path = self.translate_path(self.path)
        url_path = urllib.parse.urlsplit(self.path).path
        self.cache_control = CACHE_FOREVER if IMMUTABLE.search(url_path) and os.path.isfile(path) else REVALIDATE
        if not os.path.isfile(path):
            return super().send_head()  # folders (index.html, redirects) and 404s as usual
        etag = self._etag(path)
        if self._not_modified(path, etag):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return None
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        # The build's precompressed copy, with the type of the original (brotli_static and
        # gzip_static, as nginx has them): Brotli when the browser takes it, else gzip.
        encoding = next((name for name, suffix in (("br", ".br"), ("gzip", ".gz"))
                         if name in accepted and os.path.isfile(path + suffix)), None)
        handle = open(path + {"br": ".br", "gzip": ".gz", None: ""}[encoding], "rb")  # noqa: SIM115 - the base class closes it
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        if os.path.isfile(path + ".gz") or os.path.isfile(path + ".br"):
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(os.fstat(handle.fileno()).st_size))
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", self.date_time_string(int(os.stat(path).st_mtime)))
        self.end_headers()
        return handle

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


def serve(paths: Paths, port: int, build_arguments: list[str]) -> int:
    build_script = paths.root / "build.py"
    watched = paths.watched()
    state = fingerprint(watched)
    if not run_build(build_script, build_arguments):
        print("serve: the build failed; serving the previous site, if any, until a change fixes it", file=sys.stderr)

    handler = partial(SiteHandler, directory=str(paths.out.resolve()))
    try:
        server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as error:
        print(f"serve: cannot listen on 127.0.0.1:{port}: {error}", file=sys.stderr)
        return 1
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    names = ", ".join(shown(p) for p in watched)
    print(f"Serving {shown(paths.out)} at http://127.0.0.1:{server.server_port}/ (Ctrl-C stops); watching {names}",
          flush=True)
    try:
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
            changed = sorted(set(current.items()) ^ set(state.items()))
            state = current
            first = shown(changed[0][0]) if changed else "?"
            print(f"serve: {first}{' and more' if len(changed) > 1 else ''} changed, rebuilding", flush=True)
            if not run_build(build_script, build_arguments):
                print("serve: the rebuild failed; still serving the previous site", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("serve: stopped", flush=True)
    finally:
        server.shutdown()
        server.server_close()
    return 0
