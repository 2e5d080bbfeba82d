// @ts-check
// The notes the visitor writes on the steps of the game shown, and what they become: kept by step
// with the step they were written on (its event's kind and sentence), so that a note that no
// longer fits the game shown is dropped; put on the trace's steps, where the demo draws them; sent
// to the engine in the record, and taken back from a record the engine read. Nothing here touches
// the page.

import { catalogue } from "../../lib/catalogue.js";

/**
 * @typedef {{en: string, ru: string, kind: string, text: string}} WrittenNote (kind, text: what its step shows)
 * @typedef {Map<number, WrittenNote>} Notes by step (1..N)
 * @typedef {import("../../demo/trace.js").Trace} Trace
 */

/** The engine's limits that the page checks itself (engine/limits.py, through the catalogue). */
export function limits() {
  const { record_bytes: recordBytes, note_chars: noteChars, link_chars: linkChars } = catalogue().limits;
  return { recordBytes, noteChars, linkChars };
}

/** A text's length as the engine counts it: characters, not UTF-16 units. @param {string} text */
export function characters(text) {
  return [...text].length;
}

/** A note as a page in `lang` shows it: in its language, else in the other. @param {WrittenNote} note @param {string} lang */
export function shownText(note, lang) {
  return (lang === "ru" ? note.ru || note.en : note.en || note.ru).trim();
}

/** The notes in the order of their steps, as the panel lists them. @param {Notes} notes @param {string} lang */
export function listed(notes, lang) {
  return [...notes.entries()].sort((a, b) => a[0] - b[0]).map(([step, note]) => ({ step, text: shownText(note, lang) }));
}

/**
 * The visitor typed `value` in the field of `lang` on step `n`: the note is kept while either
 * language has words, and goes when both are empty.
 * @param {Notes} notes @param {number} n @param {import("../../demo/trace.js").Step} step
 * @param {"en"|"ru"} lang @param {string} value
 */
export function edited(notes, n, step, lang, value) {
  const note = notes.get(n) || { en: "", ru: "", kind: step.event.kind, text: step.text };
  note[lang] = value;
  if (note.en.trim() || note.ru.trim()) notes.set(n, note);
  else notes.delete(n);
}

/**
 * Drop the notes whose step the trace no longer has as it was written on (another game shown);
 * the steps dropped, in order. @param {Notes} notes @param {Trace} trace
 */
export function dropUnfit(notes, trace) {
  const dropped = [];
  for (const [n, note] of notes) {
    const now = trace.steps[n - 1];
    if (!now || now.event.kind !== note.kind || now.text !== note.text) dropped.push(n);
  }
  for (const n of dropped) notes.delete(n);
  return dropped.sort((a, b) => a - b);
}

/**
 * Put the notes on the trace's steps (the demo draws a step's `note`); true when a step changed.
 * @param {Trace} trace @param {Notes} notes @param {string} lang
 */
export function putOn(trace, notes, lang) {
  let changed = false;
  trace.steps.forEach((step, i) => {
    const note = notes.get(i + 1);
    const text = note ? shownText(note, lang) : "";
    if ((step.note || "") !== text) {
      if (text) step.note = text;
      else delete step.note;
      changed = true;
    }
  });
  return changed;
}

/** The notes as the engine's write_record takes them. @param {Notes} notes */
export function forRecord(notes) {
  return [...notes.entries()].sort((a, b) => a[0] - b[0])
    .map(([step, note]) => ({ step, en: note.en.trim(), ru: note.ru.trim() }));
}

/**
 * The notes of a record the engine read, on the steps of its trace.
 * @param {{step: number, en: string, ru: string}[]} read @param {Trace} trace @returns {Notes}
 */
export function fromRecord(read, trace) {
  return new Map(read.map((note) => {
    const step = trace.steps[note.step - 1];
    return [note.step, { en: note.en, ru: note.ru, kind: step.event.kind, text: step.text }];
  }));
}
