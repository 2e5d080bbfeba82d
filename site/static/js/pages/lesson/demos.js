// @ts-check
// The page's demos: those whose hand is in the page (in its figure, or in another figure that
// shares it: data-trace-ref) are made at once; the others (a heavy page fetches them:
// data-trace-src) when they come near, or when a link names them.

import { t } from "../../lib/catalogue.js";
import { readJson } from "../../lib/page.js";
import { Demo } from "../../demo/demo.js";
import { bindEvents } from "../../demo/events.js";
import { later } from "./idle.js";

const NEAR_MARGIN = "800px 0px"; // a fetched demo is loaded this near the window

/** @typedef {{trace: any, setup: any, analyses?: any}} Hand the recorded hand a demo shows, and what each move of its
 * play-off was worth (from the build: demo/worth.js BuiltPanels) */
/** @typedef {{demos: Demo[], load: (name: string) => Promise<Demo|null>, names: () => string[]}} PageDemos */

/** The demo's name on the page. @param {HTMLElement} figure */
const nameOf = (figure) => String(figure.dataset.demo || figure.dataset.hand);

/** Where the demo's hand is fetched from: its own data-trace-src, or that of the figure it shares the hand with.
 * @param {HTMLElement} figure */
function sourceOf(figure) {
  if (figure.dataset.traceSrc) return figure.dataset.traceSrc;
  const holder = figure.dataset.traceRef ? document.getElementById(figure.dataset.traceRef) : null;
  return (holder && holder.dataset.traceSrc) || null;
}

/** The hand in the page: in the figure, or in the figure it names. @param {HTMLElement} figure @returns {Hand} */
function handNow(figure) {
  const holder = figure.dataset.traceRef ? document.getElementById(figure.dataset.traceRef) : figure;
  return {
    trace: readJson(holder && holder.querySelector("script.demo-trace")),
    setup: readJson(holder && holder.querySelector("script.demo-setup")),
    analyses: readJson(holder && holder.querySelector("script.demo-analyses")),
  };
}

/** @type {Map<string, Promise<string>>} URL -> the promise of its text: demos that share a hand fetch it once */
const fetched = new Map();

/** The demo's hand: in the page, or fetched. @param {HTMLElement} figure @returns {Promise<Hand>} */
async function handOf(figure) {
  const source = sourceOf(figure);
  if (!source) return handNow(figure);
  const url = new URL(source, location.href).href;
  let text = fetched.get(url);
  if (!text) {
    text = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      return response.text();
    }).catch((error) => {
      fetched.delete(url); // a later approach tries again
      throw error;
    });
    fetched.set(url, text);
  }
  return JSON.parse(await text); // each demo its own copy
}

/** The hand as a list of sentences, when the page left the fallback list for the script. @param {Demo} demo */
function fillTextFallback(demo) {
  const list = demo.figure.querySelector('.demo-text ol[data-fill="script"]');
  if (!list || list.children.length) return;
  list.replaceChildren(...demo.recorded.trace.steps.map((step) => {
    const li = document.createElement("li");
    li.textContent = step.text;
    if (step.note) {
      const note = document.createElement("span");
      note.className = "demo-note";
      note.textContent = ` ${step.note}`;
      li.append(note);
    }
    return li;
  }));
  const empty = /** @type {HTMLElement|null} */ (demo.figure.querySelector(".demo-text-empty"));
  if (empty) empty.hidden = true;
}

/**
 * @param {HTMLElement} figure @param {Hand} hand
 * @param {{engine: import("../../lib/engine-client.js").EngineClient|null, paragraphs: any, links: import("../../demo/links.js").Links}} page
 */
function makeDemo(figure, { trace, setup, analyses }, { engine, paragraphs, links }) {
  if (!trace || !setup || !Array.isArray(trace.steps) || !trace.steps.length) return null;
  try {
    const demo = new Demo({
      figure, hand: nameOf(figure), trace, setup, paragraphs, engine, links, switchKey: figure.dataset.switch || null,
      analyses: analyses || { sentences: [], panels: {} },
    });
    bindEvents(demo);
    later(() => fillTextFallback(demo));
    return demo;
  } catch (error) {
    console.error(`card lottery: the demo ${figure.dataset.demo} could not start`, error); // eslint-disable-line no-console
    return null;
  }
}

/**
 * The page's demos. `demos` grows as the fetched ones arrive; `onArrive(demo)` for each of those.
 * @param {{engine: import("../../lib/engine-client.js").EngineClient|null, paragraphs: any, links: import("../../demo/links.js").Links}} page
 * @param {(demo: Demo) => void} onArrive
 * @returns {PageDemos}
 */
export function createDemos(page, onArrive) {
  /** @type {Demo[]} */
  const demos = [];
  /** @type {Map<string, HTMLElement>} demo name -> its figure, until its hand is fetched */
  const waiting = new Map();
  for (const figure of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("figure.demo[data-hand]"))) {
    if (sourceOf(figure)) {
      waiting.set(nameOf(figure), figure);
      figure.classList.add("is-loading");
      continue;
    }
    const demo = makeDemo(figure, handNow(figure), page);
    if (demo) demos.push(demo);
  }
  /** @type {Map<string, Promise<Demo|null>>} */
  const loading = new Map();
  /** The demo named, once its hand is here (null if it cannot be). @param {string} name */
  const load = (name) => {
    const figure = waiting.get(name);
    if (!figure) return Promise.resolve(demos.find((d) => d.hand === name) || null);
    let arriving = loading.get(name);
    if (!arriving) {
      arriving = handOf(figure).then((hand) => {
        waiting.delete(name);
        figure.classList.remove("is-loading");
        const demo = makeDemo(figure, hand, page);
        if (demo) {
          demos.push(demo);
          onArrive(demo);
        }
        return demo;
      }).catch((error) => {
        loading.delete(name); // a later approach tries again
        figure.classList.remove("is-loading");
        const text = figure.querySelector(".demo-text-empty");
        if (text) text.textContent = t("hand_unavailable", { why: String(error.message || error) });
        return null;
      });
      loading.set(name, arriving);
    }
    return arriving;
  };
  if (waiting.size) loadWhenNear([...waiting.values()], (figure) => load(nameOf(figure)));
  return { demos, load, names: () => [...demos.map((d) => d.hand), ...waiting.keys()] };
}

/** load(figure) for each figure when it comes near the window. @param {HTMLElement[]} figures @param {(figure: HTMLElement) => void} load */
function loadWhenNear(figures, load) {
  if (!("IntersectionObserver" in window)) {
    for (const figure of figures) load(figure);
    return;
  }
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const figure = /** @type {HTMLElement} */ (entry.target);
      observer.unobserve(figure);
      load(figure);
    }
  }, { rootMargin: NEAR_MARGIN });
  for (const figure of figures) observer.observe(figure);
}
