// @ts-check
// The writer: the notes the visitor writes on the steps of the game shown (a step's note in
// English and/or Russian), and the record of that game: written by the engine (write_record) to
// be downloaded or carried by a link, and read by the engine (read_record) from a file or a link,
// then shown in the demo with its notes. The page reads and writes no TOML and computes no rule:
// the engine words every refusal, with the line of the record it concerns.

import { catalogue, count, t } from "../../lib/catalogue.js";
import { Refusal } from "../../lib/engine-client.js";
import { expandStates, settingsOf } from "../../demo/trace.js";
import { LinkDamaged, canPack, pack, recordInHash, unpack } from "./codec.js";
import { createWriterView, say, sayError, showLink, updateWriterView } from "./view.js";

/** The engine's limits that the page checks itself (engine/limits.py, through the catalogue). */
function limits() {
  const { record_bytes: recordBytes, note_chars: noteChars, link_chars: linkChars } = catalogue().limits;
  return { recordBytes, noteChars, linkChars };
}

/** @typedef {{en: string, ru: string, kind: string, text: string}} WrittenNote (kind, text: what its step shows) */

export class Writer {
  /**
   * @param {import("../../demo/demo.js").Demo & {afterRedraw: (() => void)|null}} demo
   * @param {import("../../lib/engine-client.js").EngineClient|null} engine
   * @param {HTMLElement} section
   */
  constructor(demo, engine, section) {
    this.demo = demo;
    this.engine = engine;
    this.maxLink = limits().linkChars;
    /** whether the error shown is that a note is too long (cleared when it is shortened) */
    this.tooLong = false;
    this.lang = catalogue().lang;
    /** @type {Map<number, WrittenNote>} notes by step */
    this.notes = new Map();
    /** @type {any} the names of an opened record in each language (kept while its table is) */
    this.names = null;
    /** @type {any} an opened record's [about] (kept in what is written) */
    this.about = null;
    this.fileName = null;
    /** @type {any} */
    this.shownTrace = null;
    this.shownN = 0;
    this.working = false;
    this.view = createWriterView(section);
    demo.afterRedraw = () => this.sync();
    this.sync();
  }

  get step() {
    return this.demo.trace.steps[this.demo.n - 1];
  }

  /** After every redraw of the demo: notes that no longer fit the game shown go; the editor follows the step. */
  sync() {
    const demo = this.demo;
    const trace = demo.trace;
    let refill = demo.n !== this.shownN;
    if (trace !== this.shownTrace) {
      this.shownTrace = trace;
      refill = true;
      const dropped = [];
      for (const [step, note] of this.notes) {
        const now = trace.steps[step - 1];
        if (!now || now.event.kind !== note.kind || now.text !== note.text) dropped.push(step);
      }
      for (const step of dropped) this.notes.delete(step);
      if (dropped.length) say(this.view, t("notes_dropped", { steps: dropped.sort((a, b) => a - b).join(", ") }));
      if (this.applyNotes()) {
        demo.redraw(); // (comes back here with nothing left to do)
        return;
      }
    }
    this.shownN = demo.n;
    const note = this.notes.get(demo.n) || null;
    updateWriterView(this.view, {
      n: demo.n, sentence: this.step.text, note, refill,
      notes: [...this.notes.entries()].sort((a, b) => a[0] - b[0]).map(([step, n]) => ({ step, text: this.shown(n) })),
    });
    if (refill) this.checkLength();
  }

  /** A note longer than the engine takes is said at once, not at the download (engine/limits.py). */
  checkLength() {
    const most = limits().noteChars;
    let longest = 0;
    for (const area of [this.view.en, this.view.ru]) {
      const chars = [...area.value].length; // characters, as the engine counts them (not UTF-16 units)
      if (chars > most) area.setAttribute("aria-invalid", "true");
      else area.removeAttribute("aria-invalid");
      longest = Math.max(longest, chars);
    }
    if (longest > most) {
      sayError(this.view, t("note_too_long", { chars: longest, most }));
      this.tooLong = true;
    } else if (this.tooLong) {
      this.tooLong = false;
      sayError(this.view, "");
    }
  }

