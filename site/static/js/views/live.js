// The live-engine panel: its loading status (never blocking the recorded hand), the settings
// form (seed, players, every interpretation, each named in plain language with its paragraph),
// and the seat: the visitor's decisions (legal moves as buttons, the banker's spread, cards
// chosen in his hand, a typed move), refusals with the engine's message and paragraph, undo.

import { dual, h, setAttr, setText, toggleClass, uniqueId } from "../dom.js";
import { cardName, moveText, SUIT_SYMBOL, t } from "../i18n.js";
import { OPTIONS, parseSuitFines, SUITS_BY_FINE } from "../options.js";
import { quoteBlock } from "./narration.js";

const MAX_LEGAL_BUTTONS = 40; // beyond, the cards in the hand or the move field choose

const SUIT_WORD = {
  en: { H: "hearts", C: "clubs", D: "diamonds", S: "spades" },
  ru: { H: "черви", C: "трефы", D: "бубны", S: "пики" },
};

function labelled(lang, id, text, rule, control) {
  const label = h("label", { for: id }, [text, rule ? h("span", { class: "rule-ref", text: ` (${rule})` }) : null]);
  return h("div", { class: "live-field" }, [label, control]);
}

export function createLive(lang) {
  const headingId = uniqueId("live-heading");
  const status = h("p", { class: "live-status is-loading", role: "status" }, [
    h("span", { class: "live-spinner", "aria-hidden": "true" }), h("span", { class: "live-status-text", text: t(lang, "live_loading") }),
  ]);
  const message = h("p", { class: "live-message is-hidden", role: "status" });

  // Settings.
  const fields = {};
  const seedId = uniqueId("live-seed");
  fields.seed = h("input", { id: seedId, name: "seed", type: "number", min: 0, step: 1, inputmode: "numeric" });
  const seedField = labelled(lang, seedId, t(lang, "seed"), null, h("span", { class: "live-inline" }, [
    fields.seed, h("button", { type: "button", class: "live-small-button", "data-action": "random-seed", text: t(lang, "random_seed") }),
  ]));
  const playersId = uniqueId("live-players");
  fields.players = h("input", { id: playersId, name: "players", type: "number", min: 2, max: 17, step: 1, inputmode: "numeric" });
  const optionFields = [seedField, labelled(lang, playersId, t(lang, "players"), "p2", fields.players)];
  for (const meta of OPTIONS) {
    const id = uniqueId(`live-opt-${meta.key}`);
    if (meta.suitFines) {
      const inputs = SUITS_BY_FINE.map((suit) => {
        const sid = uniqueId(`live-fine-${suit}`);
        fields[`suit.${suit}`] = h("input", { id: sid, name: `suit.${suit}`, type: "number", min: 0, step: 1, inputmode: "numeric" });
        return h("span", { class: "live-suit-fine" }, [
          h("label", { for: sid, text: `${SUIT_SYMBOL[suit]} ${SUIT_WORD[lang][suit]}` }), fields[`suit.${suit}`],
        ]);
      });
      optionFields.push(h("fieldset", { class: "live-field live-suit-fines" }, [
        h("legend", {}, [meta.label[lang], h("span", { class: "rule-ref", text: ` (${meta.rule})` })]), ...inputs,
      ]));
    } else if (meta.number) {
      fields[meta.key] = h("input", { id, name: `opt.${meta.key}`, type: "number", min: meta.min, step: 1, inputmode: "numeric" });
      optionFields.push(labelled(lang, id, meta.label[lang], meta.rule, fields[meta.key]));
    } else {
      fields[meta.key] = h("select", { id, name: `opt.${meta.key}` },
        meta.values.map((value) => h("option", { value, text: meta.names[value][lang] })));
      optionFields.push(labelled(lang, id, meta.label[lang], meta.rule, fields[meta.key]));
    }
  }
  const replayButton = h("button", { type: "submit", class: "live-button", text: t(lang, "replay") });
  const resetButton = h("button", { type: "button", class: "live-button", "data-action": "reset", text: t(lang, "reset") });
  const settingsFieldset = h("fieldset", { class: "live-fields", disabled: true }, [
    h("legend", { class: "visually-hidden", text: t(lang, "settings") }),
    ...optionFields, h("div", { class: "live-buttons" }, [replayButton, resetButton]),
  ]);
  const settingsForm = h("form", { class: "live-form", "data-form": "replay", novalidate: true }, [
    h("p", { class: "live-hint", text: t(lang, "settings_hint") }), settingsFieldset,
  ]);
  const settings = h("details", { class: "live-settings" }, [h("summary", { text: t(lang, "settings") }), settingsForm]);

  // The seat.
  const seatSelectId = uniqueId("live-seat");
  const seatSelect = h("select", { id: seatSelectId, name: "seat" });
  const seatFieldset = h("fieldset", { class: "live-fields", disabled: true }, [
    h("legend", { class: "visually-hidden", text: t(lang, "seat_heading") }),
    labelled(lang, seatSelectId, t(lang, "seat_select"), null, seatSelect),
    h("div", { class: "live-buttons" }, [h("button", { type: "submit", class: "live-button", text: t(lang, "take_seat") })]),
  ]);
  const seatForm = h("form", { class: "live-form", "data-form": "seat", novalidate: true }, [
    h("p", { class: "live-hint", text: t(lang, "seat_hint") }), seatFieldset,
  ]);

  const seatStatus = h("p", { class: "seat-status", role: "status" });
  const refusalText = h("p", { class: "seat-refusal-text" });
  const refusalQuote = h("div", { class: "seat-refusal-quote" });
  const refusal = h("div", { class: "seat-refusal is-hidden", role: "alert" }, [refusalText, refusalQuote]);

  const stakeInputs = [];
  const stakeFields = [0, 1, 2, 3].map((i) => {
    const id = uniqueId("stake");
    const input = h("input", { id, type: "number", min: 1, step: 1, inputmode: "numeric", name: `stake.${i}`, "data-stake": i });
    stakeInputs.push(input);
    return h("span", { class: "stake-field" }, [h("label", { for: id, text: t(lang, "stake_card", { n: i + 1 }) }), input]);
  });
  const stakePrompt = h("p", { class: "stake-prompt" });
  const stakeSum = h("output", { class: "stake-sum" });
  const stakeForm = h("form", { class: "seat-stake is-hidden", "data-form": "stake", novalidate: true }, [
    stakePrompt, h("div", { class: "stake-fields" }, stakeFields), stakeSum,
    h("button", { type: "submit", class: "live-button", text: t(lang, "stake_send") }),
  ]);

  const selectionText = h("p", { class: "selection-text" });
  const selectionButtons = h("div", { class: "selection-buttons" });
  const selection = h("div", { class: "seat-selection is-hidden" }, [selectionText, selectionButtons]);

  const legalList = h("ul", { class: "legal-list" });
  const legal = h("div", { class: "seat-legal is-hidden" }, [h("p", { class: "legal-title", text: t(lang, "legal_moves") }), legalList]);

  const moveId = uniqueId("move");
  const moveHintId = uniqueId("move-hint");
  const moveInput = h("input", { id: moveId, name: "move", type: "text", autocomplete: "off", spellcheck: "false",
    autocapitalize: "off", "aria-describedby": moveHintId });
  const moveForm = h("form", { class: "seat-move", "data-form": "move", novalidate: true }, [
    h("label", { for: moveId, text: t(lang, "move_field") }),
    h("span", { class: "live-inline" }, [moveInput, h("button", { type: "submit", class: "live-button", text: t(lang, "send_move") })]),
    h("p", { class: "live-hint", id: moveHintId, text: t(lang, "move_hint") }),
  ]);
  const undo = h("button", { type: "button", class: "live-button", "data-action": "undo", text: t(lang, "undo") });
  const leave = h("button", { type: "button", class: "live-button", "data-action": "leave-seat", text: t(lang, "leave_seat") });
  const seatPanel = h("div", { class: "seat-panel is-hidden" }, [
    seatStatus, refusal, stakeForm, selection, legal, moveForm, h("div", { class: "live-buttons" }, [undo, leave]),
  ]);
  const seat = h("div", { class: "live-seat" }, [h("h5", { class: "live-subtitle", text: t(lang, "seat_heading") }), seatForm, seatPanel]);

  const el = h("section", { class: "demo-live", "aria-labelledby": headingId }, [
    h("h4", { class: "zone-title", id: headingId, text: t(lang, "live_heading") }), status, message, settings, seat,
  ]);
  return {
    el, status, message, settings, settingsForm, settingsFieldset, fields, replayButton, resetButton,
    seatForm, seatFieldset, seatSelect, seatPanel, seatStatus, refusal, refusalText, refusalQuote,
    stakeForm, stakeInputs, stakePrompt, stakeSum, selection, selectionText, selectionButtons,
    legal, legalList, moveForm, moveInput, undo, leave,
  };
}

