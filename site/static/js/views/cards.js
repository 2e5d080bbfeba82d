// Rows and piles of cards: pure render helpers over cards-svg.js.

import { cardSvg } from "../cards-svg.js";
import { h } from "../dom.js";

/**
 * Fill `el` with the cards (codes; null = face down). Does nothing when the cards are the same
 * as last time; otherwise keeps the card elements that stay and only adds and removes the others.
 */
export function renderCards(el, codes, lang, key = codes.join(" ")) {
  if (el.__key === key) return false;
  el.__key = key;
  const spare = new Map();
  for (const child of el.children) {
    const id = child.getAttribute("data-card") || "back";
    if (!spare.has(id)) spare.set(id, []);
    spare.get(id).push(child);
  }
  let at = el.firstElementChild;
  for (const code of codes) {
    const id = code || "back";
    const reusable = spare.get(id);
    const node = reusable && reusable.length ? reusable.shift() : cardSvg(code, lang);
    if (node === at) at = at.nextElementSibling;
    else el.insertBefore(node, at);
  }
  for (const rest of spare.values()) for (const node of rest) node.remove();
  return true;
}

/**
 * The visitor's own hand in seat mode: each card a toggle button (aria-pressed), the cards
 * that appear in a legal move marked `is-legal`.
 */
export function renderSelectableCards(el, codes, lang, { selected, legal, enabled }) {
  const key = `sel|${codes.join(" ")}|${[...selected].join(" ")}|${[...legal].join(" ")}|${enabled}`;
  if (el.__key === key) return false;
  el.__key = key;
  const nodes = codes.map((code) => {
    const button = h("button", {
      type: "button",
      class: "card-button" + (legal.has(code) ? " is-legal" : "") + (selected.has(code) ? " is-selected" : ""),
      "data-action": "select-card",
      "data-card": code,
      "aria-pressed": selected.has(code) ? "true" : "false",
      disabled: enabled ? null : true,
    }, [cardSvg(code, lang)]);
    return button;
  });
  el.replaceChildren(...nodes);
  return true;
}

/** A face-down pile: one card back and its count (nothing when empty). */
export function renderPile(el, count, lang, label) {
  const key = `pile|${count}|${label}`;
  if (el.__key === key) return false;
  el.__key = key;
  if (!count) {
    el.replaceChildren();
    return true;
  }
  el.replaceChildren(cardSvg(null, lang), h("span", { class: "pile-count", text: label }));
  return true;
}
