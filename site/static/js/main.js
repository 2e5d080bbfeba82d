// The site's script: finds the demos and makes each steppable at once from its pre-built
// trace, then starts the live engine (Pyodide in a module worker) in the background; wires
// the reading page's view buttons, the language switch (which carries the deep link across
// and is remembered), and the landing page's jump to the remembered language.

// Every module is named here, so the browser fetches them all in one wave (no import waterfall).
import "./dom.js";
import "./options.js";
import "./views/cards.js";
import "./views/controls.js";
import "./views/live.js";
import "./views/moves.js";
import "./views/narration.js";
import "./views/table.js";
import "./views/table-text.js";
import { ensureSprite } from "./cards-svg.js";
import { DemoController, flushHash } from "./controller.js";
import { EngineClient } from "./engine-client.js";
import { bindEvents } from "./events.js";
import { pageLang, t } from "./i18n.js";
import { parseHash, wantsLive } from "./url.js";

const LANG_KEY = "card-lottery.lang";
const VIEW_KEY = "card-lottery.text-view";

const store = {
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage may be disabled: the choice is then not remembered
    }
  },
};

function readJson(el) {
  if (!el) return null;
  try {
    return JSON.parse(el.textContent);
  } catch (error) {
    console.error("card lottery: unreadable JSON in", el, error); // eslint-disable-line no-console
    return null;
  }
}

const absolute = (url) => new URL(url, document.baseURI).href;

// ---------------------------------------------------------------------------- language

function langOf(link) {
  return (link.getAttribute("hreflang") || "").slice(0, 2).toLowerCase();
}

function wireLanguageLinks() {
  const links = [...document.querySelectorAll("a[hreflang]")];
  const remember = (event) => {
    const link = event.target.closest("a[hreflang], .landing-lang[lang] a");
    if (!link) return;
    const lang = link.hasAttribute("hreflang") ? langOf(link) : link.closest("[lang]").lang.slice(0, 2);
    if (lang === "en" || lang === "ru") store.set(LANG_KEY, lang);
    if (link.hasAttribute("hreflang") && link.closest(".lang-switch")) {
      flushHash();
      carryHash(link, location.hash);
    }
  };
  document.addEventListener("click", remember);
  document.addEventListener("auxclick", remember);
  return links;
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
  const root = document.documentElement;
  if (!root.hasAttribute("data-landing") && !document.querySelector(".landing")) return false;
  const remembered = store.get(LANG_KEY);
  if (remembered !== "en" && remembered !== "ru") return false;
  // A visitor who came back to the landing page from inside the site chose to be here.
  try {
    if (document.referrer && new URL(document.referrer).origin === location.origin) return false;
  } catch {
    // an unreadable referrer: go on
  }
  const link = document.querySelector(`a[hreflang="${remembered}"]`) ||
    document.querySelector(`.landing-lang[lang="${remembered}"] a`);
  if (!link) return false;
  location.replace(link.href.split("#")[0] + location.hash);
  return true;
}

// ---------------------------------------------------------------------------- reading page

function wireReadingPage() {
  // Buttons `.text-mode[data-mode]` (both | original | translation) set html[data-text-mode];
  // the template's `.view-toggle [data-view]` (both | ru | en) sets `.reading.view-X`.
  const modeButtons = [...document.querySelectorAll(".text-mode[data-mode]")];
  const viewButtons = [...document.querySelectorAll(".view-toggle [data-view]")];
  if (!modeButtons.length && !viewButtons.length) return;
  const reading = document.querySelector(".reading");
  const toView = { both: "both", original: "ru", translation: "en", ru: "ru", en: "en" };
  const toMode = { both: "both", ru: "original", en: "translation", original: "original", translation: "translation" };
  const apply = (value, remember) => {
    const mode = toMode[value];
    const view = toView[value];
    if (!mode) return;
    document.documentElement.dataset.textMode = mode;
    for (const b of modeButtons) b.setAttribute("aria-pressed", b.dataset.mode === mode ? "true" : "false");
    for (const b of viewButtons) b.setAttribute("aria-pressed", b.dataset.view === view ? "true" : "false");
    if (reading) {
      for (const v of ["both", "ru", "en"]) reading.classList.toggle(`view-${v}`, v === view);
    }
    if (remember) store.set(VIEW_KEY, mode);
  };
  for (const group of document.querySelectorAll(".view-toggle[hidden]")) group.hidden = false;
  for (const b of modeButtons) b.addEventListener("click", () => apply(b.dataset.mode, true));
  for (const b of viewButtons) b.addEventListener("click", () => apply(b.dataset.view, true));
  const saved = store.get(VIEW_KEY);
  if (saved) apply(saved, false);
}

