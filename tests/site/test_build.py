"""The site build (build.py + sitegen/), run as a command on small fixture lessons in tmp dirs.

Every build here goes into a temporary folder; the fixture lessons are written by the tests
(the real text files are copied, the pages and the hand are tiny). The build's own pass/fail
is its exit status and its messages `path:line: what is wrong`.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build.py"
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'")
PYODIDE_FILES = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}
PARAGRAPHS = [f"p{i}" for i in range(16)]
BUDGET = 150_000

# ---------------------------------------------------------------------------- fixture lessons

EN_FIRST = """\
---
title: The first lesson
order: 1
summary: A first look at the "table".
---
Some text with "quotes" and **bold**.

::: quote p1

## The deal

::: quote p5

## A hand

::: demo tiny

## The end

That is all.
"""
RU_FIRST = """\
---
title: Первый урок
order: 1
summary: Первый взгляд на стол.
---
Текст с «кавычками» и **жирным**.

::: quote p1

## Сдача

::: quote p5

## Партия

::: demo tiny

## Конец

Вот и всё.
"""
EN_SECOND = """\
---
title: The second lesson
order: 2
summary: The play-off.
---
::: quote p10

More text.
"""
RU_SECOND = """\
---
title: Второй урок
order: 2
summary: Розыгрыш.
---
::: quote p10

Ещё текст.
"""
NOTE_EN = "Careful: </script><script>alert(1)</script> & <!-- stays text"
HAND = f"""\
# A tiny hand for the build tests.
seed = 1

[table]
players = ["Anna", "Boris", "Vera"]
banker = "Father"
dealer = "Mother"

[options]
playoff = "beating"

[[notes]]
step = 2
en = "{NOTE_EN}"
ru = "Осторожно: </script> и & тоже текст"
"""
CITED = {"p1", "p5", "p10"}


def write_lessons(folder: Path) -> Path:
    (folder / "text").mkdir(parents=True)
    for name in ("source.ru.txt", "translation.en.txt"):
        shutil.copyfile(ROOT / "lessons" / "text" / name, folder / "text" / name)
    for lang, pages in (("en", (EN_FIRST, EN_SECOND)), ("ru", (RU_FIRST, RU_SECOND))):
        (folder / "pages" / lang).mkdir(parents=True)
        (folder / "pages" / lang / "01-first.md").write_text(pages[0], encoding="utf-8")
        (folder / "pages" / lang / "02-second.md").write_text(pages[1], encoding="utf-8")
    (folder / "hands").mkdir()
    (folder / "hands" / "tiny.toml").write_text(HAND, encoding="utf-8")
    return folder


def run_build(out: Path, lessons: Path, *extra: str, build: Path = BUILD) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(build), "--out", str(out), "--lessons", str(lessons), *extra],
                          capture_output=True, text=True, encoding="utf-8", timeout=120, check=False)


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    return write_lessons(tmp_path / "lessons")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One good build of the fixture lessons, shared by the read-only tests."""
    base = tmp_path_factory.mktemp("good")
    lessons = write_lessons(base / "lessons")
    out = base / "site"
    result = run_build(out, lessons)
    assert result.returncode == 0, result.stderr
    return {"out": out, "lessons": lessons, "result": result}


def html_pages(out: Path) -> list[Path]:
    return sorted(p for p in out.rglob("*.html") if "pyodide" not in p.parts)


# ---------------------------------------------------------------------------- a small HTML reader


class Element:
    def __init__(self, tag: str, attrs: dict[str, str | None], parent: Element | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Element] = []
        self.text = ""

    def all(self) -> Iterator[Element]:
        yield self
        for child in self.children:
            yield from child.all()

    def find_all(self, tag: str, **attrs: str) -> list[Element]:
        def fits(e: Element) -> bool:
            for key, value in attrs.items():
                have = e.attrs.get(key.rstrip("_"))
                if key.rstrip("_") == "class":
                    if value not in (have or "").split():
                        return False
                elif have != value:
                    return False
            return True
        return [e for e in self.all() if e.tag == tag and fits(e)]

    def find(self, tag: str, **attrs: str) -> Element:
        found = self.find_all(tag, **attrs)
        assert found, f"no <{tag} {attrs}>"
        return found[0]

    def full_text(self) -> str:
        return self.text + "".join(child.full_text() for child in self.children)


