// @ts-check
// The visitor's seat at a demo's table: he chooses his opponents (the default computer players or
// the strong ones, engine/strong.py), takes a seat, makes his moves (the engine plays the others),
// asks for a hint on his decision (engine/hint.py: what each move is worth as he knows the game),
// takes one back, starts a new game, leaves. The game is kept for the tab in sessionStorage, so
// that a reload or the language switch does not lose it, and is sat again (the same set-up, the
// same opponents, the same moves) when the page comes back or the engine restarts. Each action
// draws the demo once, when it is done (live.js draws it busy before each request).

import { clone } from "../lib/clone.js";
import { t } from "../lib/catalogue.js";
import { jsonStore } from "../lib/page.js";
import { expandStates, settingsOf } from "./trace.js";

const SEAT_KEY = "card-lottery.seat."; // + the hand's name: the same game on the page in either language

const storage = jsonStore("session"); // refused or damaged: the game is then not kept

/** @typedef {{setup: any, seat: string|number, moves: string[], opponents?: string}} Kept a seated game: its
 * set-up, the seat, the visitor's moves, his opponents */

/** The computer players a visitor may sit down against (engine/live.py OPPONENTS). */
export const OPPONENTS = ["default", "strong"];

export class SeatedGame {
  /** @param {import("./demo.js").Demo} demo */
  constructor(demo) {
    this.demo = demo;
    /** @type {any} the set-up of the seated game (to keep it and to sit again) */
    this.setup = null;
    /** @type {string[]} the visitor's moves in the seated game */
    this.ownMoves = [];
    /** @type {{trace: any, source: any, n: number}|null} what the demo showed before the seat */
    this.beforeSeat = null;
    this.confirmLeave = false;
    /** @type {string} the opponents the next seat is taken against (the seat form's choice; the kiosk's configuration) */
    this.opponents = demo.opponents || "default";
    /** true when the page chose the opponents (the kiosk): the form does not offer the choice */
    this.opponentsFixed = !!demo.opponents;
    const kept = storage.get(SEAT_KEY + demo.hand);
    // The seat is kept by number, and the first seat is 0: test for a kept seat, not for truth.
    /** @type {Kept|null} a game kept for the tab, to sit again once the engine is ready */
    this.restoring = kept && kept.setup && (typeof kept.seat === "number" || kept.seat === "banker") ? kept : null;
  }

  /** The visitor's choice of opponents for the next seat (the engine refuses one it does not know). @param {string} value */
  chooseOpponents(value) {
    if (this.opponentsFixed) return;
    this.opponents = value;
    this.demo.redraw();
  }

  /** @param {string} name a seat's name, or "banker" */
  async takeSeat(name) {
    const demo = this.demo;
    if (!demo.live.engine || demo.busy) return;
    demo.playback.stop(false);
    const replays = demo.replays;
    const setup = replays.setupFor(demo.source === "live" ? demo.settings : settingsOf(demo.recorded.setup));
    demo.message = null;
    const opponents = this.opponents;
    const result = await demo.live.ask("seat", { setup, seat: name, key: demo.hand, opponents }, "seat-form",
      () => this.takeSeat(name));
    if (!result) {
      demo.redraw();
      return;
    }
    if (!demo.seat) this.beforeSeat = { trace: demo.trace, source: demo.source, n: demo.n };
    this.setup = setup;
    this.ownMoves = [];
    this.show(name, result);
    this.keep();
    demo.redraw(true);
    demo.view.showTable();
  }

  /** The seated game the engine answered with, in the state (a hint asked before is gone: it was
   * for the decision before). @param {string} name @param {any} result */
  show(name, result) {
    const demo = this.demo;
    demo.seat = { name, you: result.you, selected: new Set(), refusal: null, hint: null };
    demo.setTrace(expandStates(result), "seat");
    demo.n = demo.total;
    this.confirmLeave = false;
  }

  /** The visitor's move; true when the engine played it. @param {string} text a move in the engine's notation */
  async move(text) {
    const played = await this.play(text);
    this.demo.redraw(played);
    return played;
  }

  /** The move in the state, not drawn. @param {string} text */
  async play(text) {
    const demo = this.demo;
    const move = String(text || "").trim();
    if (!demo.seat || demo.busy || !move) return false;
    demo.seat.refusal = null;
    const result = await demo.live.ask("move", { text: move, key: demo.hand }, "seat", () => this.move(move));
    if (!result || !demo.seat) return false;
    this.ownMoves.push(move);
    this.show(demo.seat.name, result);
    this.keep();
    return true;
  }

