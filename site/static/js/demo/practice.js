// @ts-check
// A demo that asks before it shows: the questions of the record's notes, and practice as a player.
// State and actions only (views/practice.js draws them, practice-events.js wires them).
//
// - A note's question (engine/record.py) is shown on the step before the note's own step, beside
//   the narration: the reader chooses an answer, sees whether it is right and the explanation, and
//   then steps on to the step (he may step on without answering). Autoplay pauses there.
// - Practice as a player ("practise as Boris"): the engine lists Boris's decisions in the recorded
//   hand (live `practice`), and stepping forward (the buttons, the keys, the slider, autoplay)
//   stops on the step before each of them and asks "What does Boris do?". The student chooses
//   cards of Boris's hand and one of the moves they make (the engine offers every move the cards
//   could make, legal or not), or types a move; the engine judges it (live `practice_check`):
//   refused with its paragraph, or graded by its cost against the best move as the player knows
//   the game (engine/analysis.py's known mode); the recorded move is only said, as what happened
//   in the hand (it is the default computer player's, not the best). The demo then plays on with
//   the recorded move, so that the hand stays the annotated one.
//   A decision the rules force (one legal move) is not asked: the demo says so as it passes it,
//   and it is not scored. The score: the answers as good as the best move, of those asked (and
//   how many of the answers were legal). A link may start the practice at a step of
//   its own: the decisions before it are passed, not asked (links.js carries the seat, by its
//   number from 1, so that the link is the same in either language).
// Nothing here computes a rule: the engine says what the decisions are and judges every answer.

import { t } from "../lib/catalogue.js";

/**
 * @typedef {{index: number, step: number, forced: boolean, decision: any, move?: {move: string, text: string, short: string}}} Entry
 * @typedef {{index: number, step: number, legal: boolean, refusal: {en: string, ru: string, rule: string|null}|null,
 *   matches: boolean, forced: boolean, move: {move: string, text: string, short: string}|null,
 *   recorded: {move: string, text: string, short: string},
 *   worth: {cost: number, verdict: string, text: string, basis: string}|null}} Verdict
 */

export class Practice {
  /**
   * @param {import("./demo.js").Demo} demo
   * @param {boolean} asks false: the demo never stops to ask (the kiosk's loop)
   */
  constructor(demo, asks = true) {
    this.demo = demo;
    this.asks = asks;
    /** @type {string|null} the practised player, as the engine names him */
    this.seat = null;
    /** @type {Entry[]|null} his decisions in the recorded hand (the engine's list) */
    this.decisions = null;
    /** @type {Map<number, Verdict>} the engine's verdict on each decision answered, by index */
    this.verdicts = new Map();
    /** @type {Set<number>} decisions passed without asking: forced, or before a link's step */
    this.passed = new Set();
    /** @type {Set<string>} the cards chosen for the pending decision */
    this.selected = new Set();
    /** @type {Map<number, number>} the reader's answer to the question of each step */
    this.answers = new Map();
    /** @type {Entry|null} the forced decision passed last (the panel says so) */
    this.forced = null;
    /** @type {any} the live panel's message that says how to practise (spent when the hand is over, gate) */
    this.hint = null;
  }

  /** Practising now: a seat chosen, on the recorded hand. */
  get active() {
    return this.seat !== null && this.decisions !== null && this.demo.source === "recorded";
  }

  /** The practice is over: the hand's last step is shown (the panel says the score, and asks nothing). */
  get over() {
    return this.active && this.demo.n === this.demo.total;
  }

  /** The seats that make decisions in the recorded hand, in the order of the table (the trace's moves say who). */
  seats() {
    const trace = this.demo.recorded.trace;
    if (Number(/** @type {any} */ (trace.game).games) > 1) return []; // a series of games is played by the computers: nothing to practise
    const deciding = new Set(trace.moves.map((m) => m.who));
    const table = trace.game.table;
    return [...trace.seats, table.banker].filter((name) => deciding.has(name));
  }

  /** The decision at hand: the one whose move is the next step or the step shown. @returns {Entry|null} */
  current() {
    if (!this.active || !this.decisions) return null;
    const n = this.demo.n;
    const asked = (/** @type {Entry} */ d) => !d.forced && !this.passed.has(d.index);
    return this.decisions.find((d) => asked(d) && d.step === n + 1)
      || this.decisions.find((d) => asked(d) && d.step === n && this.verdicts.has(d.index)) || null;
  }

  /** The decision waiting for the student's answer (the demo stands on the step before it). */
  waiting() {
    const entry = this.current();
    return entry && entry.step === this.demo.n + 1 && !this.verdicts.has(entry.index) ? entry : null;
  }

  /** The question of the next step, while the demo shows the recorded hand. */
  question() {
    const demo = this.demo;
    if (demo.source !== "recorded" || demo.n >= demo.total) return null;
    const next = demo.trace.steps[demo.n];
    if (!next || !next.question) return null;
    return { step: demo.n + 1, ...next.question, chosen: this.answers.has(demo.n + 1) ? this.answers.get(demo.n + 1) : null };
  }

  /** The score so far: {asked, best, legal, forced}; `best`: the answers that cost nothing against the best move. */
  score() {
    const verdicts = [...this.verdicts.values()];
    return {
      asked: verdicts.length,
      best: verdicts.filter((v) => v.worth && v.worth.cost === 0).length,
      legal: verdicts.filter((v) => v.legal).length,
      forced: (this.decisions || []).filter((d) => d.forced && this.passed.has(d.index)).length,
    };
  }

