// @ts-check
// The numbers panel's state and its actions: the form's choice, the run (running, cancelled,
// progress), the figures and the charts shown (the build's until the reader runs, then the
// engine's), the error, and the words said: the status line and what a screen reader hears
// (`announced`, the panel's announcements in order: the view says each new one). The actions
// change the state only; the page draws it after each (view.js). Nothing here touches the page or
// asks the engine (run.js does).

import { fill, number, option } from "../../lib/catalogue.js";

/**
 * @typedef {{players: string, games: string, seed: string, options: Object<string, string>}} Choice the form's
 *   fields as typed (`options`: every reading's field, by the option's key)
 * @typedef {{strings: Object<string, string>, spec: {players: number, games: number, seed: number}, charts: any[],
 *   compare: any, chunk: number, max_games: number, lang: string, defaults: Choice}} Panel the panel's data
 *   (sitegen/numbers.py), the page's language and the form's defaults
 * @typedef {{players: string, seed: string, games: number, options: Object<string, string>}} Request the
 *   engine's request of a run: the readings changed from their defaults only
 */

/**
 * @typedef {{choice: Choice, running: boolean, cancelled: boolean, chunks: number, done: number, total: number,
 *   rate: number, seconds: number, updates: number[], quarter: number, figures: any, charts: any[],
 *   shownRun: {games: number, players: number, seed: string, options: Object<string, string>}|null,
 *   status: string, announced: string[], error: string|null, plotting: boolean}} NumbersState
 *   The run's progress: `chunks` (answers), `done` (games) of `total`, `rate` (games a second), `seconds` since
 *   the first request, `updates` (the time of each answer, performance.now()), `quarter` (the next to be
 *   announced). `figures`, `charts`: the run's figures (null: the build's shown) and the chart models shown;
 *   `shownRun`: the run they show (null: the build's). `plotting`: uPlot has loaded, the charts are drawn as
 *   plots beside their tables.
 */

/** @param {Panel} panel @param {Choice} choice what the form holds as the page opens @returns {NumbersState} */
export function createState(panel, choice) {
  return {
    choice, running: false, cancelled: false,
    chunks: 0, done: 0, total: 0, rate: 0, seconds: 0, updates: [], quarter: 1,
    figures: null, charts: panel.charts, shownRun: null,
    status: "", announced: [], error: null, plotting: false,
  };
}

/** @param {Panel} panel @param {number} n */
const whole = (panel, n) => number(n, panel.lang, 0);

/** Say a text in the status line, and to a screen reader. @param {NumbersState} state @param {string} text */
function say(state, text) {
  state.status = text;
  state.announced.push(text);
}

/** @param {NumbersState} state @param {Choice} choice */
export function choose(state, choice) {
  state.choice = choice;
}

/** @param {NumbersState} state @param {Panel} panel */
export function restoreDefaults(state, panel) {
  state.choice = panel.defaults;
  state.figures = null;
  state.charts = panel.charts;
  state.shownRun = null;
  state.done = 0;
  state.total = 0;
  state.rate = 0;
  say(state, "");
}

/** @param {NumbersState} state */
export function plotsReady(state) {
  state.plotting = true;
}

/**
 * Run pressed: the engine's request for the choice, the run started; or null, the number of games
 * refused. @param {NumbersState} state @param {Panel} panel @returns {Request|null}
 */
export function startRun(state, panel) {
  const choice = state.choice;
  const games = choice.games.trim();
  if (!/^\d+$/.test(games) || Number(games) < 1 || Number(games) > panel.max_games) {
    say(state, fill(panel.strings.bad_games, { max: whole(panel, panel.max_games) }));
    return null;
  }
  /** @type {Object<string, string>} */
  const options = {};
  for (const [key, value] of Object.entries(choice.options)) {
    if (value.trim() !== panel.defaults.options[key]) options[key] = value.trim();
  }
  Object.assign(state, {
    running: true, cancelled: false, error: null, chunks: 0, done: 0, total: Number(games), rate: 0, updates: [], quarter: 1,
  });
  say(state, panel.strings.starting);
  return { players: choice.players, seed: choice.seed.trim() || "0", games: Number(games), options };
}

/** @param {NumbersState} state */
export function cancelRun(state) {
  if (state.running) state.cancelled = true;
}

/**
 * An answer came: its figures and charts, the progress, a quarter announced.
 * @param {NumbersState} state @param {Panel} panel @param {Request} request
 * @param {{done: number, figures: any, charts: any[]}} result @param {number} seconds since the first request
 */
export function answered(state, panel, request, result, seconds) {
  const { done } = result;
  state.figures = result.figures;
  state.charts = result.charts;
  state.shownRun = { games: done, players: result.figures.players, seed: request.seed, options: result.figures.options };
  state.chunks += 1;
  state.done = done;
  state.seconds = seconds;
  state.rate = done / Math.max(seconds, 0.001);
  state.updates.push(performance.now());
  if (state.chunks === 1) state.status = ""; // the first games are in: the engine has started
  const total = state.total;
  if (done >= (total * state.quarter) / 4 && done < total) { // announced at a quarter, a half, three quarters
    while (done >= (total * state.quarter) / 4) state.quarter += 1;
    state.announced.push(progressText(state, panel));
  }
}

/** The run is over, every game played or cancelled. @param {NumbersState} state @param {Panel} panel */
export function runEnded(state, panel) {
  state.running = false;
  const params = {
    games: whole(panel, state.done), seconds: number(state.seconds, panel.lang, 1), rate: whole(panel, state.rate),
    done: whole(panel, state.done),
  };
  say(state, fill(state.cancelled ? panel.strings.cancelled : panel.strings.done, params));
}

/** The engine refused the settings, in its words. @param {NumbersState} state @param {Panel} panel @param {string} why */
export function runRefused(state, panel, why) {
  state.running = false;
  state.error = why;
  say(state, fill(panel.strings.refused, { why }));
}

/**
 * The engine failed: its own failure (a bug) is said in words, its detail kept for the console;
 * one that may mend is said with its cause. @param {NumbersState} state @param {Panel} panel
 * @param {string} why @param {boolean} bug
 */
export function runFailed(state, panel, why, bug) {
  state.running = false;
  state.error = why;
  say(state, bug ? panel.strings.problem : fill(panel.strings.failed, { why }));
}

/** "Played: 500 of 2,000". @param {NumbersState} state @param {Panel} panel */
export function progressText(state, panel) {
  return fill(panel.strings.running, { done: whole(panel, state.done), total: whole(panel, state.total) });
}

/** What the charts show: the build's run, or the reader's. @param {NumbersState} state @param {Panel} panel */
export function shownText(state, panel) {
  const run = state.shownRun;
  if (!run) return fill(panel.strings.built, { games: whole(panel, panel.spec.games), players: panel.spec.players, seed: panel.spec.seed });
  return fill(panel.strings.shown_run, {
    games: whole(panel, run.games), players: run.players, seed: run.seed, changed: changedText(run.options, panel),
  });
}

/** ", readings changed: …" (nothing when none is). @param {Object<string, string>} options @param {Panel} panel */
function changedText(options, panel) {
  const parts = Object.entries(options).map(([key, value]) => {
    const info = option(key);
    if (!info) return `${key} = ${value}`;
    const choice = info.choices.find((c) => c.value === value);
    return `${info.label}: ${choice ? choice.label : value}`;
  });
  return parts.length ? fill(panel.strings.changed, { list: parts.join("; ") }) : "";
}
