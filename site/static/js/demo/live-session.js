// @ts-check
// A demo's live session: the engine's status, replays with other settings, deep links that need
// the engine, and the visitor's seat (his moves, undo, a new game), kept for the tab in
// sessionStorage so that a reload or the language switch does not lose it. Every answer comes
// from the engine (engine/live.py): a result, a refusal in the page's language, or a failure,
// which the demo reports and offers to try again.

import { catalogue, t } from "../lib/catalogue.js";
import { jsonStore } from "../lib/page.js";
import { Refusal } from "../lib/engine-client.js";
import { wantsLive } from "./links.js";
import { expandStates, settingsOf } from "./trace.js";

const SEAT_KEY = "card-lottery.seat."; // + the hand's name: the same game on the page in either language

const storage = jsonStore("session"); // refused or damaged: the game is then not kept

const clone = (/** @type {any} */ data) => JSON.parse(JSON.stringify(data));

export class LiveSession {
  /**
   * @param {import("./demo.js").Demo} demo
   * @param {import("../lib/engine-client.js").EngineClient|null} engine
   */
  constructor(demo, engine) {
    this.demo = demo;
    this.engine = engine;
    /** @type {import("../lib/engine-client.js").Status} */
    this.status = engine ? engine.status : "failed";
    /** @type {string|null} */
    this.reason = engine ? null : "no engine";
    /** @type {any} the set-up of the seated game (to keep it and to restore it) */
    this.seatSetup = null;
    /** @type {string[]} the visitor's moves in the seated game */
    this.ownMoves = [];
    /** @type {(() => Promise<any>)|null} what to do again after a failure ("try again") */
    this.again = null;
    /** @type {{trace: any, source: any, n: number}|null} what the demo showed before the seat */
    this.beforeSeat = null;
    this.confirmLeave = false;
    this.pendingLink = null;
    /** @type {() => void} stops listening to the engine (Demo.dispose) */
    this.unsubscribe = engine ? engine.subscribe((status, reason) => this.onStatus(status, reason)) : () => {};
    const kept = storage.get(SEAT_KEY + demo.hand);
    // The seat is kept by number, and the first seat is 0: test for a kept seat, not for truth.
    if (kept && kept.setup && (typeof kept.seat === "number" || kept.seat === "banker")) this.restoring = kept;
  }

  /** Start the engine if it is not started (the demo came into view, or the visitor used it). */
  wake() {
    if (this.engine && this.engine.status === "idle") this.engine.start();
  }

  /** @param {import("../lib/engine-client.js").Status} status @param {string|null} reason */
  onStatus(status, reason) {
    this.status = status;
    this.reason = reason;
    if (status === "ready") {
      const link = this.pendingLink;
      this.pendingLink = null;
      if (link) this.follow(link);
      else if (this.restoring) this.restore();
    }
    if (status === "failed" && this.pendingLink) {
      const link = this.pendingLink;
      this.pendingLink = null;
      this.demo.notice("link", t("notice_engine_failed_link"));
      this.goto(link);
    }
    if (this.demo.live === this) this.demo.redraw(); // (not while the demo is being made)
  }

  // ------------------------------------------------------------------ requests

  /**
   * One request: resolves with the result, or null after saying why (a refusal in the page's
   * language, or the engine's failure) where `where` says: beside the control that asked (the
   * settings' form, the seat's form), at the live panel's head, or in the seat's panel. `again` is
   * the visitor's action, which "try again" repeats after a failure.
   * @param {string} type @param {object} payload @param {"settings"|"seat-form"|"panel"|"seat"} where @param {() => Promise<any>} again
   */
  async ask(type, payload, where, again) {
    const demo = this.demo;
    if (!this.engine) return null;
    this.wake();
    demo.busy = true;
    demo.redraw();
    try {
      const result = await this.engine.request(type, { ...payload, lang: catalogue().lang });
      this.again = null;
      return result;
    } catch (error) {
      if (error instanceof Refusal) {
        const why = error.in(catalogue().lang);
        if (where === "seat" && demo.seat) demo.seat.refusal = why;
        else demo.message = { kind: "error", text: t("settings_refused", { why }), at: where };
        return null;
      }
      // A worker that stopped answering is restarted, and one that could not start is started
      // again: trying again can mend both. A failure the engine answered with is its own bug, which
      // the same request meets again: said so, with no "try again" (its detail goes to the console).
      const kind = error && error.kind;
      if (kind === "failure") console.warn("engine failure", error.code, error.message); // eslint-disable-line no-console
      const text = kind === "dead" ? t("engine_dead") : kind === "failed" ? t("engine_not_running") : t("engine_problem");
      demo.message = { kind: "error", text, retry: kind !== "failure", at: where };
      this.again = kind !== "failure" ? again : null;
      return null;
    } finally {
      demo.busy = false;
      demo.redraw();
    }
  }

