// @ts-check
// What each move was worth, at a play-off decision step: the state the panel draws (views/worth.js).
// The recorded hand's panels came with it from the build (sitegen/analyses.py), keyed by the step
// that shows the decision's move, their sentences about the figures and the assumption sent once for
// the hand (they are the same at every decision of a seat) and put back here. A hand replayed live asks the worker (`analyse`, engine/live.py)
// for the step shown, one request at a time, and keeps each answer with its trace. Nothing is drawn
// before a request: the view draws "working" for a decision step not answered yet; the answer, or
// why there is none (a refusal, a failure, in words), is drawn once when it comes. A seated game
// has no panel here (its hint is the seat's), nor has a demo given no analyses (the kiosk, the writer).

import { catalogue, t } from "../lib/catalogue.js";
import { Refusal } from "../lib/engine-client.js";

/**
 * @typedef {{move: string, text: string, short: string, value: number, net: string, cost: string, rank: number,
 *   played: boolean, interval?: string[]}} MoveShown
 * @typedef {{decision: number, who: string, mode: string, exact: boolean, recorded: string, moves: MoveShown[],
 *   about: string, assumption: string, reasons: string[]}} Panel the engine's analysis_page.for_page
 * @typedef {{panel?: Panel, working?: boolean, failure?: string, retry?: boolean}} Entry
 * @typedef {{sentences: string[], panels: Object<string, any>}} BuiltPanels the recorded hand's panels as the build
 *   sends them (sitegen/analyses.py for_pages): by step, each panel's `about` and `assumption` a place in `sentences`
 */

/** The build's panels by step, each with its sentences put back. @param {BuiltPanels} built @returns {Object<string, Panel>} */
function withSentences({ sentences, panels }) {
  /** @type {Object<string, Panel>} */
  const found = {};
  for (const [step, panel] of Object.entries(panels)) {
    found[step] = { ...panel, about: sentences[panel.about], assumption: sentences[panel.assumption] };
  }
  return found;
}

export class MoveWorth {
  /**
   * @param {import("./demo.js").Demo} demo
   * @param {BuiltPanels|null|undefined} built the recorded hand's panels (none: no panel)
   */
  constructor(demo, built) {
    this.demo = demo;
    this.enabled = !!built;
    /** @type {Object<string, Panel>} the recorded hand's panels by step */
    this.built = built ? withSentences(built) : {};
    /** @type {WeakMap<object, Map<number, Entry>>} a live trace's answers, by step */
    this.answers = new WeakMap();
    this.asking = false;
  }

  /** @param {object} trace */
  entries(trace) {
    let found = this.answers.get(trace);
    if (!found) {
      found = new Map();
      this.answers.set(trace, found);
    }
    return found;
  }

  /** The number of the decision a live trace's step `n` shows, when it is one of the play-off (the
   * phase before it is the engine's catalogue's "playoff"), else -1. @param {import("./trace.js").Trace} trace @param {number} n */
  liveDecision(trace, n) {
    if (Number(trace.game.games) > 1 || n < 2) return -1; // a series of games is not analysed
    const index = (trace.moves || []).findIndex((move) => move.step === n);
    if (index < 0) return -1;
    return catalogue().phases[trace.steps[n - 2].state.phase] === "playoff" ? index : -1;
  }

  /** What the panel shows for the step shown: null (no panel), or the entry. @returns {Entry|null} */
  shown() {
    const demo = this.demo;
    if (!this.enabled || demo.source === "seat") return null;
    if (demo.source === "recorded") {
      const panel = this.built[String(demo.n)];
      return panel ? { panel } : null;
    }
    if (this.liveDecision(demo.trace, demo.n) < 0) return null;
    return this.entries(demo.trace).get(demo.n) || { working: true };
  }

  /** After each redraw: a live decision step shown without its answer is asked for (one request at a
   * time; when it is answered, the step shown then is asked for in turn). */
  askShown() {
    const demo = this.demo;
    if (this.asking || !this.enabled || demo.source !== "live") return;
    const index = this.liveDecision(demo.trace, demo.n);
    if (index < 0 || this.entries(demo.trace).has(demo.n)) return;
    this.ask(demo.trace, demo.n, index);
  }

  /** @param {import("./trace.js").Trace} trace @param {number} n @param {number} index */
  async ask(trace, n, index) {
    const demo = this.demo;
    const entries = this.entries(trace);
    const engine = demo.live.engine;
    if (!engine) {
      entries.set(n, { failure: t("engine_not_running"), retry: false });
      demo.redraw();
      return;
    }
    this.asking = true;
    entries.set(n, { working: true });
    const lang = catalogue().lang;
    try {
      const result = await engine.request("analyse", { setup: trace.game, index, lang });
      entries.set(n, { panel: result.panel });
    } catch (error) {
      if (error instanceof Refusal) {
        entries.set(n, { failure: t("worth_refused", { why: error.in(lang) }), retry: false });
      } else {
        // As live.js words them: a worker restarted or not started can be tried again; the engine's
        // own failure would come again (its detail goes to the console).
        const kind = error && error.kind;
        if (kind === "failure") console.warn("engine failure", error.code, error.message); // eslint-disable-line no-console
        const text = kind === "dead" ? t("engine_dead") : kind === "failed" ? t("engine_not_running") : t("engine_problem");
        entries.set(n, { failure: text, retry: kind !== "failure" });
      }
    } finally {
      this.asking = false;
    }
    demo.redraw();
  }

  /** The visitor's "try again" after a failure: the engine restarts if it must, and the step is asked again. */
  retry() {
    const demo = this.demo;
    this.entries(demo.trace).delete(demo.n);
    const engine = demo.live.engine;
    if (engine && engine.status === "failed") engine.retry();
    demo.redraw();
  }
}
