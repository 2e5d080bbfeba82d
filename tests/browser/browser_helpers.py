"""Static file server and assertions shared by the browser tests.

The fixtures in conftest.py use these; tests import the assertions with
``from browser_helpers import assert_same_origin``.
"""

from __future__ import annotations

import functools
import sys
import threading
import time
from collections.abc import Iterable
from fnmatch import fnmatch
from http.cookies import CookieError, SimpleCookie
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from sitegen.serve import SiteHandler  # noqa: E402  (the site's own server)

CHROMIUM = "/usr/bin/chromium"  # the benchmarks' browser: the one a reader runs
# The tests' browser: Debian's build of Chromium's headless shell (the headless browser Playwright
# runs by default), the same Blink and V8 without the full browser's own processes. Measured over
# the 239 Chromium tests of 2026-12-05, one at a time: 1,197 CPU-s; on a sample of 36, 271 CPU-s
# against the full browser's 307 (-12 %), every test passing in both.
TEST_CHROMIUM = "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

# Types the browser must get right: Pyodide's loader never settles (and raises
# nothing) when the .wasm file comes with another MIME type.
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
}


# The first file of Pyodide the engine's worker asks for (worker.js `start`: the runtime's loader).
RUNTIME_LOADER = "/pyodide/*/pyodide.mjs"
# A browser context that carries this cookie is never answered the runtime's loader: its engine stays
# loading (`with_engine_loading`).
ENGINE_LOADING_COOKIE = ("card-lottery-test", "engine-loading")


class QuietHandler(SiteHandler):
    """Serves a directory as ``build.py serve`` does (types, the build's Brotli and gzip copies, the
    caching headers of production), without logging; 404s any path under ``blocked_prefixes``; never
    answers the runtime's loader to a browser context made ``with_engine_loading``.

    Each served directory gets its own subclass (see ``StaticServer``), so the
    class-level sets below belong to one server.
    """

    # URL path prefixes, e.g. "/pyodide/" or "/pyodide/pyodide.asm.wasm", that
    # answer 404 as if the files were missing.
    blocked_prefixes: ClassVar[set[str]] = set()
    # URL path prefixes ("/" for all) whose requests get no answer: the connection is closed, as
    # when the network is down. (Playwright's emulated offline state does not reach the requests of
    # a service worker: a test offline drops them here too.) They are not in requests_log.
    dropped_prefixes: ClassVar[set[str]] = set()
    # URL paths requested from this server, in order (the server's view).
    requests_log: ClassVar[list[str]] = []

    def guess_type(self, path: str | Any) -> str:
        suffix = Path(str(path)).suffix.lower()
        if suffix in MIME_TYPES:
            return MIME_TYPES[suffix]
        return super().guess_type(path)

    def send_head(self) -> Any:
        path = urlsplit(self.path).path
        if any(path.startswith(prefix) for prefix in type(self).dropped_prefixes):
            self.close_connection = True
            return None
        type(self).requests_log.append(path)
        if fnmatch(path, RUNTIME_LOADER) and self.engine_kept_loading():
            self.hold_until_the_browser_hangs_up()
            return None
        if any(path.startswith(prefix) for prefix in type(self).blocked_prefixes):
            self.send_error(404, "Blocked by the test")
            return None
        return super().send_head()

    def engine_kept_loading(self) -> bool:
        name, value = ENGINE_LOADING_COOKIE
        try:
            cookie = SimpleCookie(self.headers.get("Cookie", ""))
        except CookieError:
            return False
        return name in cookie and cookie[name].value == value

    def hold_until_the_browser_hangs_up(self) -> None:
        """No answer: the request stays pending until the browser closes the connection (its context
        closed, or the page gone)."""
        self.close_connection = True
        try:
            while self.connection.recv(4096):
                pass
        except OSError:
            pass

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser closing a connection early is not an error worth printing.
        pass


class ServedSite(str):
    """The base URL of a running server ("http://127.0.0.1:PORT"), with extras.

    ``blocked_prefixes`` and ``requests_log`` are the handler's class-level
    collections; ``root`` is the directory served.
    """

    root: Path
    blocked_prefixes: set[str]
    dropped_prefixes: set[str]
    requests_log: list[str]

    def url(self, path: str = "/") -> str:
        return str(self) + "/" + path.lstrip("/")