  /** The visitor's "try again" after a failure: the engine restarts if it must, then the action. */
  async retry() {
    const again = this.again;
    this.again = null;
    this.demo.message = null;
    if (this.engine && this.engine.status === "failed") this.engine.retry();
    // A restarted engine has forgotten the seat: sit again and make the same moves first.
    if (this.seatSetup && this.demo.seat) await this.reseat();
    if (again) await again();
    this.demo.redraw();
  }

  // ------------------------------------------------------------------ settings and links

  /** The set-up for the engine from the form's settings; the recorded notes are left out (they
   * describe the recorded deal and moves, which other settings change). @param {import("./trace.js").Settings} settings */
  setupFor(settings) {
    const setup = clone(this.demo.recorded.setup);
    delete setup.notes;
    setup.options = { ...setup.options, ...settings.options };
    if (settings.seed !== "" && settings.seed !== String(setup.seed)) {
      setup.seed = settings.seed; // as typed: the engine reads a whole number of any length
      setup.decks = null; // a new seed shuffles anew
    }
    if (settings.players !== String(setup.table.players.length)) setup.players = settings.players;
    return setup;
  }

  /** The settings shown that differ from the recorded hand (what the hash carries). */
  changes() {
    const base = settingsOf(this.demo.recorded.setup);
    const now = this.demo.settings;
    /** @type {Object<string, string>} */
    const options = {};
    for (const [key, value] of Object.entries(now.options)) if (base.options[key] !== value) options[key] = value;
    return {
      options,
      seed: now.seed !== base.seed ? now.seed : null,
      players: now.players !== base.players ? now.players : null,
    };
  }

  /** Replay the hand with other settings; true when the live trace is shown. @param {import("./trace.js").Settings} settings */
  async replay(settings, scroll = true) {
    const demo = this.demo;
    if (demo.busy || demo.seat) return false;
    demo.playback.stop(false);
    demo.message = null;
    // From the form, its message is said beside it; from the switch, at the panel's head.
    const where = scroll ? "settings" : "panel";
    const result = await this.ask("replay", { setup: this.setupFor(settings) }, where, () => this.replay(settings, scroll));
    if (!result) return false;
    demo.settings = settings;
    demo.setTrace(expandStates(result), "live");
    // (Beside the form, unscrolled: the view goes to the table, which shows what was replayed.)
    demo.message = { kind: "info", text: [t("replayed"), result.notice === "moves_replaced" ? t("moves_replaced") : ""].join(" ").trim(),
      at: where, quiet: scroll };
    demo.links.stepped(demo);
    demo.redraw();
    if (scroll) demo.view.showTable();
    return true;
  }

  /**
   * The switch: the same deal under another reading of its option (back to the recorded hand when
   * the settings are the recorded ones again). @param {string} key @param {string} value
   */
  async switchTo(key, value) {
    const demo = this.demo;
    if (demo.busy || demo.seat) return;
    const settings = { ...demo.settings, options: { ...demo.settings.options, [key]: value } };
    if (JSON.stringify(settings) === JSON.stringify(settingsOf(demo.recorded.setup))) {
      this.reset();
      return;
    }
    const choice = demo.view.choice;
    const focused = !!choice && choice.fieldset.contains(document.activeElement);
    await this.replay(settings, false);
    // The switch is disabled while the engine works, which drops the focus: a visitor who chose
    // with the keyboard gets it back on the reading shown, to go on choosing.
    const lost = !document.activeElement || document.activeElement === document.body;
    const shown = choice && (choice.radios.find((radio) => radio.checked) || choice.input);
    if (focused && lost && shown) shown.focus({ preventScroll: true });
  }

  /** Back to the recorded hand. */
  reset() {
    const demo = this.demo;
    if (demo.busy) return;
    demo.playback.stop(false);
    demo.settings = settingsOf(demo.recorded.setup);
    demo.message = null;
    demo.setTrace(demo.recorded.trace, "recorded");
    demo.links.stepped(demo);
    demo.redraw();
  }

