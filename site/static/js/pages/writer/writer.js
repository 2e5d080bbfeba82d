// @ts-check
// The writer: its state (the notes the visitor writes on the steps of the game shown, an opened
// record's names and [about], whether the engine is working, the message said, the link made)
// and its actions, each of which changes the state and draws it once (view.js). The game shown is
// the demo's: the writer follows it (Demo.follow), and its notes ride on the demo's trace, where
// the demo draws them. The record is written by the engine (write_record) to be downloaded or
// carried by a link, and read by the engine (read_record) from a file or a link (requests.js,
// files.js). The page reads and writes no TOML and computes no rule: the engine words every
// refusal, with the line of the record it concerns.

import { catalogue, count, t } from "../../lib/catalogue.js";
import { expandStates, settingsOf } from "../../demo/trace.js";
import { canPack, pack, recordInHash } from "./codec.js";
import { copyText, readFile, readLink, saveFile } from "./files.js";
import { characters, dropUnfit, edited, forRecord, fromRecord, limits, putOn } from "./notes.js";
import { readRecord, writeRecord } from "./requests.js";
import { createWriterView, renderWriter } from "./view.js";

/**
 * @typedef {{kind: "info"|"error", text: string}} Message what the panel says (an error's empty text: none)
 * @typedef {{url: string}} Link a link made (a new one each time)
 * @typedef {{what: "link"|"error"}} Reveal what to bring before the visitor (focused, or scrolled to), once
 * @typedef {{lang: string, notes: import("./notes.js").Notes, names: any, about: any, fileName: string|null,
 *   trace: import("../../demo/trace.js").Trace|null, n: number, draft: {en: string, ru: string}, tooLong: boolean,
 *   working: boolean, message: Message|null, link: Link|null, reveal: Reveal|null, dropping: boolean}} WriterState
 *   `names`, `about`: an opened record's names in each language (kept while its table is) and its [about] (kept in
 *   what is written); `fileName`: the file the record shown came from; `trace`: the trace the notes were last
 *   fitted to; `n`, `draft`: the step the note's fields are for, and what they hold; `tooLong`: the error said is
 *   that a note is too long (taken back when it is shortened); `working`: a request to the engine is under way;
 *   `dropping`: a file is dragged over the page.
 */

export class Writer {
  /**
   * @param {import("../../demo/demo.js").Demo} demo
   * @param {import("../../lib/engine-client.js").EngineClient|null} engine
   * @param {HTMLElement} section
   */
  constructor(demo, engine, section) {
    this.demo = demo;
    this.engine = engine;
    /** @type {WriterState} */
    this.state = {
      lang: catalogue().lang, notes: new Map(), names: null, about: null, fileName: null, trace: null, n: 0,
      draft: { en: "", ru: "" }, tooLong: false, working: false, message: null, link: null, reveal: null, dropping: false,
    };
    this.view = createWriterView(section);
    demo.follow(() => {
      this.fitToDemo();
      this.redraw();
    });
    this.fitToDemo();
    this.redraw();
  }

  /** Whether a request to the engine is under way (the tests wait for it). */
  get working() {
    return this.state.working;
  }

  /**
   * Draw the state. The demo draws the notes its trace carries: when they changed, or when the
   * demo's own state did (`demoToo`: a record opened), the demo is drawn, and it draws the panel in
   * turn (Demo.follow). @param {boolean} [demoToo]
   */
  redraw(demoToo = false) {
    const state = this.state;
    if (putOn(this.demo.trace, state.notes, state.lang) || demoToo) this.demo.redraw();
    else renderWriter(this.view, state);
  }

  /**
   * After the demo changed: notes that no longer fit the game shown go; the note's fields follow
   * the step. (A new trace from the live engine comes without the notes: the redraw puts them on
   * it and draws the demo once more.)
   */
  fitToDemo() {
    const { demo, state } = this;
    if (demo.trace !== state.trace) {
      state.trace = demo.trace;
      state.n = 0;
      const dropped = dropUnfit(state.notes, demo.trace);
      if (dropped.length) this.say(t("notes_dropped", { steps: dropped.join(", ") }));
    }
    if (demo.n !== state.n) {
      state.n = demo.n;
      const note = state.notes.get(demo.n);
      state.draft = { en: note ? note.en : "", ru: note ? note.ru : "" };
      this.checkLength();
    }
  }

  /** @param {string} text */
  say(text) {
    this.state.message = { kind: "info", text };
  }

  /** @param {string} text (empty: the error said is taken back) */
  sayError(text) {
    this.state.message = { kind: "error", text };
  }

  /** A note longer than the engine takes is said at once, not at the download (engine/limits.py). */
  checkLength() {
    const state = this.state;
    const most = limits().noteChars;
    const longest = Math.max(characters(state.draft.en), characters(state.draft.ru));
    if (longest > most) {
      this.sayError(t("note_too_long", { chars: longest, most }));
      state.tooLong = true;
    } else if (state.tooLong) {
      state.tooLong = false;
      this.sayError("");
    }
  }

  // ------------------------------------------------------------------ the notes

  /** The visitor typed in a note's field. @param {"en"|"ru"} lang @param {string} value */
  edit(lang, value) {
    const { demo, state } = this;
    state.draft = { ...state.draft, [lang]: value };
    edited(state.notes, demo.n, demo.step, lang, value);
    this.checkLength();
    this.redraw();
  }

