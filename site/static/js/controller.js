// One demo's controller: it owns the state (the trace shown, the step, autoplay, the live
// settings, the visitor's seat) and the actions; the views only draw what it hands them.

import { h } from "./dom.js";
import { parseCard, t } from "./i18n.js";
import { formatHash } from "./url.js";
import { createControls, updateControls } from "./views/controls.js";
import { createLive, fillSettings, readSettings, updateLive, updateStakeSum } from "./views/live.js";
import { createMoves, currentEntries, moveEntries, renderMoves, updateMoves } from "./views/moves.js";
import { createNarration, highlightPage, updateNarration } from "./views/narration.js";
import { createTable, updateTable } from "./views/table.js";
import { createTableText, updateTableText } from "./views/table-text.js";
import { INIT_TIMEOUT_MS } from "./engine-client.js";

const BASE_DELAY_MS = 1300; // autoplay: time on a step at speed 1, plus reading time below
const PER_WORD_MS = 70;
const NOTE_EXTRA_MS = 2500; // annotated steps linger longer
const MAX_STEP_TIMES = 5000;
const HASH_DELAY_MS = 250; // the URL follows the step once the visitor pauses

const words = (text) => (text ? String(text).split(/\s+/).length : 0);
const clone = (data) => JSON.parse(JSON.stringify(data));

/** A trace with each step's text and note in one language (the pages already are; live traces are not). */
export function localize(trace, lang) {
  for (const step of trace.steps) {
    if (step.text && typeof step.text === "object") step.text = step.text[lang] ?? step.text.en;
    if (step.note && typeof step.note === "object") step.note = step.note[lang] ?? step.note.en;
  }
  return trace;
}

/** For each step, what became of each of the banker's four so far this round (reveal events). */
function rowInfos(trace) {
  const out = new Array(trace.steps.length);
  let current = [null, null, null, null];
  trace.steps.forEach((step, i) => {
    const event = step.event;
    if (event.kind === "lay") current = [null, null, null, null];
    else if (event.kind === "reveal") {
      current = current.slice();
      current[event.position - 1] = { winner: event.winner || null, to: event.to };
    }
    out[i] = current;
  });
  return out;
}

const DECISIONS = new Set(["lead", "beat", "take", "play"]);

/**
 * Whose turn it is after each step: the one who makes the next decision (the actor of the next
 * step when that step is a decision), else the snapshot's `to_act`. (The engine's snapshots
 * are taken as each event is told, so a lead's snapshot still names the leader.)
 */
function turns(trace) {
  const steps = trace.steps;
  return steps.map((step, i) => {
    const next = steps[i + 1];
    if (next) {
      if (DECISIONS.has(next.event.kind) && next.event.who) return next.event.who;
      if (next.event.kind === "spread" && next.event.how === "chosen") return "banker";
    }
    return step.state.to_act;
  });
}

/** The settings a recorded set-up stands for: {options, seed, players}. */
export function settingsOf(setup) {
  return {
    options: { ...(setup.options || {}) },
    seed: setup.seed === undefined ? null : setup.seed,
    players: typeof setup.players === "number" ? setup.players : setup.table.players.length,
  };
}

/** The kind of decision the seated visitor faces (from his legal moves): stake, lead, answer, trick. */
function decisionOf(seat) {
  if (!seat || !seat.your_turn) return null;
  if (seat.stake_total !== null && seat.stake_total !== undefined) return "stake";
  const verb = (seat.legal[0] || "").split(" ")[0];
  return { lead: "lead", beat: "answer", take: "answer", play: "trick" }[verb] || null;
}

let activeDemo = null; // the demo the visitor used last: it writes the URL's hash

/** Write a pending hash now (before the language switch reads it). */
export function flushHash() {
  if (activeDemo && activeDemo.hashTimer) {
    clearTimeout(activeDemo.hashTimer);
    activeDemo.hashTimer = null;
    activeDemo.writeHash();
  }
}

