"""One source of truth: the engine names every rule, card and option, and the page receives the
names from it. The front end keeps no copy (no suit, rank or option table, no plural rule, no
player limit); every interface string it asks for exists in both languages; the browser's plural
categories are the engine's; docs/rules.md lists the engine's options as the engine does.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from engine import events as ev
from engine.catalogue import catalogue
from engine.narration import reveal_outcome
from engine.options import CATALOGUE, MAX_PLAYERS, Options
from engine.words import NOUNS, RANK_NAMES, SUIT_NAMES, SUIT_WORDS, plural_category
from sitegen.cards import card_art
from sitegen.i18n import DEMO_STRINGS
from sitegen.pages.writer import WRITER_STRINGS

REPO = Path(__file__).resolve().parents[2]
JS = REPO / "site" / "static" / "js"


def scripts() -> dict[str, str]:
    """Every script's code, without its comments (which may name a card as an example)."""
    def code(text: str) -> str:
        return re.sub(r"/\*.*?\*/|(?<![:\\\"'])//[^\n]*", "", text, flags=re.S)
    return {path.relative_to(JS).as_posix(): code(path.read_text(encoding="utf-8")) for path in sorted(JS.rglob("*.js"))}


def test_the_javascript_keeps_no_copy_of_a_rule_or_a_name() -> None:
    words = {w for lang in ("en", "ru") for table in (RANK_NAMES[lang], SUIT_NAMES[lang], SUIT_WORDS[lang])
             for w in table.values() if len(w) > 2}
    forms = {form for noun in NOUNS.values() for cases in noun["ru"].values() for form in cases.values()}
    # An option's key that is also an event kind ("beat") or a part of the game ("playoff") is a
    # word the page reads from the trace or the catalogue, not an option it names.
    other_words = {getattr(ev, name).kind for name in dir(ev) if isinstance(getattr(ev, name), type)
                   and issubclass(getattr(ev, name), ev.Event) and getattr(ev, name) is not ev.Event}
    other_words |= set(catalogue("en")["phase_words"])
    keys = [info.key for info in CATALOGUE if info.key not in other_words]
    for name, text in scripts().items():
        assert not [w for w in words if re.search(rf"[\"'`]{w}[\"'`]|\b{w}\b", text) and w not in ("ten",)], name
        assert not [f for f in forms if f in text], f"{name}: a Russian plural form"
        quoted = {k for k in keys if re.search(rf"[\"'`]{k}[\"'`]", text)}
        assert len(quoted) <= 1, f"{name} names options itself: {sorted(quoted)}"
        assert not re.search(r"%\s*10\b|%\s*100\b", text), f"{name}: a plural rule"
        # A paragraph is cited as the catalogue says («§7» in Russian): no id of the page's own.
        assert not re.search(r"[\"'`]p\d+[\"'`]", text), f"{name}: a paragraph id"
        assert not re.search(rf"[<>]=?\s*{MAX_PLAYERS}\b|\b{MAX_PLAYERS}\s*[<>]", text), f"{name}: the player limit"


def test_every_string_the_page_asks_for_exists_in_both_languages() -> None:
    assert set(DEMO_STRINGS["en"]) == set(DEMO_STRINGS["ru"])
    asked = set()
    for text in scripts().values():
        asked |= set(re.findall(r"\bt\(\"(\w+)\"", text))
    assert asked, "the scripts ask for strings with t(\"key\")"
    assert sorted(asked - set(DEMO_STRINGS["en"]) - set(WRITER_STRINGS["en"])) == []  # the writer page adds its own


def test_what_became_of_a_banker_card_is_worded_by_the_engine_alone() -> None:
    # The demo's table and the print view show the words the page trace carries (engine.trace.for_page);
    # neither the scripts nor the page's strings word it again.
    for lang in ("en", "ru"):
        phrases = [reveal_outcome(None, "pool", lang), reveal_outcome(None, "banker", lang),
                   reveal_outcome("Анна", "Анна", lang).rsplit(" ", 1)[0]]  # "won by", «выигрыш —»
        assert all(len(phrase) > 5 for phrase in phrases)
        for name, text in scripts().items():
            assert not [p for p in phrases if p.lower() in text.lower()], f"{name} words a card's fate itself"
        for strings in (DEMO_STRINGS, WRITER_STRINGS):
            again = {key: value for key, value in strings[lang].items() if any(p.lower() in value.lower() for p in phrases)}
            assert again == {}, f"the page's strings word a card's fate: {again}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_lesson_page_embeds_the_engines_catalogue_with_the_interface_strings(built: dict[str, Any], lang: str) -> None:
    pages = [p.read_text(encoding="utf-8") for p in sorted((built["out"] / lang).glob("*.html"))]
    embedded = next(filter(None, (re.search(r'<script type="application/json" id="catalogue">(.*?)</script>', html, re.S)
                                  for html in pages)), None)
    assert embedded, "a lesson page with a demo embeds the catalogue"
    data = json.loads(embedded.group(1))
    # (with how a card is drawn: sitegen/cards.py, which the print view draws from too)
    assert data == json.loads(json.dumps({**catalogue(lang), "strings": DEMO_STRINGS[lang], "card_art": card_art()}))
    assert [o["key"] for o in data["options"]] == [info.key for info in CATALOGUE]
    assert data["limits"]["players"][1] == MAX_PLAYERS


def test_the_browsers_plural_categories_are_the_engines() -> None:
    numbers = list(range(0, 301)) + [1001, 1011, 1021, 1111, 2004, 10000]
    script = ("const n = JSON.parse(process.argv[1]); const out = {};"
              "for (const lang of ['en', 'ru']) { const r = new Intl.PluralRules(lang); out[lang] = n.map(x => r.select(x)); }"
              "console.log(JSON.stringify(out));")
    done = subprocess.run(["node", "-e", script, json.dumps(numbers)], capture_output=True, text=True, check=True)
    intl = json.loads(done.stdout)
    for lang in ("en", "ru"):
        assert intl[lang] == [plural_category(n, lang) for n in numbers], lang


