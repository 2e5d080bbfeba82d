// @ts-check
// The kiosk's screen: built once (createScreen) and brought up to date from the kiosk's state
// (renderScreen). Everything is on the one screen; nothing is reached by scrolling the page.
//
//   the bar (kiosk.html): the site's name, the hand's title, the tools (A− A+, the other language,
//     start over)
//   the stage: the hand shown, a demo of its own (handFigure), with the side column's tabs (the
//     step, the hands, the moves, play) and the hands' buttons docked in its layout (kiosk.css
//     places them), and the invitation in the step controls' place while the loop plays
//   the countdown, over everything

import { t } from "../../lib/catalogue.js";
import { h, setAttr, setText, toggleClass } from "../../lib/dom.js";
import { TEXT_SIZES } from "./config.js";

/** @typedef {ReturnType<typeof createScreen>} Screen */

/**
 * The screen's own elements, filled in the page's template; the invitation and the countdown
 * added to it.
 * @param {{hands: {title: string}[], lang: string}} kiosk
 */
export function createScreen(kiosk) {
  const find = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (document.querySelector(selector));
  const other = kiosk.lang === "ru" ? "en" : "ru";
  /** @param {string} command @param {Object<string, any>} attrs @param {any[]} [children] */
  const button = (command, attrs, children) => h("button", {
    type: "button", class: "kiosk-button", "data-kiosk": command, ...attrs,
  }, children);
  find(".kiosk-tools").replaceChildren(
    button("text-smaller", {}, ["A−", h("span", { class: "visually-hidden", text: ` ${t("kiosk_text_smaller")}` })]),
    button("text-larger", {}, ["A+", h("span", { class: "visually-hidden", text: ` ${t("kiosk_text_larger")}` })]),
    button("language", { lang: other, text: t("kiosk_other_language") }),
    button("start-over", { text: t("kiosk_start_over") }),
  );
  const handsNav = find(".kiosk-hands");
  handsNav.setAttribute("aria-label", t("kiosk_hands"));
  const handButtons = kiosk.hands.map((hand, i) => button("hand", {
    class: "kiosk-button kiosk-hand", "data-index": i, text: hand.title,
  }));
  handsNav.replaceChildren(...handButtons);
  const tab = (/** @type {string} */ panel, /** @type {string} */ label) => button("panel", {
    class: "kiosk-button kiosk-panel-tab", "data-panel": panel, text: label,
  });
  const tabButtons = [tab("step", t("kiosk_panel_step")), tab("hands", t("kiosk_hands")), tab("moves", t("moves")),
    tab("play", t("kiosk_panel_play"))];
  const tabs = h("nav", { class: "kiosk-panels", "aria-label": t("kiosk_panels") }, tabButtons);
  const invite = button("enter", { class: "kiosk-invite" }, [h("span", { class: "kiosk-invite-text", text: t("kiosk_invite") })]);
  const countdownText = h("p", { id: "kiosk-countdown-text", class: "kiosk-countdown-text" });
  const keepGoing = button("keep-going", { class: "kiosk-button is-primary", text: t("kiosk_keep_going") });
  const countdown = h("div", { class: "kiosk-countdown", role: "alertdialog", "aria-modal": "true",
    "aria-labelledby": "kiosk-countdown-text", hidden: true }, [
    countdownText,
    h("div", { class: "kiosk-countdown-buttons" }, [keepGoing, button("start-over", { text: t("kiosk_start_over") })]),
  ]);
  document.body.append(invite, countdown);
  return {
    title: find(".kiosk-hand-title"), stage: find(".kiosk-stage"), handsNav, handButtons, tabs, tabButtons,
    invite, countdown, countdownText, keepGoing,
  };
}

/** The figure a hand's demo is built in (Demo's `figure`). @param {{name: string, title: string}} hand */
export function handFigure(hand) {
  return h("figure", { class: "demo kiosk-demo", id: `demo-${hand.name}`, "data-hand": hand.name }, [
    h("figcaption", { id: `demo-${hand.name}-caption`, text: hand.title }),
  ]);
}

/** @param {Screen} screen @param {import("./state.js").Kiosk} kiosk */
export function renderScreen(screen, kiosk) {
  if (kiosk.demo && kiosk.demo.figure.parentElement !== screen.stage) showDemo(screen, kiosk);
  const root = document.documentElement;
  toggleClass(root, "is-attract", kiosk.mode === "attract");
  if (root.dataset.kioskPanel !== kiosk.panel) root.dataset.kioskPanel = kiosk.panel;
  const size = String(TEXT_SIZES[kiosk.textSize]);
  if (root.style.getPropertyValue("--kiosk-text") !== size) root.style.setProperty("--kiosk-text", size);
  for (const tab of screen.tabButtons) setAttr(tab, "aria-pressed", tab.dataset.panel === kiosk.panel ? "true" : "false");
  screen.invite.hidden = kiosk.mode !== "attract";
  const counting = kiosk.mode === "countdown";
  if (counting) setText(screen.countdownText, t("kiosk_countdown", { s: kiosk.secondsLeft }));
  if (screen.countdown.hidden === counting) {
    screen.countdown.hidden = !counting;
    if (counting) screen.keepGoing.focus(); // the question's answer under the finger, and the keyboard
  }
}

/** The hand just made (the one before dropped whole), its title, and the side column docked in it.
 * @param {Screen} screen @param {import("./state.js").Kiosk} kiosk */
function showDemo(screen, kiosk) {
  const figure = /** @type {HTMLElement} */ (kiosk.demo && kiosk.demo.figure);
  screen.stage.replaceChildren(figure);
  const layout = /** @type {HTMLElement} */ (figure.querySelector(".demo-layout"));
  layout.prepend(screen.tabs, screen.handsNav);
  layout.append(screen.invite);
  // The step's panel may scroll (a long paragraph at A+): reachable by the keyboard too.
  const reading = /** @type {HTMLElement} */ (layout.querySelector(".demo-reading"));
  reading.tabIndex = 0;
  reading.setAttribute("aria-label", t("kiosk_panel_step"));
  const hand = kiosk.hands[kiosk.index];
  // Told each time a hand is shown (the title is a live region), the same one again included.
  screen.title.textContent = kiosk.liveDeal ? `${hand.title} · ${t("kiosk_new_deal")}` : hand.title;
  for (const button of screen.handButtons) {
    setAttr(button, "aria-current", Number(button.dataset.index) === kiosk.index ? "true" : "false");
  }
}