  /** A note as this page shows it: in its language, else in the other. @param {WrittenNote} note */
  shown(note) {
    return (this.lang === "ru" ? note.ru || note.en : note.en || note.ru).trim();
  }

  /** The trace shown carries the notes (the demo draws a step's `note`); true when something changed. */
  applyNotes() {
    let changed = false;
    this.demo.trace.steps.forEach((step, i) => {
      const note = this.notes.get(i + 1);
      const text = note ? this.shown(note) : "";
      if ((step.note || "") !== text) {
        if (text) step.note = text;
        else delete step.note;
        changed = true;
      }
    });
    return changed;
  }

  /** The visitor typed in a note's field. @param {"en"|"ru"} lang @param {string} value */
  edit(lang, value) {
    const n = this.demo.n;
    const step = this.step;
    const note = this.notes.get(n) || { en: "", ru: "", kind: step.event.kind, text: step.text };
    note[lang] = value;
    if (note.en.trim() || note.ru.trim()) this.notes.set(n, note);
    else this.notes.delete(n);
    this.applyNotes();
    this.demo.redraw();
    this.checkLength();
  }

  /** A note's field was left: say what became of the note. */
  kept() {
    const n = this.demo.n;
    say(this.view, t(this.notes.has(n) ? "note_saved" : "note_removed", { n }));
  }

  remove() {
    const n = this.demo.n;
    if (!this.notes.delete(n)) return;
    this.view.en.value = "";
    this.view.ru.value = "";
    this.applyNotes();
    this.demo.redraw();
    say(this.view, t("note_removed", { n }));
  }

  /** @param {number} n */
  goto(n) {
    this.demo.playback.goto(n);
    this.demo.view.showTable();
  }

  // ------------------------------------------------------------------ the engine

  /**
   * One request to the engine: its result, or null after saying why.
   * @param {string} type @param {object} payload @param {string} refusedKey the message for a refusal ({why})
   */
  async ask(type, payload, refusedKey) {
    if (!this.engine) {
      sayError(this.view, t("engine_unavailable"));
      return null;
    }
    this.working = true;
    this.view.section.setAttribute("aria-busy", "true");
    try {
      return await this.engine.request(type, { ...payload, lang: this.lang });
    } catch (error) {
      if (error instanceof Refusal) {
        sayError(this.view, t(refusedKey, { why: error.in(this.lang) }));
        return null;
      }
      // Restarted after it stopped answering: the visitor may do it again. Not started: a reload
      // may mend it. The engine's own failure (a bug) would come again: said so, its detail logged.
      const kind = error && error.kind;
      if (kind === "failure") console.warn("engine failure", error.code, error.message); // eslint-disable-line no-console
      sayError(this.view, kind === "dead" ? t("engine_dead") : kind === "failed" ? t("engine_unavailable") : t("engine_problem"));
      return null;
    } finally {
      this.working = false;
      this.view.section.removeAttribute("aria-busy");
    }
  }

  /** The record of the game shown, written by the engine: {text, steps, finished_by_computer} or null. */
  async record() {
    const notes = [...this.notes.entries()].sort((a, b) => a[0] - b[0])
      .map(([step, note]) => ({ step, en: note.en.trim(), ru: note.ru.trim() }));
    return this.ask("write_record", {
      // What an opened record says it is for stays with its own hand only.
      setup: this.demo.trace.game, notes, names: this.names, about: this.demo.source === "recorded" ? this.about : null,
    }, "write_refused");
  }