VOID = {"meta", "link", "br", "img", "hr", "input", "source", "wbr", "area", "base", "col", "embed", "track"}


class Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#root", {}, None)
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, dict(attrs), self.current)
        self.current.children.append(element)
        if tag not in VOID:
            self.current = element

    def handle_endtag(self, tag: str) -> None:
        node: Element | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.text += data


def parse(path: Path) -> Element:
    reader = Reader()
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    return reader.root


# ---------------------------------------------------------------------------- a good build


def test_a_good_build_produces_every_page(built: dict[str, Any]) -> None:
    out = built["out"]
    for page in ("index.html", "en/index.html", "ru/index.html", "en/text.html", "ru/text.html",
                 "en/first.html", "en/second.html", "ru/first.html", "ru/second.html"):
        assert (out / page).is_file(), page
    assert (out / "assets" / "css" / "site.css").is_file()
    assert len(list((out / "engine").glob("engine-*.zip"))) == 1
    assert not list(out.parent.glob("site.tmp-*")) and not list(out.parent.glob("site.old-*"))
    stdout = built["result"].stdout
    for page in ("en/first.html", "ru/second.html", "en/text.html"):  # the size of each page is reported
        assert re.search(rf"{re.escape(page)}\s+[\d.]+ kB", stdout), stdout


def test_every_page_has_the_csp_meta_and_no_inline_script_or_style(built: dict[str, Any]) -> None:
    pages = html_pages(built["out"])
    assert len(pages) == 9
    for path in pages:
        root = parse(path)
        metas = [m for m in root.find_all("meta") if (m.attrs.get("http-equiv") or "").lower() == "content-security-policy"]
        assert [m.attrs["content"] for m in metas] == [CSP], path
        assert not root.find_all("style"), path
        for element in root.all():
            assert "style" not in element.attrs, (path, element.tag)
            assert not any(name.startswith("on") for name in element.attrs), (path, element.tag)
        for script in root.find_all("script"):
            assert script.attrs.get("src") or script.attrs.get("type") == "application/json", (path, script.attrs)
        head = root.find("head")
        assert head.children[1].tag == "meta" and head.children[1].attrs.get("http-equiv"), "CSP comes early"


def test_every_page_has_its_language_base_urls_landmarks_and_switch(built: dict[str, Any]) -> None:
    out = built["out"]
    engine = next((out / "engine").glob("engine-*.zip")).name
    for lang, other in (("en", "ru"), ("ru", "en")):
        for name in ("index.html", "text.html", "first.html", "second.html"):
            root = parse(out / lang / name)
            html = root.find("html")
            assert html.attrs["lang"] == lang
            assert html.attrs["data-base"] == "../"
            assert html.attrs["data-engine-url"] == f"../engine/{engine}"
            assert html.attrs["data-pyodide-url"] == "../pyodide/"
            assert root.find("a", class_="skip-link").attrs["href"] == "#main"
            assert root.find("main").attrs["id"] == "main"
            assert root.find_all("nav")
            assert len(root.find_all("h1")) == 1
            switch = [a for a in root.find_all("a") if a.attrs.get("hreflang") == other]
            assert [a.attrs["href"] for a in switch] == [f"../{other}/{name}"]
            links = [e.attrs["href"] for e in root.find_all("link", rel="stylesheet")]
            assert "../assets/css/site.css" in links
    landing = parse(out / "index.html")
    hrefs = {a.attrs.get("href") for a in landing.find_all("a")}
    assert {"en/index.html", "ru/index.html"} <= hrefs
    assert landing.find("html").attrs["data-engine-url"] == f"./engine/{engine}"


