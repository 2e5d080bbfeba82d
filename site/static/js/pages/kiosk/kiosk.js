// @ts-check
// The museum's screen (kiosk/LANG.html): a touch screen with no keyboard, often offline, that
// nobody tends for days.
//
// Attract loop: the lessons' annotated hands play themselves, lingering on their notes, each
// followed by a new deal dealt live by the engine. A touch anywhere invites the visitor in: he then
// steps, chooses a hand, changes a reading or takes a seat (tap to play). After `idle` seconds
// without a touch a countdown offers to keep going; at its end everything is reset (the game, the
// language, what the browser stored) and the attract loop starts again. The engine that stops
// answering is restarted and the kiosk goes back to its loop; a page error reloads the page.
//
// Configuration in the address: ?idle=90 (seconds) &countdown=20 &hands=first-round,playoff-beating
// &speed=1 (the attract loop's pace) &live=1 (new deals between the hands; 0: the hands only)
// &lang=ru (the language it starts in, and comes back to after each visitor).

import { ensureSprite } from "../../lib/cards-svg.js";
import { loadCatalogue, t } from "../../lib/catalogue.js";
import { Demo } from "../../demo/demo.js";
import { pageEngine, readJson } from "../../lib/page.js";
import { bindEvents } from "../../demo/events.js";
import { h } from "../../lib/dom.js";
import { Links } from "../../demo/links.js";
import { keepRuntime, keepTheRest } from "../../lib/offline.js";

const TEXT_SIZES = [1, 1.15, 1.3, 1.5];
const RELOADS_KEY = "card-lottery.kiosk-reloads";
// A page that has run this long without an error has recovered: its reloads are forgotten then,
// not at start, so that an error that comes back after every start stops reloading after three.
const CLEAN_RUN_MS = 60_000;
// The longest wait a browser's timer keeps (2^31 − 1 ms): a longer `idle` would fire at once.
const IDLE_MAX_S = 86_400; // a day
const COUNTDOWN_MAX_S = 600;

/** The reloads after page errors, kept in sessionStorage or, where storage is refused, in the
 * address's fragment (#reloads=N), so that a kiosk without storage still recovers, and still stops. */
function reloadsSoFar() {
  try {
    return Number(sessionStorage.getItem(RELOADS_KEY) || 0);
  } catch {
    return Number(new URLSearchParams(location.hash.slice(1)).get("reloads") || 0);
  }
}

function forgetReloads() {
  try {
    sessionStorage.removeItem(RELOADS_KEY);
  } catch {
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  }
}

// The attract loop's pace at speed 1: a passer-by is told a hand's story by its annotated steps, so
// the loop lingers on each of them (its sentence and note read at 5 words a second, 6 to 15 s) and
// passes the others briskly (0.4 s: the cards are seen moving), a hand of the lessons in about two
// minutes (README, "The museum kiosk", gives each hand's figure).
export const DWELL = { plainMs: 400, noteMinMs: 6000, noteMaxMs: 15_000, perWordMs: 200 };

const wordCount = (/** @type {string|undefined} */ text) => (text ? String(text).trim().split(/\s+/).length : 0);

/** ms the attract loop stays on a step at speed 1. @param {{text?: string, note?: string}} step */
export function dwell(step) {
  if (!step.note) return DWELL.plainMs;
  const reading = DWELL.perWordMs * (wordCount(step.text) + wordCount(step.note));
  return Math.min(DWELL.noteMaxMs, Math.max(DWELL.noteMinMs, reading));
}

/** @param {string} search */
export function readConfig(search) {
  const params = new URLSearchParams(search);
  // A number out of its range is brought to the nearest end of it; what is not a number is ignored.
  const number = (/** @type {string} */ key, /** @type {number} */ fallback, /** @type {number} */ min,
    /** @type {number} */ max) => {
    const value = Number(params.get(key));
    return params.has(key) && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
  };
  return {
    idle: number("idle", 90, 1, IDLE_MAX_S),
    countdown: number("countdown", 20, 1, COUNTDOWN_MAX_S),
    speed: number("speed", 1, 0.1, 1000),
    live: params.get("live") !== "0",
    hands: (params.get("hands") || "").split(",").filter(Boolean),
  };
}

