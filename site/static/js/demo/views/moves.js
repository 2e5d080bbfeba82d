// @ts-check
// The move list of the whole hand: each decision (the trace's `moves`) and a marker for each
// round (`lay` events) and for the play-off; a click jumps to that step; the entry of the
// current step carries aria-current="step".

import { t } from "../../lib/catalogue.js";
import { dual, h, setAttr, toggleClass } from "../../lib/dom.js";

/** The entries of a trace, in step order: {step, kind: "round"|"playoff"|"move", label, long}. */
export function moveEntries(trace) {
  const entries = [];
  trace.steps.forEach((step, i) => {
    const kind = step.event.kind;
    if (kind === "lay") {
      const label = t("move_round", { n: step.event.round });
      entries.push({ step: i + 1, kind: "round", label, long: label });
    } else if (kind === "playoff_start") {
      const label = t("move_playoff");
      entries.push({ step: i + 1, kind: "playoff", label, long: label });
    }
  });
  for (const m of trace.moves || []) {  // the engine words each move (trace.for_page)
    entries.push({ step: m.step, kind: "move", label: `${m.who}: ${m.short}`, long: `${m.who}: ${m.text}`, move: m.move });
  }
  entries.sort((a, b) => a.step - b.step || Number(a.kind === "move") - Number(b.kind === "move"));
  return entries;
}

/** For each step n (1..N), the index of the entry it belongs to (-1 before the first). */
export function currentEntries(entries, total) {
  const out = new Int32Array(total + 1).fill(-1);
  let e = -1;
  for (let n = 1; n <= total; n++) {
    while (e + 1 < entries.length && entries[e + 1].step <= n) e++;
    out[n] = e;
  }
  return out;
}

export function createMoves() {
  const list = h("ol", { class: "moves-list" });
  const empty = h("p", { class: "moves-empty is-hidden", text: t("no_moves") });
  const el = h("nav", { class: "demo-moves", "aria-label": t("moves") }, [
    h("h4", { class: "zone-title", text: t("moves") }), list, empty,
  ]);
  return { el, list, empty, buttons: [], current: -1 };
}

export function renderMoves(refs, entries) {
  refs.buttons = entries.map((entry) => h("button", {
    type: "button",
    class: `move-button move-${entry.kind}`,
    "data-action": "goto",
    "data-step": entry.step,
  }, dual(entry.label, entry.long)));
  refs.list.replaceChildren(...refs.buttons.map((button, i) => h("li", { class: `move-entry move-entry-${entries[i].kind}` }, [button])));
  toggleClass(refs.empty, "is-hidden", entries.some((e) => e.kind === "move"));
  refs.current = -1;
}

export function updateMoves(refs, index) {
  if (refs.current === index) return;
  if (refs.current >= 0 && refs.buttons[refs.current]) setAttr(refs.buttons[refs.current], "aria-current", null);
  refs.current = index;
  const button = refs.buttons[index];
  if (!button) return;
  setAttr(button, "aria-current", "step");
  // Keep the current entry in view inside the list only (never scroll the page). Measured in
  // the next frame, so that a step never forces a layout of its own.
  if (!refs.scrollPending) {
    refs.scrollPending = true;
    requestAnimationFrame(() => {
      refs.scrollPending = false;
      const list = refs.list;
      const current = refs.buttons[refs.current];
      if (!current || list.scrollHeight <= list.clientHeight + 1) return;
      const item = current.parentElement;
      const top = item.offsetTop; // the list is position: relative (demo.css)
      if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
    });
  }
}
