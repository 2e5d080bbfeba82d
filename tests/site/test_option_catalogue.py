"""The interface's catalogue of options (site/static/js/options.js) offers exactly the engine's
options and values, with the paragraphs the engine cites: a new option cannot be forgotten there."""

from __future__ import annotations

import re
from pathlib import Path

from engine.options import CHOICES

OPTIONS_JS = Path(__file__).resolve().parents[2] / "site" / "static" / "js" / "options.js"


def test_the_interface_offers_every_option_of_the_engine_with_its_values_and_paragraph() -> None:
    text = OPTIONS_JS.read_text(encoding="utf-8")
    entries = {m.group(1): m for m in re.finditer(r'key: "(\w+)", rule: "([^"]+)"(?:, values: \[([^\]]*)\])?', text)}
    assert set(entries) == set(CHOICES)
    for key, (allowed, rule) in CHOICES.items():
        match = entries[key]
        assert match.group(2) == rule, key
        if allowed is not None:
            assert re.findall(r'"(\w+)"', match.group(3) or "") == list(allowed), key
