// @ts-check
// Playing cards drawn as SVG here (no external assets). Each suit has its own shape and a
// letter, so suits can be told apart without colour; every card carries its name in the page
// language (role="img", aria-label and <title>). The corner index, the suit letter and the name
// come from the engine's catalogue. Cards are built once per code and cloned.

import { s } from "./dom.js";
import { catalogue, suitOf, term } from "./catalogue.js";

// Suit shapes in a 100 × 100 box.
const SUIT_SHAPES = {
  H: [["path", { d: "M50 92C22 68 2 50 2 29 2 13 14 3 28 3c10 0 18 6 22 15C54 9 62 3 72 3c14 0 26 10 26 26 0 21-20 39-48 63z" }]],
  D: [["path", { d: "M50 2 88 50 50 98 12 50z" }]],
  S: [["path", { d: "M50 2C78 28 98 44 98 62c0 14-11 23-24 23-9 0-16-4-21-11 1 9 5 17 13 24H34c8-7 12-15 13-24-5 7-12 11-21 11C13 85 2 76 2 62 2 44 22 28 50 2z" }]],
  C: [
    ["circle", { cx: 50, cy: 27, r: 21 }],
    ["circle", { cx: 26, cy: 58, r: 21 }],
    ["circle", { cx: 74, cy: 58, r: 21 }],
    ["path", { d: "M43 50h14l6 48H37z" }],
  ],
};

const SPRITE_ID = "cl-card-sprite";

/** The hidden sprite with the card back's pattern, added once to the document. */
export function ensureSprite(doc = document) {
  if (doc.getElementById(SPRITE_ID)) return;
  const pattern = s("pattern", { id: "cl-back-pattern", width: 8, height: 8, patternUnits: "userSpaceOnUse",
    patternTransform: "rotate(45)" }, [s("rect", { width: 4, height: 8, class: "card-back-stripe" })]);
  doc.body.append(s("svg", { id: SPRITE_ID, class: "cl-sprite", width: 0, height: 0, "aria-hidden": "true",
    focusable: "false" }, [s("defs", {}, [pattern])]));
}

const cache = new Map();

/** @param {string} code */
function build(code) {
  const card = catalogue().cards[code];
  const suit = /** @type {import("./catalogue.js").Suit} */ (suitOf(code));
  // The suit's shape inline (no <use>: its shadow trees cost style and layout time on every step).
  const shape = (x, y, size, cls) => s("g", { class: cls, transform: `translate(${x} ${y}) scale(${size / 100})` },
    SUIT_SHAPES[suit.code].map(([tag, attrs]) => s(tag, attrs)));
  return s("svg", {
    class: `card card-${suit.code} card-${suit.red ? "red" : "black"}`, viewBox: "0 0 60 84", role: "img",
    "aria-label": card.name, "data-card": code, focusable: "false",
  }, [
    s("title", { text: card.name }),
    s("rect", { class: "card-face", x: 1, y: 1, width: 58, height: 82, rx: 5 }),
    s("text", { class: "card-rank", x: 4, y: 18, text: card.index }),
    shape(4, 22, 12, "card-pip"),
    shape(20, 34, 26, "card-centre"),
    s("text", { class: "card-letter", x: 55, y: 78, "text-anchor": "end", text: suit.letter }),
  ]);
}

function buildBack() {
  const name = term("face_down");
  return s("svg", { class: "card card-back", viewBox: "0 0 60 84", role: "img", "aria-label": name, focusable: "false" }, [
    s("title", { text: name }),
    s("rect", { class: "card-back-face", x: 1, y: 1, width: 58, height: 82, rx: 5 }),
    s("rect", { class: "card-back-inner", x: 6, y: 6, width: 48, height: 72, rx: 3 }),
  ]);
}

/** A new SVG element for the card `code` ("QS"), or a face-down card when code is null. */
export function cardSvg(code) {
  const key = code || "back";
  let template = cache.get(key);
  if (!template) {
    template = code && catalogue().cards[code] ? build(code) : buildBack();
    cache.set(key, template);
  }
  return template.cloneNode(true);
}
