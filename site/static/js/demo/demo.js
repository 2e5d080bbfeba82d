// @ts-check
// One demo's state and its redraw. The state is what the demo shows (a trace, told by the engine,
// and the step), the notices, the live engine's status and the visitor's seat; `redraw()` hands it
// to the views, which build and change the DOM. The actions live beside it, each changing the state
// and drawing it once: stepping and autoplay in playback.js, the live engine's status and requests
// in live.js, replays in replay.js, deep links in deep-link.js (the URL's hash in links.js), the
// visitor's seat in seated-game.js, questions and practice in practice.js, what each move was worth
// in worth.js. This module computes no rule and builds no element.

import { Playback } from "./playback.js";
import { Practice } from "./practice.js";
import { DeepLink } from "./deep-link.js";
import { LiveEngine } from "./live.js";
import { Replays } from "./replay.js";
import { SeatedGame } from "./seated-game.js";
import { MoveWorth } from "./worth.js";
import { createView, renderView } from "./view.js";
import { expandStates, settingsOf } from "./trace.js";

/** @typedef {import("./trace.js").Trace} Trace @typedef {import("./trace.js").Settings} Settings */

export class Demo {
  /**
   * @param {{figure: HTMLElement, hand: string, trace: Trace, setup: any, paragraphs: any,
   *   engine: import("../lib/engine-client.js").EngineClient|null, links: import("./links.js").Links,
   *   switchKey?: string|null, asks?: boolean, panelAside?: boolean, opponents?: string|null,
   *   analyses?: import("./worth.js").BuiltPanels|null}} config (`hand`: the demo's name on the page, for its links and its
   *   seat; `asks`: false for a demo that never stops to ask, practice.js; `panelAside`: the seated visitor's panel in
   *   a place of its own beside the table, not under his hand: the kiosk's; `opponents`: the computer players a
   *   visitor sits down against, chosen by the page (the kiosk's configuration), or none: the visitor chooses,
   *   seated-game.js; `analyses`: the build's panels of the recorded hand by step, worth.js; without them, no panel)
   */
  constructor(config) {
    this.figure = config.figure;
    this.hand = config.hand;
    /** @type {string|null} the option whose readings the demo switches (views/switch.js) */
    this.switchKey = config.switchKey || null;
    this.paragraphs = config.paragraphs || {};
    this.panelAside = !!config.panelAside;
    /** @type {string|null} the opponents the page chose for a seated visitor, or null (he chooses) */
    this.opponents = config.opponents || null;
    this.links = config.links;
    this.recorded = { trace: expandStates(config.trace), setup: config.setup };
    /** @type {Trace} */
    this.trace = this.recorded.trace;
    /** @type {"recorded"|"live"|"seat"} */
    this.source = "recorded";
    this.n = 1;
    this.playing = false;
    this.speed = 1;
    this.showText = false;
    /** @type {Map<string, {text: string, tone: "problem"|"info"}>} notices by kind: a new one of a kind replaces the old */
    this.notices = new Map();
    /** @type {{kind: "info"|"error", text: string, retry?: boolean, at?: string, quiet?: boolean}|null} the live
     * panel's message; `at`: the control it is said beside ("settings", "seat-form"; else the panel's head);
     * `quiet`: not scrolled to (what it says is shown elsewhere) */
    this.message = null;
    this.busy = false;
    /** @type {{name: string, you: any, selected: Set<string>, refusal: string|null, hint: any}|null} `hint`: the
     * engine's hint on the decision shown, when asked */
    this.seat = null;
    /** @type {Settings} what the live trace shown was made with (the form starts there) */
    this.settings = settingsOf(config.setup);
    /** @type {(() => void)|null} called when autoplay reaches the last step (the kiosk's loop) */
    this.playedThrough = null;
    /** @type {((step: any) => number)|null} ms autoplay stays on a step at speed 1 (the kiosk's own rule) */
    this.dwell = null;
    /** @type {Set<() => void>} what follows the demo (the writer's panel): told after each redraw */
    this.followers = new Set();
    this.view = createView(this);
    this.playback = new Playback(this);
    /** the record's questions and practice as a player (practice.js) */
    this.practice = new Practice(this, config.asks !== false);
    this.replays = new Replays(this);
    this.deepLink = new DeepLink(this);
    this.seatedGame = new SeatedGame(this);
    /** what each move of a play-off decision was worth (worth.js) */
    this.worth = new MoveWorth(this, config.analyses);
    this.live = new LiveEngine(this, config.engine);
    this.redraw();
  }

  get total() {
    return this.trace.steps.length;
  }

  get step() {
    return this.trace.steps[this.n - 1];
  }

  /** @param {Trace} trace @param {"recorded"|"live"|"seat"} source */
  setTrace(trace, source) {
    this.trace = trace;
    this.source = source;
    this.n = Math.min(this.n, trace.steps.length);
    this.view.traceChanged = true;
  }

  /**
   * A notice in the state (the action that gives it draws it).
   * @param {string} kind @param {string} text
   * @param {"problem"|"info"} [tone] a problem (a link not followed, a refusal) or news (a game restored)
   */
  notice(kind, text, tone = "problem") {
    this.notices.set(kind, { text, tone });
  }

  /** The visitor dismisses a notice. @param {string} kind */
  dismiss(kind) {
    this.notices.delete(kind);
    this.redraw();
  }

  /** The demo is dropped (the kiosk makes one per hand): nothing may keep it alive. */
  dispose() {
    this.playback.stop(false);
    this.live.unsubscribe();
    this.playedThrough = null;
  }

  /** Draw the state. `announce`: say the step to screen readers (a step the visitor moved to). */
  redraw(announce = false) {
    renderView(this.view, this, announce);
    this.worth.askShown(); // a live decision step shown without its analysis: the worker is asked
    for (const follower of this.followers) follower();
  }

  /** fn() after each redraw, until the function returned is called. @param {() => void} fn */
  follow(fn) {
    this.followers.add(fn);
    return () => { this.followers.delete(fn); };
  }
}
