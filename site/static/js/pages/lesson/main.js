// The site's script: makes each demo steppable at once from its embedded trace, starts the live
// engine (Pyodide in a module worker) when a demo comes into view or is used, follows deep links,
// and wires the language switch (which carries the place in the page across, and is remembered)
// and the reading page's view buttons.

// Every module is named here, so the browser fetches them all in one wave (no import waterfall).
import "../../lib/dom.js";
import "../../demo/playback.js";
import "../../demo/live-session.js";
import "../../demo/trace.js";
import "../../demo/view.js";
import "../../demo/views/cards.js";
import "../../demo/views/controls.js";
import "../../demo/views/live.js";
import "../../demo/views/moves.js";
import "../../demo/views/narration.js";
import "../../demo/views/seat.js";
import "../../demo/views/table.js";
import "../../demo/views/table-text.js";
import { ensureSprite } from "../../lib/cards-svg.js";
import { loadCatalogue, pageLang, t } from "../../lib/catalogue.js";
import { Demo } from "../../demo/demo.js";
import { pageEngine, readJson, textStore } from "../../lib/page.js";
import { bindEvents } from "../../demo/events.js";
import { wireHandFilter } from "../hands/hand-filter.js";
import { Links, parseHash } from "../../demo/links.js";
import { copyState, keepRuntime, keepTheRest, registerServiceWorker } from "../../lib/offline.js";

const LANG_KEY = "card-lottery.lang";
const VIEW_KEY = "card-lottery.text-view."; // + the page's language: each language keeps its own choice
const IDLE_ENGINE_MS = 5000; // a page whose engine nobody has woken by then keeps the rest of the site anyway

const store = textStore("local"); // refused: the choices are then not remembered

// ---------------------------------------------------------------------------- language

/** The id of the heading or paragraph at the top of the window: the same place in the other language. */
function placeInPage() {
  let place = "";
  for (const el of document.querySelectorAll("main h2[id], main h3[id], main .para[id]")) {
    if (el.getBoundingClientRect().top > 120) break; // below the sticky header, near the top
    place = el.id;
  }
  return place ? `#${place}` : "";
}

function wireLanguageLinks(links) {
  const remember = (event) => {
    const link = event.target.closest("a[hreflang]");
    if (!link) return;
    const lang = (link.getAttribute("hreflang") || "").slice(0, 2);
    if (lang === "en" || lang === "ru") store.set(LANG_KEY, lang);
    if (link.closest(".lang-switch")) {
      links.flush();
      carryHash(link, parseHash(location.hash) ? location.hash : placeInPage());
    }
  };
  document.addEventListener("click", remember);
  document.addEventListener("auxclick", remember);
}

/** The language switch points at the same page in the other language, at the same place. */
function carryHash(link, hash) {
  const url = new URL(link.href);
  url.hash = hash || "";
  if (link.href !== url.href) link.href = url.href;
}

function syncSwitch(hash) {
  for (const link of document.querySelectorAll(".lang-switch a[hreflang]")) carryHash(link, hash);
}

function landingRedirect() {
  if (!document.querySelector(".landing")) return false;
  const remembered = store.get(LANG_KEY);
  if (remembered !== "en" && remembered !== "ru") return false;
  // A visitor who came back to the landing page from inside the site chose to be here.
  try {
    if (document.referrer && new URL(document.referrer).origin === location.origin) return false;
  } catch {
    // an unreadable referrer: go on
  }
  const link = document.querySelector(`.landing-lang[lang="${remembered}"] a`);
  if (!link) return false;
  location.replace(link.href.split("#")[0] + location.hash);
  return true;
}

// ---------------------------------------------------------------------------- reading page

function wireReadingPage(lang) {
  // The template's `.view-toggle [data-view]` (both | ru | en) sets `.reading.view-X`.
  const buttons = [...document.querySelectorAll(".view-toggle [data-view]")];
  if (!buttons.length) return;
  const reading = document.querySelector(".reading");
  const apply = (view, remember) => {
    if (!["both", "ru", "en"].includes(view)) return;
    document.documentElement.dataset.textView = view;
    for (const b of buttons) b.setAttribute("aria-pressed", b.dataset.view === view ? "true" : "false");
    for (const v of ["both", "ru", "en"]) reading.classList.toggle(`view-${v}`, v === view);
    if (remember) store.set(VIEW_KEY + lang, view);
  };
  for (const group of document.querySelectorAll(".view-toggle[hidden]")) group.hidden = false;
  for (const b of buttons) b.addEventListener("click", () => apply(b.dataset.view, true));
  const saved = store.get(VIEW_KEY + lang);
  if (saved) apply(saved, false);
}

