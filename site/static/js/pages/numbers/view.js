// @ts-check
// The numbers panel's DOM: the elements the build wrote (site/templates/_numbers.html), found
// once (findRefs), and brought up to date from the state (render): the form's fields and buttons,
// the progress, the status line and the announcer, the line that says which run is shown, and the
// charts (charts.js draws each). Also the form read as the reader's choice (readChoice).

import { fill, number } from "../../lib/catalogue.js";
import { setText, toggleClass } from "../../lib/dom.js";
import { drawChart, resizeChart } from "./charts.js";
import { progressText, shownText } from "./state.js";

/** @param {HTMLElement} section the block's <section class="numbers"> @param {any[]} builtCharts the charts it shows */
export function findRefs(section, builtCharts) {
  const q = (/** @type {string} */ selector) => /** @type {any} */ (section.querySelector(selector));
  const form = /** @type {HTMLFormElement} */ (q(".numbers-form"));
  return {
    section, form,
    fields: /** @type {any} */ (form.elements),
    /** @type {(HTMLInputElement|HTMLSelectElement)[]} each reading's field (name "opt.KEY") */
    readings: [...form.querySelectorAll("[name^='opt.']")].map((el) => /** @type {any} */ (el)),
    run: /** @type {HTMLButtonElement} */ (q(".numbers-run")),
    cancel: /** @type {HTMLButtonElement} */ (q(".numbers-cancel")),
    defaults: /** @type {HTMLButtonElement} */ (q(".numbers-defaults")),
    progress: /** @type {HTMLProgressElement} */ (q("progress")),
    count: q(".numbers-count"), rate: q(".numbers-rate"), status: q(".numbers-status"), announcer: q(".numbers-announce"),
    shown: q(".numbers-shown"), noScript: q(".numbers-no-script"),
    charts: /** @type {HTMLElement} */ (q(".numbers-charts")),
    figures: /** @type {HTMLElement[]} */ ([...section.querySelectorAll("figure.numbers-chart")]),
    // What was drawn last: the page as the build wrote it (its charts, its line of the run shown).
    /** @type {{running: boolean, charts: any[], plotting: boolean, shownRun: any, announced: number}} */
    drawn: { running: false, charts: builtCharts, plotting: false, shownRun: null, announced: 0 },
  };
}

/** @typedef {ReturnType<typeof findRefs>} NumbersRefs */

/** The form as the reader left it. @param {NumbersRefs} refs @returns {import("./state.js").Choice} */
export function readChoice(refs) {
  /** @type {Object<string, string>} */
  const options = {};
  for (const el of refs.readings) options[el.name.slice(4)] = el.value;
  return { players: refs.fields.players.value, games: refs.fields.games.value, seed: refs.fields.seed.value, options };
}

/** The form's defaults, as the build wrote them. @param {NumbersRefs} refs @param {any} spec @returns {import("./state.js").Choice} */
export function defaultChoice(refs, spec) {
  /** @type {Object<string, string>} */
  const options = {};
  for (const el of refs.readings) options[el.name.slice(4)] = el.dataset.default || "";
  return { players: String(spec.players), games: String(spec.games), seed: String(spec.seed), options };
}

/** The panel with a script: the form shown, the note for pages without one hidden. @param {NumbersRefs} refs */
export function showForm(refs) {
  refs.form.hidden = false;
  if (refs.noScript) refs.noScript.hidden = true;
}

/** The charts drawn at their areas' new width (the window or the layout changed). @param {NumbersRefs} refs */
export function resizeCharts(refs) {
  refs.figures.forEach(resizeChart);
}

/**
 * Draw the state.
 * @param {NumbersRefs} refs @param {import("./state.js").NumbersState} state @param {import("./state.js").Panel} panel
 */
export function render(refs, state, panel) {
  renderChoice(refs, state.choice);
  renderRunning(refs, state.running);
  const { progress } = refs;
  const max = state.total || panel.spec.games;
  if (progress.max !== max) progress.max = max;
  if (progress.value !== state.done) progress.value = state.done;
  setText(refs.count, state.total ? progressText(state, panel) : "");
  setText(refs.rate, state.rate ? fill(panel.strings.rate, { rate: number(state.rate, panel.lang, 0) }) : "");
  setText(refs.status, state.status);
  if (refs.drawn.announced !== state.announced.length) {
    refs.drawn.announced = state.announced.length;
    refs.announcer.textContent = state.announced[state.announced.length - 1]; // (a text repeated is heard again)
  }
  if (refs.drawn.shownRun !== state.shownRun) {
    refs.drawn.shownRun = state.shownRun;
    refs.shown.textContent = shownText(state, panel);
  }
  if (refs.drawn.charts !== state.charts || refs.drawn.plotting !== state.plotting) {
    refs.drawn.charts = state.charts;
    refs.drawn.plotting = state.plotting;
    for (const model of state.charts) {
      const figure = refs.figures.find((f) => f.dataset.chart === model.id);
      if (figure) drawChart(figure, model);
    }
  }
}

/** The fields hold the choice (written only where they differ: the reader's typing is left alone). */
function renderChoice(/** @type {NumbersRefs} */ refs, /** @type {import("./state.js").Choice} */ choice) {
  const { fields } = refs;
  for (const name of /** @type {const} */ (["players", "games", "seed"])) {
    if (fields[name].value !== choice[name]) fields[name].value = choice[name];
  }
  for (const el of refs.readings) {
    const value = choice.options[el.name.slice(4)];
    if (value !== undefined && el.value !== value) el.value = value;
  }
}

/** While the games run the form is shut and Cancel has the focus; after, Run has it back. */
function renderRunning(/** @type {NumbersRefs} */ refs, /** @type {boolean} */ running) {
  const { run, cancel } = refs;
  if (refs.drawn.running === running) return;
  run.disabled = running;
  refs.defaults.disabled = running;
  cancel.disabled = !running;
  toggleClass(refs.section, "is-running", running);
  for (const el of refs.form.querySelectorAll("input, select")) /** @type {any} */ (el).disabled = running;
  refs.drawn.running = running;
  const active = document.activeElement;
  if (running) cancel.focus();
  else if (active === cancel || !active || active === document.body) run.focus();
}
