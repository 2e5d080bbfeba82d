// @ts-check
// Stepping controls: first / back / play-pause / forward / last, "step n of N" and the timeline
// slider, in a bar of fixed height; apart, the autoplay speed and the "table as text" toggle.

import { h, s, setAttr, setText, toggleClass } from "../../lib/dom.js";
import { catalogue, t } from "../../lib/catalogue.js";

const ICONS = {
  first: "M6 5h3v14H6zM20 5v14L10 12z",
  prev: "M18 5v14L7 12z",
  next: "M6 5v14l11-7z",
  last: "M4 5v14l10-7zM15 5h3v14h-3z",
  play: "M7 4v16l13-8z",
  pause: "M6 4h4v16H6zM14 4h4v16h-4z",
};

function icon(name) {
  return s("svg", { class: "icon", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
    [s("path", { d: ICONS[name] })]);
}

function stepButton(action, repeat) {
  return h("button", {
    type: "button", class: `step-button step-${action}`, "data-action": action, "data-repeat": repeat ? "true" : null,
    "aria-label": t(action), title: t(action),
  }, [icon(action)]);
}

export const SPEEDS = [0.5, 1, 2, 4];

export function createControls(textId) {
  const lang = catalogue().lang;
  const first = stepButton("first", false);
  const prev = stepButton("prev", true);
  const next = stepButton("next", true);
  const last = stepButton("last", false);
  const playIcon = h("span", { class: "play-icon" }, [icon("play")]);
  const play = h("button", {
    type: "button", class: "step-button step-play", "data-action": "play", "aria-pressed": "false",
    "aria-label": t("play"), title: t("play"),
  }, [playIcon]);
  const slider = h("input", {
    type: "range", class: "controls-slider", min: 1, max: 1, step: 1, value: 1, "data-action": "slider",
    "aria-label": t("slider"),
  });
  const counter = h("output", { class: "controls-counter" });
  const speed = h("select", { class: "controls-speed", "data-action": "speed" },
    SPEEDS.map((v) => h("option", { value: String(v), text: `${v.toLocaleString(lang)}×`, selected: v === 1 })));
  const speedLabel = h("label", { class: "controls-speed-label" }, [h("span", { text: t("speed") }), " ", speed]);
  const textToggle = h("button", {
    type: "button", class: "text-toggle", "data-action": "toggle-text", "aria-expanded": "false", "aria-controls": textId,
    text: t("table_text"),
  });
  const el = h("div", { class: "demo-controls" }, [
    h("div", { class: "controls-buttons" }, [first, prev, play, next, last]),
    h("div", { class: "controls-timeline" }, [slider, counter]),
  ]);
  // The speed and the text view are not stepped with: they sit below the narration.
  const extra = h("div", { class: "controls-extra" }, [speedLabel, textToggle]);
  return { el, extra, first, prev, play, playIcon, next, last, slider, counter, speed, textToggle, playing: null };
}

/** ctx: {n, total, playing, showText, speed} */
export function updateControls(refs, ctx) {
  const { n, total } = ctx;
  const max = String(total);
  if (refs.slider.max !== max) refs.slider.max = max;
  if (refs.slider.valueAsNumber !== n) refs.slider.value = String(n);
  const counter = t("step_of", { n, total });
  setText(refs.counter, counter);
  setAttr(refs.slider, "aria-valuetext", counter);
  // aria-disabled, not disabled: a focused button must keep the focus (and the arrow keys).
  setAttr(refs.first, "aria-disabled", n <= 1 ? "true" : null);
  setAttr(refs.prev, "aria-disabled", n <= 1 ? "true" : null);
  setAttr(refs.next, "aria-disabled", n >= total ? "true" : null);
  setAttr(refs.last, "aria-disabled", n >= total ? "true" : null);
  if (refs.playing !== ctx.playing) {
    refs.playing = ctx.playing;
    const label = t(ctx.playing ? "pause" : "play");
    setAttr(refs.play, "aria-pressed", ctx.playing ? "true" : "false");
    setAttr(refs.play, "aria-label", label);
    setAttr(refs.play, "title", label);
    refs.playIcon.replaceChildren(icon(ctx.playing ? "pause" : "play"));
  }
  if (refs.speed.value !== String(ctx.speed)) refs.speed.value = String(ctx.speed);
  setAttr(refs.textToggle, "aria-expanded", ctx.showText ? "true" : "false");
  toggleClass(refs.textToggle, "is-on", ctx.showText);
}
