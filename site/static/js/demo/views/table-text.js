// @ts-check
// The whole table of one step as plain text (a list), for reading instead of looking:
// shown by the "Table as text" toggle, rendered only while it is open.

import { cardName, count, listText, signed, t, term } from "../../lib/catalogue.js";
import { h, needsDrawing } from "../../lib/dom.js";
import { playedCards, shownHands } from "./table.js";

function cards(codes) {
  return codes.length ? listText(codes.map(cardName)) : t("none");
}

export function createTableText(id) {
  return h("div", { class: "demo-table-text", id, hidden: true });
}

/** The lines describing the table. ctx: {step, seats, banker, dealer, you} */
export function tableLines(ctx) {
  const { step } = ctx;
  const state = step.state;
  const lines = [];
  lines.push(`${term("banker")} ${ctx.banker}: ${term("deck")} ${state.decks[0]}; ${term("takings")} ${signed(state.banker_net)}; ` +
    `${term("banker_discard")} ${count(state.banker_discard, "card")}.`);
  lines.push(`${term("dealer")} ${ctx.dealer}: ${term("deck")} ${state.decks[1]}; ${term("discard")} ${count(state.discard, "card")}.`);
  lines.push(`${term("pool")}: ${count(state.pool, "chip")}.`);
  if (ctx.prizeKept) lines.push(`${term("prize")}: ${count(state.prize, "chip")}.`);
  if (ctx.kittyKept) lines.push(`${term("kitty")}: ${count(state.kitty, "chip")}.`);
  if (state.row.length) {
    const slots = state.row.map((code, i) => {
      const up = i < state.up;
      let text = `${i + 1}) ${up ? cardName(code) : term("face_down")}`;
      if (state.stakes[i]) text += `, ${t("stake_on", { chips: count(state.stakes[i], "chip") })}`;
      if (up && state.outcomes[i]) text += `, ${state.outcomes[i].text}`;
      return text;
    });
    lines.push(`${term("row")}: ${slots.join("; ")}.`);
  }
  const play = playedCards(step, ctx.seats);
  if (play.entries.length) {
    const named = play.entries.map((e) => (e.label ? `${e.label} — ${cardName(e.card)}` : cardName(e.card)));
    lines.push(`${play.title}: ${named.join("; ")}.`);
  }
  const hands = shownHands(step);
  ctx.seats.forEach((name, i) => {
    const parts = [`${term("balance")} ${signed(state.nets[i])}`, `${term("hand")}: ${cards(hands[i] || [])}`];
    if (state.aside[i].length) parts.push(`${term("aside")}: ${count(state.aside[i].length, "card")}`);
    if (state.penalty[i].length) parts.push(`${term("penalty")}: ${cards(state.penalty[i])}`);
    if (state.tricks[i]) parts.push(`${term("tricks")}: ${count(state.tricks[i], "trick")}`);
    const flags = [];
    if (state.to_act === name && ctx.you === name) flags.push(t("your_turn_badge"));
    else if (state.to_act === name) flags.push(t("to_act"));
    else if (ctx.you === name) flags.push(t("you"));
    lines.push(`${name}${flags.length ? ` (${flags.join(", ")})` : ""}: ${parts.join("; ")}.`);
  });
  return lines;
}

export function updateTableText(el, ctx) {
  if (el.hidden) return;
  const lines = tableLines(ctx);
  const key = lines.join("\n");
  if (!needsDrawing(el, key)) return;
  el.replaceChildren(h("ul", {}, lines.map((line) => h("li", { text: line }))));
}
