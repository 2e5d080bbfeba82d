// @ts-check
// The table at one step: the hosts with their decks and the pool (with, under the readings that keep
// them apart, the fines to be played for and the kitty); the centre (the banker's four
// with their stakes during the lottery, the cards on the table in the play-off); and every seat
// (chips, hand, laid-aside cards, cards not beaten, tricks). Every zone has a fixed height by
// construction (a hand is one line of cards that overlap when short of room), so the table keeps
// its size from step to step and the controls below it stay put. Only zones whose content changed
// are rebuilt; the zones this step changed are marked `is-changed`.

import { catalogue, count, phaseLabel, signed, t, term } from "../../lib/catalogue.js";
import { h, needsDrawing, setAttr, setText, toggleClass } from "../../lib/dom.js";
import { renderCards, renderSelectableCards } from "./cards.js";
import { createSeatPanel } from "./seat.js";

function field(cls, label) {
  const value = h("span", { class: "field-value" });
  const el = h("span", { class: `field ${cls}` }, [h("span", { class: "field-label", text: label }), " ", value]);
  return { el, value };
}

function host(role) {
  const name = h("span", { class: "host-name" });
  const deck = field("host-deck", term("deck"));
  const discard = field("host-discard", term(role === "banker" ? "banker_discard" : "discard"));
  const el = h("div", { class: `host host-${role}` }, [
    h("p", { class: "host-head" }, [h("span", { class: "host-role", text: term(role) }), " ", name]),
    h("p", { class: "host-fields" }, [deck.el, " ", discard.el]),
  ]);
  return { el, name, deck, discard };
}

/** Build the table's DOM once per demo (the seats again when the seats change). */
export function createTable() {
  const phase = h("span", { class: "table-phase" });
  const source = h("span", { class: "table-source" });
  const banker = host("banker");
  const takings = field("host-takings", term("takings"));
  banker.el.lastChild.append(" ", takings.el);
  const dealer = host("dealer");
  const pool = field("pool-chips", term("pool"));
  const prize = field("prize-chips", term("prize"));
  const kitty = field("kitty-chips", term("kitty"));
  const hosts = h("div", { class: "table-hosts" }, [
    banker.el, dealer.el, h("div", { class: "host pool" }, [pool.el, prize.el, kitty.el]),
  ]);

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
  const row = h("div", { class: "table-row" }, [h("h4", { class: "zone-title", text: term("row") }), rowCards]);
  const trickTitle = h("h4", { class: "zone-title" });
  const trickCards = h("ol", { class: "trick-cards" });
  const trick = h("div", { class: "table-trick" }, [trickTitle, trickCards]);
  const centre = h("div", { class: "table-centre" }, [row, trick]);
  const seatsList = h("ul", { class: "table-seats" });
  const el = h("section", { class: "demo-table", "aria-label": t("table_label") }, [
    h("p", { class: "table-top" }, [phase, " · ", source]), hosts, centre, seatsList,
  ]);
  return {
    el, phase, source, banker, takings, dealer, pool, prize, kitty, row, rowCards, slots, trick, trickTitle, trickCards,
    seatsList, seats: [], seatNames: null, panel: createSeatPanel(),
  };
}

function createSeat(name) {
  const nameEl = h("span", { class: "seat-name", text: name });
  const badge = h("span", { class: "seat-badge" });
  const balance = h("span", { class: "seat-chips" });
  const aside = h("span", { class: "seat-aside" });
  const tricks = h("span", { class: "seat-tricks" });
  const hand = h("div", { class: "seat-hand hand", role: "group", "aria-label": `${name}: ${term("hand")}` });
  const penaltyCards = h("div", { class: "penalty-cards hand" });
  const penalty = h("div", { class: "seat-penalty", role: "group", "aria-label": `${name}: ${term("penalty")}` },
    [h("span", { class: "pile-label", "aria-hidden": "true", text: term("penalty") }), penaltyCards]);
  const li = h("li", { class: "seat" }, [
    h("p", { class: "seat-head" }, [nameEl, badge, balance, aside, tricks]),
    h("div", { class: "seat-cards" }, [hand, penalty]),
  ]);
  return { li, nameEl, badge, balance, hand, aside, penalty, penaltyCards, tricks, name };
}

function ensureSeats(refs, seats) {
  const key = seats.join("\u0000");
  if (refs.seatNames === key) return;
  refs.seatNames = key;
  refs.seats = seats.map((name) => createSeat(name));
  refs.seatsList.replaceChildren(...refs.seats.map((seat) => seat.li));
  toggleClass(refs.el, "is-crowded", seats.length > 6);
  refs.el.dataset.seats = String(seats.length); // a screen that sizes the cards by the seats (the kiosk)
}

