// The table at one step: the hosts and their decks, the pool and the discards, the banker's
// four with their stakes, the cards in play, and every seat (hand, laid-aside pile, penalty
// pile, tricks, chips). Only the zones whose content changed are rebuilt; the zones that this
// step changed (compared with the step before) are marked `is-changed`.

import { h, setAttr, setText, toggleClass } from "../dom.js";
import { cardsCount, chips, signed, t, tricksCount } from "../i18n.js";
import { renderCards, renderPile, renderSelectableCards } from "./cards.js";

function field(cls, label) {
  const value = h("span", { class: "field-value" });
  const el = h("div", { class: `field ${cls}` }, [h("span", { class: "field-label", text: label }), " ", value]);
  return { el, value };
}

/** Build the table's DOM once per demo (and again when the number of seats changes). */
export function createTable(lang) {
  const phase = h("p", { class: "table-phase" });
  const source = h("p", { class: "table-source" });

  const bankerName = h("span", { class: "host-name" });
  const bankerDeck = h("span", { class: "deck" });
  const bankerTakings = field("host-takings", t(lang, "takings"));
  const bankerDiscard = field("host-discard", t(lang, "banker_discard"));
  const banker = h("div", { class: "host host-banker" }, [
    h("span", { class: "host-role", text: t(lang, "banker") }), " ", bankerName, bankerDeck,
    bankerTakings.el, bankerDiscard.el,
  ]);
  const dealerName = h("span", { class: "host-name" });
  const dealerDeck = h("span", { class: "deck" });
  const discard = field("host-discard", t(lang, "discard"));
  const dealer = h("div", { class: "host host-dealer" }, [
    h("span", { class: "host-role", text: t(lang, "dealer") }), " ", dealerName, dealerDeck, discard.el,
  ]);
  const pool = field("pool", t(lang, "pool"));
  const hosts = h("div", { class: "table-hosts" }, [banker, dealer, pool.el]);

  const slots = [];
  const rowCards = h("ol", { class: "row-cards" });
  for (let i = 0; i < 4; i++) {
    const card = h("span", { class: "slot-card" });
    const stake = h("span", { class: "slot-stake" });
    const status = h("span", { class: "slot-status" });
    const li = h("li", { class: "slot" }, [card, stake, status]);
    slots.push({ li, card, stake, status });
    rowCards.append(li);
  }
  const rowEmpty = h("p", { class: "row-empty", text: t(lang, "row_empty") });
  const row = h("div", { class: "table-row" }, [h("h4", { class: "zone-title", text: t(lang, "row") }), rowCards, rowEmpty]);

  const trickCards = h("ol", { class: "trick-cards" });
  const trickTitle = h("h4", { class: "zone-title", text: t(lang, "on_table") });
  const trick = h("div", { class: "table-trick" }, [trickTitle, trickCards]);

  const seatsList = h("ul", { class: "table-seats" });
  const el = h("section", { class: "demo-table", "aria-label": t(lang, "table_label") }, [
    h("div", { class: "table-top" }, [phase, source]), hosts, row, trick, seatsList,
  ]);
  return {
    el, phase, source, banker, bankerName, bankerDeck, bankerTakings, bankerDiscard, dealer, dealerName, dealerDeck,
    discard, pool, row, rowCards, rowEmpty, slots, trick, trickTitle, trickCards, seatsList, seats: [], seatNames: null,
  };
}

function createSeat(lang, name) {
  const nameEl = h("span", { class: "seat-name", text: name });
  const badge = h("span", { class: "seat-badge" });
  const balance = h("span", { class: "seat-chips" });
  const hand = h("div", { class: "seat-hand", role: "group", "aria-label": `${name}: ${t(lang, "hand")}` });
  const aside = h("span", { class: "seat-aside" });
  const penaltyCards = h("span", { class: "penalty-cards" });
  const penalty = h("span", { class: "seat-penalty" }, [h("span", { class: "pile-label", text: t(lang, "penalty") }), penaltyCards]);
  const tricks = h("span", { class: "seat-tricks" });
  const li = h("li", { class: "seat" }, [
    h("div", { class: "seat-head" }, [nameEl, badge, balance]),
    hand,
    h("div", { class: "seat-piles" }, [aside, penalty, tricks]),
  ]);
  return { li, nameEl, badge, balance, hand, aside, penalty, penaltyCards, tricks, name };
}