/** Put settings {options, seed, players} into the form. */
export function fillSettings(refs, settings) {
  const f = refs.fields;
  f.seed.value = settings.seed === null || settings.seed === undefined ? "" : String(settings.seed);
  f.players.value = String(settings.players);
  for (const meta of OPTIONS) {
    const value = settings.options[meta.key];
    if (meta.suitFines) {
      const fines = parseSuitFines(value || "H=4 C=3 D=2 S=1") || { H: 4, C: 3, D: 2, S: 1 };
      for (const suit of SUITS_BY_FINE) f[`suit.${suit}`].value = String(fines[suit]);
    } else if (value !== undefined) {
      f[meta.key].value = String(value);
    }
  }
}

/** The form's settings as {options, seed, players}; numbers stay text when not whole numbers. */
export function readSettings(refs) {
  const f = refs.fields;
  const whole = (text) => (/^\s*\d+\s*$/.test(text) ? Number(text) : text.trim());
  const options = {};
  for (const meta of OPTIONS) {
    if (meta.suitFines) {
      options[meta.key] = SUITS_BY_FINE.map((suit) => `${suit}=${f[`suit.${suit}`].value.trim()}`).join(" ");
    } else if (meta.number) {
      options[meta.key] = whole(f[meta.key].value);
    } else {
      options[meta.key] = f[meta.key].value;
    }
  }
  const seedText = f.seed.value.trim();
  return { options, seed: seedText === "" ? null : whole(seedText), players: whole(f.players.value) };
}