/** The hands to draw: after `lay_aside` the cards are on the piles, not in the hands. */
export function shownHands(step) {
  if (step.event.kind === "lay_aside") return step.state.hands.map(() => []);
  return step.state.hands;
}

/** The play-off cards to show at a step: {title, entries: [{card, label}]}. */
export function playedCards(step, seats) {
  const { state, event } = step;
  if (state.table.length) {
    return { title: t("on_table"), entries: state.table.map(([seat, card]) => ({ card, label: seats[seat] })) };
  }
  const covers = event.covers || [];
  const pairs = covers.flatMap(([led, cover]) => [{ card: led, label: t("led") }, { card: cover, label: event.who }]);
  if (event.kind === "beat") return { title: t("beaten", { who: event.who }), entries: pairs };
  if (event.kind === "take") {
    return {
      title: t("taken_by", { who: event.who }),
      entries: pairs.concat((event.cards || []).map((card) => ({ card, label: t("taken") }))),
    };
  }
  if (event.kind === "trick" || event.kind === "trick_abandoned" || event.kind === "lead_abandoned") {
    const title = { trick: t("trick_taken", { who: event.who }), trick_abandoned: t("trick_discarded"),
      lead_abandoned: t("lead_discarded") }[event.kind];
    return { title, entries: (event.cards || []).map((card) => ({ card, label: "" })) };
  }
  return { title: t("on_table"), entries: [] };
}

/** Mark a zone changed when its key differs from the previous step's (never at the first step). */
function mark(el, key, prevKey, first) {
  toggleClass(el, "is-changed", !first && key !== prevKey);
}

/**
 * Draw step `ctx.step` (with `ctx.prev`, the step before, for the change marks).
 * ctx: {step, prev, seats, banker, dealer, games (a session's number of games), sourceText, you, seat: null|{decision, selected, busy, ...}}
 */
