"""`build.py serve`: builds, serves the site with the right types (and the gzip copies), rebuilds on
a change, and keeps serving the previous site when a rebuild fails; the server answers a bad path,
a range, a compressed copy asked for by name and a client gone away as a production server does."""

from __future__ import annotations

import contextlib
import gzip
import http.client
import queue
import re
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped]
import pytest

from build_helpers import BUILD, break_unknown_paragraph, replace_in

from sitegen.serve import accepted_encodings, byte_range, change_message, changed_files, make_server


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
        for path in ("en/index.html", "assets/css/site.css", "assets/js/pages/lesson/main.js"):
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
        said = _wait_for(lines, r"^serve: .* changed, rebuilding")
        assert re.match(r"^serve: \S*pages/en/02-second\.md changed, rebuilding$", said), said  # one file: no "and more"
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


def test_the_change_message_counts_the_files_changed() -> None:
    before = {"a.md": (1, 10), "b.md": (1, 20)}
    assert changed_files(before, {"a.md": (2, 11), "b.md": (1, 20)}) == ["a.md"], "a file changed is one change"
    assert changed_files(before, {"a.md": (1, 10)}) == ["b.md"]
    assert changed_files(before, {**before, "c.md": (3, 1)}) == ["c.md"]
    assert change_message(["a.md"]) == "serve: a.md changed, rebuilding"
    assert change_message(["a.md", "b.md", "c.md"]) == "serve: a.md and 2 more changed, rebuilding"


# ---------------------------------------------------------------------------- the server alone (no build)

