"""The pages of a good build of the fixture lessons: every page, its head (CSP, language, base
URLs), landmarks and links, the quote and demo blocks, the reading page, JSON embedded safely."""

from __future__ import annotations

import json
import re
import sys
import zipfile
from typing import Any

from build_helpers import CITED, NOTE_EN, PARAGRAPHS, ROOT, html_pages
from html_helpers import parse, read_json

CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'")


def test_a_good_build_produces_every_page(built: dict[str, Any]) -> None:
    out = built["out"]
    for page in ("index.html", "en/index.html", "ru/index.html", "en/text.html", "ru/text.html",
                 "en/first.html", "en/second.html", "ru/first.html", "ru/second.html"):
        assert (out / page).is_file(), page
    assert (out / "assets" / "css" / "site.css").is_file()
    assert len(list((out / "engine").glob("engine-*.zip"))) == 2  # the engine's bytecode and its source
    assert not list(out.parent.glob("site.tmp-*")) and not list(out.parent.glob("site.old-*"))
    stdout = built["result"].stdout
    for page in ("en/first.html", "ru/second.html", "en/text.html"):  # the size of each page is reported
        assert re.search(rf"{re.escape(page)}\s+[\d.]+ kB", stdout), stdout


def test_the_pages_written_are_those_of_the_registrys_page_types_in_both_languages(built: dict[str, Any],
                                                                                   rendered: Any) -> None:
    from sitegen.pages import REGISTRY

    made_by = {size.path: size.page_type for size in rendered.sizes}  # each page -> the page type that rendered it
    written = {path.relative_to(built["out"]).as_posix() for path in html_pages(built["out"])}
    assert written == set(made_by)
    # The fixture lessons have every kind of page: each page type renders some.
    assert sorted(set(made_by.values())) == sorted(page_type.name for page_type in REGISTRY)

    def in_any_language(path: str) -> tuple[str, str] | None:
        """The path with its language taken out ({lang}/..., kiosk/{lang}.html), and the language."""
        parts = path.split("/")
        for i, part in enumerate(parts):
            stem, dot, ext = part.partition(".")
            if stem in ("en", "ru"):
                return "/".join(parts[:i] + ["{lang}" + dot + ext] + parts[i + 1:]), stem
        return None

    by_language: dict[str, set[tuple[str, str]]] = {"en": set(), "ru": set()}
    for path, page_type in made_by.items():
        found = in_any_language(path)
        if found:
            by_language[found[1]].add((found[0], page_type))
    assert by_language["en"] == by_language["ru"] and len(by_language["en"]) > 10
    assert {path for path in made_by if in_any_language(path) is None} == {"index.html", "kiosk/index.html"}


def test_every_page_has_the_csp_meta_and_no_inline_script_or_style(built: dict[str, Any]) -> None:
    pages = html_pages(built["out"])
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
    engine = next(p for p in (out / "engine").glob("engine-*.zip") if "bytecode.json" in zipfile.ZipFile(p).namelist()).name
    for lang, other in (("en", "ru"), ("ru", "en")):
        for name in ("index.html", "text.html", "first.html", "second.html"):
            root = parse(out / lang / name)
            html = root.find("html")
            assert html.attrs["lang"] == lang
            assert html.attrs["data-base"] == "../"
            assert html.attrs["data-engine-url"] == f"../engine/{engine}"
            assert re.fullmatch(r"\.\./pyodide/\d+\.\d+\.\d+/", html.attrs["data-pyodide-url"])
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


def test_reading_page_shows_each_translators_note_under_its_paragraph(built: dict[str, Any]) -> None:
    for lang, label in (("en", "Translator's note:"), ("ru", "Примечание переводчика:")):
        reading = parse(built["out"] / lang / "text.html").find("div", id="reading")
        noted = [pid for pid in PARAGRAPHS if reading.find("div", id=pid).find_all("p", class_="para-note")]
        assert noted == ["p1", "p8", "p12", "p13"]
        note = reading.find("div", id="p13").find("p", class_="para-note")
        assert note.find("strong").full_text() == label and "«Колод»" in note.full_text()
        assert ("decks" if lang == "en" else "колоды") in note.full_text()


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
            assert {k: v for k, v in state.items() if k != "outcomes"} == step["state"]  # + the banker's four's fates
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
