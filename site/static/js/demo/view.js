// @ts-check
// A demo's DOM: built once (createView) and brought up to date from the demo's state (renderView).
//
//   the switch of an open question (when the demo shows one)
//   notices
//   board:   the table (fixed height), the table as text, the stepping controls
//   reading: the step's sentence, the note, the governing paragraphs; at a play-off decision, what
//            each move was worth; the speed and text toggles
//   moves    the move list          live: the live engine (status, seat, settings)
//
// On a wide screen the board and the reading sit side by side; the seated visitor's panel is drawn
// under his own hand (views/table.js).

import { count, t } from "../lib/catalogue.js";
import { h, setText, toggleClass } from "../lib/dom.js";
import { createControls, updateControls } from "./views/controls.js";
import { createLive, updateLive } from "./views/live.js";
import { createMoves, currentEntries, moveEntries, renderMoves, updateMoves } from "./views/moves.js";
import { createNarration, highlightPage, updateNarration } from "./views/narration.js";
import { createPractice, practiceChooser, updatePractice } from "./views/practice.js";
import { updateSeatPanel } from "./views/seat.js";
import { createSwitch, updateSwitch } from "./views/switch.js";
import { createTable, updateTable } from "./views/table.js";
import { createTableText, updateTableText } from "./views/table-text.js";
import { createWorth, updateWorth } from "./views/worth.js";

/** @param {import("./demo.js").Demo} demo */
export function createView(demo) {
  const figure = demo.figure;
  const id = figure.id || `demo-${demo.hand}`;
  const textId = `${id}-table-text`;
  const hintId = `${id}-keys`;
  const table = createTable();
  const tableText = createTableText(textId);
  const controls = createControls(textId);
  const narration = createNarration();
  const moves = createMoves();
  const live = createLive();
  const practice = createPractice(); // the record's questions and practice as a player (practice.js)
  const worth = createWorth(); // what each move was worth (worth.js): in the reading, below the controls' row
  live.el.insertBefore(practice.control, live.settings);
  const notices = h("div", { class: "demo-notices", role: "status" });
  const choice = demo.switchKey ? createSwitch(demo.switchKey) : null;
  const announcer = h("p", { class: "visually-hidden demo-announcer", "aria-live": "polite", "aria-atomic": "true" });
  const caption = figure.querySelector("figcaption");
  const label = caption && caption.id ? { "aria-labelledby": caption.id } : { "aria-label": t("demo_label", { hand: demo.hand }) };
  const board = h("div", { class: "demo-board" }, [table.el, tableText, controls.el]);
  const reading = h("div", { class: "demo-reading" }, [narration.el, practice.question, worth.el, controls.extra]);
  // The seated visitor's panel beside the table rather than under his hand (demo.panelAside).
  const seatHome = demo.panelAside ? h("div", { class: "demo-seat-home" }) : null;
  const app = h("div", {
    class: "demo-app", tabindex: "0", role: "group", "aria-describedby": hintId, "data-hand": demo.hand, ...label,
  }, [
    choice ? choice.el : null,
    notices,
    h("p", { class: "visually-hidden", id: hintId, text: t("keys_hint") }),
    h("div", { class: "demo-layout" }, [board, reading, seatHome, moves.el, live.el]),
    announcer,
  ]);
  const details = figure.querySelector(".demo-text");
  if (details) figure.insertBefore(app, details);
  else figure.append(app);
  figure.classList.add("is-enhanced");
  return {
    app, caption, notices, announcer, board, seatHome, table, tableText, controls, narration, moves, live, choice, practice, worth,
    traceChanged: true, entries: /** @type {any[]} */ ([]), entryAt: new Int32Array(0), noticeKey: "",
    /** Bring the table into view (after a replay made from the form far below it). */
    showTable() {
      board.scrollIntoView({ block: "start" });
      app.focus({ preventScroll: true });
    },
  };
}