def test_lesson_list_and_prev_next_links(built: dict[str, Any]) -> None:
    root = parse(built["out"] / "en" / "index.html")
    items = root.find("ol", class_="lesson-list").find_all("li")
    assert [li.find("a").attrs["href"] for li in items] == ["first.html", "second.html"]
    assert 'A first look at the "table".' in items[0].full_text()
    first, second = parse(built["out"] / "en" / "first.html"), parse(built["out"] / "en" / "second.html")
    assert [a.attrs["href"] for a in first.find_all("a", rel="next")] == ["second.html"]
    assert not first.find_all("a", rel="prev")
    assert [a.attrs["href"] for a in second.find_all("a", rel="prev")] == ["first.html"]
    assert "\u201cquotes\u201d" in first.find("div", class_="lesson-body").full_text()  # smarty in English
    ru = parse(built["out"] / "ru" / "first.html")
    assert "«кавычками»" in ru.find("div", class_="lesson-body").full_text()


def test_quote_block_renders_both_languages_and_links_to_the_reading_page(built: dict[str, Any]) -> None:
    text = (ROOT / "lessons" / "text" / "translation.en.txt").read_text(encoding="utf-8")
    p5_en = [p for p in re.split(r"\n\s*\n", text.strip())][5].strip()
    for lang in ("en", "ru"):
        root = parse(built["out"] / lang / "first.html")
        figure = root.find("figure", class_="quote", id="quote-p5")
        quotes = figure.find_all("blockquote")
        assert [q.attrs["lang"] for q in quotes] == ["ru", "en"]
        assert quotes[1].full_text().strip() == p5_en
        assert quotes[0].full_text().startswith("Сдающий сдает")
        assert figure.find("a").attrs["href"] == "text.html#p5"


def test_reading_page_has_every_paragraph_with_an_anchor_and_a_link_to_itself(built: dict[str, Any]) -> None:
    for lang in ("en", "ru"):
        root = parse(built["out"] / lang / "text.html")
        reading = root.find("div", id="reading")
        assert "view-both" in reading.attrs["class"].split()
        for pid in PARAGRAPHS:
            para = reading.find("div", id=pid)
            assert para.find("a", class_="para-link").attrs["href"] == f"#{pid}"
            assert para.find("p", lang="ru").full_text().strip()
            assert para.find("p", lang="en").full_text().strip()
        cited = reading.find("div", id="p5").find("p", class_="para-cited")
        assert cited.find("a").attrs["href"] == "first.html"
        toggle = root.find("div", class_="view-toggle")
        assert {b.attrs["data-view"] for b in toggle.find_all("button")} == {"both", "ru", "en"}


def read_json(element: Element) -> Any:
    return json.loads(element.full_text())


def test_demo_block_embeds_the_trace_setup_and_text(built: dict[str, Any]) -> None:
    from engine import read_record
    from engine.trace import trace

    expected = trace(read_record(built["lessons"] / "hands" / "tiny.toml")[0])
    for lang in ("en", "ru"):
        root = parse(built["out"] / lang / "first.html")
        figure = root.find("figure", class_="demo", id="demo-tiny")
        assert figure.attrs["data-hand"] == "tiny"
        told = read_json(figure.find("script", type="application/json", class_="demo-trace"))
        assert len(told["steps"]) == len(expected["steps"])
        assert [s["text"] for s in told["steps"]] == [s["text"][lang] for s in expected["steps"]]
        assert told["steps"][1]["note"] == expected["steps"][1]["note"][lang]
        state: dict[str, Any] = {}
        for embedded, step in zip(told["steps"], expected["steps"]):  # states are embedded as changes
            state = {**state, **embedded["state"]}
            assert state == step["state"]
        assert len(told["steps"][5]["state"]) < len(expected["steps"][5]["state"])
        assert told["game"] == expected["game"] and told["result"] == expected["result"]
        setup = read_json(figure.find("script", type="application/json", class_="demo-setup"))
        assert setup == {**expected["game"], "notes": [{"step": 2, "en": NOTE_EN, "ru": "Осторожно: </script> и & тоже текст"}]}
        details = figure.find("details", class_="demo-text")
        assert details.find("summary").full_text().strip()
        items = details.find("ol").find_all("li")
        if items:  # listed when the page stays within its weight budget
            assert len(items) == len(expected["steps"])
            assert items[0].full_text().strip().startswith(expected["steps"][0]["text"][lang])
        sources = read_json(root.find("script", type="application/json", id="source-paragraphs"))
        assert list(sources) == PARAGRAPHS
        assert set(sources["p5"]) == {"ru", "en"}
    second = parse(built["out"] / "en" / "second.html")
    assert not second.find_all("script", id="source-paragraphs")  # only on pages with a demo


