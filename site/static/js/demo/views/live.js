// @ts-check
// The live-engine panel: its status (never blocking the recorded hand), a message with "try
// again" after a failure, the settings form (seed, players, and every option as the engine's
// catalogue names it, with its paragraphs and its question), the seat to take and the opponents to
// play against (unless the page chose them: the kiosk), and a typed move for the seated visitor.
// The form is read here; the engine judges every value.

import { catalogue, paragraphLabel, t } from "../../lib/catalogue.js";
import { h, needsDrawing, setAttr, setText, toggleClass, uniqueId } from "../../lib/dom.js";
import { failureText } from "../../lib/engine-client.js";
import { OPPONENTS } from "../seated-game.js";

function labelled(id, text, rule, control, hint) {
  const hintId = hint ? uniqueId("hint") : null;
  if (hintId) control.setAttribute("aria-describedby", hintId);
  return h("div", { class: "live-field" }, [
    h("label", { for: id }, [text, rule ? h("span", { class: "rule-ref", text: ` (${rule})` }) : null]),
    control,
    hint ? h("p", { class: "live-hint", id: hintId, text: hint }) : null,
  ]);
}

export function createLive() {
  const { limits, options } = catalogue();
  const headingId = uniqueId("live-heading");
  const statusText = h("span", { class: "live-status-text" });
  const retryEngine = h("button", { type: "button", class: "live-small-button is-hidden", "data-action": "retry", text: t("retry") });
  const status = h("p", { class: "live-status is-loading", role: "status" }, [
    h("span", { class: "live-spinner", "aria-hidden": "true" }), statusText, " ", retryEngine,
  ]);
  const messageText = h("span", { class: "live-message-text" });
  const retry = h("button", { type: "button", class: "live-small-button is-hidden", "data-action": "retry", text: t("retry") });
  const message = h("p", { class: "live-message is-hidden", role: "status" }, [messageText, " ", retry]);

  // Settings.
  const fields = {};
  const seedId = uniqueId("live-seed");
  fields.seed = h("input", { id: seedId, name: "seed", type: "text", inputmode: "numeric", autocomplete: "off" });
  const seedField = labelled(seedId, t("seed"), null, h("span", { class: "live-inline" }, [
    fields.seed, h("button", { type: "button", class: "live-small-button", "data-action": "random-seed", text: t("random_seed") }),
  ]), null);
  const playersId = uniqueId("live-players");
  fields.players = h("input", { id: playersId, name: "players", type: "number", min: limits.players[0], max: limits.players[1],
    step: 1, inputmode: "numeric" });
  const optionFields = [seedField, labelled(playersId, t("players"), paragraphLabel(limits.players_rule), fields.players, null)];
  for (const info of options) {
    const id = uniqueId(`live-opt-${info.key}`);
    if (info.kind === "choice") {
      fields[info.key] = h("select", { id, name: `opt.${info.key}` },
        info.choices.map((choice) => h("option", { value: choice.value, text: choice.label })));
    } else {
      fields[info.key] = h("input", {
        id, name: `opt.${info.key}`, type: info.kind === "number" ? "number" : "text",
        min: info.kind === "number" ? info.minimum : null, step: info.kind === "number" ? 1 : null,
        inputmode: info.kind === "number" ? "numeric" : null, autocomplete: "off", spellcheck: "false",
      });
    }
    optionFields.push(labelled(id, info.label, paragraphLabel(info.rules), fields[info.key], info.question));
  }
  const settingsFieldset = h("fieldset", { class: "live-fields", disabled: true }, [
    h("legend", { class: "visually-hidden", text: t("settings") }), ...optionFields,
  ]);
  const settingsForm = h("form", { class: "live-form", "data-form": "replay", novalidate: true }, [
    h("p", { class: "live-hint", text: t("settings_hint") }), settingsFieldset,
    h("div", { class: "live-buttons" }, [
      h("button", { type: "submit", class: "live-button is-primary", text: t("replay") }),
      h("button", { type: "button", class: "live-button", "data-action": "reset", text: t("reset") }),
    ]),
  ]);
  const settings = h("details", { class: "live-settings" }, [h("summary", { text: t("settings") }), settingsForm]);

  // The seat.
  const seatSelectId = uniqueId("live-seat");
  const seatSelect = h("select", { id: seatSelectId, name: "seat" });
  const seatButton = h("button", { type: "submit", class: "live-button is-primary", text: t("take_seat") });
  const opponentsId = uniqueId("live-opponents");
  const opponentsSelect = h("select", { id: opponentsId, name: "opponents" },
    OPPONENTS.map((value) => h("option", { value, text: t(`opponents_${value}`) })));
  const opponentsField = labelled(opponentsId, t("opponents_label"), null, opponentsSelect, null);
  const seatForm = h("form", { class: "live-form", "data-form": "seat", novalidate: true }, [
    h("p", { class: "live-hint", text: t("seat_hint") }),
    labelled(seatSelectId, t("seat_select"), null, seatSelect, null),
    opponentsField,
    h("div", { class: "live-buttons" }, [seatButton]),
  ]);
  const moveId = uniqueId("move");
  const moveInput = h("input", { id: moveId, name: "move", type: "text", autocomplete: "off", spellcheck: "false",
    autocapitalize: "off" });
  const moveForm = h("form", { class: "seat-move is-hidden", "data-form": "move", novalidate: true }, [
    labelled(moveId, t("move_field"), null, h("span", { class: "live-inline" }, [
      moveInput, h("button", { type: "submit", class: "live-button", text: t("send_move") }),
    ]), t("move_hint")),
  ]);
  const seat = h("div", { class: "live-seat" }, [h("h5", { class: "live-subtitle", text: t("seat_heading") }), seatForm, moveForm]);

  const el = h("section", { class: "demo-live", "aria-labelledby": headingId }, [
    h("h4", { class: "zone-title", id: headingId, text: t("live_heading") }), status, message, seat, settings,
  ]);
  return { el, status, statusText, retryEngine, message, messageText, retry, settings, settingsForm, settingsFieldset,
    fields, seatForm, seatSelect, seatButton, opponentsSelect, opponentsField, moveForm, moveInput, shownMessage: /** @type {any} */ (null) };
}