  async download() {
    if (this.working) return;
    const written = await this.record();
    if (!written) return;
    const name = this.fileName || `card-lottery-${String(this.demo.trace.game.seed)}.toml`;
    const url = URL.createObjectURL(new Blob([written.text], { type: "application/toml" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    say(this.view, [t("downloaded", { file: name }), written.finished_by_computer ? t("finished_by_computer") : ""].join(" ").trim());
  }

  async copyLink() {
    if (this.working) return;
    if (!canPack()) {
      sayError(this.view, t("no_compression"));
      return;
    }
    const written = await this.record();
    if (!written) return;
    const url = `${location.href.split("#")[0]}#record=${await pack(written.text)}`;
    if (url.length > this.maxLink) {
      showLink(this.view, null);
      sayError(this.view, t("link_too_long", { chars: count(url.length, "character"), most: count(this.maxLink, "character") }));
      return;
    }
    showLink(this.view, url);
    history.replaceState(history.state, "", url); // the address is the link too (and survives a reload)
    this.view.section.dataset.linkLength = String(url.length);
    let copied = false;
    try {
      if (navigator.clipboard) {
        await navigator.clipboard.writeText(url);
        copied = true;
      }
    } catch {
      copied = false;
    }
    const extra = written.finished_by_computer ? ` ${t("finished_by_computer")}` : "";
    if (copied) {
      say(this.view, t("link_copied", { chars: count(url.length, "character") }) + extra);
    } else {
      this.view.link.focus();
      this.view.link.select();
      say(this.view, t("link_not_copied") + extra);
    }
  }

  /** Open the hand a link carries (the page's own hash); a link refused is said where it is seen. @param {string} hash */
  async openHash(hash) {
    const opened = await this.openLink(hash);
    if (!opened && recordInHash(hash) !== null && !this.view.error.classList.contains("is-hidden")) {
      this.view.error.scrollIntoView({ block: "center" });
    }
    return opened;
  }

  /** @param {string} hash */
  async openLink(hash) {
    const payload = recordInHash(hash);
    if (payload === null) return false;
    say(this.view, t("opening"));
    let text;
    try {
      if (!canPack()) throw new LinkDamaged("no DecompressionStream");
      text = await unpack(payload, limits().recordBytes);
    } catch (error) {
      sayError(this.view, error instanceof LinkDamaged && canPack() ? t("link_damaged") : t("no_compression"));
      return false;
    }
    const result = await this.ask("read_record", { text, name: t("link_name") }, "link_refused");
    if (!result) return false;
    this.fileName = null;
    this.show(result);
    say(this.view, t("opened_link", { steps: count(result.trace.steps.length, "step") }));
    return true;
  }

  /** Open a record file (picked or dropped). @param {File} file */
  async openFile(file) {
    if (this.working || !file) return false;
    const most = limits().recordBytes;
    if (file.size > most) { // before it is read (the engine would refuse its text too)
      sayError(this.view, t("file_too_big", { file: file.name, size: Math.ceil(file.size / 1000), most: most / 1000 }));
      return false;
    }
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      sayError(this.view, t("file_not_text", { file: file.name }));
      return false;
    }
    say(this.view, t("opening"));
    const result = await this.ask("read_record", { text, name: file.name }, "file_refused");
    if (!result) return false;
    this.fileName = file.name;
    this.show(result);
    say(this.view, t("opened_file", { file: file.name, steps: count(result.trace.steps.length, "step") }));
    return true;
  }

  /** Show a record the engine read: its hand in the demo, from the first step, with its notes. @param {any} result */
  show(result) {
    const demo = this.demo;
    demo.playback.stop(false);
    if (demo.seat) demo.seatedGame.forget();
    demo.seatedGame.beforeSeat = null;
    const trace = expandStates(result.trace);
    demo.recorded = { trace, setup: result.setup };
    demo.settings = settingsOf(result.setup);
    demo.message = null;
    demo.notices.clear();
    this.notes = new Map(result.notes.map((/** @type {any} */ note) => {
      const step = trace.steps[note.step - 1];
      return [note.step, { en: note.en, ru: note.ru, kind: step.event.kind, text: step.text }];
    }));
    this.names = result.names;
    this.about = result.about;
    this.shownTrace = null;
    demo.setTrace(trace, "recorded");
    demo.n = 1;
    this.shownN = 0;
    demo.redraw();
  }
}
