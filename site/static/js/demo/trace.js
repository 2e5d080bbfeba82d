// @ts-check
// The shapes of what a demo shows, and the two derivations every source of a trace needs.

/**
 * @typedef {{event: {kind: string, rule: string[], [key: string]: any}, text: string, note?: string,
 *   question?: {text: string, choices: string[], answer: number, explain: string},
 *   decision: number, state: {[key: string]: any}, game?: number}} Step
 * @typedef {{game: {table: {players: string[], banker: string, dealer: string}, options: Object<string, any>,
 *   seed: number|string, decks: any, pool: number, actions: string[], games?: number}, seats: string[], steps: Step[],
 *   moves: {move: string, who: string, step: number, text: string, short: string}[], result: any,
 *   notice?: string|null, you?: any}} Trace
 * @typedef {{options: Object<string, string>, seed: string, players: string}} Settings
 */

/**
 * The build and the engine send each step's state as what changed since the step before
 * (engine/trace.py, for_page): rebuild the whole state of every step, once.
 * @param {Trace} trace
 */
export function expandStates(trace) {
  let state = {};
  for (const step of trace.steps) {
    state = { ...state, ...step.state };
    step.state = state;
  }
  return trace;
}

/** The settings a set-up stands for, as the form shows them (text). @returns {Settings} */
export function settingsOf(/** @type {any} */ setup) {
  /** @type {Object<string, string>} */
  const options = {};
  for (const [key, value] of Object.entries(setup.options || {})) options[key] = String(value);
  return {
    options,
    seed: setup.seed === undefined || setup.seed === null ? "" : String(setup.seed),
    players: String(setup.players ?? setup.table.players.length),
  };
}