def test_json_in_html_escapes_script_end(built: dict[str, Any]) -> None:
    sys.path.insert(0, str(ROOT))
    from sitegen.render import json_for_html

    assert str(json_for_html({"a": "</script><!-- & >"})) == '{"a":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u003e"}'
    assert json.loads(str(json_for_html({"a": "</script> &"}))) == {"a": "</script> &"}
    for lang in ("en", "ru"):
        html = (built["out"] / lang / "first.html").read_text(encoding="utf-8")
        # The note's markup is text everywhere: escaped in the JSON, and as entities in the text list.
        assert "<script>alert(1)" not in html and "</script><script>" not in html
        assert html.count("<script") == html.count("</script>")
        for match in re.finditer(r'<script type="application/json"[^>]*>(.*?)</script>', html, re.S):
            assert "<" not in match.group(1) and ">" not in match.group(1) and "&" not in match.group(1)
            json.loads(match.group(1))


def test_uncited_paragraphs_are_printed(built: dict[str, Any]) -> None:
    line = next(l for l in built["result"].stdout.splitlines() if "no lesson cites" in l)
    listed = re.findall(r"p\d+", line.split(":", 1)[1])
    assert listed == [p for p in PARAGRAPHS if p not in CITED]


def test_the_five_pyodide_files_are_copied_and_nothing_else_from_node_modules(built: dict[str, Any]) -> None:
    out = built["out"]
    # Besides them only the build's own snapshot (made by Node from these files), if any.
    copied = {p.name for p in (out / "pyodide").iterdir() if not p.name.startswith("snapshot-")}
    assert {name for name in copied if not name.endswith(".gz")} == PYODIDE_FILES
    assert {name.removesuffix(".gz") for name in copied if name.endswith(".gz")} <= PYODIDE_FILES
    for name in PYODIDE_FILES:
        assert (out / "pyodide" / name).read_bytes() == (ROOT / "node_modules" / "pyodide" / name).read_bytes()
    node_files = {p.name for p in (ROOT / "node_modules").rglob("*") if p.is_file()} - PYODIDE_FILES
    site_files = [p for p in out.rglob("*") if p.is_file() and p.suffix != ".gz"]
    assert not [p for p in site_files if p.name in node_files and p.parent.name != "assets"
                and "assets" not in p.relative_to(out).parts], "only the five runtime files come from node_modules"
    assert not [p for p in site_files if p.suffix in (".map", ".ts") or p.name.startswith("console")]


