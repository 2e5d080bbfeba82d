// @ts-check
// Deep links: #hand=HAND&step=N[&opt.KEY=VALUE...][&seed=S][&players=P][&practice=SEAT]
//
// The hash always describes what the demo shows: the step, and the settings of a live replay
// (those that differ from the recorded hand). The demo the visitor used last writes it (after a
// short pause: changing the URL restyles the page's links); a hash the visitor changes is applied
// in full, to the demo it names. Values are passed to the engine as written: the engine, not the
// page, says whether a value is allowed. `practice` is the player whose decisions the visitor
// practises on the recorded hand (practice.js): his seat's number from 1, or "banker".

import { option } from "../lib/catalogue.js";

const HASH_DELAY_MS = 250;

/**
 * @typedef {{hand: string|null, step: number|null, stepText: string|null, options: Object<string, string>,
 *   seed: string|null, players: string|null, practice: string|null, unknown: string[]}} Link
 */

/** Read a location hash (a plain anchor such as #p5 is not a link of ours: null). @returns {Link|null} */
export function parseHash(/** @type {string} */ hash) {
  const text = String(hash || "").replace(/^#/, "");
  if (!text.includes("=")) return null;
  /** @type {Link} */
  const link = { hand: null, step: null, stepText: null, options: {}, seed: null, players: null, practice: null, unknown: [] };
  for (const [key, value] of new URLSearchParams(text)) {
    if (key === "hand") link.hand = value;
    else if (key === "step") {
      // (A number too long to be exact, 999…, is no step: it is said as written, not as 1e+23.)
      if (/^\d+$/.test(value) && Number(value) >= 1 && Number.isSafeInteger(Number(value))) link.step = Number(value);
      else link.stepText = value;
    } else if (key === "seed") link.seed = value;
    else if (key === "players") link.players = value;
    else if (key === "practice") link.practice = value;
    else if (key.startsWith("opt.") && option(key.slice(4))) link.options[key.slice(4)] = value;
    else link.unknown.push(`${key}=${value}`);
  }
  return link;
}

/** Whether a link asks for settings of its own (which need the live engine). @param {Link} link */
export function wantsLive(link) {
  return Object.keys(link.options).length > 0 || link.seed !== null || link.players !== null;
}

/** @param {{hand: string, step: number, changes: {options: Object<string, string>, seed: string|null, players: string|null}|null, practice?: string|null}} at */
export function formatHash({ hand, step, changes, practice = null }) {
  const params = new URLSearchParams();
  params.set("hand", hand);
  params.set("step", String(step));
  if (changes) {
    for (const [key, value] of Object.entries(changes.options)) params.set(`opt.${key}`, value);
    if (changes.seed !== null) params.set("seed", changes.seed);
    if (changes.players !== null) params.set("players", changes.players);
  }
  if (practice) params.set("practice", practice);
  return "#" + params.toString();
}

/** The page's deep links: one object per page, shared by its demos. */
export class Links {
  /**
   * @param {(hash: string) => void} onWrite called after the hash changed (the language switch follows it)
   * @param {boolean} [writes] false: the page keeps its address (the kiosk)
   */
  constructor(onWrite, writes = true) {
    this.onWrite = onWrite;
    this.writes = writes;
    /** @type {import("./demo.js").Demo|null} the demo the visitor used last: it writes the hash */
    this.active = null;
    /** @type {ReturnType<typeof setTimeout>|null} */
    this.timer = null;
  }

  /** The visitor stepped or replayed `demo`: the hash follows, once he pauses. */
  stepped(/** @type {import("./demo.js").Demo} */ demo) {
    if (!this.writes) return;
    this.active = demo;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.write(), HASH_DELAY_MS);
  }

  /** Write a pending hash now (before the language switch reads it). */
  flush() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.write();
    }
  }

  write() {
    this.timer = null;
    const demo = this.active;
    if (!demo || demo.source === "seat") return; // a seated game is not a link
    const practice = demo.practice && demo.practice.active ? demo.practice.linkValue() : null;
    const hash = formatHash({ hand: demo.hand, step: demo.n, changes: demo.source === "live" ? demo.replays.changes() : null, practice });
    if (location.hash !== hash) {
      history.replaceState(history.state, "", hash);
      this.onWrite(hash);
    }
  }
}