export class DemoController {
  /**
   * @param {object} config {figure, lang, hand, trace, setup, paragraphs, engine, onHash}
   */
  constructor(config) {
    Object.assign(this, {
      figure: config.figure, lang: config.lang, hand: config.hand, paragraphs: config.paragraphs || {},
      engine: config.engine || null, onHash: config.onHash || (() => {}),
    });
    this.recorded = { trace: localize(config.trace, this.lang), setup: config.setup };
    this.recordedSettings = settingsOf(config.setup);
    this.n = 1;
    this.playing = false;
    this.timer = null;
    this.speed = 1;
    this.showText = false;
    this.source = "recorded";
    this.liveSettings = null; // the changed settings of a live replay (for the deep link)
    this.lastSetup = null; // the set-up sent for the live trace shown
    this.seat = null;
    this.beforeSeat = null;
    this.busy = false;
    this.message = null;
    this.pendingLink = null;
    this.stepTimes = [];
    this.engineStatus = this.engine ? this.engine.status : "failed";
    this.engineReason = this.engine ? null : "no engine on this page";
    this.build();
    this.setTrace(this.recorded.trace, "recorded");
    if (this.engine) this.engine.subscribe((status, reason) => this.onEngineStatus(status, reason));
    this.renderLive();
  }

  // ------------------------------------------------------------------ DOM

  build() {
    const { lang, hand, figure } = this;
    const id = figure.id || `demo-${hand}`;
    const textId = `${id}-table-text`;
    const hintId = `${id}-keys`;
    this.view = {
      notices: h("div", { class: "demo-notices", role: "alert" }),
      table: createTable(lang),
      tableText: createTableText(textId),
      controls: createControls(lang, textId),
      narration: createNarration(lang),
      moves: createMoves(lang),
      live: createLive(lang),
      announcer: h("p", { class: "visually-hidden demo-announcer", "aria-live": "polite", "aria-atomic": "true" }),
    };
    const v = this.view;
    const caption = figure.querySelector("figcaption");
    const label = caption && caption.id ? { "aria-labelledby": caption.id } : { "aria-label": t(lang, "demo_label", { hand }) };
    this.app = h("div", {
      class: "demo-app", tabindex: "0", role: "group", "aria-describedby": hintId, "data-hand": hand, ...label,
    }, [
      v.notices,
      h("p", { class: "visually-hidden", id: hintId, text: t(lang, "keys_hint") }),
      h("div", { class: "demo-main" }, [
        h("div", { class: "demo-stage" }, [v.table.el, v.tableText, v.controls.el, v.narration.el]),
        h("div", { class: "demo-side" }, [v.moves.el, v.live.el]),
      ]),
      v.announcer,
    ]);
    const details = figure.querySelector(".demo-text");
    if (details) figure.insertBefore(this.app, details);
    else figure.append(this.app);
    figure.classList.add("is-enhanced");
    fillSettings(v.live, this.recordedSettings);
  }

  // ------------------------------------------------------------------ the trace and the step

  get total() {
    return this.trace.steps.length;
  }

  get step() {
    return this.trace.steps[this.n - 1];
  }

  setTrace(trace, source) {
    this.trace = trace;
    this.source = source;
    this.rows = rowInfos(trace);
    this.turns = turns(trace);
    this.entries = moveEntries(trace, this.lang);
    this.entryAt = currentEntries(this.entries, trace.steps.length);
    renderMoves(this.view.moves, this.entries);
    this.seats = trace.seats;
    const table = trace.game.table;
    this.banker = table.banker;
    this.dealer = table.dealer;
  }

  sourceText() {
    if (this.source === "seat") return t(this.lang, "source_seat");
    if (this.source === "live") return t(this.lang, "source_live");
    return t(this.lang, "source_recorded");
  }

  /** Draw step n (1..N). `from`: "init", "user", "auto" or "link". */
  goto(n, from = "user") {
    const started = performance.now();
    const total = this.total;
    this.n = Math.min(Math.max(1, Math.round(Number(n) || 1)), total);
    this.renderStep(from !== "init");
    const elapsed = performance.now() - started;
    if (this.stepTimes.length < MAX_STEP_TIMES) this.stepTimes.push(elapsed);
    if (from === "user" || from === "auto") {
      activeDemo = this;
      this.updateHash();
    }
    if (this.playing && from !== "auto") this.schedule();
  }

