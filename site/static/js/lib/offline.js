// @ts-check
// The site's offline copy, as a page sees it: the page registers the site's service worker
// (site/sw.js) when it is ready to (pages/lesson/keep-offline.js: once its engine has answered),
// asks it for the parts it keeps only when asked (the hands' own pages; the engine's runtime and
// snapshot), and tries again whatever failed for want of a network: when the browser
// says it is online again, or a little later (the network may be gone while the browser thinks it
// is online); every page that loads tries too. A part the browser refuses the space for (its quota)
// is not asked for again in this tab, and the reader is told in a sentence what then works offline
// and what does not (the service worker brings the words, in `words`, from sitegen/i18n.py).

import { jsonStore } from "./page.js";

const RETRY_MS = [15000, 60000, 300000]; // pauses before trying again (the last one repeats)
const ANSWER_MS = 300000; // a service worker replaced or stopped while it kept a part: ask again
const REFUSED_KEY = "card-lottery.offline-refused"; // sessionStorage: the parts the quota refused in this tab
const DISMISSED_KEY = "card-lottery.offline-notice-dismissed";

const supported = () => "serviceWorker" in navigator && location.protocol !== "file:";

/** @typedef {"kept"|"quota"|"missing"|"failed"} Outcome */
/** @typedef {{type: "offline-copy", part: string, outcome: Outcome, words: Object<string, Object<string, string>>}} Report */

const session = jsonStore("session"); // refused: then it is remembered for this page only

/** @type {Set<string>} the parts refused here ("site", "pages", "runtime"), also kept for the tab */
const refused = new Set(session.get(REFUSED_KEY) || []);

/** @type {Object<string, Object<string, string>>|null} */
let words = null;

/** What this page knows of the copy, for the tests and for a curious reader's console. */
// `begun`: the page has set about it (registerServiceWorker called); `attempts`: registrations tried.
export const copyState = { begun: false, registered: false, attempts: 0, outcomes: /** @type {Object<string, Outcome>} */ ({}) };

/**
 * Try `attempt` until it no longer fails for want of a network: at once if the browser is online,
 * else when it is; after a failure, at the next `online` event or after a pause, whichever comes
 * first. `attempt` resolves to an Outcome: only "failed" is tried again.
 * @param {() => Promise<Outcome>} attempt
 */
function persist(attempt) {
  let tries = 0;
  let timer = 0;
  let running = false;
  const run = async () => {
    window.removeEventListener("online", run);
    clearTimeout(timer);
    if (running) return;
    if (navigator.onLine === false) {
      window.addEventListener("online", run);
      return;
    }
    running = true;
    let outcome;
    try {
      outcome = await attempt();
    } catch {
      outcome = "failed";
    } finally {
      running = false;
    }
    if (outcome !== "failed") return;
    window.addEventListener("online", run);
    timer = window.setTimeout(run, RETRY_MS[Math.min(tries, RETRY_MS.length - 1)]);
    tries += 1;
  };
  run();
}

// ---------------------------------------------------------------------------- the reader's sentence

/** @param {string} part @param {Outcome} outcome */
function record(part, outcome) {
  copyState.outcomes[part] = outcome;
  if (outcome !== "quota" || part === "snapshot") return; // without the snapshot the engine still starts offline
  refused.add(part);
  session.set(REFUSED_KEY, [...refused]);
  tellTheReader();
}

/** The sentence for what was refused: what works offline and what does not. */
function refusal() {
  if (refused.has("site")) return "refused_site";
  if (refused.has("pages") && refused.has("runtime")) return "refused_pages_runtime";
  if (refused.has("pages")) return "refused_pages";
  if (refused.has("runtime")) return "refused_runtime";
  return null;
}

function tellTheReader() {
  const key = refusal();
  const lang = document.documentElement.lang === "ru" ? "ru" : "en";
  const said = words && words[lang];
  if (!key || !said || !said[key] || session.get(DISMISSED_KEY) === key) return;
  const main = document.querySelector("main");
  if (!main) return;
  let notice = /** @type {HTMLElement|null} */ (document.querySelector(".offline-notice"));
  if (!notice) {
    notice = document.createElement("p");
    notice.className = "offline-notice";
    notice.setAttribute("role", "status");
    const sentence = document.createElement("span");
    sentence.className = "offline-notice-text";
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "offline-notice-dismiss";
    dismiss.addEventListener("click", () => {
      session.set(DISMISSED_KEY, refusal());
      /** @type {HTMLElement} */ (notice).remove();
    });
    notice.append(sentence, " ", dismiss);
    main.prepend(notice);
  }
  /** @type {HTMLElement} */ (notice.querySelector(".offline-notice-text")).textContent = said[key];
  /** @type {HTMLElement} */ (notice.querySelector(".offline-notice-dismiss")).textContent = said.dismiss;
  notice.dataset.refused = key;
}

