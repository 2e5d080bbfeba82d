// @ts-check
// The numbers panel (the `::: numbers` block, sitegen/numbers.py): the reader chooses the table,
// the games, the seed and any readings; the page asks the engine's worker for the games chunk by
// chunk (run.js) and draws the charts the engine made of them (engine/charts.py: each chart's
// model, its table's text written, its plot's figures). Until the reader runs, the page draws the
// build's charts (the same engine code, the panel's defaults): a run with the defaults reproduces
// their figures exactly. The panel is a state (state.js) drawn after each action (view.js); this
// module makes it and turns the page's events into its actions.
//
// uPlot is loaded only here, when the panel comes near (its script and style sheet, from the
// site's own vendor folder). Each chart has its table beside it (charts.js).

import { catalogue } from "../../lib/catalogue.js";
import { readJson } from "../../lib/page.js";
import { uPlotLib } from "./charts.js";
import { runGames } from "./run.js";
import { cancelRun, choose, createState, plotsReady, restoreDefaults } from "./state.js";
import { defaultChoice, findRefs, readChoice, render, resizeCharts, showForm } from "./view.js";

/** @param {HTMLElement} section @param {string} url @returns {Promise<boolean>} whether uPlot is there */
function loadUPlot(section, url) {
  if (uPlotLib()) return Promise.resolve(true);
  const css = section.dataset.uplotCss;
  if (css && !document.querySelector(`link[href="${css}"]`)) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: css }));
  }
  return new Promise((resolve) => {
    const script = Object.assign(document.createElement("script"), { src: url, async: true });
    script.addEventListener("load", () => resolve(!!uPlotLib()));
    script.addEventListener("error", () => resolve(false));
    document.head.append(script);
  });
}

/**
 * @param {HTMLElement} section the block's <section class="numbers">
 * @param {import("../../lib/engine-client.js").EngineClient|null} engine the page's engine (shared with its demos)
 */
export function wireNumbers(section, engine) {
  if (!engine) return null; // no worker: the build's figures and tables only
  const client = engine;
  const data = readJson(section.querySelector("script.numbers-data"));
  if (!data) return null;
  const refs = findRefs(section, data.charts);
  /** @type {import("./state.js").Panel} */
  const panel = { ...data, lang: catalogue().lang, defaults: defaultChoice(refs, data.spec) };
  const state = createState(panel, readChoice(refs));
  const redraw = () => render(refs, state, panel);
  const debug = /** @type {any} */ (window).__cardLottery;
  if (debug) debug.numbers = state; // for the tests and the benchmark (scripts/bench_numbers.py)
  showForm(refs);

  // uPlot and the engine start when the panel comes near (or at once without IntersectionObserver).
  let woken = false;
  const wake = () => {
    if (woken) return;
    woken = true;
    loadUPlot(section, section.dataset.uplotJs || "").then((loaded) => {
      if (loaded) plotsReady(state);
      redraw();
    });
    client.start().catch(() => {});
  };
  if ("IntersectionObserver" in window) {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        wake();
      }
    }, { rootMargin: "600px 0px" });
    observer.observe(section);
  } else {
    wake();
  }
  refs.form.addEventListener("focusin", wake);
  if ("ResizeObserver" in window) {
    let frame = 0;
    new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => resizeCharts(refs));
    }).observe(refs.charts);
  }

  const changed = () => {
    choose(state, readChoice(refs));
    redraw();
  };
  refs.form.addEventListener("input", changed);
  refs.form.addEventListener("change", changed);
  refs.form.addEventListener("submit", (event) => {
    event.preventDefault();
    runGames({ state, panel, engine: client, redraw, wake });
  });
  refs.cancel.addEventListener("click", () => {
    cancelRun(state);
    redraw();
  });
  refs.defaults.addEventListener("click", () => {
    restoreDefaults(state, panel);
    redraw();
  });
  return state;
}