// ---------------------------------------------------------------------------- demos

/** The hand as a list of sentences, when the page left the fallback list for the script. */
function fillTextFallback(figure, trace) {
  const list = figure.querySelector('.demo-text ol[data-fill="script"]');
  if (!list || list.children.length) return;
  const items = trace.steps.map((step) => {
    const li = document.createElement("li");
    li.textContent = typeof step.text === "string" ? step.text : "";
    if (typeof step.note === "string" && step.note) {
      const note = document.createElement("span");
      note.className = "demo-note";
      note.textContent = ` ${step.note}`;
      li.append(note);
    }
    return li;
  });
  list.replaceChildren(...items);
  const empty = figure.querySelector(".demo-text-empty");
  if (empty) empty.hidden = true;
}

function later(fn) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 50);
}

// The build embeds each step's state as the keys that changed since the step before
// (engine/trace.py delta_states): rebuild the whole table of every step once, here.
function expandStates(trace) {
  let state = {};
  for (const step of trace.steps) {
    state = { ...state, ...step.state };
    step.state = state;
  }
}

function createDemos(lang, engine, paragraphs) {
  const demos = [];
  for (const figure of document.querySelectorAll("figure.demo[data-hand]")) {
    const trace = readJson(figure.querySelector("script.demo-trace"));
    const setup = readJson(figure.querySelector("script.demo-setup"));
    if (!trace || !setup || !Array.isArray(trace.steps) || !trace.steps.length) continue;
    expandStates(trace);
    try {
      const controller = new DemoController({
        figure, lang, hand: figure.dataset.hand, trace, setup, paragraphs, engine, onHash: syncSwitch,
      });
      bindEvents(controller);
      demos.push(controller);
    } catch (error) {
      console.error(`card lottery: the demo ${figure.dataset.hand} could not start`, error); // eslint-disable-line no-console
    }
  }
  return demos;
}

function applyLink(demos, hash, lang, initial) {
  const parsed = parseHash(hash);
  const asked = parsed.hand !== null || parsed.step !== null || parsed.stepText !== null || wantsLive(parsed) || parsed.bad.length;
  if (!asked) return null;
  let target = parsed.hand === null ? demos[0] : demos.find((d) => d.hand === parsed.hand);
  if (!target) {
    target = demos[0];
    target.notice(t(lang, "notice_unknown_hand", { hand: parsed.hand }));
    target.goto(1, "link");
    return initial ? target : null;
  }
  target.applyLink(parsed, wantsLive(parsed));
  return target;
}

function boot() {
  const lang = pageLang();
  if (landingRedirect()) return;
  wireLanguageLinks();
  wireReadingPage();
  syncSwitch(location.hash);

  const root = document.documentElement;
  const figures = document.querySelectorAll("figure.demo[data-hand]");
  const debug = { lang, demos: [], engine: null, ready: false };
  window.__cardLottery = debug;
  if (!figures.length) {
    debug.ready = true;
    return;
  }
  ensureSprite();
  let engine = null;
  const { engineUrl, pyodideUrl, snapshotUrl } = root.dataset;
  if (engineUrl && pyodideUrl && typeof Worker !== "undefined") {
    // The snapshot (made by the build, when it could) restores Pyodide with the engine imported.
    engine = new EngineClient({
      pyodideUrl: absolute(pyodideUrl), engineUrl: absolute(engineUrl), snapshotUrl: snapshotUrl ? absolute(snapshotUrl) : null,
    });
  }
  debug.engine = engine;
  const paragraphs = readJson(document.getElementById("source-paragraphs")) || {};
  const demos = createDemos(lang, engine, paragraphs);
  debug.demos = demos;
  const linked = demos.length ? applyLink(demos, location.hash, lang, true) : null;
  for (const demo of demos) if (demo !== linked) demo.goto(1, "init");
  const wanted = parseHash(location.hash).hand;
  if (linked && linked.hand === wanted) linked.figure.scrollIntoView({ block: "start" });
  performance.mark("demo-ready");
  debug.ready = true;
  // The engine starts once the hands are drawn (it never holds them up), and no later: its
  // worker boots Pyodide on another thread while this one paints and the visitor reads.
  if (engine && demos.length) engine.start();

  window.addEventListener("hashchange", () => {
    syncSwitch(location.hash);
    if (demos.length) applyLink(demos, location.hash, lang, false);
  });
  later(() => {
    for (const demo of demos) fillTextFallback(demo.figure, demo.recorded.trace);
  });
}

boot();
