// @ts-check
// What practice.js asks, drawn:
//   - in the live panel, the practice control: the player to practise as, start and stop, the score
//     (while practising, the move list is hidden: it would give the recorded moves away);
//   - under the practised player's hand, the practice panel: "What does Boris do?", the chosen cards
//     and the moves they make (the engine's list, as a seated player is offered them: seat.js), a
//     typed move, the engine's verdict (the cost against the best move first, then what the hand
//     did), "play on"; a forced move passed; the score at the end;
//   - beside the narration, a note's question: its choices, then right or wrong and the explanation.
// The engine's sentences (a refusal with its paragraph, the moves in words) are shown as they come.

import { cardName, catalogue, listText, t } from "../../lib/catalogue.js";
import { dual, h, needsDrawing, setText, toggleClass, uniqueId } from "../../lib/dom.js";
import { offered } from "./seat.js";

export function createPractice() {
  // The control, in the live panel.
  const seatId = uniqueId("practice-seat");
  const seatSelect = h("select", { id: seatId, name: "practice-seat" });
  const start = h("button", { type: "submit", class: "live-button is-primary", text: t("practice_start") });
  const startForm = h("form", { class: "live-form", "data-form": "practice-start", novalidate: true }, [
    h("p", { class: "live-hint", text: t("practice_hint") }),
    h("div", { class: "live-field" }, [h("label", { for: seatId, text: t("practice_seat") }), seatSelect]),
    h("div", { class: "live-buttons" }, [start]),
  ]);
  const status = h("p", { class: "practice-status is-hidden" });
  const stop = h("button", { type: "button", class: "live-button is-hidden", "data-action": "practice-stop", text: t("practice_stop") });
  const control = h("div", { class: "live-practice" }, [
    h("h5", { class: "live-subtitle", text: t("practice_heading") }), startForm, status, h("div", { class: "live-buttons" }, [stop]),
  ]);

  // The panel, under the practised player's hand.
  const ask = h("p", { class: "practice-ask" });
  const selection = h("p", { class: "selection-text" });
  const moves = h("ul", { class: "seat-moves practice-moves" });
  const clear = h("button", { type: "button", class: "live-button", "data-action": "practice-clear", text: t("clear_selection") });
  const moveId = uniqueId("practice-move");
  const moveInput = h("input", { id: moveId, name: "move", type: "text", autocomplete: "off", spellcheck: "false", autocapitalize: "off" });
  const moveForm = h("form", { class: "seat-move practice-move-form", "data-form": "practice-move", novalidate: true }, [
    h("label", { for: moveId, text: t("move_field") }),
    h("span", { class: "live-inline" }, [moveInput, h("button", { type: "submit", class: "live-button", text: t("send_move") })]),
  ]);
  const verdict = h("div", { class: "practice-verdict", role: "status" });
  const playOn = h("button", { type: "button", class: "live-button is-primary", "data-action": "practice-play-on", text: t("practice_play_on") });
  const note = h("p", { class: "practice-note", role: "status" });
  const panel = h("div", { class: "seat-panel practice-panel" }, [ask, selection, moves, clear, moveForm, verdict, playOn, note]);

  // A note's question, beside the narration.
  const questionTitle = h("p", { class: "question-title" });
  const legend = h("legend", { class: "question-text" });
  const choices = h("div", { class: "question-choices" });
  const answer = h("button", { type: "submit", class: "live-button is-primary", text: t("question_answer") });
  const questionForm = h("form", { class: "question-form", "data-form": "question", novalidate: true }, [
    h("fieldset", { class: "question-fieldset" }, [legend, choices]), h("div", { class: "live-buttons" }, [answer]),
  ]);
  const result = h("div", { class: "question-result", role: "status" });
  const show = h("button", { type: "button", class: "live-button is-primary", "data-action": "question-show" });
  const question = h("section", { class: "demo-question is-hidden", "aria-label": t("question_label") }, [
    questionTitle, questionForm, result, h("div", { class: "live-buttons" }, [show]),
  ]);
  return {
    control, seatSelect, start, startForm, status, stop,
    panel, ask, selection, moves, clear, moveForm, moveInput, verdict, playOn, note,
    question, questionTitle, legend, choices, answer, questionForm, result, show,
    announced: "",
  };
}

/** The chosen answer's index, or null. */
export function readChoice(refs) {
  const checked = refs.choices.querySelector("input:checked");
  return checked ? Number(checked.value) : null;
}

