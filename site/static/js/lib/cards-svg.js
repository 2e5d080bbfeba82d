// @ts-check
// Playing cards drawn as SVG, from the drawing the build embeds with the catalogue (`card_art`:
// sitegen/cards.py, which the print view draws from too; the colours are demo.css's). Every card
// carries its name in the page language (role="img", aria-label and <title>); the corner index, the
// suit letter and the name come from the engine's catalogue. Cards are built once per code and cloned.

import { s } from "./dom.js";
import { catalogue, suitOf, term } from "./catalogue.js";

const SPRITE_ID = "cl-card-sprite";

/** @typedef {[string, Object<string, any>][]} Parts */

/** The drawing of the cards (sitegen/cards.py). */
function art() {
  return /** @type {{viewBox: string, suits: Object<string, Parts>, face: Parts, back: Parts, pattern: [any, any]}} */ (
    catalogue().card_art);
}

/** The hidden sprite with the card back's pattern, added once to the document. */
export function ensureSprite(doc = document) {
  if (doc.getElementById(SPRITE_ID)) return;
  const [pattern, stripe] = art().pattern;
  doc.body.append(s("svg", { id: SPRITE_ID, class: "cl-sprite", width: 0, height: 0, "aria-hidden": "true",
    focusable: "false" }, [s("defs", {}, [s("pattern", pattern, [s("rect", stripe)])])]));
}

const cache = new Map();

/**
 * The parts of a face or a back: elements; "suit", the suit's shape (inline: a <use>'s shadow tree
 * would cost style and layout time on every step); text, the corner index or the suit's letter.
 * @param {Parts} parts @param {string} suit @param {string} index @param {string} letter
 */
function draw(parts, suit, index, letter) {
  return parts.map(([tag, attrs]) => {
    if (tag === "suit") {
      const { x, y, size, class: cls } = attrs;
      return s("g", { class: cls, transform: `translate(${x} ${y}) scale(${size / 100})` },
        art().suits[suit].map(([shape, shapeAttrs]) => s(shape, shapeAttrs)));
    }
    if (tag === "text") {
      const { text, ...rest } = attrs;
      return s("text", { ...rest, text: text === "index" ? index : letter });
    }
    return s(tag, attrs);
  });
}

/** @param {string} code */
function build(code) {
  const card = catalogue().cards[code];
  const suit = /** @type {import("./catalogue.js").Suit} */ (suitOf(code));
  return s("svg", {
    class: `card card-${suit.code} card-${suit.red ? "red" : "black"}`, viewBox: art().viewBox, role: "img",
    "aria-label": card.name, "data-card": code, focusable: "false",
  }, [s("title", { text: card.name }), ...draw(art().face, suit.code, card.index, suit.letter)]);
}

function buildBack() {
  const name = term("face_down");
  return s("svg", { class: "card card-back", viewBox: art().viewBox, role: "img", "aria-label": name, focusable: "false" },
    [s("title", { text: name }), ...draw(art().back, "", "", "")]);
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
