// @ts-check
// The reading page's view buttons (the template's `.view-toggle [data-view]`: both | ru | en), which
// set `.reading.view-X`; each language's page remembers its own choice.

import { textStore } from "../../lib/page.js";

const VIEW_KEY = "card-lottery.text-view."; // + the page's language
const VIEWS = ["both", "ru", "en"];

const store = textStore("local"); // refused: the choice is then not remembered

/** @param {string} lang the page's language */
export function wireReadingPage(lang) {
  const buttons = /** @type {HTMLElement[]} */ ([...document.querySelectorAll(".view-toggle [data-view]")]);
  const reading = document.querySelector(".reading");
  if (!buttons.length || !reading) return;
  const apply = (/** @type {string} */ view, /** @type {boolean} */ remember) => {
    if (!VIEWS.includes(view)) return;
    document.documentElement.dataset.textView = view;
    for (const b of buttons) b.setAttribute("aria-pressed", b.dataset.view === view ? "true" : "false");
    for (const v of VIEWS) reading.classList.toggle(`view-${v}`, v === view);
    if (remember) store.set(VIEW_KEY + lang, view);
  };
  for (const group of document.querySelectorAll(".view-toggle[hidden]")) /** @type {HTMLElement} */ (group).hidden = false;
  for (const b of buttons) b.addEventListener("click", () => apply(String(b.dataset.view), true));
  const saved = store.get(VIEW_KEY + lang);
  if (saved) apply(saved, false);
}