  renderStep(announce = true) {
    const { lang, view } = this;
    const step = this.step;
    const prev = this.n > 1 ? this.trace.steps[this.n - 2] : null;
    const you = this.seat ? this.seat.name : null;
    let toAct = this.turns[this.n - 1];
    if (this.seat && this.n === this.total) toAct = this.seat.your_turn ? this.seat.name : toAct;
    const ctx = {
      toAct,
      lang, step, prev, seats: this.seats, banker: this.banker, dealer: this.dealer,
      rowInfo: this.rows[this.n - 1], sourceText: this.sourceText(), you,
      seatView: this.seat ? this.seatView() : null, paragraphs: this.paragraphs,
    };
    updateTable(view.table, ctx);
    updateTableText(view.tableText, ctx);
    updateNarration(view.narration, ctx);
    updateControls(view.controls, {
      lang, n: this.n, total: this.total, playing: this.playing, showText: this.showText, speed: this.speed,
    });
    updateMoves(view.moves, this.entryAt[this.n]);
    highlightPage(step.event.rule || []);
    if (announce) view.announcer.textContent = typeof step.text === "string" ? step.text : "";
    this.app.dataset.step = String(this.n);
  }

  first() { this.goto(1); }
  prev() { if (this.n > 1) this.goto(this.n - 1); }
  next() { if (this.n < this.total) this.goto(this.n + 1); }
  last() { this.goto(this.total); }

  // ------------------------------------------------------------------ autoplay

  togglePlay() {
    if (this.playing) this.stop();
    else {
      this.playing = true;
      if (this.n >= this.total) this.goto(1, "auto");
      this.schedule();
      this.renderControls();
    }
  }

  stop() {
    this.playing = false;
    clearTimeout(this.timer);
    this.timer = null;
    this.renderControls();
  }

  delay() {
    const step = this.step;
    let ms = BASE_DELAY_MS + PER_WORD_MS * words(step.text);
    if (step.note) ms += NOTE_EXTRA_MS + PER_WORD_MS * words(step.note);
    return ms / this.speed;
  }

  schedule() {
    clearTimeout(this.timer);
    if (!this.playing) return;
    this.timer = setTimeout(() => {
      if (!this.playing) return;
      if (this.n >= this.total) {
        this.stop();
        return;
      }
      this.goto(this.n + 1, "auto");
      if (this.n >= this.total) this.stop();
      else this.schedule();
    }, this.delay());
  }

  setSpeed(value) {
    const speed = Number(value);
    if (!(speed > 0)) return;
    this.speed = speed;
    if (this.playing) this.schedule();
  }

  renderControls() {
    updateControls(this.view.controls, {
      lang: this.lang, n: this.n, total: this.total, playing: this.playing, showText: this.showText, speed: this.speed,
    });
  }

  toggleText() {
    this.showText = !this.showText;
    this.view.tableText.hidden = !this.showText;
    this.renderStep(false);
  }

  // ------------------------------------------------------------------ URL

  /**
   * Write the step (and the live settings) into the URL's hash. Debounced: changing the URL
   * restyles the page's links (~6 ms here), too slow to do at every step of a held key.
   */
  updateHash() {
    if (activeDemo !== this || this.source === "seat") return;
    clearTimeout(this.hashTimer);
    this.hashTimer = setTimeout(() => this.writeHash(), HASH_DELAY_MS);
  }

  writeHash() {
    this.hashTimer = null;
    if (activeDemo !== this || this.source === "seat") return;
    const changed = this.liveSettings || {};
    const hash = formatHash({
      hand: this.hand, step: this.n, options: changed.options, seed: changed.seed, players: changed.players,
    });
    if (location.hash !== hash) {
      history.replaceState(history.state, "", hash);
      this.onHash(hash);
    }
  }

  // ------------------------------------------------------------------ notices

  notice(text) {
    const item = h("p", { class: "demo-notice" }, [
      h("span", { class: "demo-notice-text", text }), " ",
      h("button", { type: "button", class: "demo-notice-dismiss", "data-action": "dismiss-notice", text: t(this.lang, "dismiss") }),
    ]);
    this.view.notices.append(item);
  }