  /** A hint on the visitor's decision: every move with its worth as he knows the game, best first
   * (a refusal, in words, when it is not his decision of the play-off). */
  async hint() {
    const demo = this.demo;
    if (!demo.seat || demo.busy) return;
    demo.seat.refusal = null;
    const result = await demo.live.ask("hint", { key: demo.hand }, "seat", () => this.hint());
    if (result && demo.seat) demo.seat.hint = result;
    demo.redraw();
  }

  /** @param {string[]} amounts the banker's spread, as typed */
  stake(amounts) {
    return this.move(`stake ${amounts.join(" ")}`);
  }

  async undo() {
    const demo = this.demo;
    if (!demo.seat || demo.busy) return;
    const result = await demo.live.ask("undo", { key: demo.hand }, "seat", () => this.undo());
    if (result && demo.seat) {
      this.ownMoves.pop();
      this.show(demo.seat.name, result);
      this.keep();
    }
    demo.redraw(!!result);
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
    if (!demo.seat || !this.setup) return;
    const setup = clone(this.setup);
    setup.seed = String(BigInt(String(setup.seed)) + 1n); // as text: a seed may be longer than a number holds
    setup.decks = null;
    setup.actions = [];
    const name = demo.seat.name;
    const opponents = demo.seat.you.opponents;
    const result = await demo.live.ask("seat", { setup, seat: name, key: demo.hand, opponents }, "seat", () => this.newGame());
    if (result) {
      this.setup = setup;
      this.ownMoves = [];
      this.show(name, result);
      this.keep();
    }
    demo.redraw(!!result);
  }

  /** Forget the seat here and in the engine (in the state, not drawn: the kiosk and the writer
   * draw what they show instead). */
  forget() {
    const demo = this.demo;
    demo.seat = null;
    this.setup = null;
    this.ownMoves = [];
    this.confirmLeave = false;
    storage.set(SEAT_KEY + demo.hand, null);
    const live = demo.live;
    if (live.engine && live.status === "ready") live.engine.request("leave", { key: demo.hand }).catch(() => {});
  }

  /** Keep the seated game for the tab: its set-up, the seat by number (the names change with the
   * language, the game does not), the visitor's moves. */
  keep() {
    const demo = this.demo;
    if (!demo.seat) return;
    const index = demo.trace.seats.indexOf(demo.seat.name);
    storage.set(SEAT_KEY + demo.hand, { setup: this.setup, seat: index < 0 ? "banker" : index, moves: this.ownMoves,
      opponents: demo.seat.you.opponents });
  }

  /** Sit again in the seat shown, with the same moves (the engine restarted and forgot it): in the state, not drawn. */
  async sitAgain() {
    const seat = this.demo.seat;
    if (this.setup && seat) {
      await this.sit({ setup: this.setup, seat: seat.name, moves: this.ownMoves.slice(), opponents: seat.you.opponents });
    }
  }

  /** The game kept for the tab, sat again (the engine is ready); true when there was one. */
  restore() {
    const kept = this.restoring;
    this.restoring = null;
    if (!kept) return false;
    // Kept on the page in the other language, perhaps: the same game, with this page's names.
    this.restoreFrom({ ...kept, setup: { ...kept.setup, table: this.demo.recorded.setup.table } });
    return true;
  }

  /** @param {Kept} kept */
  async restoreFrom(kept) {
    await this.sit(kept);
    this.demo.redraw(!!this.demo.seat);
  }

  /** Sit with a kept set-up and make the same moves, in the state (not drawn). @param {Kept} kept */
  async sit(kept) {
    const demo = this.demo;
    const opponents = kept.opponents || "default";
    const result = await demo.live.ask("seat", { setup: kept.setup, seat: kept.seat, key: demo.hand, opponents }, "panel",
      () => this.restoreFrom(kept));
    if (!result) return;
    if (!this.beforeSeat) this.beforeSeat = { trace: demo.recorded.trace, source: "recorded", n: 1 };
    this.setup = kept.setup;
    this.ownMoves = [];
    this.show(result.you.seat, result);
    for (const move of kept.moves) {
      if (!(await this.play(move))) break;
    }
    demo.notice("seat", t("seat_restored"), "info");
  }
}
