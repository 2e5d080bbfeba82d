// @ts-check
// The page's words and the engine's names, read from the catalogue the build embeds
// (<script id="catalogue">: engine/catalogue.py for the rules and the cards, sitegen/i18n.py for
// the interface). Nothing here knows a rule or a name of its own: plural forms are chosen by the
// browser's Intl.PluralRules among the engine's forms.

/**
 * @typedef {{value: string, label: string, reading: string|null}} Choice
 * @typedef {{key: string, rules: string[], kind: "choice"|"number"|"suit_fines", default: string|number,
 *   minimum: number, label: string, question: string, choices: Choice[]}} OptionInfo
 * @typedef {{code: string, symbol: string, letter: string, word: string, red: boolean}} Suit
 * @typedef {{players: [number, number], players_rule: string, seed_max: string, chips_max: number, name_chars: number,
 *   note_chars: number, record_bytes: number, link_chars: number, steps: number, chunk: number}} Limits
 *   the engine's limits (engine/limits.py) that the page checks itself or shows
 * @typedef {{lang: string, limits: Limits,
 *   paragraphs: Object<string, string>, options: OptionInfo[],
 *   suits: Suit[], cards: Object<string, {name: string, index: string}>,
 *   nouns: Object<string, Object<string, string>>, phases: Object<string, string>,
 *   phase_words: Object<string, string>, decisions: Object<string, string>, terms: Object<string, string>,
 *   roles: Object<string, string>, strings: Object<string, string>, card_art: any}} Catalogue
 *   (`card_art`: how a card is drawn, sitegen/cards.py)
 */

/** @type {Catalogue|null} */
let current = null;
/** @type {Intl.PluralRules|null} */
let pluralRules = null;

/** Read the page's catalogue (once); null when the page has none. */
export function loadCatalogue(doc = document) {
  if (current) return current;
  const el = doc.getElementById("catalogue");
  if (!el || !el.textContent) return null;
  current = JSON.parse(el.textContent);
  pluralRules = new Intl.PluralRules(/** @type {Catalogue} */ (current).lang);
  return current;
}

/** @returns {Catalogue} */
export function catalogue() {
  if (!current) throw new Error("the page has no catalogue");
  return current;
}

/**
 * An interface string with its {name} placeholders filled in.
 * @param {string} key
 * @param {Object<string, string|number>} [params]
 */
export function t(key, params) {
  const text = catalogue().strings[key];
  if (text === undefined) return key;
  return params ? fill(text, params) : text;
}

/** @param {string} text @param {Object<string, string|number>} params */
export function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** "5 фишек": a number and the engine's form of the noun for it. @param {number} n @param {string} noun */
export function count(n, noun) {
  const forms = catalogue().nouns[noun];
  const form = forms[/** @type {Intl.PluralRules} */ (pluralRules).select(n)] ?? forms.other ?? forms.many;
  return `${number(n, catalogue().lang, 0)} ${form}`;
}

/**
 * A number as the page's language writes it, by the engine's rules (engine/words.py `number`, which
 * writes every figure the engine sends; a test checks that both write the same): halves rounded
 * away from zero on the number as printed (its shortest decimal, as Python's repr), "−1.25" /
 * «−1,25», "10,000" / «10 000» (four digits unseparated in Russian: «1000»); zero, or what rounds
 * to it, without a sign.
 * @param {number} value @param {string} lang @param {number} decimals
 * @param {boolean} [sign] a plus sign before a positive figure
 */
export function number(value, lang, decimals, sign = false) {
  if (!Number.isFinite(value)) return String(value);
  const [mantissa, exponent = "0"] = String(Math.abs(value)).split("e");
  const [head, tail = ""] = mantissa.split(".");
  const digits = head + tail;
  const kept = head.length + Number(exponent) + decimals; // the digits left of the point, scaled by 10^decimals
  let scaled = BigInt(kept > 0 ? digits.slice(0, kept).padEnd(kept, "0") : "0");
  if (kept >= 0 && Number(digits[kept] || 0) >= 5) scaled += 1n; // a half away from zero
  const text = scaled.toString().padStart(decimals + 1, "0");
  let whole = decimals ? text.slice(0, -decimals) : text;
  if (whole.length > (lang === "en" ? 3 : 4)) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === "en" ? "," : "\u00a0");
  const written = decimals ? `${whole}${lang === "en" ? "." : ","}${text.slice(-decimals)}` : whole;
  if (scaled === 0n) return written; // zero is neither gain nor loss: no sign
  return (value < 0 ? "\u2212" : sign ? "+" : "") + written;
}

/** @param {string} code "QS" -> "queen of spades" / «дама пик» */
export function cardName(code) {
  const card = catalogue().cards[code];
  return card ? card.name : code;
}

/** @param {string} code */
export function suitOf(code) {
  return catalogue().suits.find((suit) => suit.code === code.slice(-1)) || null;
}

/**
 * Paragraphs of the text as the page's language cites them: "p7" / «§7».
 * @param {string|string[]} ids "p7", or several: "p10, p13" / «§10, §13»
 */
export function paragraphLabel(ids) {
  const labels = catalogue().paragraphs;
  return (Array.isArray(ids) ? ids : [ids]).map((id) => labels[id] ?? id).join(", ");
}

/** @param {string} key */
export function term(key) {
  return catalogue().terms[key] ?? key;
}

/** @param {string} key @returns {OptionInfo|undefined} */
export function option(key) {
  return catalogue().options.find((o) => o.key === key);
}

/** The table's heading for a phase of the engine: "Round 3", "Play-off"… @param {string} phase @param {number} round */
export function phaseLabel(phase, round) {
  const part = catalogue().phases[phase] || "lottery";
  // The stakes before the first deal are lottery phases with no round yet: not "Round 0".
  if (part === "lottery" && round < 1) return catalogue().phase_words.start;
  return fill(catalogue().phase_words[part], { n: round });
}

/** A list: "a, b and c" / «a, b и c». @param {string[]} items */
export function listText(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")}${t("and")}${items[items.length - 1]}`;
}

/** A balance with its sign, as the narration writes it: "+3", "−4" (a true minus sign), "0". @param {number} n */
export function signed(n) {
  return number(n, catalogue().lang, 0, true);
}

/** The page's language: "en" or "ru" (from <html lang>). */
export function pageLang(doc = document) {
  return (doc.documentElement.lang || "en").slice(0, 2).toLowerCase() === "ru" ? "ru" : "en";
}