// ---------------------------------------------------------------------------- demos

/** The hand as a list of sentences, when the page left the fallback list for the script. */
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
  const empty = demo.figure.querySelector(".demo-text-empty");
  if (empty) empty.hidden = true;
}

function later(fn) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 50);
}

/** Where the demo's hand is fetched from: its own data-trace-src, or that of the figure it shares the hand with. */
function sourceOf(figure) {
  if (figure.dataset.traceSrc) return figure.dataset.traceSrc;
  const holder = figure.dataset.traceRef ? document.getElementById(figure.dataset.traceRef) : null;
  return (holder && holder.dataset.traceSrc) || null;
}

const fetched = new Map(); // URL -> the promise of its text: demos that share a hand fetch it once

/** The demo's hand: in its figure, in another figure of the page (data-trace-ref), or fetched (data-trace-src). */
async function handOf(figure) {
  const source = sourceOf(figure);
  if (source) {
    const url = new URL(source, location.href).href;
    if (!fetched.has(url)) {
      fetched.set(url, fetch(url).then((response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
        return response.text();
      }).catch((error) => {
        fetched.delete(url); // a later approach tries again
        throw error;
      }));
    }
    return JSON.parse(await fetched.get(url)); // each demo its own copy
  }
  return handNow(figure);
}

function makeDemo(figure, { trace, setup }, engine, paragraphs, links) {
  if (!trace || !setup || !Array.isArray(trace.steps) || !trace.steps.length) return null;
  try {
    const demo = new Demo({
      figure, hand: figure.dataset.demo || figure.dataset.hand, trace, setup, paragraphs, engine, links,
      switchKey: figure.dataset.switch || null,
    });
    bindEvents(demo);
    return demo;
  } catch (error) {
    console.error(`card lottery: the demo ${figure.dataset.demo} could not start`, error); // eslint-disable-line no-console
    return null;
  }
}

/**
 * The page's demos: those whose hand is in the page at once; the others (a heavy page fetches
 * them) when they come near, or when a link names them. `demos` grows as they arrive.
 */
function createDemos(engine, paragraphs, links, onArrive) {
  const demos = [];
  const waiting = new Map(); // demo name -> its figure, until its hand is fetched
  for (const figure of document.querySelectorAll("figure.demo[data-hand]")) {
    if (sourceOf(figure)) {
      waiting.set(figure.dataset.demo || figure.dataset.hand, figure);
      figure.classList.add("is-loading");
      continue;
    }
    const demo = makeDemo(figure, handNow(figure), engine, paragraphs, links);
    if (demo) demos.push(demo);
  }
  const loading = new Map();
  /** @returns {Promise<any>} the demo named, once its hand is here (null if it cannot be) */
  const load = (name) => {
    const figure = waiting.get(name);
    if (!figure) return Promise.resolve(demos.find((d) => d.hand === name) || null);
    if (!loading.has(name)) {
      loading.set(name, handOf(figure).then((hand) => {
        waiting.delete(name);
        figure.classList.remove("is-loading");
        const demo = makeDemo(figure, hand, engine, paragraphs, links);
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
      }));
    }
    return loading.get(name);
  };
  if (waiting.size) {
    if ("IntersectionObserver" in window) {
      const observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const figure = /** @type {HTMLElement} */ (entry.target);
          observer.unobserve(figure);
          load(figure.dataset.demo || figure.dataset.hand);
        }
      }, { rootMargin: "800px 0px" });
      for (const figure of waiting.values()) observer.observe(figure);
    } else {
      for (const name of [...waiting.keys()]) load(name);
    }
  }
  return { demos, load, names: () => [...demos.map((d) => d.hand), ...waiting.keys()] };
}

function handNow(figure) {
  const holder = figure.dataset.traceRef ? document.getElementById(figure.dataset.traceRef) : figure;
  return {
    trace: readJson(holder && holder.querySelector("script.demo-trace")),
    setup: readJson(holder && holder.querySelector("script.demo-setup")),
  };
}

/** Apply the hash to the demo it names; a plain anchor (#p5, a heading) is not ours. */
async function followHash(page, hash) {
  const link = parseHash(hash);
  if (!link) return null;
  const demos = page.demos;
  let target = link.hand === null ? demos[0] : demos.find((d) => d.hand === link.hand);
  if (!target && link.hand !== null && page.names().includes(link.hand)) target = await page.load(link.hand);
  if (!target) {
    target = demos[0];
    if (!target) return null;
    target.notice("link", t("notice_unknown_hand", { hand: link.hand }));
    target.playback.goto(1, "link");
    return target;
  }
  // The seat to practise as (practice.js) once the rest of the link is followed.
  Promise.resolve(target.live.follow(link)).then(() => target.practice.follow(link));
  return target;
}

