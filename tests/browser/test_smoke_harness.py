"""Checks the browser test harness itself (server, Chromium, recording), not the site."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from browser_helpers import assert_same_origin, foreign_urls, wait_until

# The smallest valid WebAssembly module: magic number + version.
EMPTY_WASM = b"\x00asm\x01\x00\x00\x00"

INDEX_HTML = """<!doctype html>
<html lang="ru">
<head>
  <meta charset="utf-8">
  <title>Смоук</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="style.css">
  <script type="module" src="app.mjs"></script>
</head>
<body><h1>Карточная лотерея</h1><p id="status">loading</p></body>
</html>
"""

APP_MJS = """
const status = document.getElementById("status");
const wasm = await fetch("empty.wasm");
await WebAssembly.compileStreaming(wasm);  // fails unless served as application/wasm
const worker = new Worker("worker.mjs", { type: "module" });
worker.onmessage = (event) => { status.textContent = "ready:" + event.data; };
"""

WORKER_MJS = """
const response = await fetch("data.json");
const data = await response.json();
postMessage(data.answer);
"""


@pytest.fixture
def tiny_site(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text(INDEX_HTML, encoding="utf-8")
    (tmp_path / "style.css").write_text("body { font-family: serif; }\n", encoding="utf-8")
    (tmp_path / "app.mjs").write_text(APP_MJS, encoding="utf-8")
    (tmp_path / "worker.mjs").write_text(WORKER_MJS, encoding="utf-8")
    (tmp_path / "data.json").write_text('{"answer": 42}\n', encoding="utf-8")
    (tmp_path / "empty.wasm").write_bytes(EMPTY_WASM)
    (tmp_path / "missing").mkdir()
    (tmp_path / "missing" / "gone.js").write_text("window.gone = true;\n", encoding="utf-8")
    return tmp_path


def test_chromium_loads_a_served_page(static_server, page, tiny_site):
    site = static_server(tiny_site)
    page.goto(site.url("/index.html"))

    page.wait_for_function("document.getElementById('status').textContent.startsWith('ready')")
    assert page.title() == "Смоук"
    assert page.text_content("h1") == "Карточная лотерея"
    assert page.text_content("#status") == "ready:42"
    assert page.console_errors == []

    # The module worker's own fetch is recorded too.
    for name in ("index.html", "style.css", "app.mjs", "empty.wasm", "worker.mjs", "data.json"):
        assert site.url(name) in page.requests_seen, (name, page.requests_seen)
    assert_same_origin(page, site)


def test_served_mime_types(static_server, page, tiny_site):
    site = static_server(tiny_site)
    page.goto(site.url("/index.html"))
    types = page.evaluate(
        """async (names) => {
            const out = {};
            for (const name of names) {
                out[name] = (await fetch(name)).headers.get("content-type");
            }
            return out;
        }""",
        ["empty.wasm", "app.mjs", "missing/gone.js", "index.html"],
    )
    assert types["empty.wasm"] == "application/wasm"
    assert types["app.mjs"] == "text/javascript"
    assert types["missing/gone.js"] == "text/javascript"
    assert types["index.html"].startswith("text/html")


def test_blocked_prefix_answers_404_and_is_recorded(static_server, page, tiny_site):
    (tiny_site / "uses_missing.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><title>x</title>'
        '<link rel="icon" href="data:,">'
        '<script src="missing/gone.js"></script></head><body></body></html>',
        encoding="utf-8",
    )
    site = static_server(tiny_site)
    site.blocked_prefixes.add("/missing/")

    response = page.request.get(site.url("/missing/gone.js"))
    assert response.status == 404
    page.goto(site.url("/uses_missing.html"))
    page.wait_for_load_state("load")

    assert page.evaluate("window.gone") is None
    assert "/missing/gone.js" in site.requests_log
    assert len(page.console_errors) == 1, page.console_errors
    assert "404" in page.console_errors[0] and "/missing/gone.js" in page.console_errors[0]

    site.blocked_prefixes.clear()
    assert page.request.get(site.url("/missing/gone.js")).status == 200


def test_page_errors_are_recorded(static_server, page, tiny_site):
    (tiny_site / "throws.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><title>x</title>'
        '<link rel="icon" href="data:,"></head><body>'
        "<script>console.error('logged on purpose'); throw new Error('thrown on purpose');</script>"
        "</body></html>",
        encoding="utf-8",
    )
    site = static_server(tiny_site)
    page.goto(site.url("/throws.html"))
    page.wait_for_load_state("load")
    assert len(page.console_errors) == 2, page.console_errors
    assert any("logged on purpose" in e for e in page.console_errors), page.console_errors
    assert any(
        e.startswith("pageerror:") and "thrown on purpose" in e for e in page.console_errors
    ), page.console_errors


def test_assert_same_origin_rejects_other_origins():
    base = "http://127.0.0.1:8123"
    fine = SimpleNamespace(
        requests_seen=[
            base + "/",
            base + "/pyodide/pyodide.mjs",
            "blob:" + base + "/5f1c0d9e",
            "data:text/plain,hi",
        ]
    )
    assert_same_origin(fine, base)

    bad = SimpleNamespace(requests_seen=[base + "/", "https://cdn.example.org/pyodide.js"])
    assert foreign_urls(bad.requests_seen, base) == ["https://cdn.example.org/pyodide.js"]
    with pytest.raises(AssertionError, match="cdn.example.org"):
        assert_same_origin(bad, base)
    with pytest.raises(AssertionError):
        assert_same_origin(SimpleNamespace(requests_seen=[base.replace("8123", "8124")]), base)


def test_wait_until_waits_for_an_async_predicate_and_fails_when_it_stays_false(page):
    page.set_content("<p>x</p>")
    page.evaluate("() => { window.__later = false; setTimeout(() => { window.__later = true; }, 600); }")
    started = page.evaluate("() => performance.now()")
    wait_until(page, "async () => { await new Promise((r) => setTimeout(r, 10)); return window.__later; }", 5000)
    assert page.evaluate("() => performance.now()") - started >= 600
    with pytest.raises(AssertionError, match="still false after 500 ms"):
        wait_until(page, "async () => false", 500)


def test_no_test_gives_wait_for_function_an_async_predicate():
    # Playwright would return at once (a Promise is a true value); such waits go through wait_until.
    here = Path(__file__).resolve().parent
    sources = [here.parent.parent / "scripts", here]
    found = [f"{path.name}:{number}" for root in sources for path in sorted(root.glob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"wait_for_function\(\s*(\"\"\"|\"|')\s*async\b", line)]
    assert found == []
