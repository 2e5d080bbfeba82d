// @ts-check
// A run of the numbers panel: the games asked of the engine's worker chunk by chunk (`simulate`,
// engine/live.py), the tally the engine returned sent back with the next chunk, and the build's
// comparisons with each, so that the engine marks the reader's run among them. Chunks are sized to
// answer about six times a second, so the progress moves, Cancel is heard (it stops after the
// chunk in hand) and the other demos' requests go between chunks. The next chunk is asked for as
// soon as an answer brings the tally, before this one is drawn: the worker plays while the page
// draws. This module only changes the state (state.js) and draws it, once an answer.

import { Refusal, failureText } from "../../lib/engine-client.js";
import { answered, runEnded, runFailed, runRefused, startRun } from "./state.js";

const TARGET_MS = 160; // a chunk's time in the worker: about six answers a second
const MIN_CHUNK = 20;
const MAX_CHUNK = 2000;

/**
 * Run the games the form asks for, unless a run is under way.
 * @param {{state: import("./state.js").NumbersState, panel: import("./state.js").Panel,
 *   engine: import("../../lib/engine-client.js").EngineClient, redraw: () => void, wake: () => void}} run
 */
export async function runGames({ state, panel, engine, redraw, wake }) {
  if (state.running) return;
  const want = startRun(state, panel);
  redraw();
  if (!want) return;
  wake();
  const games = want.games;
  try {
    await engine.start();
    const started = performance.now();
    /** @type {any} the engine's tally so far, sent back with the next chunk */
    let tally = null;
    let chunk = panel.chunk;
    const ask = (/** @type {number} */ from, /** @type {number} */ count) => ({
      count, t0: performance.now(),
      reply: engine.request("simulate", { players: want.players, seed: want.seed, options: want.options, start: from, count, tally,
        compare: panel.compare, lang: panel.lang }),
    });
    /** @type {ReturnType<typeof ask>|null} */
    let pending = ask(0, Math.min(chunk, games));
    while (pending) {
      const { reply, count, t0 } = pending;
      pending = null;
      let result;
      try {
        result = await reply;
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        runRefused(state, panel, error.in(panel.lang));
        redraw();
        return;
      }
      const took = performance.now() - t0;
      tally = result.tally;
      const next = result.done;
      chunk = Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, Math.round((count * TARGET_MS) / Math.max(took, 1))));
      if (next < games && !state.cancelled) pending = ask(next, Math.min(chunk, games - next));
      answered(state, panel, want, result, (performance.now() - started) / 1000);
      redraw();
    }
    runEnded(state, panel);
  } catch (error) {
    const why = error && error.kind === "failed" ? failureText(error.message) : String(error && error.message ? error.message : error);
    if (error && error.kind === "failure") console.warn("engine failure", why); // eslint-disable-line no-console
    runFailed(state, panel, why, !!error && error.kind === "failure");
  }
  redraw();
}
