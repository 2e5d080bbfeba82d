"""The built site served for the Firefox and WebKit tests, as `build.py serve` serves it, plus a
hook script in front of every page (test-hook.js, which reports the page's errors: WebKit's
WebDriver has no console log). Tests only: the built site never has it.

The page loads the hook with `<script src="/__test/hook.js">`, which the site's CSP
(`script-src 'self'`) allows since the server is the site's own origin; the hook posts each error
to `/__test/errors`. The service worker is told to keep the hook with the site (its list of files
gets the hook's path), so that an offline page has it too.

Each `HookedServer` is a new origin (a port of its own): a test that starts one gets a first
visit, with no service worker, no Cache API and no storage from an earlier test. It counts what it
sent (`sent`: path, status, bytes of the body) and answers as a server that is gone once `close`d.
"""

from __future__ import annotations

import functools
import gzip
import io
import json
import re
import threading
from dataclasses import dataclass, field
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

from browser_helpers import QuietHandler  # the site's own handler, quiet, with blocked prefixes

from sitegen.serve import accepted_encodings  # (browser_helpers puts the repository on the path)

HOOK = Path(__file__).with_name("test-hook.js")
HOOK_PATH = "/__test/hook.js"
ERRORS_PATH = "/__test/errors"
BLANK_PATH = "/__test/blank.html"  # a page of the origin with nothing on it (Tab.keep_the_snapshot)
HOOK_TAG = f'<script src="{HOOK_PATH}"></script>'.encode()


@dataclass
class Sent:
    path: str
    status: int
    bytes: int  # the body as sent (compressed when the build's .br or .gz copy was sent)
    referrer: str = ""  # the path of the Referer: "/sw.js" for what the service worker fetched to keep


@dataclass
class ServerLog:
    sent: list[Sent] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # what the pages' hooks posted
    lock: threading.Lock = field(default_factory=threading.Lock)
    # Path prefixes answered with another type (a test of a server that gets the type wrong).
    wrong_types: dict[str, str] = field(default_factory=dict)
    pages: dict[tuple[str, int, int], bytes] = field(default_factory=dict)  # hooked pages, gzipped

    def bytes_to(self, fragment: str) -> int:
        with self.lock:
            return sum(s.bytes for s in self.sent if fragment in s.path)

    def total_bytes(self) -> int:
        with self.lock:
            return sum(s.bytes for s in self.sent)

    def bytes_fetched_by_pages(self) -> int:
        """What the pages and their workers fetched: all but what the service worker fetched to keep
        (its requests name it as their referrer; how much of that has arrived at a moment is a race)."""
        with self.lock:
            return sum(s.bytes for s in self.sent if s.referrer != "/sw.js")

    def failures(self) -> list[str]:
        """The requests the server could not answer (a missing file is an error the page made)."""
        with self.lock:
            return [f"{s.status} {s.path}" for s in self.sent if s.status >= 400]


class HookedHandler(QuietHandler):
    log: ClassVar[ServerLog]

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        if urlsplit(self.path).path != ERRORS_PATH:
            self.send_error(405)
            return
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace")
        try:
            report = json.loads(body)
            text = f"{report['page']}: {report['text']}"
        except (ValueError, KeyError, TypeError):
            text = body
        with self.log.lock:
            self.log.errors.append(text)
        self.send_response(204)
        self.end_headers()

    def send_head(self) -> Any:
        path = urlsplit(self.path).path
        if path == HOOK_PATH:
            return self._send_bytes(HOOK.read_bytes(), "text/javascript; charset=utf-8")
        if path == BLANK_PATH:
            # (an icon of its own, or the browser asks for /favicon.ico, which the site has not)
            return self._send_bytes(b'<!doctype html><title>blank</title><link rel="icon" href="data:,">',
                                    "text/html; charset=utf-8")
        if path == "/sw.js" or path.endswith((".html", "/")):
            local = Path(self.translate_path(self.path))
            if local.is_dir():
                local = local / "index.html"
            if local.is_file() and not any(path.startswith(p) for p in self.blocked_prefixes):
                self.requests_log.append(path)
                if path == "/sw.js":  # keep the hook with the site's files
                    body = local.read_bytes().replace(b'"files":[', f'"files":["{HOOK_PATH[1:]}",'.encode(), 1)
                    return self._send_bytes(body, "text/javascript; charset=utf-8")
                return self._send_bytes(self._hooked_page(local), "text/html; charset=utf-8", compressed=True)
        return super().send_head()

    def guess_type(self, path: str | Any) -> str:
        for prefix, kind in self.log.wrong_types.items():
            if urlsplit(self.path).path.startswith(prefix):
                return kind
        return super().guess_type(path)

    def _hooked_page(self, local: Path) -> bytes:
        """The page with the hook first in its head, gzipped (as the build's copies are
        compressed, so that the bytes counted are near what a reader gets); made once a file."""
        stat = local.stat()
        key = (str(local), stat.st_mtime_ns, stat.st_size)
        if key not in self.log.pages:
            page = re.sub(rb"<head>", b"<head>" + HOOK_TAG, local.read_bytes(), count=1)
            self.log.pages[key] = gzip.compress(page, compresslevel=6, mtime=0)
        return self.log.pages[key]

    def _send_bytes(self, body: bytes, kind: str, compressed: bool = False) -> Any:
        if compressed and "gzip" not in accepted_encodings(self.headers.get("Accept-Encoding", "")):
            body, compressed = gzip.decompress(body), False
        self.cache_control = "no-cache"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        if compressed:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            self._length = int(value)
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        super().end_headers()
        status = getattr(self, "_status", 0)
        length = getattr(self, "_length", 0) if status not in (204, 304) and self.command != "HEAD" else 0
        with self.log.lock:
            referrer = urlsplit(self.headers.get("Referer", "")).path
            self.log.sent.append(Sent(urlsplit(self.path).path, status, length, referrer))
        self._status, self._length = 0, 0


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a browser closing a connection early


class HookedServer:
    """The built site on 127.0.0.1 (a free port), with the test hook; `url(path)`, `log`, `close()`."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.log = ServerLog()
        handler = type("Hooked", (HookedHandler,), {"log": self.log, "blocked_prefixes": set(), "requests_log": []})
        self.httpd = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
        self.base = f"http://127.0.0.1:{self.httpd.server_port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
        self.thread.start()
        self.closed = False

    def url(self, path: str = "/") -> str:
        return f"{self.base}/{path.lstrip('/')}"

    def close(self) -> None:
        """The server is gone, as a network is: connections are refused from now on."""
        if self.closed:
            return
        self.closed = True
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)
