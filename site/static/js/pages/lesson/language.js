// @ts-check
// The language switch: it points at the same page in the other language, at the same place (the
// demo's link, or the heading or paragraph at the top of the window), and the language chosen is
// remembered, so that the landing page sends a returning visitor on to it.

import { textStore } from "../../lib/page.js";
import { parseHash } from "../../demo/links.js";

const LANG_KEY = "card-lottery.lang";
const PLACE_TOP_PX = 120; // below the sticky header, near the top of the window

const store = textStore("local"); // refused: the choice is then not remembered

/** The id of the heading or paragraph at the top of the window: the same place in the other language. */
function placeInPage() {
  let place = "";
  for (const el of document.querySelectorAll("main h2[id], main h3[id], main .para[id]")) {
    if (el.getBoundingClientRect().top > PLACE_TOP_PX) break;
    place = el.id;
  }
  return place ? `#${place}` : "";
}

/** Remember the language of a language link the visitor follows; the switch carries the place.
 * @param {import("../../demo/links.js").Links} links */
export function wireLanguageLinks(links) {
  const remember = (/** @type {MouseEvent} */ event) => {
    const link = event.target instanceof Element ? /** @type {HTMLAnchorElement|null} */ (event.target.closest("a[hreflang]")) : null;
    if (!link) return;
    const lang = (link.getAttribute("hreflang") || "").slice(0, 2);
    if (lang === "en" || lang === "ru") store.set(LANG_KEY, lang);
    if (link.closest(".lang-switch")) {
      links.flush();
      carryHash(link, parseHash(location.hash) ? location.hash : placeInPage());
    }
  };
  document.addEventListener("click", remember);
  document.addEventListener("auxclick", remember);
}

/** The language switch points at the same page in the other language, at the same place.
 * @param {HTMLAnchorElement} link @param {string} hash */
function carryHash(link, hash) {
  const url = new URL(link.href);
  url.hash = hash || "";
  if (link.href !== url.href) link.href = url.href;
}

/** The switch follows the hash (a demo's link). @param {string} hash */
export function syncSwitch(hash) {
  for (const link of document.querySelectorAll(".lang-switch a[hreflang]")) carryHash(/** @type {HTMLAnchorElement} */ (link), hash);
}

/** On the landing page, a visitor who chose a language before goes on to it; true when he is sent. */
export function landingRedirect() {
  if (!document.querySelector(".landing")) return false;
  const remembered = store.get(LANG_KEY);
  if (remembered !== "en" && remembered !== "ru") return false;
  // A visitor who came back to the landing page from inside the site chose to be here.
  try {
    if (document.referrer && new URL(document.referrer).origin === location.origin) return false;
  } catch {
    // an unreadable referrer: go on
  }
  const link = /** @type {HTMLAnchorElement|null} */ (document.querySelector(`.landing-lang[lang="${remembered}"] a`));
  if (!link) return false;
  location.replace(link.href.split("#")[0] + location.hash);
  return true;
}
