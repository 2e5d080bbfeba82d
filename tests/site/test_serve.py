"""`build.py serve`: builds, serves the site with the right types (and the gzip copies), rebuilds on
a change, and keeps serving the previous site when a rebuild fails."""

from __future__ import annotations

import gzip
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped]

from build_helpers import BUILD, break_unknown_paragraph, replace_in

from sitegen.serve import accepted_encodings


def _reader(stream: Any, lines: queue.Queue[str]) -> None:
    for line in stream:
        lines.put(line)


def _wait_for(lines: queue.Queue[str], pattern: str, timeout: float = 30.0) -> str:
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.2)
        except queue.Empty:
            continue
        seen.append(line)
        if re.search(pattern, line):
            return line
    raise AssertionError(f"no line matching {pattern!r} in: {''.join(seen)}")


def _get(url: str) -> tuple[int, Any, bytes]:
    """Status, headers (case-insensitive) and body."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, b""


def _status(request: urllib.request.Request) -> int:
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_serve_builds_serves_with_the_right_types_and_rebuilds_on_change(lessons: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    process = subprocess.Popen([sys.executable, str(BUILD), "serve", "--port", "0", "--out", str(out),
                                "--lessons", str(lessons)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, encoding="utf-8")
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_reader, args=(process.stdout, lines), daemon=True).start()
    try:
        url = re.search(r"http://127\.0\.0\.1:\d+/", _wait_for(lines, r"^Serving ")).group(0)  # type: ignore[union-attr]
        status, headers, body = _get(url + "en/index.html")
        assert status == 200 and "second.html" in body.decode("utf-8")
        assert headers["Content-Type"].startswith("text/html")
        engine = next((out / "engine").glob("*.zip")).name
        runtime = next(out.glob("pyodide/*/pyodide.mjs")).parent.relative_to(out).as_posix()
        assert re.fullmatch(r"pyodide/\d+\.\d+\.\d+", runtime)  # the runtime under its version: never changed in place
        for path, mime in ((f"{runtime}/pyodide.asm.wasm", "application/wasm"), (f"{runtime}/pyodide.mjs", "text/javascript"),
                           (f"{runtime}/pyodide-lock.json", "application/json"), (f"engine/{engine}", "application/zip"),
                           ("assets/css/site.css", "text/css")):
            status, headers, _ = _get(url + path)
            assert status == 200 and headers["Content-Type"].split(";")[0] == mime, path
        # A browser that accepts gzip gets the build's precompressed copy, with the original's type.
        request = urllib.request.Request(url + f"{runtime}/pyodide.asm.wasm", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            assert response.headers["Content-Type"] == "application/wasm"
            assert gzip.decompress(response.read()) == (out / runtime / "pyodide.asm.wasm").read_bytes()
        # Brotli first when it is taken; a coding refused with q=0 is never sent.
        for accept, sent in (("gzip, deflate, br", "br"), ("br;q=0, gzip", "gzip"), ("br;q=0, gzip;q=0", None)):
            request = urllib.request.Request(url + "assets/css/site.css", headers={"Accept-Encoding": accept})
            with urllib.request.urlopen(request, timeout=10) as response:
                assert response.headers["Content-Encoding"] == sent, accept
                body = response.read()
            plain = (out / "assets" / "css" / "site.css").read_bytes()
            assert {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[sent](body) == plain, accept

        # Caching as a production server would: content-named files for good, the rest revalidated.
        for path in (f"{runtime}/pyodide.asm.wasm", f"engine/{engine}"):
            assert _get(url + path)[1]["Cache-Control"] == "public, max-age=31536000, immutable", path
        for path in ("en/index.html", "assets/css/site.css", "assets/js/main.js"):
            status, headers, _ = _get(url + path)
            assert headers["Cache-Control"] == "no-cache" and headers["ETag"], path
            again = urllib.request.Request(url + path, headers={"If-None-Match": headers["ETag"]})
            assert _status(again) == 304, path
            dated = urllib.request.Request(url + path, headers={"If-Modified-Since": headers["Last-Modified"]})
            assert _status(dated) == 304, path
            stale = urllib.request.Request(url + path, headers={"If-None-Match": '"0000"'})
            assert _status(stale) == 200, path
        css_etag = _get(url + "assets/css/site.css")[1]["ETag"]

        replace_in(lessons / "pages/en/02-second.md", "summary: The play-off.", "summary: The play-off, revised.")
        _wait_for(lines, r"^built ")
        assert "The play-off, revised." in _get(url + "en/index.html")[2].decode("utf-8")
        assert _get(url + "assets/css/site.css")[1]["ETag"] == css_etag, "a file the rebuild left alone keeps its ETag"

        break_unknown_paragraph(lessons)
        _wait_for(lines, r"rebuild failed")
        status, _, body = _get(url + "en/index.html")
        assert status == 200 and "The play-off, revised." in body.decode("utf-8")
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith("site.")] == []
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_accept_encoding_is_read_with_its_q_values() -> None:
    assert accepted_encodings("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert accepted_encodings("br;q=0, gzip;q=0.5") == {"gzip"}, "q=0 refuses a coding"
    assert accepted_encodings("gzip; q=0") == set()
    assert accepted_encodings("*") == {"br", "gzip"}
    assert accepted_encodings("*;q=1, br;q=0") == {"gzip"}
    assert accepted_encodings("identity") == {"identity"}
    assert accepted_encodings("") == set()
    assert accepted_encodings("GZIP;Q=1") == {"gzip"}
    assert accepted_encodings("br;q=abc") == set(), "an unreadable q-value takes nothing"