class Kiosk {
  constructor() {
    this.config = readConfig(location.search);
    const all = readJson("kiosk-hands") || [];
    const chosen = all.filter((/** @type {any} */ hand) => this.config.hands.includes(hand.name));
    /** @type {{name: string, title: string, trace: any, setup: any}[]} */
    this.hands = chosen.length ? chosen : all;
    this.paragraphs = readJson("source-paragraphs") || {};
    this.mode = "attract"; // attract | visitor | countdown
    this.index = 0;
    this.liveDeal = false; // is the hand shown a new deal of the live engine?
    this.played = 0; // hands played through by the loop (the soak benchmark reads it)
    this.seed = Math.floor(Math.random() * 1e9);
    /** @type {Demo|null} */
    this.demo = null;
    this.textSize = 0;
    /** @type {ReturnType<typeof setTimeout>|undefined} */
    this.cleanRun = undefined; // until the page has run long enough to forget its reloads
    /** @type {ReturnType<typeof setTimeout>|null} */
    this.idleTimer = null;
    /** @type {ReturnType<typeof setInterval>|null} */
    this.countdownTimer = null;
    this.remaining = 0;
    this.links = new Links(() => {}, false); // a kiosk has no links to share
    this.engine = pageEngine({ snapshot: "always" });
    this.stage = /** @type {HTMLElement} */ (document.querySelector(".kiosk-stage"));
    this.title = /** @type {HTMLElement} */ (document.querySelector(".kiosk-hand-title"));
    /** what the screen's side column shows: "step" (by default), "hands", "moves" or "play" */
    this.panel = "step";
    this.handsNav = /** @type {HTMLElement} */ (document.querySelector(".kiosk-hands"));
    this.buildTools();
    this.buildHands();
    this.buildPanels();
    this.invite = h("button", { type: "button", class: "kiosk-invite", "data-kiosk": "enter" }, [
      h("span", { class: "kiosk-invite-text", text: t("kiosk_invite") }),
    ]);
    this.countdown = h("div", { class: "kiosk-countdown", role: "alertdialog", "aria-modal": "true",
      "aria-labelledby": "kiosk-countdown-text", hidden: true }, [
      h("p", { id: "kiosk-countdown-text", class: "kiosk-countdown-text" }),
      h("div", { class: "kiosk-countdown-buttons" }, [
        h("button", { type: "button", class: "kiosk-button is-primary", "data-kiosk": "keep-going", text: t("kiosk_keep_going") }),
        h("button", { type: "button", class: "kiosk-button", "data-kiosk": "start-over", text: t("kiosk_start_over") }),
      ]),
    ]);
    document.body.append(this.invite, this.countdown);
  }

  start() {
    ensureSprite();
    this.guardTheScreen();
    if (this.engine) {
      this.engine.subscribe((status) => {
        // An engine that had to restart (or could not start) leaves the visitor where he was
        // pointless: back to the loop, without a word of error.
        if ((status === "restarting" || status === "failed") && this.mode !== "attract") this.attract();
      });
      this.engine.start();
      this.keepRuntime();
    }
    if (!this.resume()) this.attract();
    this.cleanRun = setTimeout(forgetReloads, CLEAN_RUN_MS);
  }

  // ------------------------------------------------------------------ the screen

