// @ts-check
// The writer's panel, built once (createWriterView) and brought up to date from the Writer's state
// (renderWriter): the note on the step shown (in English and in Russian), the hand's notes, saving
// (download, link) and opening (file picker, drop), the message said. Every word comes from the
// page's catalogue (sitegen/i18n.py) or the Writer's state.

import { t } from "../../lib/catalogue.js";
import { h, setAttr, setText, toggleClass, uniqueId } from "../../lib/dom.js";
import { characters, limits, listed } from "./notes.js";

/**
 * @typedef {ReturnType<typeof createWriterView>} WriterView
 * @typedef {import("./writer.js").Message} Message @typedef {import("./writer.js").Link} Link
 * @typedef {import("./writer.js").Reveal} Reveal
 */

/** @param {HTMLElement} section the page's `.writer` */
export function createWriterView(section) {
  const headingId = uniqueId("writer-notes");
  const stepText = h("p", { class: "writer-step" });
  const field = (/** @type {"en"|"ru"} */ lang) => {
    const id = uniqueId(`writer-note-${lang}`);
    const area = h("textarea", { id, name: `note-${lang}`, lang, rows: 3, spellcheck: "true", "data-writer-note": lang });
    return { area, el: h("div", { class: "writer-field" }, [h("label", { for: id, text: t(`note_${lang}`) }), area]) };
  };
  const en = field("en");
  const ru = field("ru");
  const remove = h("button", { type: "button", class: "live-button", "data-writer": "remove-note", text: t("remove_note") });
  const noteForm = h("form", { class: "writer-note", "data-writer-form": "note", novalidate: true }, [
    h("p", { class: "live-hint", text: t("writer_hint") }), stepText, en.el, ru.el, h("div", { class: "live-buttons" }, [remove]),
  ]);
  const list = h("ol", { class: "writer-notes-list" });
  const none = h("p", { class: "writer-notes-none", text: t("notes_none") });
  const notes = h("section", { class: "writer-block", "aria-labelledby": headingId }, [
    h("h2", { id: headingId, text: t("writer_heading") }), noteForm,
    h("h3", { text: t("notes_list") }), list, none,
  ]);

  const saveId = uniqueId("writer-save");
  const download = h("button", { type: "button", class: "live-button is-primary", "data-writer": "download", text: t("download") });
  const copy = h("button", { type: "button", class: "live-button", "data-writer": "copy-link", text: t("copy_link") });
  const linkId = uniqueId("writer-link");
  const link = h("input", { id: linkId, type: "text", readonly: true, class: "writer-link", spellcheck: "false", autocomplete: "off" });
  const linkField = h("div", { class: "writer-field is-hidden" }, [h("label", { for: linkId, text: t("link_label") }), link]);
  const save = h("section", { class: "writer-block", "aria-labelledby": saveId }, [
    h("h2", { id: saveId, text: t("save_heading") }), h("div", { class: "live-buttons" }, [download, copy]), linkField,
  ]);

  const openId = uniqueId("writer-open");
  const fileId = uniqueId("writer-file");
  const file = h("input", { id: fileId, type: "file", accept: ".toml,text/plain,application/toml", class: "writer-file" });
  const drop = h("div", { class: "writer-drop", "data-writer": "drop" }, [
    h("label", { for: fileId, class: "live-button writer-file-label", text: t("open_file") }), file,
    h("p", { class: "writer-drop-hint", text: t("drop_here") }),
  ]);
  const open = h("section", { class: "writer-block", "aria-labelledby": openId }, [
    h("h2", { id: openId, text: t("open_heading") }), drop,
  ]);

  /** @type {{listKey: string, message: Message|null, link: Link|null, reveal: Reveal|null}} what was drawn last: a
   * message, a link, a reveal are drawn once each, by identity (a new message that says the same is announced again) */
  const drawn = { listKey: "", message: null, link: null, reveal: null };
  const status = h("p", { class: "writer-status", role: "status", "aria-live": "polite" });
  const error = h("p", { class: "writer-error is-hidden", role: "alert" });
  section.replaceChildren(status, error, notes, save, open);
  section.hidden = false;
  return { section, stepText, en: en.area, ru: ru.area, remove, list, none, download, copy, link, linkField, file, drop,
    status, error, drawn };
}

/**
 * Draw the Writer's state.
 * @param {WriterView} view @param {import("./writer.js").WriterState} state
 */
export function renderWriter(view, state) {
  const step = state.trace ? state.trace.steps[state.n - 1] : null;
  setText(view.stepText, step ? t("note_at_step", { n: state.n, sentence: step.text }) : "");
  const most = limits().noteChars;
  for (const lang of /** @type {const} */ (["en", "ru"])) {
    const area = view[lang];
    if (area.value !== state.draft[lang]) area.value = state.draft[lang];
    setAttr(area, "aria-invalid", characters(state.draft[lang]) > most ? "true" : null);
  }
  view.remove.disabled = !state.notes.has(state.n);
  renderList(view, listed(state.notes, state.lang));
  setAttr(view.section, "aria-busy", state.working ? "true" : null);
  toggleClass(view.drop, "is-over", state.dropping);
  if (view.drawn.link !== state.link) renderLink(view, state.link);
  if (view.drawn.message !== state.message) renderMessage(view, state.message);
  if (view.drawn.reveal !== state.reveal) {
    view.drawn.reveal = state.reveal;
    if (state.reveal && state.reveal.what === "link") {
      view.link.focus();
      view.link.select();
    } else if (state.reveal && state.reveal.what === "error") {
      view.error.scrollIntoView({ block: "center" });
    }
  }
}

/** @param {WriterView} view @param {{step: number, text: string}[]} notes */
function renderList(view, notes) {
  const key = JSON.stringify(notes);
  if (view.drawn.listKey === key) return;
  view.drawn.listKey = key;
  view.list.replaceChildren(...notes.map((note) => h("li", { class: "writer-notes-item" }, [
    h("button", { type: "button", class: "writer-goto", "data-writer": "goto", "data-step": note.step,
      text: t("note_goto", { n: note.step }) }), " ", h("span", { text: note.text }),
  ])));
  toggleClass(view.none, "is-hidden", notes.length > 0);
}

/** The link made last (hidden when none could be). @param {WriterView} view @param {Link|null} link */
function renderLink(view, link) {
  view.drawn.link = link;
  view.link.value = link ? link.url : "";
  toggleClass(view.linkField, "is-hidden", !link);
  if (link) view.section.dataset.linkLength = String(link.url.length); // (read by the browser tests)
}

/** @param {WriterView} view @param {Message|null} message */
function renderMessage(view, message) {
  view.drawn.message = message;
  if (!message) return;
  // The text is replaced, not kept: a message repeated is announced again.
  view.status.textContent = "";
  if (message.kind === "info") {
    setText(view.error, "");
    toggleClass(view.error, "is-hidden", true);
    view.status.textContent = message.text;
  } else {
    view.error.textContent = message.text;
    toggleClass(view.error, "is-hidden", !message.text);
  }
}


