// @ts-check
// A demo's live engine: its status, and its requests. Every answer comes from the engine
// (engine/live.py): a result, a refusal in the page's language, or a failure, which the demo
// reports and offers to try again. A request draws the demo once, busy, before it is sent; the
// action that asked draws the outcome (replay.js, seated-game.js, practice.js).

import { catalogue, t } from "../lib/catalogue.js";
import { Refusal } from "../lib/engine-client.js";

/** Where a request's refusal or failure is said: beside the control that asked (the settings' form,
 * the seat's form), at the live panel's head, or in the seat's panel.
 * @typedef {"settings"|"seat-form"|"panel"|"seat"} Where */

export class LiveEngine {
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
    /** @type {(() => Promise<any>)|null} the visitor's action to do again after a failure ("try again") */
    this.again = null;
    /** @type {() => void} stops listening to the engine (Demo.dispose) */
    this.unsubscribe = engine ? engine.subscribe((status, reason) => this.onStatus(status, reason)) : () => {};
  }

  /** Start the engine if it is not started (the demo came into view, or the visitor used it). */
  wake() {
    if (this.engine && this.engine.status === "idle") this.engine.start();
  }

  /** @param {import("../lib/engine-client.js").Status} status @param {string|null} reason */
  onStatus(status, reason) {
    this.status = status;
    this.reason = reason;
    const demo = this.demo;
    if (demo.live !== this) return; // the demo is being made (the engine tells its status at once)
    // What waited for the engine: a deep link, else a seated game kept for the tab. Each is an
    // action of its own, which draws the demo (the status with it).
    if (status === "ready" && (demo.deepLink.followWaiting() || demo.seatedGame.restore())) return;
    const placed = status === "failed" && demo.deepLink.dropWaiting();
    demo.redraw(placed); // (a link's step is said to screen readers)
  }

  /**
   * One request: resolves with the result, or null after putting why in the demo's state (a refusal
   * in the page's language, or the engine's failure) where `where` says. `again` is the visitor's
   * action, which "try again" repeats after a failure. The demo is drawn busy once, before the
   * request is sent; the caller draws the outcome.
   * @param {string} type @param {object} payload @param {Where} where @param {() => Promise<any>} again
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
    }
  }

  /** The visitor's "try again" after a failure: the engine restarts if it must, then the action
   * (which draws its outcome; with no action to repeat, the demo is drawn here). */
  async retry() {
    const demo = this.demo;
    const again = this.again;
    this.again = null;
    demo.message = null;
    if (this.engine && this.engine.status === "failed") this.engine.retry();
    // A restarted engine has forgotten the seat: sit again and make the same moves first.
    if (demo.seat) await demo.seatedGame.sitAgain();
    if (again) await again();
    else demo.redraw();
  }
}