  buildTools() {
    const tools = /** @type {HTMLElement} */ (document.querySelector(".kiosk-tools"));
    const other = document.documentElement.lang === "ru" ? "en" : "ru";
    tools.replaceChildren(
      h("button", { type: "button", class: "kiosk-button", "data-kiosk": "text-smaller" },
        ["A−", h("span", { class: "visually-hidden", text: ` ${t("kiosk_text_smaller")}` })]),
      h("button", { type: "button", class: "kiosk-button", "data-kiosk": "text-larger" },
        ["A+", h("span", { class: "visually-hidden", text: ` ${t("kiosk_text_larger")}` })]),
      h("button", { type: "button", class: "kiosk-button", "data-kiosk": "language", lang: other, text: t("kiosk_other_language") }),
      h("button", { type: "button", class: "kiosk-button", "data-kiosk": "start-over", text: t("kiosk_start_over") }),
    );
  }

  buildHands() {
    const nav = this.handsNav;
    nav.setAttribute("aria-label", t("kiosk_hands"));
    nav.replaceChildren(...this.hands.map((hand, i) => h("button", {
      type: "button", class: "kiosk-button kiosk-hand", "data-kiosk": "hand", "data-index": i, text: hand.title,
    })));
  }

  /** The side column's choice: the step (its sentence and paragraph), the hands, the moves, or play (a
   * seat, another reading). Everything is on the one screen; nothing is reached by scrolling the page. */
  buildPanels() {
    const tab = (/** @type {string} */ panel, /** @type {string} */ label) => h("button", {
      type: "button", class: "kiosk-button kiosk-panel-tab", "data-kiosk": "panel", "data-panel": panel, text: label,
    });
    this.tabs = h("nav", { class: "kiosk-panels", "aria-label": t("kiosk_panels") }, [
      tab("step", t("kiosk_panel_step")), tab("hands", t("kiosk_hands")), tab("moves", t("moves")),
      tab("play", t("kiosk_panel_play")),
    ]);
    this.setPanel("step");
  }

  /** @param {string} panel */
  setPanel(panel) {
    this.panel = panel;
    document.documentElement.dataset.kioskPanel = panel;
    for (const button of this.tabs.querySelectorAll("[data-panel]")) {
      button.setAttribute("aria-pressed", /** @type {HTMLElement} */ (button).dataset.panel === panel ? "true" : "false");
    }
  }

  /** No zoom, no selection, no long-press menu, no swipe away: the screen stays the kiosk's. */
  guardTheScreen() {
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
    // Any input is a visitor's: it wakes the kiosk up, or keeps it awake.
    document.addEventListener("pointerdown", (event) => this.touched(event), true);
    document.addEventListener("keydown", () => this.activity(), true);
    document.addEventListener("click", (event) => {
      const button = /** @type {Element} */ (event.target).closest("[data-kiosk]");
      if (button) this.command(/** @type {HTMLElement} */ (button));
    });
    window.addEventListener("error", () => this.recover());
    window.addEventListener("unhandledrejection", () => this.recover());
  }

  /** A page error: reload (a fresh page, not a blank or broken one), unless it keeps happening. */
  recover() {
    clearTimeout(this.cleanRun);
    const reloads = reloadsSoFar();
    if (reloads >= 3) return;
    try {
      sessionStorage.setItem(RELOADS_KEY, String(reloads + 1));
      location.reload();
    } catch {
      history.replaceState(null, "", `${location.pathname}${location.search}#reloads=${reloads + 1}`);
      location.reload();
    }
  }

  /** The runtime kept by the service worker now, so that the kiosk starts without a network. */
  keepRuntime() {
    if (!("serviceWorker" in navigator)) return;
    const base = document.documentElement.dataset.base || "../";
    navigator.serviceWorker.register(new URL(`${base}sw.js`, location.href), { scope: base }).catch(() => null);
    keepRuntime();
    keepTheRest(); // the hands' pages too: the whole site offline
  }

  // ------------------------------------------------------------------ the hands