  dismissNotice(button) {
    const item = button.closest(".demo-notice");
    if (item) item.remove();
    this.app.focus();
  }

  // ------------------------------------------------------------------ deep links

  /** Apply a parsed deep link meant for this demo (see url.js). */
  applyLink(parsed, live) {
    for (const pair of parsed.bad) this.notice(t(this.lang, "notice_option", { pair }));
    if (live) {
      const settings = settingsOf(this.recorded.setup);
      Object.assign(settings.options, parsed.options);
      if (parsed.seed !== null) settings.seed = parsed.seed;
      if (parsed.players !== null) settings.players = parsed.players;
      fillSettings(this.view.live, settings);
      this.pendingLink = { settings, step: parsed.step, stepText: parsed.stepText };
      if (this.engineStatus === "ready") this.runPendingLink();
      else if (this.engineStatus === "failed") this.dropPendingLink();
      else this.notice(t(this.lang, "notice_wait"));
      this.goto(1, "init");
      return;
    }
    this.gotoLinked(parsed.step, parsed.stepText);
  }

  gotoLinked(step, stepText) {
    const total = this.total;
    if (stepText !== null && stepText !== undefined) {
      this.notice(t(this.lang, "notice_step", { step: stepText, total, shown: 1 }));
      this.goto(1, "link");
    } else if (step !== null && step !== undefined && step > total) {
      this.notice(t(this.lang, "notice_step", { step, total, shown: total }));
      this.goto(total, "link");
    } else {
      this.goto(step || 1, "link");
    }
  }

  async runPendingLink() {
    const link = this.pendingLink;
    this.pendingLink = null;
    await this.replay(link.settings); // on failure its message says why, and the recorded hand stays
    this.gotoLinked(link.step, link.stepText);
  }

  dropPendingLink() {
    const link = this.pendingLink;
    this.pendingLink = null;
    this.notice(t(this.lang, "notice_engine_failed_link"));
    fillSettings(this.view.live, this.recordedSettings);
    this.gotoLinked(link.step, link.stepText);
  }

  // ------------------------------------------------------------------ the live engine

  onEngineStatus(status, reason) {
    this.engineStatus = status;
    this.engineReason = reason;
    this.renderLive();
    if (status === "ready" && this.pendingLink) this.runPendingLink();
    if (status === "failed" && this.pendingLink) this.dropPendingLink();
  }

  renderLive() {
    const seat = this.seat;
    const last = this.trace.steps[this.trace.steps.length - 1];
    updateLive(this.view.live, {
      lang: this.lang, status: this.engineStatus, reason: this.engineReason, busy: this.busy, message: this.message,
      seats: this.seats, paragraphs: this.paragraphs, timeoutSeconds: Math.round(INIT_TIMEOUT_MS / 1000),
      seat: seat && {
        ...seat, phase: decisionOf(seat), over: last.event.kind === "game_end",
      },
    });
  }

  /**
   * The set-up for the engine from settings {options, seed, players}. The recorded hand's notes
   * are left out: they describe the recorded deal and moves, which another reading changes.
   */
  setupFor(settings) {
    const setup = clone(this.recorded.setup);
    delete setup.notes;
    setup.options = { ...(setup.options || {}), ...settings.options };
    if (settings.seed !== null && settings.seed !== setup.seed) {
      setup.seed = settings.seed;
      setup.decks = null; // a new seed shuffles anew
    }
    if (settings.players !== setup.table.players.length) setup.players = settings.players;
    return setup;
  }

  /** The settings that differ from the recording (what the deep link carries). */
  changedSettings(settings) {
    const base = this.recordedSettings;
    const options = {};
    for (const [key, value] of Object.entries(settings.options)) {
      if (String(base.options[key]) !== String(value)) options[key] = value;
    }
    return {
      options,
      seed: settings.seed !== null && settings.seed !== base.seed ? settings.seed : null,
      players: settings.players !== base.players ? settings.players : null,
    };
  }

