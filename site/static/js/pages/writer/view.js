// @ts-check
// The writer's panel, built once and brought up to date from the Writer's state: the note on the
// step shown (in English and in Russian), the hand's notes, saving (download, link) and opening
// (file picker, drop). Every word comes from the page's catalogue (sitegen/i18n.py).

import { t } from "../../lib/catalogue.js";
import { h, setText, toggleClass, uniqueId } from "../../lib/dom.js";

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

  const status = h("p", { class: "writer-status", role: "status", "aria-live": "polite" });
  const error = h("p", { class: "writer-error is-hidden", role: "alert" });
  section.replaceChildren(status, error, notes, save, open);
  section.hidden = false;
  return { section, stepText, en: en.area, ru: ru.area, remove, list, none, download, copy, link, linkField, file, drop,
    status, error, listKey: "" };
}

/** @param {ReturnType<typeof createWriterView>} view @param {string} text */
export function say(view, text) {
  setText(view.error, "");
  toggleClass(view.error, "is-hidden", true);
  // A message repeated is announced again: the text is replaced, not kept.
  view.status.textContent = "";
  view.status.textContent = text;
}

/** @param {ReturnType<typeof createWriterView>} view @param {string} text */
export function sayError(view, text) {
  view.status.textContent = "";
  view.error.textContent = text;
  toggleClass(view.error, "is-hidden", !text);
}

/**
 * The note on the step shown, and the list of notes.
 * @param {ReturnType<typeof createWriterView>} view
 * @param {{n: number, sentence: string, note: {en: string, ru: string}|null, notes: {step: number, text: string}[],
 *   refill: boolean}} ctx
 */
export function updateWriterView(view, ctx) {
  setText(view.stepText, t("note_at_step", { n: ctx.n, sentence: ctx.sentence }));
  if (ctx.refill) {
    view.en.value = ctx.note ? ctx.note.en : "";
    view.ru.value = ctx.note ? ctx.note.ru : "";
  }
  view.remove.disabled = !ctx.note;
  const key = JSON.stringify(ctx.notes);
  if (view.listKey !== key) {
    view.listKey = key;
    view.list.replaceChildren(...ctx.notes.map((note) => h("li", { class: "writer-notes-item" }, [
      h("button", { type: "button", class: "writer-goto", "data-writer": "goto", "data-step": note.step,
        text: t("note_goto", { n: note.step }) }), " ", h("span", { text: note.text }),
    ])));
    toggleClass(view.none, "is-hidden", ctx.notes.length > 0);
  }
}

/** @param {ReturnType<typeof createWriterView>} view @param {string|null} url */
export function showLink(view, url) {
  view.link.value = url || "";
  toggleClass(view.linkField, "is-hidden", !url);
}
