// Keys, taps and form events of one demo, mapped to its controller's actions.
//
// - ← → Home End step when the focus is anywhere in the demo (except in a text field, a
//   select or the slider, which keep their own keys); preventDefault keeps the page still.
// - The back and forward buttons repeat while held (pointer events, touch included); a
//   keyboard "click" (Enter, Space) steps once.

const REPEAT_DELAY_MS = 400;
const REPEAT_EVERY_MS = 110;

const STEP_ACTIONS = {
  first: (c) => c.first(),
  prev: (c) => c.prev(),
  next: (c) => c.next(),
  last: (c) => c.last(),
};

const KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };

function ownKeys(target) {
  if (!(target instanceof Element)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return true; // text, number and range inputs use the arrow keys themselves
  return false;
}

export function bindEvents(controller) {
  const app = controller.app;
  const live = controller.view.live;

  // Keys.
  app.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const action = KEYS[event.key];
    if (!action || ownKeys(event.target)) return;
    event.preventDefault();
    STEP_ACTIONS[action](controller);
  });

  // Buttons that repeat while held.
  let repeatTimer = null;
  let suppressClick = null;
  const stopRepeat = () => {
    clearTimeout(repeatTimer);
    repeatTimer = null;
  };
  app.addEventListener("pointerdown", (event) => {
    const button = event.target.closest("[data-repeat]");
    if (!button || !app.contains(button) || event.button !== 0) return;
    const action = STEP_ACTIONS[button.dataset.action];
    if (!action) return;
    event.preventDefault(); // no text selection, no long-press menu; keep the focus on the button
    button.focus({ preventScroll: true });
    suppressClick = button;
    action(controller);
    const again = () => {
      action(controller);
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
    if (event.target.closest("[data-repeat]")) event.preventDefault();
  });

  // Clicks (also Enter and Space on buttons).
  app.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || !app.contains(target)) return;
    const action = target.dataset.action;
    if (target === suppressClick) {
      suppressClick = null; // already stepped on pointerdown
      return;
    }
    suppressClick = null;
    if (target.getAttribute("aria-disabled") === "true") return;
    switch (action) {
      case "first":
      case "prev":
      case "next":
      case "last":
        STEP_ACTIONS[action](controller);
        break;
      case "play":
        controller.togglePlay();
        break;
      case "toggle-text":
        controller.toggleText();
        break;
      case "goto":
        controller.goto(Number(target.dataset.step));
        break;
      case "dismiss-notice":
        controller.dismissNotice(target);
        break;
      case "random-seed":
        controller.randomSeed();
        break;
      case "reset":
        controller.reset();
        break;
      case "select-card":
        controller.selectCard(target.dataset.card);
        break;
      case "clear-selection":
        controller.clearSelection();
        break;
      case "send-selection":
        controller.sendSelection();
        break;
      case "move":
        controller.sendMove(target.dataset.move);
        break;
      case "undo":
        controller.undo();
        break;
      case "leave-seat":
        controller.leaveSeat();
        break;
      default:
        break;
    }
  });

  // The slider and the speed.
  const { slider, speed } = controller.view.controls;
  slider.addEventListener("input", () => controller.goto(slider.valueAsNumber));
  speed.addEventListener("change", () => controller.setSpeed(speed.value));

  // Forms: never submitted to a server (the CSP says form-action 'none').
  const forms = {
    replay: () => controller.replayFromForm(),
    seat: () => controller.takeSeatFromForm(),
    move: () => controller.sendMoveFromForm(),
    stake: () => controller.sendStake(),
  };
  app.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-form]");
    if (!form) return;
    event.preventDefault();
    const run = forms[form.dataset.form];
    if (run) run();
  });
  live.stakeForm.addEventListener("input", () => controller.stakeChanged());
}