function ensureSeats(refs, seats, lang) {
  const key = seats.join("\u0000");
  if (refs.seatNames === key) return;
  refs.seatNames = key;
  refs.seats = seats.map((name) => createSeat(lang, name));
  refs.seatsList.replaceChildren(...refs.seats.map((seat) => seat.li));
}

/** The hands to draw: after `lay_aside` the cards are on the piles, not in the hands. */
function shownHands(step) {
  const state = step.state;
  if (step.event.kind === "lay_aside") return state.hands.map(() => []);
  return state.hands;
}

const PLAYOFF_PHASES = ["playoff", "lead", "answer", "trick", "playoff_end", "fines", "end"];

function phaseText(state, lang) {
  if (state.phase === "over") return t(lang, "phase_over");
  if (PLAYOFF_PHASES.includes(state.phase)) {
    return t(lang, "phase_playoff");
  }
  if (!state.round) return t(lang, "phase_start");
  return t(lang, "phase_lottery", { n: state.round });
}

/** The play-off cards to show at a step: {title, entries: [{card, label}]}. */
export function playedCards(step, seats, lang) {
  const { state, event } = step;
  if (state.table.length) {
    return { title: t(lang, "on_table"), entries: state.table.map(([seat, card]) => ({ card, label: seats[seat] })) };
  }
  const covers = event.covers || [];
  if (event.kind === "beat") {
    return {
      title: t(lang, "beaten_off", { who: event.who }),
      entries: covers.flatMap(([led, cover]) => [{ card: led, label: t(lang, "led") }, { card: cover, label: event.who }]),
    };
  }
  if (event.kind === "take") {
    return {
      title: t(lang, "taken_by", { who: event.who }),
      entries: covers.flatMap(([led, cover]) => [{ card: led, label: t(lang, "led") }, { card: cover, label: event.who }])
        .concat((event.cards || []).map((card) => ({ card, label: t(lang, "taken") }))),
    };
  }
  if (event.kind === "trick" || event.kind === "trick_abandoned") {
    const title = event.kind === "trick" ? t(lang, "trick_taken", { who: event.who }) : t(lang, "trick_discarded");
    return { title, entries: (event.cards || []).map((card) => ({ card, label: "" })) };
  }
  return { title: t(lang, "on_table"), entries: [] };
}

/** Mark a zone changed when its key differs from the previous step's. */
function mark(el, key, prevKey) {
  toggleClass(el, "is-changed", prevKey !== undefined && key !== prevKey);
}

/**
 * Draw step `ctx.step` (with `ctx.prev`, the step before, for the change marks).
 * ctx: {lang, step, prev, seats, banker, dealer, toAct, rowInfo, sourceText, you, seatView}
 */
