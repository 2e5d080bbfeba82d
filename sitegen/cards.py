"""How a card looks, in one place: the drawing of a face (corner index, small pip, large suit shape,
suit letter) and of a back, as data.

The page's script draws each card from this data (`card_art`, embedded with the catalogue: site/static/
js/lib/cards-svg.js), and the print view draws the same cards as SVG symbols (`sprite`, `card_markup`);
their colours are the cards section of site/static/css/demo.css, which every page that shows cards
loads. The names, indices and suit letters come from the engine's catalogue. Each suit has its own
shape and a letter, so suits can be told apart without colour.
"""

from __future__ import annotations

from html import escape
from typing import Any

VIEW_BOX = "0 0 60 84"

# Each suit's shape in a 100 × 100 box: (tag, attributes).
SUIT_SHAPES: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "H": [("path", {"d": "M50 92C22 68 2 50 2 29 2 13 14 3 28 3c10 0 18 6 22 15C54 9 62 3 72 3c14 0 26 10 26 26 0 21-20 39-48 63z"})],
    "D": [("path", {"d": "M50 2 88 50 50 98 12 50z"})],
    "S": [("path", {"d": "M50 2C78 28 98 44 98 62c0 14-11 23-24 23-9 0-16-4-21-11 1 9 5 17 13 24H34c8-7 12-15 13-24-5 7-12 11-21 "
                         "11C13 85 2 76 2 62 2 44 22 28 50 2z"})],
    "C": [
        ("circle", {"cx": 50, "cy": 27, "r": 21}),
        ("circle", {"cx": 26, "cy": 58, "r": 21}),
        ("circle", {"cx": 74, "cy": 58, "r": 21}),
        ("path", {"d": "M43 50h14l6 48H37z"}),
    ],
}

# A face, drawn in order: a part is an element, or "suit" (the suit's shape at x, y, size wide) or
# text with "index" (the rank's corner index) or "letter" (the suit's letter) in the page's language.
FACE: list[tuple[str, dict[str, Any]]] = [
    ("rect", {"class": "card-face", "x": 1, "y": 1, "width": 58, "height": 82, "rx": 5}),
    ("text", {"class": "card-rank", "x": 4, "y": 18, "text": "index"}),
    ("suit", {"class": "card-pip", "x": 4, "y": 22, "size": 12}),
    ("suit", {"class": "card-centre", "x": 20, "y": 34, "size": 26}),
    ("text", {"class": "card-letter", "x": 55, "y": 78, "text-anchor": "end", "text": "letter"}),
]

BACK: list[tuple[str, dict[str, Any]]] = [
    ("rect", {"class": "card-back-face", "x": 1, "y": 1, "width": 58, "height": 82, "rx": 5}),
    ("rect", {"class": "card-back-inner", "x": 6, "y": 6, "width": 48, "height": 72, "rx": 3}),
]

# The back's stripes (a pattern the back's inner rectangle is filled with: demo.css).
BACK_PATTERN_ID = "cl-back-pattern"
BACK_PATTERN: tuple[dict[str, Any], dict[str, Any]] = (
    {"id": BACK_PATTERN_ID, "width": 8, "height": 8, "patternUnits": "userSpaceOnUse", "patternTransform": "rotate(45)"},
    {"width": 4, "height": 8, "class": "card-back-stripe"},
)


def card_art() -> dict[str, Any]:
    """The drawing as the page's script reads it (JSON)."""
    return {
        "viewBox": VIEW_BOX,
        "suits": {suit: [[tag, attrs] for tag, attrs in parts] for suit, parts in SUIT_SHAPES.items()},
        "face": [[tag, attrs] for tag, attrs in FACE],
        "back": [[tag, attrs] for tag, attrs in BACK],
        "pattern": list(BACK_PATTERN),
    }


def _attrs(attrs: dict[str, Any]) -> str:
    return "".join(f' {key}="{escape(str(value))}"' for key, value in attrs.items())


def _parts(parts: list[tuple[str, dict[str, Any]]], suit: str, index: str, letter: str) -> str:
    out = []
    for tag, attrs in parts:
        if tag == "suit":
            scale = attrs["size"] / 100
            shape = "".join(f"<{t}{_attrs(a)}/>" for t, a in SUIT_SHAPES[suit])
            out.append(f'<g class="{attrs["class"]}" transform="translate({attrs["x"]} {attrs["y"]}) scale({scale:g})">{shape}</g>')
        elif tag == "text":
            rest = {k: v for k, v in attrs.items() if k != "text"}
            out.append(f"<text{_attrs(rest)}>{escape(index if attrs['text'] == 'index' else letter)}</text>")
        else:
            out.append(f"<{tag}{_attrs(attrs)}/>")
    return "".join(out)


def symbol_id(code: str | None) -> str:
    return f"cl-card-{code or 'back'}"


def sprite(codes: set[str], catalogue: dict[str, Any]) -> str:
    """A hidden SVG holding one symbol for each card in `codes` (and the back), for `card_markup`."""
    suits = {s["code"]: s for s in catalogue["suits"]}
    symbols = []
    for code in sorted(codes):
        suit = code[-1]
        body = _parts(FACE, suit, catalogue["cards"][code]["index"], suits[suit]["letter"])
        symbols.append(f'<symbol id="{symbol_id(code)}" viewBox="{VIEW_BOX}">{body}</symbol>')
    pattern, stripe = BACK_PATTERN
    symbols.append(f'<symbol id="{symbol_id(None)}" viewBox="{VIEW_BOX}">{_parts(BACK, "", "", "")}</symbol>')
    return (f'<svg class="cl-sprite" width="0" height="0" aria-hidden="true" focusable="false"><defs>'
            f"<pattern{_attrs(pattern)}><rect{_attrs(stripe)}/></pattern>{''.join(symbols)}</defs></svg>")


def card_markup(code: str | None, catalogue: dict[str, Any]) -> str:
    """One card (None: face down) as the page's script draws it, its drawing taken from the sprite."""
    if code is None:
        name, classes = catalogue["terms"]["face_down"], "card card-back"
    else:
        suit = next(s for s in catalogue["suits"] if s["code"] == code[-1])
        name = catalogue["cards"][code]["name"]
        classes = f"card card-{suit['code']} card-{'red' if suit['red'] else 'black'}"
    return (f'<svg class="{classes}" viewBox="{VIEW_BOX}" role="img" aria-label="{escape(name)}" focusable="false">'
            f'<title>{escape(name)}</title><use href="#{symbol_id(code)}"/></svg>')
