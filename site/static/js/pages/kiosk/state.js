// @ts-check
// The kiosk's state and its actions. Each action changes the state and redraws once (view.js draws
// it); this module builds no element and reads none. It leaves the page by its address only (start
// over, the other language).
//
// Attract loop: the lessons' annotated hands play themselves, lingering on their notes (config.js,
// dwell), each followed by a new deal dealt live by the engine. A touch invites the visitor in: he
// then steps, chooses a hand, changes a reading or takes a seat (the demo's own actions). After
// `idle` seconds without a touch a countdown offers to keep going; at its end everything is reset
// (the game, the language, what the browser stored) and the attract loop starts again. The engine
// that stops answering is restarted and the kiosk goes back to its loop, without a word of error.

import { TEXT_SIZES, resumePointHash } from "./config.js";
import { textStore } from "../../lib/page.js";

/** @typedef {import("../../demo/demo.js").Demo} Demo */
/** @typedef {{name: string, title: string, trace: any, setup: any}} Hand */
/** @typedef {"attract"|"visitor"|"countdown"} Mode */
/** @typedef {"step"|"hands"|"moves"|"play"} Panel what the screen's side column shows */

const PANELS = ["step", "hands", "moves", "play"];
// The loop's pause between two hands, at speed 1.
const BETWEEN_HANDS_MS = 2000;

export class Kiosk {
  /**
   * @param {{config: import("./config.js").Config, hands: Hand[], lang: string,
   *   engine: import("../../lib/engine-client.js").EngineClient|null,
   *   makeDemo: (hand: Hand) => Demo, render: (kiosk: Kiosk) => void}} options `makeDemo`: a demo of
   *   the hand, built and bound (kiosk.js); `render`: draws the state (view.js)
   */
  constructor(options) {
    this.config = options.config;
    const chosen = options.hands.filter((hand) => this.config.hands.includes(hand.name));
    /** @type {Hand[]} the hands of the address's `hands`, or all of them */
    this.hands = chosen.length ? chosen : options.hands;
    this.lang = options.lang;
    this.engine = options.engine;
    this.makeDemo = options.makeDemo;
    this.render = options.render;
    /** @type {Mode} */
    this.mode = "attract";
    this.index = 0; // the hand shown
    this.liveDeal = false; // is the hand shown a new deal of the live engine?
    /** @type {Demo|null} the hand shown, as a demo of its own (the one before is dropped whole) */
    this.demo = null;
    this.played = 0; // hands played through by the loop (the soak benchmark reads it)
    this.seed = Math.floor(Math.random() * 1e9); // the next live deal's
    /** @type {Panel} */
    this.panel = "step";
    this.textSize = 0; // an index of TEXT_SIZES
    this.secondsLeft = 0; // of the countdown
    /** @type {ReturnType<typeof setTimeout>|null} */
    this.idleTimer = null;
    /** @type {ReturnType<typeof setInterval>|null} */
    this.countdownTimer = null;
    if (this.engine) {
      this.engine.subscribe((status) => {
        // An engine that had to restart (or could not start) leaves the visitor where he was
        // pointless: back to the loop.
        if ((status === "restarting" || status === "failed") && this.mode !== "attract") this.attract();
      });
    }
  }

  redraw() {
    this.render(this);
  }

  /** The loop starts, or the visitor resumes where he was before the language switch.
   * @param {{hand: string, step: number, size: number}|null} resumePoint @returns {boolean} resumed */
  start(resumePoint) {
    const index = resumePoint ? this.hands.findIndex((hand) => hand.name === resumePoint.hand) : -1;
    if (resumePoint && index >= 0) this.resume(index, resumePoint.step, resumePoint.size);
    else this.attract();
    return index >= 0;
  }

  // ------------------------------------------------------------------ the hands

  /** Make hand `index` the one shown (a recorded hand, or a new live deal of it); no redraw.
   * @param {number} index @param {boolean} live */
  showHand(index, live) {
    this.index = index;
    this.liveDeal = live;
    if (this.demo) this.demo.dispose();
    this.demo = this.makeDemo(this.hands[index]);
    this.demo.playedThrough = () => this.playedThrough();
  }