  /** Show hand `index` (a recorded hand, or a new live deal of it). */
  show(index, live = false) {
    const hand = this.hands[index];
    this.index = index;
    this.liveDeal = live;
    const figure = h("figure", { class: "demo kiosk-demo", id: `demo-${hand.name}`, "data-hand": hand.name }, [
      h("figcaption", { id: `demo-${hand.name}-caption`, text: hand.title }),
    ]);
    // Each hand has a demo of its own: the one before is dropped whole (the loop runs for days).
    if (this.demo) this.demo.dispose();
    this.stage.replaceChildren(figure);
    this.demo = new Demo({
      figure, hand: hand.name, trace: JSON.parse(JSON.stringify(hand.trace)), setup: hand.setup,
      paragraphs: this.paragraphs, engine: this.engine, links: this.links, asks: false, // the loop never stops to ask
      panelAside: true, // the seated visitor's panel in the side column, so that the table keeps its size
    });
    // The side column's tabs and the hands are the demo's neighbours in its layout (kiosk.css places
    // them); the invitation takes the step controls' place while the loop plays, so it covers nothing.
    const layout = /** @type {HTMLElement} */ (figure.querySelector(".demo-layout"));
    layout.prepend(this.tabs, this.handsNav);
    layout.append(this.invite);
    // The step's panel may scroll (a long paragraph at A+): reachable by the keyboard too.
    const reading = /** @type {HTMLElement} */ (layout.querySelector(".demo-reading"));
    reading.tabIndex = 0;
    reading.setAttribute("aria-label", t("kiosk_panel_step"));
    this.demo.playedThrough = () => this.playedThrough();
    this.demo.dwell = dwell;
    bindEvents(this.demo);
    this.title.textContent = live ? `${hand.title} · ${t("kiosk_new_deal")}` : hand.title;
    for (const button of document.querySelectorAll(".kiosk-hand")) {
      button.setAttribute("aria-current", Number(/** @type {HTMLElement} */ (button).dataset.index) === index ? "true" : "false");
    }
  }

  /** Play the hand shown through, at the loop's pace. */
  async autoplay() {
    const demo = this.demo;
    if (!demo) return;
    if (this.liveDeal) {
      const dealt = await demo.replays.replay({ ...demo.settings, seed: String(this.seed++) }, false);
      if (!dealt || this.demo !== demo || this.mode !== "attract") {
        if (this.mode === "attract" && this.demo === demo) this.next();
        return;
      }
      demo.message = null;
    }
    demo.playback.setSpeed(this.config.speed);
    demo.playback.goto(1, "init");
    demo.playback.togglePlay();
  }

  /** The loop's next hand: after a recorded hand, a new deal of it (when the engine is there). */
  next() {
    const live = this.config.live && !this.liveDeal && !!this.engine && this.engine.status === "ready";
    const index = live ? this.index : (this.index + 1) % this.hands.length;
    this.show(index, live);
    this.autoplay();
  }

  playedThrough() {
    this.played += 1;
    if (this.mode === "attract") setTimeout(() => { if (this.mode === "attract") this.next(); }, 2000 / this.config.speed);
  }

  // ------------------------------------------------------------------ modes

  attract() {
    this.mode = "attract";
    this.setPanel("step");
    this.stopIdle();
    this.countdown.hidden = true;
    this.invite.hidden = false;
    document.documentElement.classList.add("is-attract");
    if (this.demo) this.demo.seatedGame.forget();
    this.show(this.index, false);
    this.autoplay();
  }

  /** Where the visitor was before the language switch (#hand=NAME&step=N&size=K): the same hand at
   * the same step, the same text size, the visitor's mode. @returns {boolean} resumed */
  resume() {
    const at = new URLSearchParams(location.hash.slice(1));
    const index = this.hands.findIndex((hand) => hand.name === at.get("hand"));
    if (index < 0) return false;
    history.replaceState(null, "", location.pathname + location.search);
    this.setTextSize(Number(at.get("size")) || 0);
    this.show(index, false);
    if (this.demo) this.demo.playback.goto(Number(at.get("step")) || 1, "link");
    this.enter();
    return true;
  }

  /** @param {number} size an index of TEXT_SIZES */
  setTextSize(size) {
    this.textSize = Math.max(0, Math.min(TEXT_SIZES.length - 1, Math.round(size)));
    document.documentElement.style.setProperty("--kiosk-text", String(TEXT_SIZES[this.textSize]));
  }