BIG = bytes(range(256)) * 1000  # 256,000 bytes


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The site's server (serve.make_server) on a small folder, in this process: (its address, the folder)."""
    root = tmp_path / "site"
    (root / "en").mkdir(parents=True)
    (root / "empty").mkdir()
    page = "<!doctype html><title>Page</title>".encode() * 50
    (root / "en" / "index.html").write_bytes(page)
    (root / "en" / "index.html.br").write_bytes(brotli.compress(page))
    (root / "en" / "index.html.gz").write_bytes(gzip.compress(page))
    (root / "big.bin").write_bytes(BIG)
    (root / ".sitegen").write_text("Written by build.py\n", encoding="utf-8")
    server = make_server(root, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{server.server_port}", root
    finally:
        server.shutdown()
        server.server_close()


def _ask(address: str, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """A raw request (urllib would refuse a NUL in a path): status, headers, body."""
    connection = http.client.HTTPConnection(address, timeout=10)
    try:
        connection.putrequest("GET", path, skip_accept_encoding=True)
        for name, value in headers.items():
            connection.putheader(name.replace("_", "-"), value)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def test_a_nul_in_the_path_is_a_bad_request(served: tuple[str, Path], capfd: pytest.CaptureFixture[str]) -> None:
    address, _ = served
    assert _ask(address, "/en/index.html%00.txt")[0] == 400
    host, port = address.split(":")
    with socket.create_connection((host, int(port)), timeout=10) as raw:  # a bare NUL, as no client library sends it
        raw.sendall(b"GET /en/index.html\x00 HTTP/1.1\r\nHost: x\r\n\r\n")
        assert raw.recv(100).startswith(b"HTTP/1.0 400 ")
    assert _ask(address, "/en/index.html")[0] == 200, "the server goes on"
    assert "Traceback" not in capfd.readouterr().err


def test_hidden_files_and_folder_listings_are_not_served(served: tuple[str, Path]) -> None:
    address, _ = served
    for path in ("/.sitegen", "/en/../.sitegen", "/%2Esitegen", "/empty/"):
        assert _ask(address, path)[0] == 404, path
    assert _ask(address, "/en/")[0] == 200, "a folder with an index.html serves it"


def test_byte_ranges_are_honoured(served: tuple[str, Path]) -> None:
    address, _ = served
    status, headers, body = _ask(address, "/big.bin", Range="bytes=100-199")
    assert (status, headers["content-range"], headers["content-length"], body) == \
        (206, f"bytes 100-199/{len(BIG)}", "100", BIG[100:200])
    status, headers, body = _ask(address, "/big.bin", Range="bytes=255990-")
    assert (status, headers["content-range"], body) == (206, f"bytes 255990-255999/{len(BIG)}", BIG[255990:])
    status, headers, body = _ask(address, "/big.bin", Range="bytes=-5")
    assert (status, body) == (206, BIG[-5:])
    status, headers, body = _ask(address, "/big.bin", Range="bytes=256000-")
    assert (status, headers["content-range"]) == (416, f"bytes */{len(BIG)}")
    status, headers, body = _ask(address, "/big.bin")
    assert (status, headers["accept-ranges"], body) == (200, "bytes", BIG)
    # Several ranges, or a range of a copy the browser no longer has: the whole file.
    assert _ask(address, "/big.bin", Range="bytes=0-1,5-6")[2] == BIG
    assert _ask(address, "/big.bin", Range="bytes=0-1", If_Range='"stale"')[0] == 200
    etag = _ask(address, "/big.bin")[1]["etag"]
    assert _ask(address, "/big.bin", Range="bytes=0-1", If_Range=etag)[2] == BIG[:2]
    # A range of a compressed answer is a range of what is sent (the Brotli bytes).
    status, headers, body = _ask(address, "/en/index.html", Range="bytes=0-9", Accept_Encoding="br")
    assert (status, headers["content-encoding"]) == (206, "br")
    assert body == (served[1] / "en" / "index.html.br").read_bytes()[:10]


def test_byte_range_reads_the_header_as_rfc_9110_does() -> None:
    assert byte_range(None, 10) is None
    assert byte_range("bytes=2-4", 10) == (2, 4)
    assert byte_range("bytes=2-400", 10) == (2, 9)
    assert byte_range("bytes=-3", 10) == (7, 9)
    assert byte_range("bytes=-30", 10) == (0, 9)
    assert byte_range("bytes=10-", 10) is False
    assert byte_range("bytes=-0", 10) is False
    assert byte_range("bytes=4-2", 10) is None, "an invalid range is ignored"
    assert byte_range("items=0-1", 10) is None
    assert byte_range("bytes=0-1, 3-4", 10) is None


def test_a_compressed_copy_asked_for_by_name_is_sent_with_its_encoding(served: tuple[str, Path]) -> None:
    address, root = served
    status, headers, body = _ask(address, "/en/index.html.br")
    assert (status, headers["content-type"], headers["content-encoding"]) == (200, "text/html; charset=utf-8", "br")
    assert brotli.decompress(body) == (root / "en" / "index.html").read_bytes()
    status, headers, body = _ask(address, "/en/index.html.gz")
    assert (headers["content-type"], headers["content-encoding"]) == ("text/html; charset=utf-8", "gzip")
    assert gzip.decompress(body) == (root / "en" / "index.html").read_bytes()
    # Negotiated copies differ from the page, and so do their ETags.
    tags = {_ask(address, "/en/index.html", Accept_Encoding=coding)[1]["etag"] for coding in ("br", "gzip", "identity")}
    assert len(tags) == 3


def test_a_client_that_goes_away_is_not_an_error(served: tuple[str, Path], capfd: pytest.CaptureFixture[str]) -> None:
    address, root = served
    (root / "huge.bin").write_bytes(BIG * 40)  # 10 MB: more than the socket buffers hold
    host, port = address.split(":")
    for _ in range(3):
        with socket.create_connection((host, int(port)), timeout=10) as client:
            client.sendall(b"GET /huge.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            client.recv(100)
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset, at once
    time.sleep(1)
    assert _ask(address, "/en/index.html")[0] == 200
    assert "Traceback" not in capfd.readouterr().err


def test_serve_checks_the_port_before_building(lessons: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    for port in ("99999", "-1", "²", "eighty"):
        result = subprocess.run([sys.executable, str(BUILD), "serve", "--port", port, "--out", str(out),
                                 "--lessons", str(lessons)], capture_output=True, text=True, timeout=60, check=False)
        assert result.returncode == 2 and "is not a port number (0 to 65535)" in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
    with contextlib.closing(socket.socket()) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        started = time.monotonic()
        result = subprocess.run([sys.executable, str(BUILD), "serve", "--port", port, "--out", str(out),
                                 "--lessons", str(lessons)], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 1 and f"cannot listen on 127.0.0.1:{port}" in result.stderr, result.stderr
    assert time.monotonic() - started < 10 and not out.exists(), "refused before building"