/** A message is said beside the control that caused it, and brought into view when it appears
 * (a refusal of the settings once appeared 2,658 px above the viewport, at the panel's head). */
function placeMessage(refs, message) {
  const place = message && message.at === "settings" ? refs.settingsForm
    : message && message.at === "seat-form" ? refs.seatForm : null;
  if (place && refs.message.parentNode !== place) place.append(refs.message);
  else if (!place && refs.message.previousSibling !== refs.status) refs.status.after(refs.message);
  if (message && message !== refs.shownMessage && !message.quiet) {
    requestAnimationFrame(() => refs.message.scrollIntoView({ block: "nearest" }));
  }
  refs.shownMessage = message;
}

/** A new seed in the form (the visitor then replays with it). */
export function randomSeed(refs) {
  refs.fields.seed.value = String(Math.floor(Math.random() * 1e9));
}

/** Put settings {options, seed, players} (text) into the form. */
export function fillSettings(refs, settings) {
  refs.fields.seed.value = settings.seed;
  refs.fields.players.value = settings.players;
  for (const info of catalogue().options) {
    const value = settings.options[info.key];
    refs.fields[info.key].value = value === undefined ? String(info.default) : value;
  }
}

/** The form's settings as text. @returns {import("../trace.js").Settings} */
export function readSettings(refs) {
  /** @type {Object<string, string>} */
  const options = {};
  for (const info of catalogue().options) options[info.key] = refs.fields[info.key].value.trim();
  return { options, seed: refs.fields.seed.value.trim(), players: refs.fields.players.value.trim() };
}

function seatOptions(refs, seats) {
  const key = seats.join("\u0000");
  if (!needsDrawing(refs.seatSelect, key)) return;
  const previous = refs.seatSelect.value;
  refs.seatSelect.replaceChildren(
    ...seats.map((name) => h("option", { value: name, text: name })),
    h("option", { value: "banker", text: t("seat_banker") }),
  );
  if ([...seats, "banker"].includes(previous)) refs.seatSelect.value = previous;
}

const STATUS_TEXT = { idle: "live_idle", loading: "live_loading", ready: "live_ready", restarting: "live_restarting", failed: "live_failed" };

/** ctx: {status, reason, busy, message, seats, seated, settings, settingsKey, opponents: {value, fixed}} */
export function updateLive(refs, ctx) {
  let text = t(STATUS_TEXT[ctx.status] || "live_loading");
  if (ctx.status === "failed") text = t("live_failed", { reason: failureText(ctx.reason) });
  if (ctx.status === "ready" && ctx.busy) text = t("live_busy");
  setText(refs.statusText, text);
  const working = ctx.status === "loading" || ctx.status === "restarting" || ctx.busy;
  toggleClass(refs.status, "is-loading", working);
  toggleClass(refs.status, "is-error", ctx.status === "failed");
  toggleClass(refs.status, "is-ready", ctx.status === "ready" && !ctx.busy);
  toggleClass(refs.retryEngine, "is-hidden", ctx.status !== "failed" || ctx.reason === "unsupported"); // a retry cannot mend that
  refs.el.dataset.engine = ctx.status;

  const message = ctx.message;
  setText(refs.messageText, message ? message.text : "");
  toggleClass(refs.message, "is-hidden", !message);
  toggleClass(refs.message, "is-error", !!(message && message.kind === "error"));
  toggleClass(refs.retry, "is-hidden", !(message && message.retry));
  setAttr(refs.message, "role", message && message.kind === "error" ? "alert" : "status");
  placeMessage(refs, message);

  const usable = ctx.status === "ready" && !ctx.busy && !ctx.seated;
  refs.settingsFieldset.disabled = !usable;
  for (const button of refs.settingsForm.querySelectorAll(".live-buttons button")) button.disabled = !usable;
  refs.seatSelect.disabled = !usable;
  refs.seatButton.disabled = !usable;
  refs.opponentsSelect.disabled = !usable;
  refs.opponentsSelect.value = ctx.opponents.value;
  toggleClass(refs.opponentsField, "is-hidden", ctx.opponents.fixed);
  toggleClass(refs.seatForm, "is-hidden", ctx.seated);
  toggleClass(refs.moveForm, "is-hidden", !ctx.seated);
  setAttr(refs.moveInput, "disabled", ctx.busy || !ctx.turn ? true : null);
  seatOptions(refs, ctx.seats);
  if (needsDrawing(refs.settingsForm, ctx.settingsKey)) {
    fillSettings(refs, ctx.settings);
  }
}