  /** A note's field was left: say what became of the note. */
  kept() {
    const n = this.demo.n;
    this.say(t(this.state.notes.has(n) ? "note_saved" : "note_removed", { n }));
    this.redraw();
  }

  remove() {
    const { demo, state } = this;
    if (!state.notes.delete(demo.n)) return;
    state.draft = { en: "", ru: "" };
    this.say(t("note_removed", { n: demo.n }));
    this.redraw();
  }

  /** @param {number} n */
  goto(n) {
    this.demo.playback.goto(n);
    this.demo.view.showTable();
  }

  /** @param {boolean} dropping whether a file is dragged over the page */
  dragging(dropping) {
    if (this.state.dropping === dropping) return;
    this.state.dropping = dropping;
    this.redraw();
  }

  // ------------------------------------------------------------------ the record

  /**
   * One request to the engine: its result, or null with the error said (not drawn: the caller
   * draws what it ends with). @param {(engine: import("../../lib/engine-client.js").EngineClient) => Promise<any>} send
   */
  async request(send) {
    const state = this.state;
    if (!this.engine) {
      this.sayError(t("engine_unavailable"));
      return null;
    }
    state.working = true;
    this.redraw();
    const answer = await send(this.engine);
    state.working = false;
    if (answer.error !== null) this.sayError(answer.error);
    return answer.result;
  }

  /** The record of the game shown, written by the engine: {text, steps, finished_by_computer} or null. */
  record() {
    const { demo, state } = this;
    return this.request((engine) => writeRecord(engine, state.lang, {
      // What an opened record says it is for stays with its own hand only.
      setup: demo.trace.game, notes: forRecord(state.notes), names: state.names, about: demo.source === "recorded" ? state.about : null,
    }));
  }

  async download() {
    if (this.state.working) return;
    const written = await this.record();
    if (written) {
      const name = this.state.fileName || `card-lottery-${String(this.demo.trace.game.seed)}.toml`;
      saveFile(written.text, name);
      this.say([t("downloaded", { file: name }), written.finished_by_computer ? t("finished_by_computer") : ""].join(" ").trim());
    }
    this.redraw();
  }

  async copyLink() {
    const state = this.state;
    if (state.working) return;
    if (!canPack()) {
      this.sayError(t("no_compression"));
      this.redraw();
      return;
    }
    const written = await this.record();
    if (!written) {
      this.redraw();
      return;
    }
    const url = `${location.href.split("#")[0]}#record=${await pack(written.text)}`;
    const most = limits().linkChars;
    if (url.length > most) {
      state.link = null;
      this.sayError(t("link_too_long", { chars: count(url.length, "character"), most: count(most, "character") }));
      this.redraw();
      return;
    }
    state.link = { url };
    history.replaceState(history.state, "", url); // the address is the link too (and survives a reload)
    this.redraw();
    const copied = await copyText(url);
    const extra = written.finished_by_computer ? ` ${t("finished_by_computer")}` : "";
    if (copied) {
      this.say(t("link_copied", { chars: count(url.length, "character") }) + extra);
    } else {
      state.reveal = { what: "link" };
      this.say(t("link_not_copied") + extra);
    }
    this.redraw();
  }

  /**
   * Open the hand a link carries (the page's own hash); a link refused is said where it is seen.
   * @param {string} hash
   */
  async openHash(hash) {
    if (recordInHash(hash) === null) return false;
    this.say(t("opening"));
    this.redraw();
    const link = await readLink(hash, limits().recordBytes);
    const result = link.text === null ? null
      : await this.request((engine) => readRecord(engine, this.state.lang, link.text || "", t("link_name"), "link_refused"));
    if (link.error !== null) this.sayError(link.error);
    if (result) {
      this.state.fileName = null;
      this.show(result);
      this.say(t("opened_link", { steps: count(result.trace.steps.length, "step") }));
    } else {
      this.state.reveal = { what: "error" };
    }
    this.redraw(!!result);
    return !!result;
  }

  /** Open a record file (picked or dropped). @param {File} file */
  async openFile(file) {
    if (this.state.working || !file) return false;
    const read = await readFile(file, limits().recordBytes);
    if (read.error !== null) {
      this.sayError(read.error);
      this.redraw();
      return false;
    }
    this.say(t("opening"));
    this.redraw();
    const result = await this.request((engine) => readRecord(engine, this.state.lang, read.text || "", file.name, "file_refused"));
    if (result) {
      this.state.fileName = file.name;
      this.show(result);
      this.say(t("opened_file", { file: file.name, steps: count(result.trace.steps.length, "step") }));
    }
    this.redraw(!!result);
    return !!result;
  }

  /**
   * Put a record the engine read in the state: its hand in the demo, from the first step, with its
   * notes (the caller draws the demo). @param {any} result
   */
  show(result) {
    const { demo, state } = this;
    demo.playback.stop(false);
    if (demo.seat) demo.seatedGame.forget();
    demo.seatedGame.beforeSeat = null;
    const trace = expandStates(result.trace);
    demo.recorded = { trace, setup: result.setup };
    demo.settings = settingsOf(result.setup);
    demo.message = null;
    demo.notices.clear();
    state.notes = fromRecord(result.notes, trace);
    state.names = result.names;
    state.about = result.about;
    demo.setTrace(trace, "recorded");
    demo.n = 1;
    this.fitToDemo();
  }
}