def test_the_engine_archive_is_deterministic_and_named_by_its_hash(built: dict[str, Any], tmp_path: Path) -> None:
    archive = next((built["out"] / "engine").glob("engine-*.zip"))
    data = archive.read_bytes()
    assert archive.name == f"engine-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    with zipfile.ZipFile(archive) as z:
        names = z.namelist()
        assert names == sorted(names)
        assert names == sorted(f"engine/{p.name}" for p in (ROOT / "engine").glob("*.py"))
        assert {info.date_time for info in z.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert z.read("engine/record.py") == (ROOT / "engine" / "record.py").read_bytes()
    again = tmp_path / "again"
    assert run_build(again, built["lessons"]).returncode == 0
    assert (again / "engine" / archive.name).read_bytes() == data


def test_the_pyodide_snapshot_is_built_cached_and_referenced(built: dict[str, Any], tmp_path: Path) -> None:
    out = built["out"]
    snapshots = sorted((out / "pyodide").glob("snapshot-*.bin"))
    assert len(snapshots) == 1, built["result"].stdout
    snapshot = snapshots[0]
    assert re.fullmatch(r"snapshot-[0-9a-f]{12}\.bin", snapshot.name)
    assert snapshot.stat().st_size > 10_000_000  # the whole wasm memory, engine imported
    assert gzip.decompress((out / "pyodide" / f"{snapshot.name}.gz").read_bytes()) == snapshot.read_bytes()
    for page in html_pages(out):
        html = page.read_text(encoding="utf-8")
        base = re.search(r'data-base="([^"]*)"', html).group(1)  # type: ignore[union-attr]
        assert f'data-snapshot-url="{base}pyodide/{snapshot.name}"' in html, page
    assert not [line for line in built["result"].stdout.splitlines() if line.startswith("warning:") and "snapshot" in line]
    # Cached in .cache/ (outside the site): a rebuild is fast and gives the same snapshot.
    assert (ROOT / ".cache" / "snapshot" / snapshot.name).read_bytes() == snapshot.read_bytes()
    again = tmp_path / "again"
    started = time.monotonic()
    assert run_build(again, built["lessons"]).returncode == 0
    assert time.monotonic() - started < 10
    assert (again / "pyodide" / snapshot.name).is_file()


def _assets_weight(out: Path) -> int:
    """The CSS and JS every page loads (all of assets/, counted whole, without Pyodide)."""
    return sum(p.stat().st_size for p in (out / "assets").rglob("*") if p.suffix in (".js", ".mjs", ".css"))


def test_the_report_gives_each_page_its_html_size_and_total(built: dict[str, Any]) -> None:
    out, stdout = built["out"], built["result"].stdout
    assets = _assets_weight(out)
    for page in html_pages(out):
        name = page.relative_to(out).as_posix()
        match = re.search(rf"^  {re.escape(name)}\s+([\d.]+) kB\s+([\d.]+) kB", stdout, re.M)
        assert match, (name, stdout)
        assert float(match.group(1)) == round(page.stat().st_size / 1000, 1)
        assert float(match.group(2)) == round((page.stat().st_size + assets) / 1000, 1)


def _sent(path: Path) -> int:
    """What the server sends for a file to a browser that accepts gzip: the build's .gz copy."""
    return path.with_name(path.name + ".gz").stat().st_size


def test_every_compressible_file_has_its_gzip_copy(built: dict[str, Any]) -> None:
    out = built["out"]
    for path in out.rglob("*"):
        if path.suffix in (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".bin"):
            assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == path.read_bytes(), path


def test_real_lesson_pages_stay_within_the_weight_budget(tmp_path: Path) -> None:
    # The real lessons and hands: each lesson page with all the CSS and JS, as sent (gzipped), < 150 kB.
    out = tmp_path / "site"
    result = run_build(out, ROOT / "lessons")
    assert result.returncode == 0, result.stderr
    assets = sum(_sent(p) for p in (out / "assets").rglob("*") if p.suffix in (".js", ".css"))
    lessons = [p for p in (out / "en").glob("*.html") if p.name not in ("index.html", "text.html")]
    lessons += [p for p in (out / "ru").glob("*.html") if p.name not in ("index.html", "text.html")]
    assert len(lessons) >= 8
    for page in lessons:
        assert _sent(page) + assets < BUDGET, (page, _sent(page) + assets)
    assert "OVER" not in result.stdout


def test_the_hand_as_text_is_listed_only_when_the_page_stays_within_its_budget(lessons: Path, tmp_path: Path) -> None:
    roomy = run_build(tmp_path / "roomy", lessons, "--page-budget", "100000000")
    assert roomy.returncode == 0 and "OVER" not in roomy.stdout
    tight = run_build(tmp_path / "tight", lessons, "--page-budget", "1000")
    assert tight.returncode == 0
    assert re.search(r"en/first\.html .* OVER the 1 kB budget", tight.stdout), tight.stdout
    for lang in ("en", "ru"):
        listed = parse(tmp_path / "roomy" / lang / "first.html").find("details", class_="demo-text")
        assert len(listed.find("ol").find_all("li")) > 50
        empty = parse(tmp_path / "tight" / lang / "first.html").find("details", class_="demo-text")
        assert empty.find("ol").attrs.get("data-fill") == "script" and not empty.find("ol").find_all("li")
        assert empty.find("p", class_="demo-text-empty").full_text().strip()


# ---------------------------------------------------------------------------- failing builds


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _unknown_paragraph(lessons: Path) -> None:
    replace_in(lessons / "pages/en/01-first.md", "::: quote p5", "::: quote p99")


def _missing_hand(lessons: Path) -> None:
    replace_in(lessons / "pages/ru/02-second.md", "Ещё текст.", "Ещё текст.\n\n::: demo nope")


def _unknown_key(lessons: Path) -> None:
    replace_in(lessons / "pages/en/02-second.md", "summary: The play-off.", "summary: The play-off.\nauthor: Me")


def _missing_title(lessons: Path) -> None:
    replace_in(lessons / "pages/ru/01-first.md", "title: Первый урок\n", "")


def _order_not_a_number(lessons: Path) -> None:
    replace_in(lessons / "pages/en/01-first.md", "order: 1", "order: first")


def _front_matter_never_closed(lessons: Path) -> None:
    replace_in(lessons / "pages/en/02-second.md", "summary: The play-off.\n---\n", "summary: The play-off.\n")


def _broken_record(lessons: Path) -> None:
    replace_in(lessons / "hands/tiny.toml", 'playoff = "beating"', 'playoff = "sideways"')


def _translation_one_paragraph_short(lessons: Path) -> None:
    path = lessons / "text/translation.en.txt"
    text = path.read_text(encoding="utf-8").rstrip("\n")
    path.write_text(text.rsplit("\n\n", 1)[0] + "\n", encoding="utf-8")


def _translation_one_paragraph_too_many(lessons: Path) -> None:
    path = lessons / "text/translation.en.txt"
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + "\n\nAn extra paragraph.\n", encoding="utf-8")


