"""The course's pages beyond the lessons: the glossary and its links, the reference pages, the
hands page and a page per hand, the switch of an open question, and a heavy page's demos fetched
on demand."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

from build_helpers import ROOT, html_pages, replace_in, run_build
from html_helpers import parse, read_json

from engine import read_record
from engine.trace import trace

PARAGRAPHS = [f"p{i}" for i in range(16)]


def test_glossary_lists_each_word_with_the_paragraphs_its_stems_begin_a_word_of(built: dict[str, Any]) -> None:
    # Checked by hand against the text: «банкомета» is in p1 only; «банкир» in p2-p8; «копилку» in p15.
    for lang in ("en", "ru"):
        root = parse(built["out"] / lang / "glossary.html")
        entries = root.find_all("div", class_="term-entry")
        assert [e.attrs["id"] for e in entries] == ["banker", "kitty", "pool"]
        banker = entries[0]
        links = [a.attrs["href"] for a in banker.find("p", class_="term-paragraphs").find_all("a")]
        assert links == [f"text.html#p{i}" for i in range(1, 9)]
        kitty = entries[1].find("p", class_="term-paragraphs").find_all("a")
        assert [a.attrs["href"] for a in kitty] == ["text.html#p15"]
        pool = entries[2].find("p", class_="term-paragraphs")
        assert not pool.find_all("a") and pool.full_text().strip()  # ours: it says so
        definition = banker.find("dd").find("a", class_="term")
        assert definition.attrs["href"] == "glossary.html#pool"
        assert "банкомёт" in banker.find("dt").full_text()


def test_a_term_link_in_a_lesson_goes_to_its_glossary_entry(built: dict[str, Any]) -> None:
    for lang, word in (("en", "banker"), ("ru", "Банкир")):
        link = parse(built["out"] / lang / "first.html").find("a", class_="term")
        assert link.attrs["href"] == "glossary.html#banker" and link.full_text() == word
        rules = parse(built["out"] / lang / "rules.html").find("a", class_="term")
        assert rules.attrs["href"] == "glossary.html#kitty"


def test_a_reference_page_has_no_lesson_number_or_pager_and_is_in_the_navigation(built: dict[str, Any]) -> None:
    for lang in ("en", "ru"):
        root = parse(built["out"] / lang / "rules.html")
        article = root.find("article", class_="page-rules")
        assert not article.find_all("p", class_="lesson-number")
        assert not root.find_all("nav", class_="pager")
        for page in ("first.html", "rules.html", "hands.html", "glossary.html", "hands/tiny.html"):
            nav = parse(built["out"] / lang / page).find("nav", class_="site-nav")
            hrefs = [a.attrs["href"] for a in nav.find_all("a")]
            up = "../" if page.startswith("hands/") else ""
            assert [up + h for h in ("index.html", "text.html", "rules.html", "hands.html", "glossary.html")] == hrefs[:5]
        index = parse(built["out"] / lang / "index.html").find("ul", class_="reference-list")
        assert [a.attrs["href"] for a in index.find_all("a")] == ["rules.html", "glossary.html", "hands.html"]


def test_a_switch_demo_shares_the_trace_of_the_same_hand_on_its_page(built: dict[str, Any]) -> None:
    for lang in ("en", "ru"):
        root = parse(built["out"] / lang / "first.html")
        plain = root.find("figure", id="demo-tiny")
        switched = root.find("figure", id="demo-tiny--beat")
        assert switched.attrs["data-switch"] == "beat" and switched.attrs["data-demo"] == "tiny.beat"
        assert switched.attrs["data-trace-ref"] == "demo-tiny" and switched.attrs["data-hand"] == "tiny"
        assert not switched.find_all("script") and len(plain.find_all("script")) == 3  # the trace, the set-up, the analyses
        catalogue = read_json(root.find("script", id="catalogue"))
        assert "beat" in [o["key"] for o in catalogue["options"]]
        kiosk = read_json(parse(built["out"] / "kiosk" / f"{lang}.html").find("script", id="kiosk-hands"))
        assert [hand["name"] for hand in kiosk] == ["tiny"]  # the switches are for readers
    assert "options no lesson's demo switches yet" in built["result"].stdout


def test_the_hands_page_lists_every_hand_with_the_paragraphs_it_applies(built: dict[str, Any]) -> None:
    record, _ = read_record(built["lessons"] / "hands" / "tiny.toml")
    applied = {rule for step in trace(record)["steps"] for rule in step["event"]["rule"]}
    for lang in ("en", "ru"):
        root = parse(built["out"] / lang / "hands.html")
        items = root.find_all("li", class_="hand-item")
        assert len(items) == 1
        assert items[0].attrs["data-paragraphs"].split() == [p for p in PARAGRAPHS if p in applied]
        assert items[0].find("a").attrs["href"] == "hands/tiny.html"
        options = [o.attrs["value"] for o in root.find("select", name="option").find_all("option")]
        assert options == [""]  # tiny changes no option
        page = parse(built["out"] / lang / "hands" / "tiny.html")
        figure = page.find("figure", id="demo-tiny")
        told = read_json(figure.find("script", class_="demo-trace"))
        assert len(figure.find("details", class_="demo-text").find_all("li")) == len(told["steps"])
        lessons = page.find("dl", class_="hand-details").find_all("a")
        assert "../first.html" in [a.attrs["href"] for a in lessons]
        assert page.find("html").attrs["data-base"] == "../../"


def test_a_russian_page_cites_a_paragraph_as_a_section_sign_never_as_p7(built: dict[str, Any]) -> None:
    # The ids (p7) stay the links' and the data's; what a reader sees is the engine's citation
    # (engine/words.py `paragraphs`): «§7» in Russian, "p7" in English. The scripts draw theirs
    # from the catalogue (tests/engine/test_language.py checks its labels).
    bare = re.compile(r"(?<![\w#-])p\d{1,2}\b")
    pages = html_pages(built["out"] / "ru") + [built["out"] / "kiosk" / "ru.html"]
    assert len(pages) > 5
    for path in pages:
        shown = []
        for element in parse(path).all():
            if element.tag in ("script", "style"):
                continue
            shown.append(element.text)
            shown += [element.attrs.get(name) or "" for name in ("title", "aria-label", "alt", "placeholder")]
        found = sorted({m for text in shown for m in bare.findall(text)})
        assert not found, f"{path.relative_to(built['out'])} shows {found}"
    for lang, label in (("en", "p{n}"), ("ru", "§{n}")):
        text = parse(built["out"] / lang / "text.html")
        links = text.find_all("a", class_="para-link")
        assert [a.full_text() for a in links] == [label.format(n=n) for n in range(16)]
        assert [a.attrs["href"] for a in links] == [f"#p{n}" for n in range(16)]
        first = parse(built["out"] / lang / "first.html").find("figure", class_="quote")
        assert first.find("figcaption").full_text().startswith(label.format(n=1))
        filter_ = [o.full_text() for o in parse(built["out"] / lang / "hands.html").find("select", name="paragraph")
                   .find_all("option")][1:]
        assert filter_ and all(re.fullmatch(label.format(n=r"\d+"), o) for o in filter_), filter_


def test_a_heavy_page_keeps_its_first_hand_and_fetches_the_others(lessons: Path, tmp_path: Path) -> None:
    shutil.copyfile(lessons / "hands" / "tiny.toml", lessons / "hands" / "other.toml")
    replace_in(lessons / "hands" / "other.toml", "seed = 1", "seed = 2")
    for lang in ("en", "ru"):
        path = lessons / "pages" / lang / "02-second.md"
        path.write_text(path.read_text(encoding="utf-8") + "\n::: demo other\n\n::: demo tiny\n", encoding="utf-8")
    out = tmp_path / "site"
    result = run_build(out, lessons, "--page-budget", "1000")
    assert result.returncode == 0, result.stderr
    record, _ = read_record(lessons / "hands" / "tiny.toml")
    expected = trace(record)
    for lang in ("en", "ru"):
        root = parse(out / lang / "second.html")
        first, second = root.find("figure", id="demo-other"), root.find("figure", id="demo-tiny")
        assert len(first.find_all("script")) == 3 and "data-trace-src" not in first.attrs
        assert second.attrs["data-trace-src"] == "hands/tiny.json" and not second.find_all("script")
        fetched = json.loads((out / lang / "hands" / "tiny.json").read_text(encoding="utf-8"))
        assert [s["text"] for s in fetched["trace"]["steps"]] == [s["text"][lang] for s in expected["steps"]]
        assert fetched["setup"]["seed"] == 1
        assert not (out / lang / "hands" / "other.json").exists()  # in its page: nothing to fetch


def test_the_real_course_cites_every_paragraph_and_switches_every_option(tmp_path: Path) -> None:
    # On a cold cache the build plays every simulation the lessons cite (lesson 6's sessions of 30,000
    # games, one game after the other): minutes of CPU, once per change to the engine's rules.
    result = run_build(tmp_path / "site", ROOT / "lessons", timeout=3600)
    assert result.returncode == 0, result.stderr
    assert "every paragraph p0..p15 is cited by a lesson" in result.stdout
    assert "every option is switched in a lesson's demo" in result.stdout


def test_a_switch_that_only_renames_the_rule_does_not_count_as_a_change() -> None:
    # The proof compares what happens; a reading that changes only the paragraph cited or the name
    # of the way played would show the reader the same hand twice.
    from sitegen.switches import _game
    step = {"event": {"kind": "spread", "rule": ["p4"], "how": "even", "stakes": [3, 3]}, "state": {"up": 1}}
    renamed = {"event": {**step["event"], "rule": ["p5"], "how": "chosen"}, "state": {"up": 1}}
    moved = {"event": {**step["event"], "stakes": [2, 4]}, "state": {"up": 1}}
    assert _game({"steps": [step], "result": {}}) == _game({"steps": [renamed], "result": {}})
    assert _game({"steps": [step], "result": {}}) != _game({"steps": [moved], "result": {}})


def test_every_hand_of_the_course_says_what_it_is_for() -> None:
    # The hands page lists each hand by its title and purpose; a hand without them would be listed
    # by its file name alone.
    from sitegen.sources import read_hands
    hands = read_hands(ROOT / "lessons")
    assert len(hands) >= 20
    for name, hand in hands.items():
        assert hand.about is not None, f"lessons/hands/{name}.toml has no [about]"
        assert all(hand.about.title[lang] and hand.about.purpose[lang] for lang in ("en", "ru")), name