  checkSettings(settings) {
    const whole = (v) => Number.isInteger(v) && v >= 0;
    if (settings.seed !== null && !whole(settings.seed)) return `${t(this.lang, "seed")}: ${settings.seed}`;
    if (!(Number.isInteger(settings.players) && settings.players >= 2 && settings.players <= 17)) {
      return `${t(this.lang, "players")}: ${settings.players} (2–17, p2)`;
    }
    return null;
  }

  async call(type, payload) {
    this.busy = true;
    this.renderLive();
    try {
      return JSON.parse(await this.engine.request(type, payload));
    } finally {
      this.busy = false;
    }
  }

  /** A request whose answer is a trace; on failure, says why in the panel and resolves null. */
  async callForTrace(type, payload) {
    let data;
    try {
      data = await this.call(type, payload);
    } catch (error) {
      return this.failLive(error.message);
    }
    return data.steps ? data : this.failLive(data.failed || data.error || "?");
  }

  failLive(message) {
    this.message = { kind: "error", text: t(this.lang, "replay_failed", { message }) };
    this.renderLive();
    return null;
  }

  /** Replay the hand with settings; resolves true when a live trace is shown. */
  async replay(settings) {
    if (!this.engine || this.busy) return false;
    this.stop();
    const bad = this.checkSettings(settings);
    if (bad) {
      this.failLive(bad);
      return false;
    }
    const setup = this.setupFor(settings);
    this.message = null;
    const data = await this.callForTrace("replay", { setup });
    if (!data) return false;
    this.lastSetup = setup;
    this.liveSettings = this.changedSettings(settings);
    this.setTrace(localize(data, this.lang), "live");
    const notes = [t(this.lang, "replayed")];
    if (data.notice === "moves_replaced") notes.push(t(this.lang, "moves_replaced"));
    this.message = { kind: "info", text: notes.join(" ") };
    activeDemo = this;
    this.goto(Math.min(this.n, this.total), "user");
    this.renderLive();
    return true;
  }

  replayFromForm() {
    return this.replay(readSettings(this.view.live));
  }

  reset() {
    if (this.busy) return;
    this.stop();
    this.leaveSeatQuietly();
    this.liveSettings = null;
    this.lastSetup = null;
    this.message = null;
    this.setTrace(this.recorded.trace, "recorded");
    fillSettings(this.view.live, this.recordedSettings);
    this.goto(Math.min(this.n, this.total), "user");
    this.renderLive();
  }

  randomSeed() {
    const seed = Math.floor(Math.random() * 1e9);
    this.view.live.fields.seed.value = String(seed);
  }

  // ------------------------------------------------------------------ the visitor's seat

  seatView() {
    const seat = this.seat;
    const legal = new Set();
    for (const move of seat.your_turn ? seat.legal || [] : []) {
      const [verb, ...args] = move.split(/\s+/);
      for (const arg of args) {
        if (verb === "beat") legal.add(arg.split(">")[1]);
        else legal.add(arg);
      }
    }
    const decision = decisionOf(seat);
    return { selected: seat.selected, legal, enabled: ["lead", "answer", "trick"].includes(decision) && !this.busy };
  }

  async takeSeat(name) {
    if (!this.engine || this.busy) return;
    this.stop();
    const setup = this.lastSetup ? clone(this.lastSetup) : this.setupFor(this.recordedSettings);
    if (name === "banker") setup.options = { ...(setup.options || {}), spread: "chosen" };
    this.message = null;
    const data = await this.callForTrace("seat", { setup, seat: name, key: this.hand });
    if (!data) return;
    if (!this.seat) this.beforeSeat = { trace: this.trace, source: this.source, n: this.n };
    this.seatSetup = setup;
    this.applySeat(name, data);
  }

  takeSeatFromForm() {
    return this.takeSeat(this.view.live.seatSelect.value);
  }

