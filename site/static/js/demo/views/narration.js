// @ts-check
// The step's sentence, the record's note, and the paragraphs of the historical text that
// govern the step (event.rule: the first is the governing one), quoted in the original
// Russian and in the English translation.

import { h, needsDrawing, setText, toggleClass } from "../../lib/dom.js";
import { paragraphLabel, t } from "../../lib/catalogue.js";

export function createNarration() {
  const sentence = h("p", { class: "demo-sentence" });
  const noteText = h("span", { class: "demo-step-note-text" });
  const note = h("p", { class: "demo-step-note is-hidden" }, [h("strong", { class: "demo-step-note-label", text: `${t("note")}: ` }), noteText]);
  const quotes = h("div", { class: "demo-quotes" });
  const el = h("div", { class: "demo-narration" }, [sentence, note, quotes]);
  return { el, sentence, note, noteText, quotes };
}

/** One quoted paragraph: original (ru) and translation (en), each marked with its language. */
export function quoteBlock(id, paragraphs, primary) {
  const p = (paragraphs && paragraphs[id]) || {};
  const label = paragraphLabel(id);
  const children = [h("p", { class: "quote-title", text: primary ? t("text_quote", { p: label }) : t("also_quote", { p: label }) })];
  if (p.ru) {
    children.push(h("blockquote", { class: "quote-original", lang: "ru", "aria-label": t("original_of", { p: label }) },
      [h("p", { text: p.ru })]));
  }
  if (p.en) {
    children.push(h("blockquote", { class: "quote-translation", lang: "en", "aria-label": t("translation_of", { p: label }) },
      [h("p", { text: p.en })]));
  }
  return h("section", { class: `demo-quote ${primary ? "is-primary" : "is-secondary"}`, "data-paragraph": id }, children);
}

/** ctx: {step, paragraphs} */
export function updateNarration(refs, ctx) {
  const { step } = ctx;
  setText(refs.sentence, typeof step.text === "string" ? step.text : "");
  const note = typeof step.note === "string" ? step.note : "";
  setText(refs.noteText, note);
  toggleClass(refs.note, "is-hidden", !note);
  const rules = step.event.rule || [];
  const key = rules.join(" ");
  if (needsDrawing(refs.quotes, key)) {
    refs.quotes.replaceChildren(...rules.map((id, i) => quoteBlock(id, ctx.paragraphs, i === 0)));
  }
}

let highlighted = [];
let highlightedKey = null;
const lookups = new Map();

/** Mark the page's own copies of the governing paragraphs (the reading text, the lessons' quotes). */
export function highlightPage(rules, doc = document) {
  const key = rules.join(" ");
  if (highlightedKey === key) return;
  highlightedKey = key;
  for (const el of highlighted) el.classList.remove("is-current-rule", "is-current-rule-primary");
  highlighted = [];
  rules.forEach((id, i) => {
    let found = lookups.get(id);
    if (!found) {
      // The reading page's paragraph (#p5), the lessons' quotes (#quote-p5, #quote-p5-2), or any
      // element marked data-paragraph="p5".
      const selector = `[id="${id}"], [id="quote-${id}"], [id^="quote-${id}-"], [data-paragraph="${id}"]`;
      found = [...doc.querySelectorAll(selector)].filter((el) => !el.closest(".demo-app"));
      lookups.set(id, found);
    }
    for (const el of found) {
      el.classList.add("is-current-rule");
      if (i === 0) el.classList.add("is-current-rule-primary");
      highlighted.push(el);
    }
  });
}