export function updateTable(refs, ctx) {
  const { lang, step, prev } = ctx;
  const state = step.state;
  const pstate = prev ? prev.state : null;
  const event = step.event;
  const actor = event.who || event.winner || null;
  ensureSeats(refs, ctx.seats, lang);

  setText(refs.phase, phaseText(state, lang));
  setText(refs.source, ctx.sourceText);

  // Hosts, decks, pool.
  setText(refs.bankerName, ctx.banker);
  setText(refs.dealerName, ctx.dealer);
  setText(refs.bankerDeck, `${t(lang, "deck")}: ${t(lang, "deck_left", { n: state.decks[0] })}`);
  setText(refs.dealerDeck, `${t(lang, "deck")}: ${t(lang, "deck_left", { n: state.decks[1] })}`);
  setText(refs.bankerTakings.value, signed(state.banker_net));
  setText(refs.bankerDiscard.value, cardsCount(state.banker_discard, lang));
  setText(refs.discard.value, cardsCount(state.discard, lang));
  setText(refs.pool.value, chips(state.pool, lang));
  mark(refs.bankerDeck, state.decks[0], pstate && pstate.decks[0]);
  mark(refs.dealerDeck, state.decks[1], pstate && pstate.decks[1]);
  mark(refs.bankerTakings.el, state.banker_net, pstate && pstate.banker_net);
  mark(refs.bankerDiscard.el, state.banker_discard, pstate && pstate.banker_discard);
  mark(refs.discard.el, state.discard, pstate && pstate.discard);
  mark(refs.pool.el, state.pool, pstate && pstate.pool);
  toggleClass(refs.banker, "is-to-act", ctx.toAct === "banker");
  setAttr(refs.banker, "aria-current", ctx.toAct === "banker" ? "true" : null);

  // The banker's four.
  const hasRow = state.row.length > 0;
  toggleClass(refs.rowCards, "is-hidden", !hasRow);
  toggleClass(refs.rowEmpty, "is-hidden", hasRow);
  const info = ctx.rowInfo || [];
  for (let i = 0; i < 4; i++) {
    const slot = refs.slots[i];
    const code = state.row[i];
    const up = i < state.up;
    renderCards(slot.card, code === undefined ? [] : [up ? code : null], lang);
    const stake = state.stakes[i];
    setText(slot.stake, stake ? chips(stake, lang) : "");
    toggleClass(slot.stake, "is-empty", !stake);
    let status = "";
    const r = up ? info[i] : null;
    if (r) status = r.winner ? t(lang, "won_by", { who: r.winner }) : t(lang, r.to === "banker" ? "to_banker" : "to_pool");
    setText(slot.status, status);
    toggleClass(slot.li, "is-winning", !!(r && r.winner));
    const key = `${code}|${up}|${stake}`;
    const pkey = pstate ? `${pstate.row[i]}|${i < pstate.up}|${pstate.stakes[i]}` : undefined;
    mark(slot.li, key, pkey);
  }

  // The play-off's cards: those on the table, or, at a step that just cleared them (a beat, a
  // take, a trick taken), the cards it moved, so that the step can be followed.
  const play = playedCards(step, ctx.seats, lang);
  toggleClass(refs.trick, "is-hidden", play.entries.length === 0);
  setText(refs.trickTitle, play.title);
  const trickKey = play.entries.map((e) => `${e.card}:${e.label}`).join(" ");
  if (refs.trickCards.__key !== trickKey) {
    refs.trickCards.__key = trickKey;
    refs.trickCards.replaceChildren(...play.entries.map((entry) => {
      const holder = h("span", { class: "trick-card" });
      renderCards(holder, [entry.card], lang);
      return h("li", { class: "trick-entry" }, [holder, h("span", { class: "trick-who", text: entry.label })]);
    }));
  }

  // The seats.
  const hands = shownHands(step);
  const phands = prev ? shownHands(prev) : null;
  const playoff = PLAYOFF_PHASES.includes(state.phase);
  for (let i = 0; i < refs.seats.length; i++) {
    const seat = refs.seats[i];
    const name = ctx.seats[i];
    const hand = hands[i] || [];
    const you = ctx.you === name;
    if (you && ctx.seatView) renderSelectableCards(seat.hand, hand, lang, ctx.seatView);
    else renderCards(seat.hand, hand, lang);
    mark(seat.hand, hand.join(" "), phands ? (phands[i] || []).join(" ") : undefined);

    const aside = state.aside[i].length;
    renderPile(seat.aside, aside, lang, `${t(lang, "aside")}: ${cardsCount(aside, lang)}`);
    mark(seat.aside, aside, pstate ? pstate.aside[i].length : undefined);

    const penalty = state.penalty[i];
    renderCards(seat.penaltyCards, penalty, lang);
    toggleClass(seat.penalty, "is-hidden", penalty.length === 0);
    mark(seat.penalty, penalty.join(" "), pstate ? pstate.penalty[i].join(" ") : undefined);

    const tricks = state.tricks[i];
    setText(seat.tricks, tricks ? `${t(lang, "tricks")}: ${tricksCount(tricks, lang)}` : "");
    toggleClass(seat.tricks, "is-hidden", !tricks);
    mark(seat.tricks, tricks, pstate ? pstate.tricks[i] : undefined);

    setText(seat.balance, `${t(lang, "balance")}: ${signed(state.nets[i])}`);
    mark(seat.balance, state.nets[i], pstate ? pstate.nets[i] : undefined);

    const toAct = ctx.toAct === name;
    const out = playoff && !state.active[i];
    const badges = [];
    if (you) badges.push(t(lang, "you"));
    if (toAct) badges.push(t(lang, "to_act"));
    if (out) badges.push(t(lang, "sits_out"));
    setText(seat.badge, badges.join(" · "));
    toggleClass(seat.li, "is-to-act", toAct);
    toggleClass(seat.li, "is-actor", actor === name);
    toggleClass(seat.li, "is-out", out);
    toggleClass(seat.li, "is-you", you);
    setAttr(seat.li, "aria-current", toAct ? "true" : null);
  }
}
