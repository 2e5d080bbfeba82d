// @ts-check
// The kiosk's configuration, read from its address, and the attract loop's pace.
//
// ?idle=90 (seconds without a touch before the countdown) &countdown=20 (its seconds)
// &hands=first-round,playoff-beating (the hands shown; all by default) &speed=1 (the loop's pace)
// &live=1 (new deals between the hands; 0: the hands only) &opponents=strong (the computer players a
// seated visitor plays against: the default ones unless so configured; no choice is offered on
// the kiosk) &lang=ru (the language it starts in, and comes back to after each visitor:
// kiosk/index.html reads it, entry.js).

/** The text sizes A− … A+ step through (kiosk.css: --kiosk-text scales the whole screen). */
export const TEXT_SIZES = [1, 1.15, 1.3, 1.5];

// The longest wait a browser's timer keeps (2^31 − 1 ms): a longer `idle` would fire at once.
const IDLE_MAX_S = 86_400; // a day
const COUNTDOWN_MAX_S = 600;

/** @typedef {{idle: number, countdown: number, speed: number, live: boolean, hands: string[], opponents: string}} Config */

/** The opponents a kiosk may be configured with (engine/live.py OPPONENTS); any other value: the default. */
const OPPONENTS = ["default", "strong"];

/** @param {string} search the address's query (location.search) @returns {Config} */
export function readConfig(search) {
  const params = new URLSearchParams(search);
  // A number out of its range is brought to the nearest end of it; what is not a number is ignored.
  const number = (/** @type {string} */ key, /** @type {number} */ fallback, /** @type {number} */ min,
    /** @type {number} */ max) => {
    const value = Number(params.get(key));
    return params.has(key) && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
  };
  return {
    idle: number("idle", 90, 1, IDLE_MAX_S),
    countdown: number("countdown", 20, 1, COUNTDOWN_MAX_S),
    speed: number("speed", 1, 0.1, 1000),
    live: params.get("live") !== "0",
    hands: (params.get("hands") || "").split(",").filter(Boolean),
    opponents: OPPONENTS.includes(String(params.get("opponents"))) ? String(params.get("opponents")) : "default",
  };
}

/**
 * Where the visitor was before the language switch, from the address's fragment
 * (#hand=NAME&step=N&size=K); null when it names no hand.
 * @param {string} hash location.hash
 * @returns {{hand: string, step: number, size: number}|null}
 */
export function readResumePoint(hash) {
  const at = new URLSearchParams(hash.slice(1));
  const hand = at.get("hand");
  return hand ? { hand, step: Number(at.get("step")) || 1, size: Number(at.get("size")) || 0 } : null;
}

/** The fragment readResumePoint reads. @param {{hand: string, step: number, size: number}} point */
export function resumePointHash(point) {
  return `#${new URLSearchParams({ hand: point.hand, step: String(point.step), size: String(point.size) })}`;
}

// The attract loop's pace at speed 1: a passer-by is told a hand's story by its annotated steps, so
// the loop lingers on each of them (its sentence and note read at 5 words a second, 6 to 15 s) and
// passes the others briskly (0.4 s: the cards are seen moving), a hand of the lessons in about two
// minutes (README, "The museum kiosk", gives each hand's figure).
const DWELL = { plainMs: 400, noteMinMs: 6000, noteMaxMs: 15_000, perWordMs: 200 };

const wordCount = (/** @type {string|undefined} */ text) => (text ? String(text).trim().split(/\s+/).length : 0);

/** ms the attract loop stays on a step at speed 1. @param {{text?: string, note?: string}} step */
export function dwell(step) {
  if (!step.note) return DWELL.plainMs;
  const reading = DWELL.perWordMs * (wordCount(step.text) + wordCount(step.note));
  return Math.min(DWELL.noteMaxMs, Math.max(DWELL.noteMinMs, reading));
}