  /**
   * Where a step forward may go (playback.js asks before each): not past a decision of the
   * practised seat that is not answered, nor (autoplay) past a question. `from`: as playback's goto.
   * @param {number} n @param {string} from @returns {number}
   */
  gate(n, from) {
    const to = this.stopBefore(n, from);
    // The hint to step on is spent once the hand is over (the score says the end): gone for good,
    // so that a step back does not bring it back.
    if (this.hint && this.active && to === this.demo.total && this.demo.message === this.hint) this.demo.message = null;
    return to;
  }

  /** @param {number} n @param {string} from @returns {number} */
  stopBefore(n, from) {
    const demo = this.demo;
    if (!this.asks || n <= demo.n || from === "link" || from === "init" || demo.source !== "recorded") return n;
    if (this.active && this.decisions) {
      for (const entry of this.decisions) {
        if (entry.step <= demo.n || entry.step > n || this.verdicts.has(entry.index) || this.passed.has(entry.index)) continue;
        if (entry.forced) {
          this.passed.add(entry.index);
          this.forced = entry;
          continue;
        }
        return this.stopAt(entry.step - 1);
      }
    }
    if (from === "auto") {
      for (let step = demo.n + 1; step <= n; step++) {
        if (demo.trace.steps[step - 1].question && !this.answers.has(step)) return this.stopAt(step - 1);
      }
    }
    return n;
  }

  /** @param {number} n */
  stopAt(n) {
    if (this.demo.playing) this.demo.playback.stop(false);
    this.selected = new Set();
    return n;
  }

  // ------------------------------------------------------------------ questions

  /** The reader's answer to the question shown. @param {number} choice */
  answer(choice) {
    const question = this.question();
    if (!question || question.chosen !== null || !(choice >= 0 && choice < question.choices.length)) return;
    this.answers.set(question.step, choice);
    this.demo.redraw();
  }

  // ------------------------------------------------------------------ practice

  /** Practise as `name` from the first step (or, for a link, from the step shown). @param {string} name */
  async start(name, fromLink = false) {
    const demo = this.demo;
    if (demo.seat || demo.busy || !name) return false;
    if (demo.source !== "recorded") demo.replays.showRecorded();
    const result = await demo.live.ask("practice", { setup: demo.recorded.setup, seat: name }, "panel",
      () => this.start(name, fromLink));
    if (!result) {
      demo.redraw();
      return false;
    }
    this.seat = result.seat;
    this.decisions = result.decisions;
    this.verdicts = new Map();
    this.passed = new Set();
    this.selected = new Set();
    this.forced = null;
    demo.message = { kind: "info", text: t(result.decisions.length ? "practice_started" : "practice_none", { name: result.seat }) };
    this.hint = result.decisions.length ? demo.message : null;
    if (fromLink) {
      for (const entry of result.decisions) if (entry.step <= demo.n) this.passed.add(entry.index);
    } else {
      demo.playback.moveTo(1, "user");
    }
    demo.links.stepped(demo);
    demo.redraw(!fromLink);
    return true;
  }

  stop() {
    const demo = this.demo;
    this.seat = null;
    this.decisions = null;
    this.selected = new Set();
    this.forced = null;
    this.hint = null;
    demo.message = null;
    demo.links.stepped(demo);
    demo.redraw();
  }

  /** The seat as a link names it: its number from 1 in the table's order (the same in either
   * language, whose names differ), or "banker". */
  linkValue() {
    const trace = this.demo.recorded.trace;
    if (this.seat === null) return null;
    const index = trace.seats.indexOf(this.seat);
    return index >= 0 ? String(index + 1) : "banker";
  }

  /** A link names a seat to practise as (after deep-link.js followed the rest of it). @param {import("./links.js").Link} link */
  async follow(link) {
    if (!link.practice) {
      if (this.seat !== null) this.stop();
      return;
    }
    if (this.demo.source !== "recorded") {
      this.demo.notice("practice", t("practice_link_live"));
      this.demo.redraw();
      return;
    }
    const trace = this.demo.recorded.trace;
    const number = /^\d+$/.test(link.practice) ? Number(link.practice) : 0;
    const name = number >= 1 && number <= trace.seats.length ? trace.seats[number - 1]
      : link.practice === "banker" ? trace.game.table.banker : link.practice; // a name: the engine finds it, or says why not
    await this.start(name, true);
  }

  /** @param {string} code a card of the practised player's hand */
  select(code) {
    const entry = this.waiting();
    if (!entry || this.demo.busy || !entry.decision.cards.includes(code)) return;
    if (this.selected.has(code)) this.selected.delete(code);
    else this.selected.add(code);
    this.demo.redraw();
  }

  clearSelection() {
    this.selected = new Set();
    this.demo.redraw();
  }

  /** The student's move, for the engine to judge. @param {string} text */
  async submit(text) {
    const demo = this.demo;
    const entry = this.waiting();
    const move = String(text || "").trim();
    if (!entry || demo.busy || !move) return false;
    const verdict = await demo.live.ask("practice_check", { setup: demo.recorded.setup, index: entry.index, move },
      "panel", () => this.submit(move));
    if (!verdict) {
      demo.redraw();
      return false;
    }
    this.verdicts.set(entry.index, verdict);
    this.selected = new Set();
    demo.redraw();
    return true;
  }

  /** Show the recorded move of the decision just judged. */
  playOn() {
    const entry = this.current();
    if (entry && this.verdicts.has(entry.index) && this.demo.n === entry.step - 1) this.demo.playback.goto(entry.step, "user");
  }
}
