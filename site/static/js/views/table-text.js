// The whole table of one step as plain text (a list), for reading instead of looking:
// shown by the "Table as text" toggle, rendered only while it is open.

import { h } from "../dom.js";
import { cardName, cardsCount, chips, listText, signed, t, tricksCount } from "../i18n.js";
import { playedCards } from "./table.js";

function cards(codes, lang) {
  return codes.length ? listText(codes.map((c) => cardName(c, lang)), lang) : t(lang, "none");
}

export function createTableText(id) {
  return h("div", { class: "demo-table-text", id, hidden: true });
}

/** The lines describing the table (also used by the tests' text checks). */
export function tableLines(ctx) {
  const { lang, step } = ctx;
  const state = step.state;
  const lines = [];
  const colon = ": ";
  lines.push(`${t(lang, "banker")} ${ctx.banker}${colon}${t(lang, "deck")} ${t(lang, "deck_left", { n: state.decks[0] })}; ` +
    `${t(lang, "takings")} ${signed(state.banker_net)}; ${t(lang, "banker_discard")} ${cardsCount(state.banker_discard, lang)}.`);
  lines.push(`${t(lang, "dealer")} ${ctx.dealer}${colon}${t(lang, "deck")} ${t(lang, "deck_left", { n: state.decks[1] })}; ` +
    `${t(lang, "discard")} ${cardsCount(state.discard, lang)}.`);
  lines.push(`${t(lang, "pool")}${colon}${chips(state.pool, lang)}.`);
  if (state.row.length) {
    const slots = state.row.map((code, i) => {
      const up = i < state.up;
      let text = `${i + 1}) ${up ? cardName(code, lang) : t(lang, "face_down")}`;
      if (state.stakes[i]) text += `, ${t(lang, "stake_on", { chips: chips(state.stakes[i], lang) })}`;
      const r = up && ctx.rowInfo ? ctx.rowInfo[i] : null;
      if (r) text += `, ${r.winner ? t(lang, "won_by", { who: r.winner }) : t(lang, r.to === "banker" ? "to_banker" : "to_pool")}`;
      return text;
    });
    lines.push(`${t(lang, "row")}${colon}${slots.join("; ")}.`);
  }
  const play = playedCards(step, ctx.seats, lang);
  if (play.entries.length) {
    const cardsText = play.entries.map((e) => (e.label ? `${e.label} — ${cardName(e.card, lang)}` : cardName(e.card, lang)));
    lines.push(`${play.title}${colon}${cardsText.join("; ")}.`);
  }
  const hands = step.event.kind === "lay_aside" ? state.hands.map(() => []) : state.hands;
  ctx.seats.forEach((name, i) => {
    const parts = [`${t(lang, "balance")} ${signed(state.nets[i])}`, `${t(lang, "hand")}: ${cards(hands[i] || [], lang)}`];
    if (state.aside[i].length) parts.push(`${t(lang, "aside")}: ${cardsCount(state.aside[i].length, lang)}`);
    if (state.penalty[i].length) parts.push(`${t(lang, "penalty")}: ${cards(state.penalty[i], lang)}`);
    if (state.tricks[i]) parts.push(`${t(lang, "tricks")}: ${tricksCount(state.tricks[i], lang)}`);
    const flags = [];
    if (ctx.toAct === name) flags.push(t(lang, "to_act"));
    if (ctx.you === name) flags.push(t(lang, "you"));
    lines.push(`${name}${flags.length ? ` (${flags.join(", ")})` : ""}${colon}${parts.join("; ")}.`);
  });
  return lines;
}

export function updateTableText(el, ctx) {
  if (el.hidden) return;
  const lines = tableLines(ctx);
  const key = lines.join("\n");
  if (el.__key === key) return;
  el.__key = key;
  el.replaceChildren(h("ul", {}, lines.map((line) => h("li", { text: line }))));
}