/**
 * What the table needs to draw the practised hand as a seated player's (views/table.js): his name,
 * the decision (the cards he may choose), the cards chosen; null when no decision waits.
 * @param {import("../demo.js").Demo} demo
 */
export function practiceChooser(demo) {
  const practice = demo.practice;
  const entry = practice.waiting();
  return entry ? { name: practice.seat, decision: entry.decision, selected: practice.selected, busy: demo.busy } : null;
}

const lang = () => catalogue().lang;

function seatOptions(refs, seats) {
  const key = seats.join("\u0000");
  if (!needsDrawing(refs.seatSelect, key)) return;
  const previous = refs.seatSelect.value;
  refs.seatSelect.replaceChildren(...seats.map((name) => h("option", { value: name, text: name })));
  if (seats.includes(previous)) refs.seatSelect.value = previous;
}

function scoreText(score) {
  return t("practice_score", { best: score.best, asked: score.asked, legal: score.legal, forced: score.forced });
}

/** The engine's verdict in sentences: the cost against the best move first (or the refusal, or
 * "legal" for a move that is not valued), how it was valued, then only what happened in the hand.
 * @returns {{text: string, tone: "right"|"wrong"|"plain"}[]} */
function verdictLines(verdict, name) {
  /** @type {{text: string, tone: "right"|"wrong"|"plain"}[]} */
  const lines = [];
  const worth = verdict.worth;
  if (!verdict.legal) lines.push({ text: t("practice_illegal", { why: verdict.refusal[lang()] || verdict.refusal.en }), tone: "wrong" });
  else if (worth) {
    lines.push({ text: worth.text, tone: worth.cost === 0 ? "right" : "wrong" });
    lines.push({ text: worth.basis, tone: "plain" });
  } else lines.push({ text: t("practice_legal"), tone: "right" });
  lines.push({ text: t("practice_in_hand", { name, move: verdict.recorded.text }), tone: "plain" });
  if (verdict.forced) lines.push({ text: t("practice_was_forced"), tone: "plain" });
  return lines;
}

/**
 * Draw the practice and the question (after the rest of the demo: the table has drawn the hands).
 * @param {ReturnType<typeof createPractice>} refs @param {import("../demo.js").Demo} demo
 * @param {{table: any, moves: {el: HTMLElement}, announcer: HTMLElement}} view
 */
