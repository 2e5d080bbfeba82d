// @ts-check
// Rows and piles of cards: pure render helpers over cards-svg.js.

import { cardSvg } from "../../lib/cards-svg.js";
import { h, needsDrawing } from "../../lib/dom.js";

/**
 * Fill `el` with the cards (codes; null = face down), each in a slot that may overlap the next
 * when the row is short of room (views lay hands out in one line). Does nothing when the cards
 * are the same as last time; otherwise keeps the slots that stay and only adds and removes others.
 */
export function renderCards(el, codes) {
  const key = codes.map((code) => code || "back").join(" ") + `#${codes.length}`; // "" would be a row of nothing
  if (!needsDrawing(el, key)) return false;
  const spare = new Map();
  for (const child of el.children) {
    const id = child.dataset.card || "back";
    if (!spare.has(id)) spare.set(id, []);
    spare.get(id).push(child);
  }
  let at = el.firstElementChild;
  for (const code of codes) {
    const id = code || "back";
    const reusable = spare.get(id);
    const node = reusable && reusable.length ? reusable.shift() : h("span", { class: "card-slot", "data-card": id }, [cardSvg(code)]);
    if (node === at) at = at.nextElementSibling;
    else el.insertBefore(node, at);
  }
  for (const rest of spare.values()) for (const node of rest) node.remove();
  return true;
}

/**
 * The visitor's own hand when it is his decision: each card a toggle button (aria-pressed) that
 * the engine lets him select (`selectable`), the others shown but disabled.
 */
export function renderSelectableCards(el, codes, { selected, selectable, enabled }) {
  const key = `sel|${codes.join(" ")}|${[...selected].join(" ")}|${[...selectable].join(" ")}|${enabled}`;
  if (!needsDrawing(el, key)) return false;
  el.replaceChildren(...codes.map((code) => h("button", {
    type: "button",
    class: "card-button" + (selectable.has(code) ? " is-selectable" : ""),
    "data-action": "select-card",
    "data-card": code,
    "aria-pressed": selected.has(code) ? "true" : "false",
    disabled: enabled && selectable.has(code) ? null : true,
  }, [cardSvg(code)])));
  return true;
}