export function updateTable(refs, ctx) {
  const { step, prev, seat } = ctx;
  const state = step.state;
  const first = !prev;
  const pstate = prev ? prev.state : state;
  const event = step.event;
  const actor = event.who || event.winner || null;
  const toAct = state.to_act;
  ensureSeats(refs, ctx.seats);

  // A session's games are told one after the other: which game of the series this step is in.
  const game = step.game && ctx.games > 1 ? `${t("game_of", { n: step.game, total: ctx.games })} · ` : "";
  setText(refs.phase, game + phaseLabel(state.phase, state.round));
  setText(refs.source, ctx.sourceText);

  // Hosts, decks, pool.
  setText(refs.banker.name, ctx.banker);
  setText(refs.dealer.name, ctx.dealer);
  setText(refs.banker.deck.value, String(state.decks[0]));
  setText(refs.dealer.deck.value, String(state.decks[1]));
  setText(refs.banker.discard.value, String(state.banker_discard));
  setText(refs.dealer.discard.value, String(state.discard));
  setText(refs.takings.value, signed(state.banker_net));
  toggleClass(refs.takings.el, "is-hidden", !ctx.bankerTakes);
  setText(refs.pool.value, count(state.pool, "chip"));
  setText(refs.prize.value, count(state.prize, "chip"));
  toggleClass(refs.prize.el, "is-hidden", !ctx.prizeKept);
  setText(refs.kitty.value, count(state.kitty, "chip"));
  toggleClass(refs.kitty.el, "is-hidden", !ctx.kittyKept);
  mark(refs.banker.deck.el, state.decks[0], pstate.decks[0], first);
  mark(refs.dealer.deck.el, state.decks[1], pstate.decks[1], first);
  mark(refs.banker.discard.el, state.banker_discard, pstate.banker_discard, first);
  mark(refs.dealer.discard.el, state.discard, pstate.discard, first);
  mark(refs.takings.el, state.banker_net, pstate.banker_net, first);
  mark(refs.pool.el, state.pool, pstate.pool, first);
  mark(refs.prize.el, state.prize, pstate.prize, first);
  mark(refs.kitty.el, state.kitty, pstate.kitty, first);
  toggleClass(refs.banker.el, "is-to-act", toAct === "banker");
  setAttr(refs.banker.el, "aria-current", toAct === "banker" ? "true" : null);

  // The centre: the banker's four in the lottery, the cards on the table in the play-off.
  const play = playedCards(step, ctx.seats);
  const playoff = catalogue().phases[state.phase] === "playoff" || catalogue().phases[state.phase] === "over";
  toggleClass(refs.row, "is-hidden", playoff);
  toggleClass(refs.trick, "is-hidden", !playoff);
  for (let i = 0; i < 4; i++) {
    const slot = refs.slots[i];
    const code = state.row[i];
    const up = i < state.up;
    renderCards(slot.card, code === undefined ? [] : [up ? code : null]);
    const stake = state.stakes[i];
    setText(slot.stake, stake ? count(stake, "chip") : "");
    // What became of the card this round, worded by the engine (trace.for_page), as the print view words it.
    const outcome = up ? state.outcomes[i] : null;
    setText(slot.status, outcome ? outcome.text : "");
    toggleClass(slot.li, "is-winning", !!(outcome && outcome.winner));
    mark(slot.li, `${code}|${up}|${stake}`, `${pstate.row[i]}|${i < pstate.up}|${pstate.stakes[i]}`, first);
  }
  setText(refs.trickTitle, play.title);
  const trickKey = play.entries.map((e) => `${e.card}:${e.label}`).join(" ");
  if (needsDrawing(refs.trickCards, trickKey)) {
    refs.trickCards.replaceChildren(...play.entries.map((entry) => {
      const holder = h("span", { class: "trick-card" });
      renderCards(holder, [entry.card]);
      return h("li", { class: "trick-entry" }, [holder, h("span", { class: "trick-who", text: entry.label })]);
    }));
  }

  // The seats.
  const hands = shownHands(step);
  const phands = prev ? shownHands(prev) : hands;
  for (let i = 0; i < refs.seats.length; i++) {
    const view = refs.seats[i];
    const name = ctx.seats[i];
    const hand = hands[i] || [];
    const you = ctx.you === name;
    // The seated visitor's hand, or the practised player's (practice.js), when a decision waits.
    const chooser = you && seat ? seat : ctx.practice && ctx.practice.name === name ? ctx.practice : null;
    const deciding = chooser && chooser.decision && !chooser.decision.stake;
    if (deciding) {
      renderSelectableCards(view.hand, hand, {
        selected: chooser.selected, selectable: new Set(chooser.decision.cards), enabled: !chooser.busy,
      });
    } else {
      renderCards(view.hand, hand);
    }
    mark(view.hand, hand.join(" "), (phands[i] || []).join(" "), first);

    const aside = state.aside[i].length;
    setText(view.aside, aside ? `${term("aside")}: ${aside}` : "");
    mark(view.aside, aside, pstate.aside[i].length, first);

    const penalty = state.penalty[i];
    renderCards(view.penaltyCards, penalty);
    toggleClass(view.penalty, "is-hidden", penalty.length === 0);
    mark(view.penalty, penalty.join(" "), pstate.penalty[i].join(" "), first);

    const tricks = state.tricks[i];
    setText(view.tricks, tricks ? `${term("tricks")}: ${tricks}` : "");
    mark(view.tricks, tricks, pstate.tricks[i], first);

    setText(view.balance, `${term("balance")}: ${signed(state.nets[i])}`);
    mark(view.balance, state.nets[i], pstate.nets[i], first);

    const isTurn = toAct === name;
    const out = playoff && !state.active[i];
    const badges = [];
    // «вы · ходит» does not agree: the visitor's own turn has its own words.
    if (you && isTurn) badges.push(t("your_turn_badge"));
    else if (you) badges.push(t("you"));
    else if (isTurn) badges.push(t("to_act"));
    if (out) badges.push(t("sits_out"));
    setText(view.badge, badges.join(" · "));
    toggleClass(view.li, "is-to-act", isTurn);
    toggleClass(view.li, "is-actor", actor === name);
    toggleClass(view.li, "is-out", out);
    toggleClass(view.li, "is-you", you);
    setAttr(view.li, "aria-current", isTurn ? "true" : null);
  }

  // The seated visitor's actions sit under his own hand (or the banker's, for the spread).
  const panel = refs.panel.el;
  // (A screen with a side column for it, the kiosk's, gives it its own place: ctx.panelHome.)
  const home = !ctx.you ? null : ctx.panelHome
    || (ctx.you === "banker" ? refs.banker.el : refs.seats[ctx.seats.indexOf(ctx.you)]?.li);
  if (home && panel.parentNode !== home) home.append(panel);
  if (!home && panel.parentNode) panel.remove();
}
