// @ts-check
// Tiny DOM helpers. Text always goes in as text (never HTML); no inline styles (strict CSP).

const SVG_NS = "http://www.w3.org/2000/svg";

function apply(el, attrs) {
  if (!attrs) return el;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.setAttribute("class", value);
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  return el;
}

function append(el, children) {
  if (children === undefined || children === null) return el;
  if (!Array.isArray(children)) children = [children];
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    el.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return el;
}

/** An HTML element: h("button", {class: "x", "aria-label": "..."}, [children]). */
export function h(tag, attrs, children) {
  return append(apply(document.createElement(tag), attrs), children);
}

/** An SVG element, same signature. */
export function s(tag, attrs, children) {
  return append(apply(document.createElementNS(SVG_NS, tag), attrs), children);
}

/** Set textContent only when it differs (avoids needless DOM work). */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

const shownKeys = new WeakMap();

/**
 * Whether `el` must be drawn again to show `key` (a string standing for what it shows), remembering
 * the key: false when it shows that already. A view rebuilds a list or a row of cards only when its
 * key changed, so a redraw leaves alone what stayed the same (and the keyboard's focus in it).
 */
export function needsDrawing(el, key) {
  if (shownKeys.get(el) === key) return false;
  shownKeys.set(el, key);
  return true;
}

export function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else {
    const v = value === true ? "" : String(value);
    if (el.getAttribute(name) !== v) el.setAttribute(name, v);
  }
}

export function toggleClass(el, name, on) {
  if (el.classList.contains(name) !== !!on) el.classList.toggle(name, !!on);
}

let uid = 0;
/** A page-unique id with a prefix. */
export function uniqueId(prefix) {
  uid += 1;
  return `${prefix}-${uid}`;
}

/**
 * Content whose visible form (card symbols) differs from its spoken form (card names): the
 * accessible name comes from the content, so no aria-label can mismatch the visible text.
 */
export function dual(visible, spoken) {
  if (visible === spoken) return [visible];
  return [h("span", { "aria-hidden": "true", text: visible }), h("span", { class: "visually-hidden", text: spoken })];
}