function renderNotices(view, demo) {
  const key = [...demo.notices].map(([kind, { text, tone }]) => `${kind}:${tone}:${text}`).join("\n");
  if (view.noticeKey === key) return;
  view.noticeKey = key;
  view.notices.replaceChildren(...[...demo.notices].map(([kind, { text, tone }]) => h("p", { class: `demo-notice is-${tone}` }, [
    h("span", { class: "demo-notice-text", text }), " ",
    h("button", { type: "button", class: "demo-notice-dismiss", "data-action": "dismiss-notice", "data-kind": kind, text: t("dismiss") }),
  ])));
}

function sourceText(demo) {
  return t({ seat: "source_seat", live: "source_live", recorded: "source_recorded" }[demo.source]);
}

/**
 * Draw the demo's state.
 * @param {ReturnType<typeof createView>} view @param {import("./demo.js").Demo} demo @param {boolean} announce
 */
export function renderView(view, demo, announce) {
  const trace = demo.trace;
  if (view.traceChanged) {
    view.traceChanged = false;
    view.entries = moveEntries(trace);
    view.entryAt = currentEntries(view.entries, trace.steps.length);
    renderMoves(view.moves, view.entries);
    if (view.caption) {
      setText(view.caption, t("demo_caption", { players: count(trace.seats.length, "player"), steps: count(trace.steps.length, "step") }));
    }
  }
  const step = demo.step;
  const prev = demo.n > 1 ? trace.steps[demo.n - 2] : null;
  const seat = demo.seat;
  const you = seat ? seat.name : null;
  const table = trace.game.table;
  const ctx = {
    step, prev, seats: trace.seats, banker: table.banker, dealer: table.dealer, games: Number(trace.game.games) || 1,
    bankerTakes: trace.steps[trace.steps.length - 1].state.banker_net !== 0, // the takings matter in this game
    // The readings that keep chips apart from the pool (p12, p15): the table shows those chips too.
    prizeKept: trace.game.options.fines_to === "playoff_prize",
    kittyKept: trace.game.options.kitty === "kept_apart",
    sourceText: sourceText(demo), you, paragraphs: demo.paragraphs,
    seat: seat && demo.n === demo.total ? { ...seat, decision: seat.you.decision, busy: demo.busy } : null,
    practice: practiceChooser(demo), // the practised player's hand, chosen from as a seated player's
    panelHome: view.seatHome,
  };
  renderNotices(view, demo);
  if (view.choice) {
    updateSwitch(view.choice, { value: demo.settings.options[view.choice.key] ?? "", disabled: demo.busy || !!seat });
  }
  updateTable(view.table, ctx);
  view.tableText.hidden = !demo.showText;
  updateTableText(view.tableText, ctx);
  updateNarration(view.narration, ctx);
  updateWorth(view.worth, demo.worth.shown());
  updateControls(view.controls, { n: demo.n, total: demo.total, playing: demo.playing, showText: demo.showText, speed: demo.speed });
  updateMoves(view.moves, view.entryAt[demo.n]);
  if (seat) {
    const failure = demo.message && demo.message.retry ? demo.message.text : null;
    updateSeatPanel(view.table.panel, { seat, busy: demo.busy, confirmLeave: demo.seatedGame.confirmLeave, failure });
  }
  updateLive(view.live, {
    status: demo.live.status, reason: demo.live.reason, busy: demo.busy, message: demo.message,
    seats: trace.seats, seated: !!seat, turn: !!(seat && seat.you.decision),
    settings: demo.settings, settingsKey: JSON.stringify(demo.settings),
    opponents: { value: demo.seatedGame.opponents, fixed: demo.seatedGame.opponentsFixed },
  });
  highlightPage(step.event.rule || []);
  if (announce) view.announcer.textContent = step.text + (step.note ? ` ${t("note")}: ${step.note}` : "");
  updatePractice(view.practice, demo, view);
  toggleClass(view.app, "is-seated", !!seat);
  view.app.dataset.step = String(demo.n);
}
