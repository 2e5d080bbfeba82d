// @ts-check
// Keys, taps and form events of one demo, mapped to its actions (playback, replays, the seated
// game, the live engine); the forms are read by their views.
//
// - ← → Home End step when the focus is anywhere in the demo (except in a text field, a
//   select or the slider, which keep their own keys); preventDefault keeps the page still.
// - The back and forward buttons repeat while held (pointer events, touch included); a
//   keyboard "click" (Enter, Space) steps once.

const REPEAT_DELAY_MS = 400;
const REPEAT_EVERY_MS = 110;

import { randomSeed, readSettings } from "./views/live.js";
import { readStake, updateStakeSum } from "./views/seat.js";
import { readSwitch } from "./views/switch.js";
import { bindPractice } from "./practice-events.js";

/** @typedef {import("./demo.js").Demo} Demo */

/** @type {Object<string, (demo: Demo) => void>} */
const STEP_ACTIONS = {
  first: (demo) => demo.playback.first(),
  prev: (demo) => demo.playback.prev(),
  next: (demo) => demo.playback.next(),
  last: (demo) => demo.playback.last(),
};

/** @type {Object<string, string>} */
const KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };

/** Whether the element keeps the arrow keys for itself. @param {EventTarget|null} target */
function ownKeys(target) {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return true; // text, number and range inputs use the arrow keys themselves
  return false;
}

/** @param {import("./demo.js").Demo} demo */
export function bindEvents(demo) {
  const { app, live, controls, table } = demo.view;
  const { playback, replays, seatedGame } = demo;
  // The visitor is about to use the demo: the live engine starts now if it has not yet.
  for (const type of ["pointerdown", "focusin"]) app.addEventListener(type, () => demo.live.wake(), { once: true });

  // Keys.
  app.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const action = KEYS[event.key];
    if (!action || ownKeys(event.target)) return;
    event.preventDefault();
    STEP_ACTIONS[action](demo);
  });

  // Buttons that repeat while held.
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  let repeatTimer;
  /** @type {HTMLElement|null} */
  let suppressClick = null;
  const stopRepeat = () => {
    clearTimeout(repeatTimer);
    repeatTimer = undefined;
  };
  app.addEventListener("pointerdown", (event) => {
    const button = closest(event, "[data-repeat]");
    if (!button || !app.contains(button) || event.button !== 0) return;
    const action = STEP_ACTIONS[String(button.dataset.action)];
    if (!action) return;
    event.preventDefault(); // no text selection, no long-press menu; keep the focus on the button
    button.focus({ preventScroll: true });
    suppressClick = button;
    action(demo);
    const again = () => {
      action(demo);
      repeatTimer = setTimeout(again, REPEAT_EVERY_MS);
    };
    stopRepeat();
    repeatTimer = setTimeout(again, REPEAT_DELAY_MS);
    if (button.setPointerCapture) {
      try {
        button.setPointerCapture(event.pointerId);
      } catch {
        // a pointer that cannot be captured still stops on pointerup
      }
    }
  });
  for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
    app.addEventListener(type, () => {
      stopRepeat();
      // The click that follows this pointerup (if any) comes in the same task.
      setTimeout(() => { suppressClick = null; }, 0);
    });
  }
  app.addEventListener("contextmenu", (event) => {
    if (closest(event, "[data-repeat]")) event.preventDefault();
  });

  // Clicks (also Enter and Space on buttons).
  app.addEventListener("click", (event) => {
    const target = closest(event, "[data-action]");
    if (!target || !app.contains(target)) return;
    const action = String(target.dataset.action);
    if (target === suppressClick) {
      suppressClick = null; // already stepped on pointerdown
      return;
    }
    suppressClick = null;
    if (target.getAttribute("aria-disabled") === "true") return;
    const run = CLICKS[action];
    if (run) run(demo, target);
  });

  // The slider and the speed.
  const { slider, speed } = controls;
  slider.addEventListener("input", () => playback.goto(slider.valueAsNumber));
  speed.addEventListener("change", () => playback.setSpeed(speed.value));

  // Forms: never submitted to a server (the CSP says form-action 'none').
  /** @type {Object<string, () => void>} */
  const forms = {
    replay: () => replays.replay(readSettings(live)),
    seat: () => seatedGame.takeSeat(live.seatSelect.value),
    move: async () => {
      if (await seatedGame.move(live.moveInput.value)) live.moveInput.value = "";
    },
    stake: () => seatedGame.stake(readStake(table.panel)),
    switch: () => demo.view.choice && replays.switchTo(demo.view.choice.key, readSwitch(demo.view.choice)),
  };
  app.addEventListener("submit", (event) => {
    const form = closest(event, "form[data-form]");
    if (!form) return;
    event.preventDefault();
    const run = forms[String(form.dataset.form)];
    if (run) run();
  });
  // The seat form's choice of opponents, in the state at once (the form is drawn from it).
  live.opponentsSelect.addEventListener("change", () => seatedGame.chooseOpponents(live.opponentsSelect.value));
  // The switch's readings (radio buttons: arrow keys move between them and choose, as usual).
  app.addEventListener("change", (event) => {
    const choice = demo.view.choice;
    if (!choice || !(event.target instanceof HTMLInputElement) || !choice.radios.includes(event.target)) return;
    replays.switchTo(choice.key, readSwitch(choice));
  });
  bindPractice(demo); // the questions and the practice panel's own controls
  table.panel.stakeForm.addEventListener("input", () => {
    const decision = demo.seat && demo.seat.you.decision;
    if (decision && decision.stake) updateStakeSum(table.panel, decision.stake.total);
  });
}

/** The element the event came from, or its nearest ancestor, that matches `selector`.
 * @param {Event} event @param {string} selector @returns {HTMLElement|null} */
function closest(event, selector) {
  return event.target instanceof Element ? /** @type {HTMLElement|null} */ (event.target.closest(selector)) : null;
}

/** @type {Object<string, (demo: Demo, target: HTMLElement) => void>} */
const CLICKS = {
  ...STEP_ACTIONS,
  play: (demo) => demo.playback.togglePlay(),
  "toggle-text": (demo) => demo.playback.toggleText(),
  goto: (demo, target) => demo.playback.goto(Number(target.dataset.step)),
  "dismiss-notice": (demo, target) => {
    demo.dismiss(String(target.dataset.kind));
    demo.view.app.focus();
  },
  "random-seed": (demo) => randomSeed(demo.view.live),
  reset: (demo) => demo.replays.reset(),
  retry: (demo) => demo.live.retry(),
  "worth-retry": (demo) => demo.worth.retry(),
  "select-card": (demo, target) => demo.seatedGame.select(String(target.dataset.card)),
  "clear-selection": (demo) => demo.seatedGame.clearSelection(),
  move: (demo, target) => demo.seatedGame.move(String(target.dataset.move)),
  undo: (demo) => demo.seatedGame.undo(),
  hint: (demo) => demo.seatedGame.hint(),
  "new-game": (demo) => demo.seatedGame.newGame(),
  "leave-seat": (demo) => demo.seatedGame.leave(),
  "leave-seat-confirmed": (demo) => demo.seatedGame.leave(true),
  "stay-seated": (demo) => demo.seatedGame.stayInSeat(),
};