/** @param {MessageEvent} event */
function onReport(event) {
  const data = /** @type {Report} */ (event.data || {});
  if (data.type !== "offline-copy") return;
  if (data.words) words = data.words;
  record(data.part, data.outcome);
}

// ---------------------------------------------------------------------------- the service worker

/** The installing worker's end: "kept" once active, "failed" (or "quota", said by the worker itself) if it fails.
 * @param {ServiceWorker} worker @returns {Promise<Outcome>} */
function installed(worker) {
  return new Promise((resolve) => {
    const settled = () => {
      if (worker.state === "activated") resolve("kept");
      else if (worker.state === "redundant") resolve(refused.has("site") ? "quota" : "failed");
      else return false;
      worker.removeEventListener("statechange", settled);
      return true;
    };
    if (!settled()) worker.addEventListener("statechange", settled);
  });
}

/**
 * Register the site's service worker (once the page has settled), again until it is installed.
 * When a new build takes over a page that an older one served, the page reloads, so that it never
 * mixes two builds' files (a seated game is kept through the reload).
 * @param {(fn: () => void) => void} later how to wait for the page to settle
 */
export function registerServiceWorker(later) {
  if (!supported()) return;
  copyState.begun = true;
  performance.mark("offline-copy-begun");
  const container = navigator.serviceWorker;
  container.addEventListener("message", onReport);
  container.startMessages();
  const hadOne = !!container.controller;
  container.addEventListener("controllerchange", () => {
    if (hadOne) location.reload();
  });
  const base = document.documentElement.dataset.base || "./";
  later(() => persist(async () => {
    if (refused.has("site")) return "quota";
    copyState.attempts += 1;
    let registration;
    try {
      registration = await container.register(new URL(`${base}sw.js`, location.href), { scope: base });
    } catch (error) {
      console.warn("card lottery: the offline copy could not be made yet", error); // eslint-disable-line no-console
      return "failed";
    }
    copyState.registered = true;
    const worker = registration.installing || registration.waiting;
    return worker ? installed(worker) : "kept";
  }));
}

/**
 * Ask the service worker, once one is active, to keep a part of the copy; again until it is kept
 * or refused. Nothing without a service worker.
 * @param {"keep-site"|"keep-runtime"} type @param {string} part @param {string[]} [urls]
 */
function ask(type, part, urls) {
  if (!supported()) return false;
  persist(async () => {
    if (refused.has(part) || refused.has("site")) return "quota";
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return "failed";
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => {
      channel.port1.onmessage = (event) => resolve(event.data);
      setTimeout(() => resolve({ type: "offline-copy", part, outcome: "failed" }), ANSWER_MS);
    });
    worker.postMessage({ type, urls }, [channel.port2]);
    const report = /** @type {Report} */ (await answer);
    if (report.words) words = report.words;
    record(report.part, report.outcome);
    return report.outcome;
  });
  return true;
}

/** The hands' own pages and print views, which the service worker keeps only when asked. */
export function keepTheRest() {
  ask("keep-site", "pages");
}

/**
 * Keep the engine's runtime and its snapshot (the page's `data-runtime-files` and
 * `data-snapshot-url`) for the next visit and for offline use; not the snapshot for a visitor who
 * saves data (it is 5 MB).
 * The site's service worker keeps them in its own cache when asked: the runtime's files come from
 * the browser's cache then, only the snapshot is a download. The engine's worker cannot keep them
 * by fetching them: on a first visit it fetches the runtime before the service worker controls the
 * page, so those requests pass the service worker by. Without a service worker nothing is kept:
 * the engine's worker restores only a snapshot the service worker's cache holds (worker.js
 * `keptBytes`), so one in the browser's HTTP cache would be 5 MB downloaded for nothing.
 */
export function keepRuntime() {
  const root = document.documentElement.dataset;
  const absolute = (/** @type {string} */ url) => new URL(url, location.href).href;
  const connection = /** @type {any} */ (navigator).connection;
  const snapshotUrl = root.snapshotUrl && !(connection && connection.saveData) ? absolute(root.snapshotUrl) : null;
  const urls = (root.runtimeFiles || "").split(" ").filter(Boolean).map(absolute);
  if (snapshotUrl) urls.push(snapshotUrl);
  ask("keep-runtime", "runtime", urls);
}