def _lesson_in_one_language_only(lessons: Path) -> None:
    (lessons / "pages/ru/02-second.md").unlink()


def _unknown_block(lessons: Path) -> None:
    replace_in(lessons / "pages/en/02-second.md", "More text.", "More text.\n::: picture cards.png")


def _inline_style_through_attr_list(lessons: Path) -> None:
    replace_in(lessons / "pages/en/02-second.md", "More text.", 'More text.\n{: style="color: red" }')


def _level_one_heading(lessons: Path) -> None:
    replace_in(lessons / "pages/ru/01-first.md", "## Сдача", "# Сдача")


FAILURES: dict[str, tuple[Callable[[Path], None], str, str]] = {
    # name: (how to break the fixture, the `path:line:` expected, a word of the message)
    "unknown paragraph": (_unknown_paragraph, "pages/en/01-first.md:12:", "p99"),
    "missing hand": (_missing_hand, "pages/ru/02-second.md:10:", "nope"),
    "unknown front matter key": (_unknown_key, "pages/en/02-second.md:5:", "author"),
    "missing title": (_missing_title, "pages/ru/01-first.md:1:", "title"),
    "order not a number": (_order_not_a_number, "pages/en/01-first.md:3:", "whole number"),
    "front matter never closed": (_front_matter_never_closed, "pages/en/02-second.md:", "front matter"),
    "broken record": (_broken_record, "hands/tiny.toml:10:", "sideways"),
    "translation short": (_translation_one_paragraph_short, "text/translation.en.txt:", "p15"),
    "translation too long": (_translation_one_paragraph_too_many, "text/translation.en.txt:33:", "p16"),
    "lesson in one language": (_lesson_in_one_language_only, "pages/en/02-second.md:1:", "ru"),
    "unknown block": (_unknown_block, "pages/en/02-second.md:9:", "picture"),
    "level-one heading": (_level_one_heading, "pages/ru/01-first.md:10:", "##"),
    "inline style": (_inline_style_through_attr_list, "pages/en/02-second.md:9:", "style"),
}


