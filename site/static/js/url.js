// Deep links: #hand=HAND&step=N[&opt.KEY=VALUE...][&seed=S][&players=P]

import { checkOption } from "./options.js";

const MAX_SEED = 2 ** 53 - 1;

/**
 * Read a location hash. Returns {hand, step, options, seed, players, bad}; `bad` lists the
 * "key=value" pairs that were not understood (each becomes a visible notice), `step` is a
 * positive integer or null, `stepText` the raw text when it was not one.
 */
export function parseHash(hash) {
  const out = { hand: null, step: null, stepText: null, options: {}, seed: null, players: null, bad: [] };
  const text = String(hash || "").replace(/^#/, "");
  if (!text.includes("=")) return out; // a plain anchor such as #p5: not ours
  const params = new URLSearchParams(text);
  for (const [key, value] of params) {
    if (key === "hand") out.hand = value;
    else if (key === "step") {
      if (/^\d+$/.test(value) && Number(value) >= 1) out.step = Number(value);
      else out.stepText = value;
    } else if (key === "seed") {
      if (/^\d+$/.test(value) && Number(value) <= MAX_SEED) out.seed = Number(value);
      else out.bad.push(`${key}=${value}`);
    } else if (key === "players") {
      if (/^\d+$/.test(value) && Number(value) >= 2 && Number(value) <= 17) out.players = Number(value);
      else out.bad.push(`${key}=${value}`);
    } else if (key.startsWith("opt.")) {
      const checked = checkOption(key.slice(4), value);
      if (checked === null) out.bad.push(`${key}=${value}`);
      else out.options[key.slice(4)] = checked;
    } else {
      out.bad.push(`${key}=${value}`);
    }
  }
  return out;
}

/** The hash for a demo at a step, with the live settings that differ from the recording. */
export function formatHash({ hand, step, options, seed, players }) {
  const params = new URLSearchParams();
  params.set("hand", hand);
  params.set("step", String(step));
  for (const [key, value] of Object.entries(options || {})) params.set(`opt.${key}`, String(value));
  if (seed !== null && seed !== undefined) params.set("seed", String(seed));
  if (players !== null && players !== undefined) params.set("players", String(players));
  return "#" + params.toString();
}

/** Whether a parsed hash asks for live settings (which need the engine). */
export function wantsLive(parsed) {
  return Object.keys(parsed.options).length > 0 || parsed.seed !== null || parsed.players !== null;
}
