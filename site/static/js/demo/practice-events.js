// @ts-check
// The taps, clicks and forms of a demo's questions and practice (practice.js, views/practice.js),
// mapped to their actions; bound by events.js with the demo's other events. A card of the
// practised hand is chosen as a seated player's is (the same `select-card` buttons).

import { readChoice } from "./views/practice.js";

/** @param {import("./demo.js").Demo} demo */
export function bindPractice(demo) {
  const { app, practice: refs } = demo.view;
  const practice = demo.practice;
  app.addEventListener("click", (event) => {
    const target = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (event.target).closest("[data-action]"));
    if (!target || !app.contains(target) || target.getAttribute("aria-disabled") === "true") return;
    const action = target.dataset.action;
    if (action === "select-card" && !demo.seat) practice.select(String(target.dataset.card));
    else if (action === "practice-move") submit(String(target.dataset.move));
    else if (action === "practice-clear") practice.clearSelection();
    else if (action === "practice-play-on") {
      practice.playOn();
      app.focus({ preventScroll: true }); // the arrow keys step on from here
    } else if (action === "practice-stop") practice.stop();
    else if (action === "question-show") {
      demo.playback.next();
      app.focus({ preventScroll: true });
    }
  });

  /** @param {string} move */
  const submit = async (move) => {
    if (await practice.submit(move)) {
      refs.moveInput.value = "";
      if (!refs.playOn.classList.contains("is-hidden")) refs.playOn.focus({ preventScroll: true });
    }
  };

  app.addEventListener("submit", (event) => {
    const form = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (event.target).closest("form[data-form]"));
    if (!form) return;
    const kind = form.dataset.form;
    if (kind === "practice-start") {
      event.preventDefault();
      practice.start(refs.seatSelect.value).then((started) => { if (started) demo.view.showTable(); });
    } else if (kind === "practice-move") {
      event.preventDefault();
      submit(refs.moveInput.value);
    } else if (kind === "question") {
      event.preventDefault();
      const chosen = readChoice(refs);
      if (chosen !== null) {
        practice.answer(chosen);
        refs.show.focus({ preventScroll: true });
      }
    }
  });
}
