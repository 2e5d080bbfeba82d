// @ts-check
// Whether this browser can run the live engine (Pyodide 314 in a module worker), asked before the
// engine is tried (engine-client.js), so that an older browser is told so in the page's language
// and the rest of the page (the recorded hands, the service worker) works as everywhere. Without
// the check such a browser would fetch 13 MB of runtime and fail on a SyntaxError (Safari 16.0 on
// Pyodide's class static blocks).

import { listText, t } from "./catalogue.js";

/** A browser with module workers reads the `type` of a Worker's options; an older one does not. */
function hasModuleWorkers() {
  if (typeof Worker === "undefined") return false;
  let read = false;
  try {
    // An address that does not parse: no worker starts, after the options were read.
    new Worker("http://[", /** @type {WorkerOptions} */ ({ get type() { read = true; return "module"; } }));
  } catch {
    // the address, as meant
  }
  return read;
}

// The smallest module with an exception tag: valid only where WebAssembly has exception handling,
// which Pyodide's runtime uses.
const TAG_MODULE = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0, 13, 3, 1, 0, 0]);

function hasWasm() {
  try {
    return typeof WebAssembly === "object" && typeof WebAssembly.instantiate === "function"
      && WebAssembly.validate(TAG_MODULE);
  } catch {
    return false;
  }
}

/** The newest syntax Pyodide 314's loader uses parses here (a module that fails to parse cannot be imported). */
function parsesSyntax() {
  return import("./engine-syntax.js").then(() => true, () => false);
}

/** @type {Promise<string|null>|null} */
let checked = null;
/** What the check found missing, in words, once it has run (null: nothing, or not run yet). */
let found = null;

/** Why the engine cannot run here, as the check found it (engine-errors.js `failureText`). */
export function cannotRunText() {
  return found;
}

/**
 * Null when this browser can run the engine; else why not, in the page's language ("it needs a
 * newer browser: this one has no …"), which the page shows as the reason the engine did not start.
 * @returns {Promise<string|null>}
 */
export function whyEngineCannotRun() {
  if (!checked) {
    checked = parsesSyntax().then((syntax) => {
      const missing = [];
      if (!hasModuleWorkers()) missing.push(t("feature_module_workers"));
      if (!hasWasm()) missing.push(t("feature_wasm"));
      if (!syntax) missing.push(t("feature_syntax"));
      found = missing.length ? t("engine_needs_newer_browser", { missing: listText(missing) }) : null;
      return found;
    }).catch((error) => (found = String(error && error.message ? error.message : error))); // a check that breaks says so
  }
  return checked;
}