export function updateStakeSum(refs, lang, total) {
  const sum = refs.stakeInputs.reduce((acc, input) => acc + (Number(input.value) || 0), 0);
  setText(refs.stakeSum, t(lang, "stake_sum", { sum, total }));
  toggleClass(refs.stakeSum, "is-wrong", sum !== total);
}

function seatOptions(refs, lang, seats) {
  const key = seats.join("\u0000");
  if (refs.seatSelect.__key === key) return;
  refs.seatSelect.__key = key;
  const previous = refs.seatSelect.value;
  refs.seatSelect.replaceChildren(
    ...seats.map((name) => h("option", { value: name, text: name })),
    h("option", { value: "banker", text: t(lang, "seat_banker") }),
  );
  if ([...seats, "banker"].includes(previous)) refs.seatSelect.value = previous;
}

/**
 * ctx: {lang, status, reason, busy, message: {text, kind}|null, seats, seat: null|{name, your_turn, legal,
 *   stake_total, error, rule, phase, led, selected: Set, over}, paragraphs, timeoutSeconds}
 */
export function updateLive(refs, ctx) {
  const { lang } = ctx;
  // Status.
  let statusText;
  if (ctx.status === "failed") {
    const reason = ctx.reason === "timeout" ? t(lang, "live_timeout", { s: ctx.timeoutSeconds }) : ctx.reason;
    statusText = t(lang, "live_failed", { reason });
  } else if (ctx.status === "ready") {
    statusText = ctx.busy ? t(lang, "live_busy") : t(lang, "live_ready");
  } else {
    statusText = t(lang, "live_loading");
  }
  setText(refs.status.lastChild, statusText);
  toggleClass(refs.status, "is-loading", ctx.status === "loading" || ctx.status === "idle" || ctx.busy);
  toggleClass(refs.status, "is-error", ctx.status === "failed");
  toggleClass(refs.status, "is-ready", ctx.status === "ready" && !ctx.busy);
  refs.el.dataset.engine = ctx.status;

  const message = ctx.message;
  setText(refs.message, message ? message.text : "");
  toggleClass(refs.message, "is-hidden", !message);
  toggleClass(refs.message, "is-error", !!(message && message.kind === "error"));

  const usable = ctx.status === "ready" && !ctx.busy;
  refs.settingsFieldset.disabled = !(usable && !ctx.seat);
  refs.seatFieldset.disabled = !(usable && !ctx.seat);
  toggleClass(refs.el, "is-failed", ctx.status === "failed");
  seatOptions(refs, lang, ctx.seats);

  // The seat.
  const seat = ctx.seat;
  toggleClass(refs.seatPanel, "is-hidden", !seat);
  toggleClass(refs.seatForm, "is-hidden", !!seat);
  if (!seat) return;
  const you = seat.name === "banker" ? t(lang, "banker") : seat.name;
  const turn = seat.over ? t(lang, "game_over") : seat.your_turn ? t(lang, "your_turn") : t(lang, "not_your_turn");
  setText(refs.seatStatus, `${t(lang, "seat_taken", { seat: you })} ${turn}`);

  const refusalKey = seat.error ? `${seat.error}|${seat.rule}` : "";
  if (refs.refusal.__key !== refusalKey) {
    refs.refusal.__key = refusalKey;
    if (seat.error) {
      refs.refusalText.textContent = seat.rule ? t(lang, "refused", { rule: seat.rule, message: seat.error })
        : t(lang, "refused_plain", { message: seat.error });
      refs.refusalQuote.replaceChildren(...(seat.rule ? [quoteBlock(seat.rule, ctx.paragraphs, lang, true)] : []));
    } else {
      refs.refusalText.textContent = "";
      refs.refusalQuote.replaceChildren();
    }
  }
  toggleClass(refs.refusal, "is-hidden", !seat.error);

  const stakeTotal = seat.your_turn ? seat.stake_total : null;
  toggleClass(refs.stakeForm, "is-hidden", stakeTotal === null || stakeTotal === undefined);
  if (stakeTotal !== null && stakeTotal !== undefined) {
    setText(refs.stakePrompt, t(lang, "stake_prompt", { total: stakeTotal }));
    if (refs.stakeForm.__total !== stakeTotal) {
      refs.stakeForm.__total = stakeTotal;
      const q = Math.floor(stakeTotal / 4);
      const r = stakeTotal % 4;
      refs.stakeInputs.forEach((input, i) => { input.value = String(q + (i < r ? 1 : 0)); });
    }
    updateStakeSum(refs, lang, stakeTotal);
  } else {
    refs.stakeForm.__total = null;
  }

  const choosing = seat.your_turn && ["lead", "answer", "trick"].includes(seat.phase);
  toggleClass(refs.selection, "is-hidden", !choosing);
  if (choosing) {
    const chosen = [...seat.selected];
    setText(refs.selectionText, chosen.length
      ? t(lang, "selected", { cards: chosen.map((c) => cardName(c, lang)).join(", ") }) : t(lang, "selected_none"));
    const action = { lead: "lead_selected", answer: "beat_selected", trick: "play_selected" }[seat.phase];
    const key = `${action}|${chosen.length}`;
    if (refs.selectionButtons.__key !== key) {
      refs.selectionButtons.__key = key;
      refs.selectionButtons.replaceChildren(
        h("button", { type: "button", class: "live-button", "data-action": "send-selection", disabled: chosen.length ? null : true,
          text: t(lang, action) }),
        h("button", { type: "button", class: "live-small-button", "data-action": "clear-selection", disabled: chosen.length ? null : true,
          text: t(lang, "clear_selection") }),
      );
    }
  }

  const legal = seat.your_turn ? seat.legal || [] : [];
  toggleClass(refs.legal, "is-hidden", legal.length === 0);
  const legalKey = legal.join("|");
  if (refs.legalList.__key !== legalKey) {
    refs.legalList.__key = legalKey;
    const shown = legal.slice(0, MAX_LEGAL_BUTTONS);
    const items = shown.map((move) => {
      const text = moveText(move, lang);
      return h("li", {}, [h("button", {
        type: "button", class: "legal-move", "data-action": "move", "data-move": move, title: move,
      }, dual(text.short, text.long))]);
    });
    if (legal.length > shown.length) {
      items.push(h("li", { class: "legal-more", text: t(lang, "legal_more", { n: legal.length - shown.length }) }));
    }
    refs.legalList.replaceChildren(...items);
  }
  const busy = ctx.busy || ctx.status !== "ready";
  for (const button of refs.legalList.querySelectorAll("button")) button.disabled = busy;
  setAttr(refs.moveInput, "disabled", busy || seat.over ? true : null);
  setAttr(refs.undo, "disabled", busy ? true : null);
  setAttr(refs.leave, "disabled", ctx.busy ? true : null);
}