/** The live engine starts when a demo comes into view (or is used, see events.js), not on every page load. */
function wakeOnView(demos) {
  if (!("IntersectionObserver" in window)) {
    for (const demo of demos) demo.live.wake();
    return;
  }
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const demo = demos.find((d) => d.figure === entry.target);
      if (demo) demo.live.wake();
      observer.disconnect(); // one engine serves every demo of the page
      return;
    }
  }, { rootMargin: "200px 0px" });
  for (const demo of demos) observer.observe(demo.figure);
}

const KEEP_RUNTIME_AFTER_MS = 3000; // after the engine first answers: not to compete with the visitor's first moves

/**
 * The rest of the offline copy (site/sw.js), asked for once the page's live engine has answered,
 * so that a first visit's engine does not wait behind it: the hands' own pages (a megabyte) at
 * once, the runtime and the snapshot a little later. On a page with no engine, or one whose engine
 * has not been woken after a few seconds, the hands' pages alone.
 * @param {EngineClient|null} engine
 */
function keepTheRestOffline(engine) {
  let askedForPages = false;
  const askForPages = () => {
    if (!askedForPages) keepTheRest();
    askedForPages = true;
  };
  if (!engine) {
    later(askForPages);
    return;
  }
  let askedForRuntime = false;
  engine.subscribe((status) => {
    if (status === "ready" || status === "failed") askForPages();
    if (status === "ready" && !askedForRuntime) {
      askedForRuntime = true;
      setTimeout(keepRuntime, KEEP_RUNTIME_AFTER_MS);
    }
  });
  setTimeout(() => { if (engine.status === "idle") askForPages(); }, IDLE_ENGINE_MS);
}

function boot() {
  const lang = pageLang();
  registerServiceWorker(later); // the offline copy (offline.js), tried again until it is made
  if (landingRedirect()) return;
  const links = new Links(syncSwitch);
  wireLanguageLinks(links);
  wireReadingPage(lang);
  wireHandFilter();
  syncSwitch(location.hash);

  const debug = { lang, demos: [], engine: null, ready: false, copy: copyState };
  window.__cardLottery = debug;
  const figures = document.querySelectorAll("figure.demo[data-hand]");
  const numbers = /** @type {HTMLElement|null} */ (document.querySelector("section.numbers"));
  if ((!figures.length && !numbers) || !loadCatalogue()) {
    keepTheRestOffline(null);
    debug.ready = true;
    return;
  }
  ensureSprite();
  const engine = pageEngine();
  debug.engine = engine;
  keepTheRestOffline(engine);
  if (numbers) import("../numbers/numbers.js").then((module) => module.wireNumbers(numbers, engine)); // the numbers panel and its charts
  const paragraphs = readJson("source-paragraphs") || {};
  // A deep-linked demo is held at the top of the window while the fetched demos above it arrive and
  // grow (the browser's scroll anchoring does not hold it there), until the reader scrolls himself.
  let pinned = /** @type {HTMLElement|null} */ (null);
  const unpin = () => { pinned = null; };
  for (const type of ["wheel", "touchstart", "keydown", "pointerdown"]) {
    window.addEventListener(type, unpin, { once: true, passive: true });
  }
  const page = createDemos(engine, paragraphs, links, (demo) => {
    debug.demos = page.demos;
    if (pinned && demo.figure !== pinned) pinned.scrollIntoView({ block: "start" });
    if (demo.live.restoring) { // a seated game to restore, on a demo that came late
      if (engine && engine.status === "ready") demo.live.restore();
      else demo.live.wake();
    }
    later(() => fillTextFallback(demo));
  });
  const demos = page.demos;
  debug.demos = demos;
  const wanted = parseHash(location.hash);
  followHash(page, location.hash).then((linked) => {
    if (linked && wanted && wanted.hand === linked.hand) {
      pinned = linked.figure;
      pinned.scrollIntoView({ block: "start" });
    }
  });
  performance.mark("demo-ready");
  debug.ready = true;
  if (demos.length) {
    wakeOnView(demos);
    for (const demo of demos) if (demo.live.restoring) demo.live.wake(); // a seated game to restore
  }

  window.addEventListener("hashchange", () => {
    syncSwitch(location.hash);
    followHash(page, location.hash);
  });
  later(() => {
    for (const demo of demos) fillTextFallback(demo);
  });
}

boot();