  /** @param {PointerEvent} event */
  touched(event) {
    if (this.mode === "attract") {
      // The first touch only wakes the screen: it does not also press what lay under the finger.
      event.preventDefault();
      event.stopPropagation();
      const swallow = (/** @type {Event} */ click) => { click.preventDefault(); click.stopPropagation(); };
      document.addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(() => document.removeEventListener("click", swallow, true), 700);
      this.enter();
      return;
    }
    this.activity();
  }

  enter() {
    this.mode = "visitor";
    this.invite.hidden = true;
    document.documentElement.classList.remove("is-attract");
    if (this.demo) this.demo.playback.stop();
    this.activity();
  }

  /** A visitor's input: the idle clock starts again (the countdown, if shown, is cancelled). */
  activity() {
    if (this.mode === "attract") return;
    if (this.mode === "countdown") this.keepGoing();
    this.stopIdle();
    this.idleTimer = setTimeout(() => this.askStillThere(), this.config.idle * 1000);
  }

  stopIdle() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.countdownTimer) clearInterval(this.countdownTimer);
    this.idleTimer = null;
    this.countdownTimer = null;
  }

  askStillThere() {
    this.mode = "countdown";
    this.remaining = this.config.countdown;
    this.countdown.hidden = false;
    this.tick();
    this.countdownTimer = setInterval(() => this.tick(), 1000);
    /** @type {HTMLElement} */ (this.countdown.querySelector("[data-kiosk=keep-going]")).focus();
  }

  tick() {
    if (this.remaining <= 0) {
      this.startOver();
      return;
    }
    /** @type {HTMLElement} */ (this.countdown.querySelector(".kiosk-countdown-text")).textContent =
      t("kiosk_countdown", { s: this.remaining });
    this.remaining -= 1;
  }

  keepGoing() {
    this.countdown.hidden = true;
    this.mode = "visitor";
    this.stopIdle();
    this.idleTimer = setTimeout(() => this.askStillThere(), this.config.idle * 1000);
  }

  /** Everything back to the start: the game, the language, what the browser kept; a fresh page. */
  startOver() {
    this.stopIdle();
    try {
      sessionStorage.clear();
      for (const key of Object.keys(localStorage)) if (key.startsWith("card-lottery.")) localStorage.removeItem(key);
    } catch {
      // storage may be unavailable: the reload still resets the page
    }
    // The address keeps the kiosk's own configuration, its language included (?lang=ru).
    location.replace(new URL(`index.html${location.search}`, location.href).href);
  }

  /** @param {HTMLElement} button */
  command(button) {
    const what = button.dataset.kiosk;
    if (what === "keep-going") this.keepGoing();
    else if (what === "start-over") this.startOver();
    else if (what === "enter") this.enter();
    else if (what === "panel") this.setPanel(button.dataset.panel || "step");
    else if (what === "hand") {
      this.show(Number(button.dataset.index), false);
      this.setPanel("step"); // the hand chosen is told from its first step
      this.activity();
    } else if (what === "text-larger" || what === "text-smaller") {
      this.setTextSize(this.textSize + (what === "text-larger" ? 1 : -1));
    } else if (what === "language") {
      const other = document.documentElement.lang === "ru" ? "en" : "ru";
      const hand = this.hands[this.index];
      const at = new URLSearchParams({ hand: hand ? hand.name : "", step: String(this.demo ? this.demo.n : 1),
        size: String(this.textSize) });
      location.replace(new URL(`${other}.html${location.search}#${at}`, location.href).href);
    }
  }
}

if (loadCatalogue()) {
  const kiosk = new Kiosk();
  /** @type {any} */ (window).__cardLottery = {
    kiosk, engine: kiosk.engine, ready: true, get demos() { return [kiosk.demo]; },
  };
  kiosk.start();
}
