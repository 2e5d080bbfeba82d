// @ts-check
// The museum's screen (kiosk/LANG.html): a touch screen with no keyboard, often offline, that
// nobody tends for days. This module starts it: the kiosk's state (state.js) drawn by its view
// (view.js), each hand a demo of its own, the screen's inputs mapped to the kiosk's actions, the
// offline copy kept, and a page error reloading the page (recovery.js).

import { ensureSprite } from "../../lib/cards-svg.js";
import { clone } from "../../lib/clone.js";
import { loadCatalogue } from "../../lib/catalogue.js";
import { keepRuntime, keepTheRest } from "../../lib/offline.js";
import { pageEngine, readJson } from "../../lib/page.js";
import { Demo } from "../../demo/demo.js";
import { bindEvents } from "../../demo/events.js";
import { Links } from "../../demo/links.js";
import { dwell, readConfig, readResumePoint } from "./config.js";
import { reloadOnErrors, startCleanRun } from "./recovery.js";
import { Kiosk } from "./state.js";
import { createScreen, handFigure, renderScreen } from "./view.js";

/** @typedef {import("./state.js").Hand} Hand */

/** What a button's data-kiosk asks the kiosk to do. @type {Object<string, (kiosk: Kiosk, button: HTMLElement) => void>} */
const COMMANDS = {
  enter: (kiosk) => kiosk.enter(),
  "keep-going": (kiosk) => kiosk.keepGoing(),
  "start-over": (kiosk) => kiosk.startOver(),
  panel: (kiosk, button) => kiosk.setPanel(button.dataset.panel || "step"),
  hand: (kiosk, button) => kiosk.chooseHand(Number(button.dataset.index)),
  "text-larger": (kiosk) => kiosk.setTextSize(kiosk.textSize + 1),
  "text-smaller": (kiosk) => kiosk.setTextSize(kiosk.textSize - 1),
  language: (kiosk) => kiosk.switchLanguage(),
};

/** No zoom, no selection, no long-press menu, no swipe away: the screen stays the kiosk's. Any
 * input is a visitor's: it wakes the kiosk up, or keeps it awake. @param {Kiosk} kiosk */
function bindScreen(kiosk) {
  for (const type of ["contextmenu", "selectstart", "dragstart", "gesturestart"]) {
    document.addEventListener(type, (event) => event.preventDefault());
  }
  document.addEventListener("wheel", (event) => { if (event.ctrlKey) event.preventDefault(); }, { passive: false });
  document.addEventListener("touchmove", (event) => {
    if (event.touches.length > 1) event.preventDefault(); // pinch
  }, { passive: false });
  document.addEventListener("click", (event) => {
    const link = /** @type {Element} */ (event.target).closest("a[href]");
    if (link) event.preventDefault(); // nothing leads away from the kiosk
  }, true);
  document.addEventListener("pointerdown", (event) => {
    if (kiosk.mode !== "attract") {
      kiosk.activity();
      return;
    }
    // The first touch only wakes the screen: it does not also press what lay under the finger.
    event.preventDefault();
    event.stopPropagation();
    const swallow = (/** @type {Event} */ click) => { click.preventDefault(); click.stopPropagation(); };
    document.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => document.removeEventListener("click", swallow, true), 700);
    kiosk.enter();
  }, true);
  document.addEventListener("keydown", () => kiosk.activity(), true);
  document.addEventListener("click", (event) => {
    const button = /** @type {HTMLElement|null} */ (/** @type {Element} */ (event.target).closest("[data-kiosk]"));
    const command = button && COMMANDS[button.dataset.kiosk || ""];
    if (button && command) command(kiosk, button);
  });
}

/** The runtime kept by the service worker now, so that the kiosk starts without a network. */
function keepOffline() {
  if (!("serviceWorker" in navigator)) return;
  const base = document.documentElement.dataset.base || "../";
  navigator.serviceWorker.register(new URL(`${base}sw.js`, location.href), { scope: base }).catch(() => null);
  keepRuntime();
  keepTheRest(); // the hands' pages too: the whole site offline
}

function boot() {
  const hands = /** @type {Hand[]} */ (readJson("kiosk-hands") || []);
  const paragraphs = readJson("source-paragraphs") || {};
  const lang = document.documentElement.lang;
  const engine = pageEngine({ snapshot: "always" });
  const links = new Links(() => {}, false); // a kiosk has no links to share
  const config = readConfig(location.search);
  // Each hand a demo of its own, which never stops to ask (the loop goes on), with the seated
  // visitor's panel in the side column, so that the table keeps its size.
  const makeDemo = (/** @type {Hand} */ hand) => {
    const demo = new Demo({
      figure: handFigure(hand), hand: hand.name, trace: clone(hand.trace), setup: hand.setup,
      paragraphs, engine, links, asks: false, panelAside: true, opponents: config.opponents,
    });
    demo.dwell = dwell;
    bindEvents(demo);
    return demo;
  };
  const kiosk = new Kiosk({ config, hands, lang, engine, makeDemo, render: (state) => renderScreen(screen, state) });
  const screen = createScreen(kiosk);
  /** @type {any} */ (window).__cardLottery = { kiosk, engine, ready: true, get demos() { return [kiosk.demo]; } };
  reloadOnErrors();
  ensureSprite();
  bindScreen(kiosk);
  if (engine) {
    engine.start();
    keepOffline();
  }
  if (kiosk.start(readResumePoint(location.hash))) history.replaceState(null, "", location.pathname + location.search);
  startCleanRun();
}

if (loadCatalogue()) boot();