export function updatePractice(refs, demo, view) {
  const practice = demo.practice;
  const active = practice.active;
  const name = practice.seat || "";
  const usable = !demo.busy && !demo.seat && demo.live.status !== "failed";

  // The control.
  seatOptions(refs, practice.seats());
  toggleClass(refs.control, "is-hidden", !practice.asks || practice.seats().length === 0);
  toggleClass(refs.startForm, "is-hidden", active);
  refs.seatSelect.disabled = !usable;
  refs.start.disabled = !usable;
  toggleClass(refs.status, "is-hidden", !active);
  toggleClass(refs.stop, "is-hidden", !active);
  refs.stop.disabled = demo.busy;
  if (active) setText(refs.status, `${t("practice_as", { name })} ${scoreText(practice.score())}`);
  toggleClass(view.moves.el, "is-hidden", active); // the move list would give the recorded moves away

  // The panel, under the practised player's hand.
  // At the end only the score is said: no decision is asked (nor the last one's verdict kept).
  const over = practice.over;
  const entry = over ? null : practice.current();
  const waiting = over ? null : practice.waiting();
  const verdict = entry ? practice.verdicts.get(entry.index) : undefined;
  const forced = practice.forced && practice.forced.step === demo.n ? practice.forced : null;
  const seats = demo.trace.seats;
  const index = active ? seats.indexOf(name) : -1;
  const home = !active ? null : index >= 0 ? view.table.seats[index] && view.table.seats[index].li : view.table.banker.el;
  const shown = !!home && !!(entry || forced || over);
  if (shown && refs.panel.parentNode !== home) home.append(refs.panel);
  if (!shown && refs.panel.parentNode) refs.panel.remove();
  let announce = "";
  if (shown) {
    const decision = entry ? entry.decision : null;
    setText(refs.ask, entry ? `${t("practice_ask", { name })} ${catalogue().decisions[decision.kind] || ""}` : "");
    toggleClass(refs.ask, "is-hidden", !entry);
    const choosing = !!waiting && !decision.stake;
    const chosen = [...practice.selected];
    toggleClass(refs.selection, "is-hidden", !choosing);
    if (choosing) {
      setText(refs.selection, chosen.length ? t("selected", { cards: listText(chosen.map(cardName)) }) : t("practice_choose"));
    }
    const list = choosing ? offered(decision, practice.selected) : [];
    const key = `${list.map((m) => m.move).join("|")}|${demo.busy}`;
    if (needsDrawing(refs.moves, key)) {
      refs.moves.replaceChildren(...list.map((move) => h("li", {}, [h("button", {
        type: "button", class: "legal-move practice-try", "data-action": "practice-move", "data-move": move.move,
        disabled: demo.busy ? true : null,
      }, [...dual(move.short, move.text), h("code", { class: "move-code", text: move.move })])])));
    }
    toggleClass(refs.moves, "is-hidden", !list.length);
    toggleClass(refs.clear, "is-hidden", !chosen.length);
    refs.clear.disabled = demo.busy;
    toggleClass(refs.moveForm, "is-hidden", !waiting);
    refs.moveInput.disabled = demo.busy;

    const lines = verdict ? verdictLines(verdict, name) : [];
    const verdictKey = lines.map((l) => l.text).join("\n");
    if (needsDrawing(refs.verdict, verdictKey)) {
      refs.verdict.replaceChildren(...lines.map((line) => h("p", { class: `practice-line is-${line.tone}`, text: line.text })));
    }
    toggleClass(refs.verdict, "is-hidden", !lines.length);
    toggleClass(refs.playOn, "is-hidden", !(verdict && entry && demo.n === entry.step - 1));
    refs.playOn.disabled = demo.busy;
    const notes = [];
    if (forced && forced.move) notes.push(t("practice_forced", { name, move: forced.move.text }));
    if (over) notes.push(`${t("practice_over")} ${scoreText(practice.score())}`);
    setText(refs.note, notes.join(" "));
    toggleClass(refs.note, "is-hidden", !notes.length);
    if (waiting) announce = `${t("practice_ask", { name })}`;
    else if (forced || over) announce = notes.join(" ");
  }

  // A note's question, beside the narration.
  const q = practice.asks ? practice.question() : null;
  toggleClass(refs.question, "is-hidden", !q);
  if (q) {
    const key = `${q.step}|${q.text}`;
    if (needsDrawing(refs.question, key)) {
      setText(refs.questionTitle, t("question_title", { step: q.step }));
      setText(refs.legend, q.text);
      const name = uniqueId("question");
      refs.choices.replaceChildren(...q.choices.map((text, i) => {
        const id = `${name}-${i}`;
        return h("div", { class: "question-choice" }, [
          h("input", { type: "radio", id, name, value: String(i) }), h("label", { for: id, text }),
        ]);
      }));
      setText(refs.show, t("question_show", { step: q.step }));
    }
    const answered = q.chosen !== null;
    for (const input of refs.choices.querySelectorAll("input")) {
      const i = Number(/** @type {HTMLInputElement} */ (input).value);
      /** @type {HTMLInputElement} */ (input).disabled = answered;
      if (answered) /** @type {HTMLInputElement} */ (input).checked = i === q.chosen;
      toggleClass(/** @type {HTMLElement} */ (input.parentNode), "is-answer", answered && i === q.answer);
      toggleClass(/** @type {HTMLElement} */ (input.parentNode), "is-wrong", answered && i === q.chosen && i !== q.answer);
    }
    toggleClass(refs.answer, "is-hidden", answered);
    const resultKey = answered ? `${q.step}|${q.chosen}` : "";
    if (needsDrawing(refs.result, resultKey)) {
      const right = q.chosen === q.answer;
      refs.result.replaceChildren(...(answered ? [
        h("p", { class: `practice-line ${right ? "is-right" : "is-wrong"}`,
          text: right ? t("question_right") : t("question_wrong", { answer: q.choices[q.answer] }) }),
        h("p", { class: "question-explain", text: q.explain }),
      ] : []));
    }
    toggleClass(refs.result, "is-hidden", !answered);
    if (!answered) announce = [announce, `${t("question_title", { step: q.step })} ${q.text}`].filter(Boolean).join(" ");
  }

  // Say a new question to screen readers once, after the step's own sentence.
  const announceKey = `${demo.n}|${announce}`;
  if (announce && refs.announced !== announceKey) {
    view.announcer.textContent = `${view.announcer.textContent || ""} ${announce}`.trim();
  }
  refs.announced = announceKey;
}
