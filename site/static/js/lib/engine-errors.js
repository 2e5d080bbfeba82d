// @ts-check
// What the engine's client says when the engine does not answer as asked: a refusal (the engine
// said no, in both languages, with its paragraph), an EngineError (it could not answer), and why a
// start failed, found (`fetchFailure`) and worded (`failureText`) in the page's language.

import { t } from "./catalogue.js";
import { cannotRunText } from "./engine-support.js";

/** Why a start fails (engine-client.js says when each is given). */
export const CAUSES = ["unsupported", "offline", "unreachable", "missing", "compile", "timeout", "failed"];

/** @typedef {{en: string, ru: string, rule: string|null}} RefusalWords */
/** @typedef {{cause: string, detail: string, file?: string|null, status?: number|null}} StartFailure */

export class EngineError extends Error {
  /** @param {string} message @param {"dead"|"failure"|"failed"} kind @param {string} [code] @param {any} [failure] */
  constructor(message, kind, code = kind, failure = null) {
    super(message);
    this.name = "EngineError";
    this.kind = kind; // dead: the worker stopped answering; failure: it answered with a failure; failed: it cannot start
    this.code = code; // dead: "timeout" (no answer in time) or "stopped"; failure: the worker's code
    /** @type {StartFailure|null} why the engine could not start, as the worker found it */
    this.failure = failure;
  }
}

/** The engine refused the request: a move the rules forbid, settings it cannot play, a record it cannot read. */
export class Refusal extends Error {
  /** @param {RefusalWords} words */
  constructor(words) {
    super(words.en);
    this.name = "Refusal";
    this.words = words;
    this.rule = words.rule; // the paragraph, when a rule refused it
  }

  /** The refusal in a language (English when it lacks that one). @param {string} lang */
  in(lang) {
    return lang === "ru" ? this.words.ru || this.words.en : this.words.en;
  }
}

/** Why the engine could not start (a client's `reason`), in the page's words. @param {string|null} reason */
export function failureText(reason) {
  if (reason === "unsupported") return cannotRunText() || t("live_cause_failed");
  return t(`live_cause_${CAUSES.includes(String(reason)) ? reason : "failed"}`);
}

/**
 * Why a file could not be had: fetched again (only after a failure) to see whether the browser is
 * offline, the site does not answer, or it answers an error.
 * @param {string|URL} url @returns {Promise<StartFailure>}
 */
export async function fetchFailure(url) {
  const file = String(url).split("/").pop() || String(url);
  const offline = () => navigator.onLine === false; // (read again after the fetch: the browser may have found out)
  if (offline()) return { cause: "offline", detail: `${file}: the browser is offline`, file };
  let response;
  try {
    response = await fetch(url, { cache: "no-store" });
  } catch (error) {
    return { cause: offline() ? "offline" : "unreachable", detail: `${file}: ${error}`, file };
  }
  if (response.body) response.body.cancel().catch(() => {});
  if (!response.ok) return { cause: "missing", detail: `${file} answered ${response.status}`, file, status: response.status };
  return { cause: "failed", detail: `${file} came, but the engine's worker did not start`, file };
}