  /**
   * Show what a deep link asks for. Its settings are the engine's to judge: it replays with them,
   * or says in the page's language what is wrong, and the recorded hand stays.
   * @param {import("./links.js").Link} link
   */
  async follow(link) {
    const demo = this.demo;
    demo.notices.delete("link");
    if (link.unknown.length) demo.notice("link", t("notice_unknown", { pairs: link.unknown.join(", ") }));
    if (demo.seat) {
      demo.notice("link", t("notice_seated"));
      return;
    }
    if (!wantsLive(link)) {
      if (demo.source !== "recorded") this.reset(); // the link means the recorded hand
      this.goto(link);
      return;
    }
    const settings = settingsOf(demo.recorded.setup);
    Object.assign(settings.options, link.options);
    if (link.seed !== null) settings.seed = link.seed;
    if (link.players !== null) settings.players = link.players;
    demo.settings = settings;
    if (!this.engine || this.status === "failed") {
      demo.settings = settingsOf(demo.recorded.setup);
      demo.notice("link", t("notice_engine_failed_link"));
      this.goto(link);
      return;
    }
    if (this.status !== "ready") {
      this.pendingLink = link;
      demo.notice("link", t("notice_wait"));
      this.wake();
      this.goto(link);
      return;
    }
    demo.notices.delete("link");
    const shown = await this.replay(settings, false);
    if (!shown) {
      const why = demo.message ? demo.message.text : "";
      demo.message = null;
      demo.settings = settingsOf(demo.recorded.setup);
      if (demo.source !== "recorded") this.reset();
      demo.notice("link", t("notice_link_refused", { why }));
    }
    this.goto(link);
  }

  /** Go to the link's step, saying so when it is not a step of the hand shown. @param {import("./links.js").Link} link */
  goto(link) {
    const demo = this.demo;
    const total = demo.total;
    if (link.stepText !== null) {
      const step = link.stepText.length > 24 ? `${link.stepText.slice(0, 24)}…` : link.stepText; // as written, cut
      demo.notice("step", t("notice_step", { step, total, shown: 1 }));
      demo.playback.goto(1, "link");
    } else if (link.step !== null && link.step > total) {
      demo.notice("step", t("notice_step", { step: link.step, total, shown: total }));
      demo.playback.goto(total, "link");
    } else {
      demo.notices.delete("step");
      demo.playback.goto(link.step || 1, "link");
    }
  }

  // ------------------------------------------------------------------ the seat

  /** @param {string} name a seat's name, or "banker" */
  async takeSeat(name) {
    const demo = this.demo;
    if (!this.engine || demo.busy) return;
    demo.playback.stop(false);
    const setup = demo.source === "live" ? this.setupFor(demo.settings) : this.setupFor(settingsOf(demo.recorded.setup));
    if (name === "banker") setup.options = { ...setup.options, spread: "chosen" };
    demo.message = null;
    const result = await this.ask("seat", { setup, seat: name, key: demo.hand }, "seat-form", () => this.takeSeat(name));
    if (!result) return;
    if (!demo.seat) this.beforeSeat = { trace: demo.trace, source: demo.source, n: demo.n };
    this.seatSetup = setup;
    this.ownMoves = [];
    this.showSeat(name, result);
    this.keep();
    demo.view.showTable();
  }

  /** @param {string} name @param {any} result */
  showSeat(name, result) {
    const demo = this.demo;
    demo.seat = { name, you: result.you, selected: new Set(), refusal: null };
    demo.setTrace(expandStates(result), "seat");
    demo.n = demo.total;
    this.confirmLeave = false;
    demo.redraw(true);
  }

  /** @param {string} text a move in the engine's notation */
  async move(text) {
    const demo = this.demo;
    const move = String(text || "").trim();
    if (!demo.seat || demo.busy || !move) return false;
    demo.seat.refusal = null;
    const result = await this.ask("move", { text: move, key: demo.hand }, "seat", () => this.move(move));
    if (!result) return false;
    this.ownMoves.push(move);
    this.showSeat(demo.seat.name, result);
    this.keep();
    return true;
  }

  /** @param {string[]} amounts the banker's spread, as typed */
  stake(amounts) {
    return this.move(`stake ${amounts.join(" ")}`);
  }