class StaticServer:
    """An ``http.server`` on 127.0.0.1 (a free port) in a background thread."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root).resolve()
        if not self.root.is_dir():
            raise FileNotFoundError(f"not a directory: {self.root}")
        self.handler: type[QuietHandler] = type(
            "ServedDirHandler",
            (QuietHandler,),
            {"blocked_prefixes": set(), "dropped_prefixes": set(), "requests_log": []},
        )
        handler = functools.partial(self.handler, directory=str(self.root))
        self.httpd = _QuietServer(("127.0.0.1", 0), handler)
        port = self.httpd.server_port
        self.site = ServedSite(f"http://127.0.0.1:{port}")
        self.site.root = self.root
        self.site.blocked_prefixes = self.handler.blocked_prefixes
        self.site.dropped_prefixes = self.handler.dropped_prefixes
        self.site.requests_log = self.handler.requests_log
        self.thread = threading.Thread(
            target=self.httpd.serve_forever,
            kwargs={"poll_interval": 0.1},
            name=f"static-server-{port}",
            daemon=True,
        )
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def foreign_urls(urls: Iterable[str], base_url: str) -> list[str]:
    """The URLs that did not go to base_url's origin (data:/about: never leave)."""
    origin = _origin(base_url)
    foreign = []
    for url in urls:
        scheme = urlsplit(url).scheme
        if scheme in ("data", "about"):
            continue
        if scheme == "blob":
            # blob:http://127.0.0.1:PORT/uuid carries its creator's origin.
            url = url[len("blob:") :]
        if _origin(url) != origin:
            foreign.append(url)
    return foreign


def assert_same_origin(page: Any, base_url: str) -> None:
    """Every request the page made (``page.requests_seen``) went to base_url's origin."""
    seen = list(page.requests_seen)
    assert seen, "the page made no request at all"
    foreign = foreign_urls(seen, base_url)
    assert not foreign, (
        f"requests left {_origin(base_url)}:\n  " + "\n  ".join(foreign)
    )


def wait_until(page: Any, predicate: str, timeout_ms: int, arg: Any = None, every_ms: int = 200) -> None:
    """Wait until ``predicate`` (a JS function, async ones included) gives a true value.

    Playwright's ``wait_for_function`` takes the Promise an async function returns for a true
    value and returns at once, so a predicate that awaits (the Cache API) is polled here instead.
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(predicate, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout_ms} ms: {predicate}")
        page.wait_for_timeout(every_ms)


# sw.js's cache for the runtime and the snapshot, which a first visit fills (offline.js `keepRuntime`).
RUNTIME_CACHE = "card-lottery-runtime"
# A blank page of the site's origin (answered by Playwright, never by the server), from which a
# context's Cache Storage is filled.
BLANK_PATH = "/returning-visitor.html"


def snapshot_path(site: ServedSite) -> str:
    """The URL path of the build's memory snapshot (the engine already imported)."""
    found = sorted((site.root / "pyodide").glob("snapshot-*.bin"))
    assert len(found) == 1, f"the build should have one Pyodide snapshot, found {[p.name for p in found]}"
    return f"/pyodide/{found[0].name}"


def with_engine_loading(context: Any, site: ServedSite) -> Any:
    """``context``, in which the live engine stays loading, as on a network too slow to bring it: the
    test server never answers its runtime's loader (the context carries ``ENGINE_LOADING_COOKIE``).
    For a test of what a reader meets before the engine is ready (a recorded demo stepped, a page
    read), which needs none of it: the engine's start, about 1.4 CPU-s a page as a returning
    visitor's (the snapshot kept, then restored), is not spent. (A route of Playwright's would hold
    it too, but would put every request of the context through Playwright: dearer than the start on
    a test that opens many pages.) The page's own guard (engine-client.js INIT_TIMEOUT_MS, 60 s)
    would end the wait; no such test lasts that long. Returns the context."""
    name, value = ENGINE_LOADING_COOKIE
    context.add_cookies([{"name": name, "value": value, "url": str(site)}])
    return context


def as_returning_visitor(context: Any, site: ServedSite) -> Any:
    """``context``, given what a first visit keeps for the next: the build's memory snapshot in the
    service worker's runtime cache, where the engine's worker looks for it (worker.js `keptBytes`),
    so that its pages' engine restores the snapshot ("started": "snapshot", about a third of an
    ordinary start's CPU) rather than starting Pyodide the ordinary way. Nothing else is kept: no
    service worker, no site cache, no storage. Returns the context."""
    blank = site.url(BLANK_PATH)
    page = context.new_page()
    try:
        page.route(blank, lambda route: route.fulfill(status=200, content_type="text/html", body="<!doctype html>"))
        page.goto(blank)
        page.evaluate("async ([name, url]) => (await caches.open(name)).add(url)",
                      [RUNTIME_CACHE, site.url(snapshot_path(site))])
    finally:
        page.close()
    return context
