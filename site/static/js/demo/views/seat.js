// @ts-check
// The seated visitor's panel, drawn under his own hand: what he must decide (the engine's words),
// the cards he has chosen, the moves the engine allows with exactly those cards (or all of them
// when they are few), a refusal, the banker's spread, a hint (every move's worth as he knows the
// game, best first, in the engine's sentences; the best one said to screen readers), undo, leave
// and a new game. The engine says which cards may be chosen and which moves use them, and what each
// is worth: nothing here knows a rule or computes a value.

import { cardName, catalogue, listText, paragraphLabel, t } from "../../lib/catalogue.js";
import { dual, h, needsDrawing, setText, toggleClass, uniqueId } from "../../lib/dom.js";

const ALL_MOVES_UP_TO = 8; // fewer legal moves than this are offered at once, without choosing cards

export function createSeatPanel() {
  const status = h("p", { class: "seat-status", role: "status" });
  // Who the computer players are: said once, not with every change of the status.
  const opponents = h("p", { class: "seat-opponents" });
  const refusal = h("p", { class: "seat-refusal is-hidden", role: "alert" });
  const failureText = h("span");
  const failure = h("p", { class: "seat-failure is-hidden", role: "alert" }, [failureText, " ",
    h("button", { type: "button", class: "live-small-button", "data-action": "retry", text: t("retry") })]);
  const stakeInputs = [];
  const stakeFields = [0, 1, 2, 3].map((i) => {
    const id = uniqueId("stake");
    const input = h("input", { id, type: "number", min: 1, step: 1, inputmode: "numeric", name: `stake.${i}` });
    stakeInputs.push(input);
    return h("span", { class: "stake-field" }, [h("label", { for: id, text: t("stake_card", { n: i + 1 }) }), input]);
  });
  const stakeSum = h("output", { class: "stake-sum" });
  const stakeForm = h("form", { class: "seat-stake is-hidden", "data-form": "stake", novalidate: true }, [
    h("div", { class: "stake-fields" }, stakeFields), stakeSum,
    h("button", { type: "submit", class: "live-button is-primary", text: t("stake_send") }),
  ]);
  const selection = h("p", { class: "selection-text" });
  const moves = h("ul", { class: "seat-moves" });
  const clear = h("button", { type: "button", class: "live-button", "data-action": "clear-selection", text: t("clear_selection") });
  const undo = h("button", { type: "button", class: "live-button", "data-action": "undo", text: t("undo") });
  // aria-disabled, not disabled, while the engine works: the button keeps the keyboard's focus.
  const hint = h("button", { type: "button", class: "live-button", "data-action": "hint", text: t("hint_button") });
  const hintBest = h("p", { class: "seat-hint-best", role: "status" });
  const hintMoves = h("ol", { class: "seat-hint-moves", "aria-label": t("hint_ranked") });
  const hintBasis = h("p", { class: "seat-hint-basis" });
  const hintBox = h("div", { class: "seat-hint is-hidden" }, [hintBest, hintMoves, hintBasis]);
  const newGame = h("button", { type: "button", class: "live-button is-primary", "data-action": "new-game", text: t("new_game") });
  const leave = h("button", { type: "button", class: "live-button", "data-action": "leave-seat", text: t("leave_seat") });
  const confirm = h("p", { class: "seat-confirm is-hidden", role: "alert" }, [
    t("leave_confirm"), " ",
    h("button", { type: "button", class: "live-button", "data-action": "leave-seat-confirmed", text: t("leave_anyway") }), " ",
    h("button", { type: "button", class: "live-button is-primary", "data-action": "stay-seated", text: t("stay_seated") }),
  ]);
  const el = h("div", { class: "seat-panel" }, [
    status, opponents, refusal, failure, stakeForm, selection, moves, hintBox,
    h("div", { class: "live-buttons" }, [hint, clear, undo, newGame, leave]), confirm,
  ]);
  return { el, status, opponents, refusal, failure, failureText, stakeForm, stakeInputs, stakeSum, selection, moves, clear, undo, newGame, leave,
    confirm, hint, hintBox, hintBest, hintMoves, hintBasis };
}

/** The moves to offer: all of them when few; else those using every chosen card, exact ones first
 * (the practice panel offers its moves so too: views/practice.js). */
export function offered(decision, selected) {
  const chosen = [...selected];
  if (!chosen.length) {
    return decision.moves.length <= ALL_MOVES_UP_TO ? decision.moves : decision.moves.filter((m) => !m.cards.length);
  }
  const using = decision.moves.filter((m) => chosen.every((c) => m.cards.includes(c)));
  const exact = using.filter((m) => m.cards.length === chosen.length);
  return exact.concat(using.filter((m) => m.cards.length !== chosen.length)).slice(0, ALL_MOVES_UP_TO);
}

