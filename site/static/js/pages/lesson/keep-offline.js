// @ts-check
// The offline copy (site/sw.js, lib/offline.js), begun once the page's live engine has answered, so
// that a first visit's engine does not wait behind it: the service worker is registered then (its
// install fetches the site's pages and assets, 1.5 MB, which slowed the engine's start by a sixth)
// and asked for the hands' own pages (a megabyte); the runtime and the snapshot a little later. On a
// page with no engine, or one whose engine has not been woken after a few seconds: the service
// worker and the hands' pages once the page has settled.

import { keepRuntime, keepTheRest, registerServiceWorker } from "../../lib/offline.js";
import { later } from "./idle.js";

const IDLE_ENGINE_MS = 5000; // a page whose engine nobody has woken by then makes its copy anyway
const KEEP_RUNTIME_AFTER_MS = 3000; // after the engine first answers: not to compete with the visitor's first moves

/** @param {import("../../lib/engine-client.js").EngineClient|null} engine */
export function keepOffline(engine) {
  let begun = false;
  const begin = () => {
    if (begun) return;
    begun = true;
    registerServiceWorker(later); // tried again until it is made
    keepTheRest();
  };
  if (!engine) {
    later(begin);
    return;
  }
  let askedForRuntime = false;
  engine.subscribe((status) => {
    if (status === "ready" || status === "failed") begin();
    if (status === "ready" && !askedForRuntime) {
      askedForRuntime = true;
      setTimeout(keepRuntime, KEEP_RUNTIME_AFTER_MS);
    }
  });
  setTimeout(() => { if (engine.status === "idle") begin(); }, IDLE_ENGINE_MS);
}
