// @ts-check
// The numbers panel (the `::: numbers` block, sitegen/numbers.py): the reader chooses the table,
// the games, the seed and any readings; the page asks the engine's worker for the games chunk by
// chunk (`simulate`, engine/live.py), sends back the tally the engine returned with the next chunk,
// and draws the charts the engine made of it (engine/charts.py: each chart's model, its table's
// text written, its plot's figures). Chunks are sized to answer about five times a second, so the
// progress moves, Cancel is heard (it stops after the current chunk) and the other demos' requests
// go between chunks. Until the reader runs, the page draws the build's charts (the same engine
// code, the panel's defaults): a run with the defaults reproduces their figures exactly. The
// build's comparisons go back with each chunk, so that the engine marks the reader's run among them.
//
// uPlot is loaded only here, when the panel comes near (its script and style sheet, from the
// site's own vendor folder). Each chart has its table beside it (views/charts.js).

import { catalogue, number } from "../../lib/catalogue.js";
import { Refusal, failureText } from "../../lib/engine-client.js";
import { drawChart, resizeChart, uPlotLib } from "./charts.js";

const TARGET_MS = 160; // a chunk's time in the worker: about six answers a second
const MIN_CHUNK = 20;
const MAX_CHUNK = 2000;

/** @param {HTMLElement} section @param {string} url */
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
  const dataEl = section.querySelector("script.numbers-data");
  if (!dataEl || !dataEl.textContent) return null;
  const data = JSON.parse(dataEl.textContent);
  const s = data.strings;
  const lang = catalogue().lang;
  const form = /** @type {HTMLFormElement} */ (section.querySelector(".numbers-form"));
  const q = (/** @type {string} */ sel) => /** @type {any} */ (section.querySelector(sel));
  const run = q(".numbers-run");
  const cancel = q(".numbers-cancel");
  const defaults = q(".numbers-defaults");
  const progress = q("progress");
  const countEl = q(".numbers-count");
  const rateEl = q(".numbers-rate");
  const status = q(".numbers-status");
  const shown = q(".numbers-shown");
  const figures = /** @type {HTMLElement[]} */ ([...section.querySelectorAll("figure.numbers-chart")]);

  const state = {
    running: false, cancelled: false, figures: /** @type {any} */ (null), charts: /** @type {any[]} */ (data.charts),
    chunks: 0, done: 0, total: 0,
    rate: 0, seconds: 0, updates: /** @type {number[]} */ ([]), announced: /** @type {string[]} */ ([]),
    error: /** @type {string|null} */ (null),
  };
  const debug = /** @type {any} */ (window).__cardLottery;
  if (debug) debug.numbers = state;

  form.hidden = false;
  const noScript = q(".numbers-no-script");
  if (noScript) noScript.hidden = true;

  const draw = () => {
    for (const model of state.charts) {
      const figure = figures.find((f) => f.dataset.chart === model.id);
      if (figure) drawChart(figure, model);
    }
  };

  // uPlot and the engine start when the panel comes near (or at once without IntersectionObserver).
  let woken = false;
  const wake = () => {
    if (woken) return;
    woken = true;
    loadUPlot(section, section.dataset.uplotJs || "").then(draw);
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
  form.addEventListener("focusin", wake);
  if ("ResizeObserver" in window) {
    let frame = 0;
    new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => figures.forEach(resizeChart));
    }).observe(/** @type {HTMLElement} */ (section.querySelector(".numbers-charts")));
  }

  /** The form as the engine's request: players and seed as typed, the options changed from their defaults. */
  const settings = () => {
    const fields = /** @type {any} */ (form.elements);
    /** @type {Object<string, string>} */
    const options = {};
    for (const el of /** @type {any[]} */ ([...form.querySelectorAll("[name^='opt.']")])) {
      if (el.value.trim() !== el.dataset.default) options[el.name.slice(4)] = el.value.trim();
    }
    return { players: fields.players.value, seed: fields.seed.value.trim() || "0", games: fields.games.value.trim(), options };
  };

  const changedText = (/** @type {Object<string, string>} */ options) => {
    const parts = Object.entries(options).map(([key, value]) => {
      const info = catalogue().options.find((o) => o.key === key);
      if (!info) return `${key} = ${value}`;
      const choice = info.choices.find((c) => c.value === value);
      return `${info.label}: ${choice ? choice.label : value}`;
    });
    return parts.length ? s.changed.replace("{list}", parts.join("; ")) : "";
  };

  const announcer = q(".numbers-announce");
  // The status line says what is not a count (starting, done, cancelled, refused, failed); the
  // count is shown once, beside the bar, and a screen reader hears it at each quarter.
  const announce = (/** @type {string} */ text) => {
    announcer.textContent = text;
    state.announced.push(text);
  };
  const say = (/** @type {string} */ text) => {
    status.textContent = text;
    announce(text);
  };

  const setRunning = (/** @type {boolean} */ running) => {
    state.running = running;
    run.disabled = running;
    defaults.disabled = running;
    cancel.disabled = !running;
    section.classList.toggle("is-running", running);
    for (const el of form.querySelectorAll("input, select")) /** @type {any} */ (el).disabled = running;
    if (running) cancel.focus();
    else if (document.activeElement === cancel || !document.activeElement || document.activeElement === document.body) run.focus();
  };

  const showProgress = (/** @type {number} */ done, /** @type {number} */ total) => {
    progress.max = total;
    progress.value = done;
    countEl.textContent = s.running.replace("{done}", number(done, lang, 0)).replace("{total}", number(total, lang, 0));
    rateEl.textContent = state.rate ? s.rate.replace("{rate}", number(state.rate, lang, 0)) : "";
  };

  async function simulate() {
    if (state.running) return;
    const want = settings();
    const games = Number(want.games);
    if (!/^\d+$/.test(want.games) || games < 1 || games > data.max_games) {
      say(s.bad_games.replace("{max}", number(data.max_games, lang, 0)));
      return;
    }
    state.cancelled = false;
    state.error = null;
    state.chunks = 0;
    state.done = 0;
    state.total = games;
    state.rate = 0;
    state.updates = [];
    setRunning(true);
    showProgress(0, games);
    say(s.starting);
    wake();
    let tally = null;
    let chunk = data.chunk;
    let next = 0;
    let milestone = 1;
    let started = 0;
    try {
      await client.start();
      started = performance.now();
      // The next chunk is asked for as soon as a reply brings the tally, before this one is drawn:
      // the worker plays while the page draws.
      const ask = (/** @type {number} */ from, /** @type {number} */ count) => ({
        count, t0: performance.now(),
        reply: client.request("simulate", { players: want.players, seed: want.seed, options: want.options, start: from, count, tally,
          compare: data.compare, lang }),
      });
      /** @type {any} */
      let pending = ask(0, Math.min(chunk, games));
      while (pending) {
        const { reply: waiting, count, t0 } = pending;
        pending = null;
        let result;
        try {
          result = await waiting;
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          state.error = error.in(lang);
          say(s.refused.replace("{why}", state.error || ""));
          break;
        }
        const took = performance.now() - t0;
        tally = result.tally;
        next = result.done;
        chunk = Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, Math.round((count * TARGET_MS) / Math.max(took, 1))));
        if (next < games && !state.cancelled) pending = ask(next, Math.min(chunk, games - next));
        state.figures = result.figures;
        state.charts = result.charts;
        state.chunks += 1;
        state.done = next;
        state.seconds = (performance.now() - started) / 1000;
        state.rate = next / Math.max(state.seconds, 0.001);
        state.updates.push(performance.now());
        showProgress(next, games);
        if (state.chunks === 1) status.textContent = ""; // the first games are in: the engine has started
        if (next >= (games * milestone) / 4 && next < games) { // announced at a quarter, a half, three quarters
          while (next >= (games * milestone) / 4) milestone += 1;
          announce(s.running.replace("{done}", number(next, lang, 0)).replace("{total}", number(games, lang, 0)));
        }
        draw();
        shown.textContent = s.shown_run.replace("{games}", number(next, lang, 0)).replace("{players}", String(result.figures.players))
          .replace("{seed}", want.seed).replace("{changed}", changedText(result.figures.options));
      }
      if (!state.error) {
        const params = { games: number(state.done, lang, 0), seconds: number(state.seconds, lang, 1), rate: number(state.rate, lang, 0), done: number(state.done, lang, 0) };
        say((state.cancelled ? s.cancelled : s.done).replace(/\{(\w+)\}/g, (m, k) => (k in params ? params[k] : m)));
      }
    } catch (error) {
      state.error = error && error.kind === "failed" ? failureText(error.message) : String(error && error.message ? error.message : error);
      // The engine's own failure (a bug) is said in words, its detail kept for the console.
      if (error && error.kind === "failure") console.warn("engine failure", state.error); // eslint-disable-line no-console
      say(error && error.kind === "failure" ? s.problem : s.failed.replace("{why}", state.error));
    } finally {
      setRunning(false);
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    simulate();
  });
  cancel.addEventListener("click", () => {
    if (state.running) state.cancelled = true;
  });
  defaults.addEventListener("click", () => {
    const fields = /** @type {any} */ (form.elements);
    fields.players.value = String(data.spec.players);
    fields.games.value = String(data.spec.games);
    fields.seed.value = String(data.spec.seed);
    for (const el of /** @type {any[]} */ ([...form.querySelectorAll("[name^='opt.']")])) el.value = el.dataset.default;
    state.figures = null;
    state.charts = data.charts;
    shown.textContent = s.built.replace("{games}", number(data.spec.games, lang, 0)).replace("{players}", String(data.spec.players))
      .replace("{seed}", String(data.spec.seed));
    progress.value = 0;
    countEl.textContent = "";
    rateEl.textContent = "";
    say("");
    draw();
  });
  return state;
}
