// @ts-check
// The rest of the offline copy (site/sw.js, lib/offline.js), asked for once the page's live engine
// has answered, so that a first visit's engine does not wait behind it: the hands' own pages (a
// megabyte) at once, the runtime and the snapshot a little later. On a page with no engine, or one
// whose engine has not been woken after a few seconds, the hands' pages alone.

import { keepRuntime, keepTheRest } from "../../lib/offline.js";
import { later } from "./idle.js";

const IDLE_ENGINE_MS = 5000; // a page whose engine nobody has woken by then keeps the rest of the site anyway
const KEEP_RUNTIME_AFTER_MS = 3000; // after the engine first answers: not to compete with the visitor's first moves

/** @param {import("../../lib/engine-client.js").EngineClient|null} engine */
export function keepTheRestOffline(engine) {
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