  async undo() {
    const demo = this.demo;
    if (!demo.seat || demo.busy) return;
    const result = await this.ask("undo", { key: demo.hand }, "seat", () => this.undo());
    if (!result) return;
    this.ownMoves.pop();
    this.showSeat(demo.seat.name, result);
    this.keep();
  }

  /** @param {string} code a card of the visitor's hand */
  select(code) {
    const seat = this.demo.seat;
    if (!seat || !seat.you.decision || !seat.you.decision.cards.includes(code)) return;
    if (seat.selected.has(code)) seat.selected.delete(code);
    else seat.selected.add(code);
    seat.refusal = null;
    this.demo.redraw();
  }

  clearSelection() {
    if (!this.demo.seat) return;
    this.demo.seat.selected = new Set();
    this.demo.redraw();
  }

  /** Leave the seat; an unfinished game asks first (`confirmed` after the visitor's second press). */
  leave(confirmed = false) {
    const demo = this.demo;
    if (!demo.seat || demo.busy) return;
    if (!demo.seat.you.over && !confirmed) {
      this.confirmLeave = true;
      demo.redraw();
      return;
    }
    this.forget();
    const before = this.beforeSeat;
    this.beforeSeat = null;
    if (before) {
      demo.setTrace(before.trace, before.source);
      demo.n = Math.min(before.n, demo.total);
    } else {
      demo.setTrace(demo.recorded.trace, "recorded");
      demo.n = 1;
    }
    demo.redraw();
  }

  stayInSeat() {
    this.confirmLeave = false;
    this.demo.redraw();
  }

  /** The same seat at a new deal: the next seed. */
  async newGame() {
    const demo = this.demo;
    if (!demo.seat || !this.seatSetup) return;
    const setup = clone(this.seatSetup);
    setup.seed = String(BigInt(String(setup.seed)) + 1n); // as text: a seed may be longer than a number holds
    setup.decks = null;
    setup.actions = [];
    const name = demo.seat.name;
    const result = await this.ask("seat", { setup, seat: name, key: demo.hand }, "seat", () => this.newGame());
    if (!result) return;
    this.seatSetup = setup;
    this.ownMoves = [];
    this.showSeat(name, result);
    this.keep();
  }

  /** Forget the seat here and in the engine. */
  forget() {
    const demo = this.demo;
    demo.seat = null;
    this.seatSetup = null;
    this.ownMoves = [];
    this.confirmLeave = false;
    storage.set(SEAT_KEY + demo.hand, null);
    if (this.engine && this.status === "ready") this.engine.request("leave", { key: demo.hand }).catch(() => {});
  }

  /** Keep the seated game for the tab: its set-up, the seat by number (the names change with the
   * language, the game does not), the visitor's moves. */
  keep() {
    const demo = this.demo;
    if (!demo.seat) return;
    const index = demo.trace.seats.indexOf(demo.seat.name);
    storage.set(SEAT_KEY + demo.hand, { setup: this.seatSetup, seat: index < 0 ? "banker" : index, moves: this.ownMoves });
  }

  /** Sit again with the kept set-up and make the same moves (after a reload or a restarted engine). */
  async reseat() {
    const seat = this.demo.seat;
    if (this.seatSetup && seat) await this.restoreFrom({ setup: this.seatSetup, seat: seat.name, moves: this.ownMoves.slice() });
  }

  async restore() {
    const kept = this.restoring;
    this.restoring = null;
    // Kept on the page in the other language, perhaps: the same game, with this page's names.
    if (kept) await this.restoreFrom({ ...kept, setup: { ...kept.setup, table: this.demo.recorded.setup.table } });
  }

  /** @param {{setup: any, seat: string|number, moves: string[]}} kept */
  async restoreFrom(kept) {
    const demo = this.demo;
    const result = await this.ask("seat", { setup: kept.setup, seat: kept.seat, key: demo.hand }, "panel",
      () => this.restoreFrom(kept));
    if (!result) return;
    if (!this.beforeSeat) this.beforeSeat = { trace: demo.recorded.trace, source: "recorded", n: 1 };
    this.seatSetup = kept.setup;
    this.ownMoves = [];
    this.showSeat(result.you.seat, result);
    for (const move of kept.moves) {
      if (!(await this.move(move))) break;
    }
    demo.notice("seat", t("seat_restored"), "info");
  }
}
