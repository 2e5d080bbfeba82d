// @ts-check
// The writer's requests to the engine (engine/live.py): write_record, the record of the game shown,
// and read_record, a record from a file or a link. Each answer is the engine's result, or the
// words the panel says instead: a refusal in the engine's own words (with the line of the record
// it concerns), or what can mend a failure.

import { t } from "../../lib/catalogue.js";
import { Refusal } from "../../lib/engine-client.js";

/** @typedef {{result: any, error: null} | {result: null, error: string}} Answer */

/**
 * One request: its result, or the words that say why there is none.
 * @param {import("../../lib/engine-client.js").EngineClient} engine
 * @param {string} type @param {object} payload @param {string} lang
 * @param {string} refusedKey the message for a refusal ({why})
 * @returns {Promise<Answer>}
 */
export async function ask(engine, type, payload, lang, refusedKey) {
  try {
    return { result: await engine.request(type, { ...payload, lang }), error: null };
  } catch (error) {
    if (error instanceof Refusal) return { result: null, error: t(refusedKey, { why: error.in(lang) }) };
    // Restarted after it stopped answering: the visitor may do it again. Not started: a reload
    // may mend it. The engine's own failure (a bug) would come again: said so, its detail logged.
    const kind = error && error.kind;
    if (kind === "failure") console.warn("engine failure", error.code, error.message); // eslint-disable-line no-console
    return { result: null, error: kind === "dead" ? t("engine_dead") : kind === "failed" ? t("engine_unavailable") : t("engine_problem") };
  }
}

/**
 * The record of the game shown, written by the engine: {text, steps, finished_by_computer}.
 * @param {import("../../lib/engine-client.js").EngineClient} engine @param {string} lang
 * @param {{setup: any, notes: {step: number, en: string, ru: string}[], names: any, about: any}} record
 */
export function writeRecord(engine, lang, record) {
  return ask(engine, "write_record", record, lang, "write_refused");
}

/**
 * A record's text read by the engine: {trace, setup, notes, names, about}. `name`: the file's, or
 * the link's, as the engine's messages name it; `refusedKey`: the file's message or the link's.
 * @param {import("../../lib/engine-client.js").EngineClient} engine @param {string} lang
 * @param {string} text @param {string} name @param {"file_refused"|"link_refused"} refusedKey
 */
export function readRecord(engine, lang, text, name, refusedKey) {
  return ask(engine, "read_record", { text, name }, lang, refusedKey);
}
