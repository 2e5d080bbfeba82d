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

from build_helpers import BUILD, break_unknown_paragraph, replace_in


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
        assert "no-store" in headers["Cache-Control"]
        engine = next((out / "engine").glob("*.zip")).name
        for path, mime in (("pyodide/pyodide.asm.wasm", "application/wasm"), ("pyodide/pyodide.mjs", "text/javascript"),
                           ("pyodide/pyodide-lock.json", "application/json"), (f"engine/{engine}", "application/zip"),
                           ("assets/css/site.css", "text/css")):
            status, headers, _ = _get(url + path)
            assert status == 200 and headers["Content-Type"].split(";")[0] == mime, path
        # A browser that accepts gzip gets the build's precompressed copy, with the original's type.
        request = urllib.request.Request(url + "pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            assert response.headers["Content-Type"] == "application/wasm"
            assert gzip.decompress(response.read()) == (out / "pyodide/pyodide.asm.wasm").read_bytes()

        replace_in(lessons / "pages/en/02-second.md", "summary: The play-off.", "summary: The play-off, revised.")
        _wait_for(lines, r"^built ")
        assert "The play-off, revised." in _get(url + "en/index.html")[2].decode("utf-8")

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