  applySeat(name, data) {
    const refused = !!data.error;
    this.seat = {
      name, your_turn: data.your_turn, legal: data.legal || [], stake_total: data.stake_total,
      // The engine explains a refusal in both languages (engine.live.Seat.state).
      error: (this.lang === "ru" ? data.error_ru : data.error) || data.error || null, rule: data.rule || null,
      selected: refused && this.seat ? this.seat.selected : new Set(),
    };
    const unchanged = refused && this.trace && this.trace.steps.length === data.steps.length && this.source === "seat";
    if (!unchanged) this.setTrace(localize(data, this.lang), "seat");
    this.goto(this.total, "seat");
    this.renderLive();
  }

  async sendMove(text) {
    if (!this.seat || this.busy) return;
    const move = String(text || "").trim();
    if (!move) return;
    const data = await this.callForTrace("move", { text: move, key: this.hand });
    if (!data) return;
    this.message = null;
    if (!data.error) this.view.live.moveInput.value = "";
    this.applySeat(this.seat.name, data);
  }

  sendMoveFromForm() {
    return this.sendMove(this.view.live.moveInput.value);
  }

  sendStake() {
    const amounts = this.view.live.stakeInputs.map((input) => input.value.trim() || "0");
    return this.sendMove(`stake ${amounts.join(" ")}`);
  }

  stakeChanged() {
    if (this.seat && this.seat.stake_total !== null && this.seat.stake_total !== undefined) {
      updateStakeSum(this.view.live, this.lang, this.seat.stake_total);
    }
  }

  selectCard(code) {
    if (!this.seat || !this.seat.your_turn) return;
    const selected = this.seat.selected;
    if (selected.has(code)) selected.delete(code);
    else selected.add(code);
    this.renderStep(false);
    this.renderLive();
  }

  clearSelection() {
    if (!this.seat) return;
    this.seat.selected = new Set();
    this.renderStep(false);
    this.renderLive();
  }

  /** The move text for the cards chosen in the hand (the engine judges it). */
  selectionMove() {
    const last = this.trace.steps[this.total - 1].state;
    const decision = decisionOf(this.seat);
    const chosen = [...this.seat.selected];
    if (decision === "lead") return `lead ${chosen.join(" ")}`;
    if (decision === "trick") return `play ${chosen.join(" ")}`;
    if (decision !== "answer") return null;
    const led = last.table.map(([, card]) => card);
    const anySuit = (this.trace.game.options || {}).beat === "any_suit";
    const covers = (l, c) => {
      const a = parseCard(l);
      const b = parseCard(c);
      return a && b && b.rank > a.rank && (anySuit || a.suit === b.suit);
    };
    if (led.length === 1) return `beat ${chosen.map((c) => `${led[0]}>${c}`).join(" ")}`;
    if (chosen.length === 1) {
      const target = led.find((l) => covers(l, chosen[0])) || led[0];
      return `beat ${target}>${chosen[0]}`;
    }
    const [x, y] = chosen;
    const straight = covers(led[0], x) && covers(led[1], y);
    const crossed = covers(led[0], y) && covers(led[1], x);
    const pairs = !straight && crossed ? [[led[0], y], [led[1], x]] : [[led[0], x], [led[1], y]];
    const extra = chosen.slice(2).map((c) => `${led[1]}>${c}`);
    return `beat ${pairs.map(([l, c]) => `${l}>${c}`).concat(extra).join(" ")}`;
  }

  sendSelection() {
    if (!this.seat || !this.seat.selected.size) return;
    const move = this.selectionMove();
    if (move) this.sendMove(move);
  }

  async undo() {
    if (!this.seat || this.busy) return;
    const data = await this.callForTrace("undo", { key: this.hand });
    if (!data) return;
    this.applySeat(this.seat.name, data);
  }

  leaveSeatQuietly() {
    if (!this.seat) return;
    this.seat = null;
    if (this.engine && this.engineStatus === "ready") this.engine.request("leave", { key: this.hand }).catch(() => {});
  }

  leaveSeat() {
    if (!this.seat || this.busy) return;
    this.leaveSeatQuietly();
    const before = this.beforeSeat;
    this.beforeSeat = null;
    this.message = null;
    if (before) {
      this.setTrace(before.trace, before.source);
      this.goto(before.n, "user");
    } else {
      this.setTrace(this.recorded.trace, "recorded");
      this.goto(1, "user");
    }
    this.renderLive();
  }
}