/** The four amounts of the banker's spread, as typed (empty fields count as 0). */
export function readStake(refs) {
  return refs.stakeInputs.map((input) => input.value.trim() || "0");
}

export function updateStakeSum(refs, total) {
  const sum = refs.stakeInputs.reduce((acc, input) => acc + (Number(input.value) || 0), 0);
  setText(refs.stakeSum, t("stake_sum", { sum, total }));
  toggleClass(refs.stakeSum, "is-wrong", sum !== total);
}

/** The engine's hint, drawn: the best move's sentence (a live region: said once), every move's, best first, and how
 * they were valued. */
function drawHint(refs, hint) {
  const key = hint ? hint.reasons.join("\n") : "";
  if (!needsDrawing(refs.hintBox, key)) return;
  setText(refs.hintBest, hint ? t("hint_best", { reason: hint.reasons[0] }) : "");
  refs.hintMoves.replaceChildren(...(hint ? hint.reasons.map((reason) => h("li", { text: reason })) : []));
  setText(refs.hintBasis, hint ? hint.basis : "");
  toggleClass(refs.hintBox, "is-hidden", !hint);
}

/**
 * ctx: {seat: {name, you: {turn, over, can_undo, decision, opponents}, selected: Set, refusal: string|null, hint},
 *   busy, confirmLeave,
 *   failure: string|null (the engine could not answer: said here too, where the visitor is looking)}
 */
export function updateSeatPanel(refs, ctx) {
  const { seat, busy } = ctx;
  setText(refs.failureText, ctx.failure || "");
  toggleClass(refs.failure, "is-hidden", !ctx.failure);
  toggleClass(refs.confirm, "is-hidden", !ctx.confirmLeave);
  const you = seat.you;
  const decision = you.decision;
  const sitting = t("seat_taken", { seat: seat.name === "banker" ? catalogue().roles.banker : seat.name });
  let now;
  if (you.over) now = t("game_over");
  else if (decision) now = `${t("your_turn")} ${catalogue().decisions[decision.kind]} (${paragraphLabel(decision.rule)})`;
  else now = t("not_your_turn");
  setText(refs.status, `${sitting} ${now}`);
  setText(refs.opponents, t(`opponents_now_${you.opponents}`));
  setText(refs.refusal, seat.refusal || "");
  toggleClass(refs.refusal, "is-hidden", !seat.refusal);

  const stake = decision && decision.stake;
  toggleClass(refs.stakeForm, "is-hidden", !stake);
  // The even spread fills the fields once for each spread asked, not at every redraw: the visitor's own figures
  // stay. While none is asked the key is "", so the next spread fills them even with the same total.
  if (needsDrawing(refs.stakeForm, stake ? String(stake.total) : "") && stake) {
    refs.stakeInputs.forEach((input, i) => { input.value = String(stake.even[i]); });
  }
  if (stake) updateStakeSum(refs, stake.total);

  const choosing = !!decision && !stake;
  const chosen = [...seat.selected];
  toggleClass(refs.selection, "is-hidden", !choosing);
  if (choosing) {
    setText(refs.selection, chosen.length ? t("selected", { cards: listText(chosen.map(cardName)) })
      : t(decision.moves.length <= ALL_MOVES_UP_TO ? "choose_move" : "choose_cards"));
  }
  const moves = choosing ? offered(decision, seat.selected) : [];
  const key = `${moves.map((m) => m.move).join("|")}|${busy}`;
  if (needsDrawing(refs.moves, key)) {
    refs.moves.replaceChildren(...moves.map((move) => h("li", {}, [h("button", {
      type: "button", class: "legal-move", "data-action": "move", "data-move": move.move, disabled: busy ? true : null,
    }, [...dual(move.short, move.text), h("code", { class: "move-code", text: move.move })])])));
  }
  toggleClass(refs.moves, "is-hidden", !moves.length);
  toggleClass(refs.clear, "is-hidden", !chosen.length);
  toggleClass(refs.undo, "is-hidden", !you.can_undo);
  toggleClass(refs.hint, "is-hidden", !decision);
  refs.hint.setAttribute("aria-disabled", busy ? "true" : "false");
  drawHint(refs, seat.hint);
  toggleClass(refs.newGame, "is-hidden", !you.over);
  for (const button of [refs.clear, refs.undo, refs.newGame, refs.leave]) button.disabled = busy;
}
