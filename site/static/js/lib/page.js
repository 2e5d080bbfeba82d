// @ts-check
// What every page reads from its own HTML and keeps in the browser, written once: the JSON data the
// build embeds (<script type="application/json">), the engine the page may start (its files named
// on <html>: data-engine-url, data-pyodide-url, data-snapshot-url/size), and storage that never
// throws (a browser may refuse storage; the page then remembers nothing, and says nothing).

import { EngineClient } from "./engine-client.js";

/**
 * The JSON an element holds (an element, or its id); null when it is missing or unreadable.
 * @param {Element|string|null} source
 */
export function readJson(source) {
  const el = typeof source === "string" ? document.getElementById(source) : source;
  if (!el || !el.textContent) return null;
  try {
    return JSON.parse(el.textContent);
  } catch (error) {
    console.error("card lottery: unreadable JSON in", el, error); // eslint-disable-line no-console
    return null;
  }
}

/**
 * The page's engine client, not started (a page starts it when it needs it); null when the page
 * names no engine or the browser has no workers.
 * @param {{snapshot?: "cached"|"always"}} [options] `snapshot: "always"`: the kiosk restores the
 *   memory snapshot even before its offline copy keeps it
 */
export function pageEngine(options = {}) {
  const root = document.documentElement.dataset;
  if (!root.engineUrl || !root.pyodideUrl || typeof Worker === "undefined") return null;
  const absolute = (/** @type {string} */ url) => new URL(url, document.baseURI).href;
  return new EngineClient({
    pyodideUrl: absolute(root.pyodideUrl),
    engineUrl: absolute(root.engineUrl),
    snapshotUrl: root.snapshotUrl ? absolute(root.snapshotUrl) : null,
    snapshotSize: Number(root.snapshotSize) || null,
    snapshot: options.snapshot || "cached",
  });
}

/** @param {"local"|"session"} kind */
function area(kind) {
  return kind === "local" ? window.localStorage : window.sessionStorage;
}

/**
 * Text kept in the tab's (`session`) or the browser's (`local`) storage.
 * @param {"local"|"session"} kind
 */
export function textStore(kind) {
  return {
    /** @param {string} key @returns {string|null} the text, or null (none, or storage refused) */
    get(key) {
      try {
        return area(kind).getItem(key);
      } catch {
        return null;
      }
    },
    /** @param {string} key @param {string|null} text null removes it */
    set(key, text) {
      try {
        if (text === null) area(kind).removeItem(key);
        else area(kind).setItem(key, text);
      } catch {
        // storage refused: the text is then not kept
      }
    },
    /** Every key that starts with `prefix`. @param {string} prefix */
    keys(prefix) {
      try {
        return Object.keys(area(kind)).filter((key) => key.startsWith(prefix));
      } catch {
        return [];
      }
    },
  };
}

/**
 * A value kept as JSON, as textStore keeps text.
 * @param {"local"|"session"} kind
 */
export function jsonStore(kind) {
  const text = textStore(kind);
  return {
    ...text,
    /** @param {string} key @returns {any} the value, or null (none, damaged, or storage refused) */
    get(key) {
      try {
        return JSON.parse(text.get(key) || "null");
      } catch {
        return null; // damaged: nothing to restore
      }
    },
    /** @param {string} key @param {any} value null removes it */
    set(key, value) {
      text.set(key, value === null ? null : JSON.stringify(value));
    },
  };
}