@pytest.mark.parametrize("name", list(FAILURES))
def test_a_broken_input_stops_the_build_and_keeps_the_previous_site(name: str, lessons: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert run_build(out, lessons).returncode == 0
    before = (out / "index.html").read_bytes()
    before_files = sorted(str(p.relative_to(out)) for p in out.rglob("*"))
    breaking, where, word = FAILURES[name]
    breaking(lessons)
    result = run_build(out, lessons)
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stderr.splitlines()
    assert any(where in line and word in line for line in lines), result.stderr
    assert any(re.match(r"^\S+:\d+: ", line) for line in lines), "messages read path:line: what"
    assert "Traceback" not in result.stderr
    assert (out / "index.html").read_bytes() == before
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*")) == before_files
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("site.")] == [], "no temporary folder left"


def test_the_same_demo_twice_on_a_page_names_the_second_line(lessons: Path, tmp_path: Path) -> None:
    replace_in(lessons / "pages/en/01-first.md", "That is all.", "That is all.\n\n::: demo tiny")
    result = run_build(tmp_path / "site", lessons)
    assert result.returncode == 1
    assert "pages/en/01-first.md:22:" in result.stderr and "already" in result.stderr


def test_draft_mode_renders_a_missing_hand_as_a_placeholder(lessons: Path, tmp_path: Path) -> None:
    _missing_hand(lessons)
    result = run_build(tmp_path / "site", lessons, "--draft")
    assert result.returncode == 0, result.stderr
    assert "nope" in result.stdout
    root = parse(tmp_path / "site" / "ru" / "second.html")
    assert root.find("figure", class_="demo-missing").attrs["data-hand"] == "nope"


def test_refuses_to_replace_a_folder_it_did_not_write(lessons: Path, tmp_path: Path) -> None:
    out = tmp_path / "precious"
    out.mkdir()
    (out / "keep.txt").write_text("mine", encoding="utf-8")
    result = run_build(out, lessons)
    assert result.returncode == 1 and "refusing" in result.stderr
    assert (out / "keep.txt").read_text(encoding="utf-8") == "mine"


def test_the_engine_archive_is_rebuilt_when_the_engine_changes(lessons: Path, tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    shutil.copyfile(BUILD, root / "build.py")
    for name in ("sitegen", "site", "engine"):
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    out = tmp_path / "site"
    assert run_build(out, lessons, build=root / "build.py").returncode == 0
    first = [p.name for p in (out / "engine").iterdir()]
    with open(root / "engine" / "rng.py", "a", encoding="utf-8") as source:
        source.write("\n# a change\n")
    assert run_build(out, lessons, build=root / "build.py").returncode == 0
    second = [p.name for p in (out / "engine").iterdir()]
    assert len(first) == len(second) == 1 and first != second
    data = (out / "engine" / second[0]).read_bytes()
    assert second[0] == f"engine-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    assert f'data-engine-url="../engine/{second[0]}"' in (out / "en" / "first.html").read_text(encoding="utf-8")
    with zipfile.ZipFile(out / "engine" / second[0]) as z:
        assert z.read("engine/rng.py").endswith(b"# a change\n")
    if shutil.which("node"):  # the snapshot holds the imported engine: a new engine, a new snapshot
        snapshots = [p.name for p in (out / "pyodide").glob("snapshot-*.bin")]
        assert len(snapshots) == 1
        assert f'data-snapshot-url="../pyodide/{snapshots[0]}"' in (out / "en" / "first.html").read_text(encoding="utf-8")
        assert [p.name for p in (root / ".cache" / "snapshot").glob("snapshot-*.bin")] == snapshots


def test_pyodide_missing_names_npm_ci(lessons: Path, tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    shutil.copyfile(BUILD, root / "build.py")
    for name in ("sitegen", "site", "engine"):
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    result = run_build(tmp_path / "site", lessons, build=root / "build.py")
    assert result.returncode == 1 and "npm ci" in result.stderr
    assert not (tmp_path / "site").exists()


# ---------------------------------------------------------------------------- serve


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

        _unknown_paragraph(lessons)
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
