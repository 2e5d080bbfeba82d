// @ts-check
// The panel "What each move was worth", under the step's sentence at a play-off decision step
// (worth.js has its state): a heading; what the figures are; the moves ranked in a table (the rank,
// the move, the mover's final net, its cost against the best), the move made marked in words; the
// sentences of the move made and of the best move; the analysis's assumption. Every figure and
// sentence is the engine's (analysis_page.py). While the worker works, or when it could not answer,
// the panel says so (and offers to try again when that can help). It sits below the step controls
// in the page's flow, so it never moves them.

import { t } from "../../lib/catalogue.js";
import { dual, h, needsDrawing, setText, toggleClass, uniqueId } from "../../lib/dom.js";

export function createWorth() {
  const headingId = uniqueId("worth-heading");
  const aboutId = uniqueId("worth-about");
  const status = h("p", { class: "worth-status", role: "status" });
  const retry = h("button", { type: "button", class: "live-button is-hidden", "data-action": "worth-retry", text: t("retry") });
  const about = h("p", { class: "worth-about", id: aboutId });
  const head = h("tr", {}, ["worth_rank", "worth_move", "worth_net", "worth_cost"].map((key) => h("th", { scope: "col", text: t(key) })));
  const rows = h("tbody");
  const table = h("table", { class: "worth-table", "aria-labelledby": headingId, "aria-describedby": aboutId }, [h("thead", {}, [head]), rows]);
  const reasons = h("ul", { class: "worth-reasons" });
  const assumption = h("p", { class: "worth-assumption" });
  const body = h("div", { class: "worth-body" }, [about, table, reasons, assumption]);
  const el = h("section", { class: "demo-worth is-hidden", "aria-labelledby": headingId }, [
    h("h4", { class: "zone-title", id: headingId, text: t("worth_heading") }),
    h("div", { class: "worth-state" }, [status, retry]),
    body,
  ]);
  return { el, status, retry, body, about, rows, reasons, assumption };
}

/** One move's row: its rank, the move (card symbols shown, names read), the move made marked in words.
 * @param {import("../worth.js").MoveShown} move */
function row(move) {
  const net = move.interval ? `${move.net} (${move.interval[0]} … ${move.interval[1]})` : move.net;
  return h("tr", { class: move.played ? "is-played" : null }, [
    h("td", { class: "worth-rank", text: String(move.rank) }),
    h("th", { scope: "row", class: "worth-move" }, [
      ...dual(move.short, move.text),
      move.played ? h("strong", { class: "worth-played", text: ` ${t("worth_played")}` }) : null,
    ]),
    h("td", { class: "worth-figure", text: net }),
    h("td", { class: "worth-figure", text: move.cost }),
  ]);
}

/**
 * @param {ReturnType<typeof createWorth>} refs
 * @param {import("../worth.js").Entry|null} entry what the state says the panel shows (null: no panel)
 */
export function updateWorth(refs, entry) {
  toggleClass(refs.el, "is-hidden", !entry);
  if (!entry) return;
  const panel = entry.panel || null;
  toggleClass(refs.el, "is-working", !!entry.working);
  setText(refs.status, entry.working ? t("worth_working") : entry.failure || "");
  toggleClass(refs.status, "is-hidden", !!panel);
  toggleClass(refs.retry, "is-hidden", !entry.retry);
  toggleClass(refs.body, "is-hidden", !panel);
  if (!panel) return;
  setText(refs.about, panel.about);
  // The rows and the sentences are built again only when the panel shown is another (a redraw at the
  // same step rebuilds nothing).
  if (needsDrawing(refs.rows, JSON.stringify(panel.moves))) refs.rows.replaceChildren(...panel.moves.map(row));
  if (needsDrawing(refs.reasons, JSON.stringify(panel.reasons))) {
    refs.reasons.replaceChildren(...panel.reasons.map((text) => h("li", { text })));
  }
  setText(refs.assumption, panel.assumption);
}