  /** Show hand `index`. @param {number} index @param {boolean} [live] */
  show(index, live = false) {
    this.showHand(index, live);
    this.redraw();
  }

  /** The visitor's choice of a hand: told from its first step, in the step's panel. @param {number} index */
  chooseHand(index) {
    this.showHand(index, false);
    this.panel = "step";
    this.restartIdle();
    this.redraw();
  }

  /** Play the hand shown through, at the loop's pace (a live deal is dealt first). */
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
    this.show(live ? this.index : (this.index + 1) % this.hands.length, live);
    this.autoplay();
  }

  playedThrough() {
    this.played += 1;
    if (this.mode !== "attract") return;
    setTimeout(() => { if (this.mode === "attract") this.next(); }, BETWEEN_HANDS_MS / this.config.speed);
  }

  // ------------------------------------------------------------------ modes

  attract() {
    this.mode = "attract";
    this.panel = "step";
    this.stopIdle();
    if (this.demo) this.demo.seatedGame.forget();
    this.showHand(this.index, false);
    this.redraw();
    this.autoplay();
  }

  /** The visitor comes in: the loop stops where it is, and the idle clock starts. */
  enter() {
    this.mode = "visitor";
    if (this.demo) this.demo.playback.stop();
    this.restartIdle();
    this.redraw();
  }

  /** The visitor's hand, step and text size, as he left them in the other language.
   * @param {number} index @param {number} step @param {number} size */
  resume(index, step, size) {
    this.mode = "visitor";
    this.textSize = clampTextSize(size);
    this.showHand(index, false);
    this.restartIdle();
    this.redraw();
    if (this.demo) this.demo.playback.goto(step, "link");
  }

  /** A visitor's input: the idle clock starts again (the countdown, if shown, is cancelled). */
  activity() {
    if (this.mode === "attract") return;
    const wasCounting = this.mode === "countdown";
    this.restartIdle();
    if (wasCounting) this.redraw();
  }

  keepGoing() {
    this.restartIdle();
    this.redraw();
  }

  /** The idle clock from zero; a visitor's mode (the countdown gone). */
  restartIdle() {
    if (this.mode === "attract") return;
    this.mode = "visitor";
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
    this.secondsLeft = this.config.countdown;
    this.countdownTimer = setInterval(() => this.tick(), 1000);
    this.redraw();
  }

  tick() {
    this.secondsLeft -= 1;
    if (this.secondsLeft <= 0) this.startOver();
    else this.redraw();
  }

  /** Everything back to the start: the game, the language, what the browser kept; a fresh page. */
  startOver() {
    this.stopIdle();
    const session = textStore("session");
    const local = textStore("local");
    for (const key of session.keys("")) session.set(key, null);
    for (const key of local.keys("card-lottery.")) local.set(key, null);
    // The address keeps the kiosk's own configuration, its language included (?lang=ru).
    location.replace(new URL(`index.html${location.search}`, location.href).href);
  }

  // ------------------------------------------------------------------ the screen's controls

  /** @param {string} panel */
  setPanel(panel) {
    this.panel = /** @type {Panel} */ (PANELS.includes(panel) ? panel : "step");
    this.redraw();
  }

  /** @param {number} size an index of TEXT_SIZES */
  setTextSize(size) {
    this.textSize = clampTextSize(size);
    this.redraw();
  }

  /** The other language's page, at the same hand, step and text size (resume() takes it up). */
  switchLanguage() {
    const other = this.lang === "ru" ? "en" : "ru";
    const hand = this.hands[this.index];
    const at = resumePointHash({ hand: hand ? hand.name : "", step: this.demo ? this.demo.n : 1, size: this.textSize });
    location.replace(new URL(`${other}.html${location.search}${at}`, location.href).href);
  }
}

/** @param {number} size */
function clampTextSize(size) {
  return Math.max(0, Math.min(TEXT_SIZES.length - 1, Math.round(size)));
}
