// @ts-check
// The numbers panel's chart models, from the engine's figures (engine/stats.py `figures`): the
// same models as sitegen/numbers.py `models` writes at build time (a test compares the tables).
// A model: {id, caption, head, rows: [{cells, mark}], plot}. Nothing here computes a statistic:
// the figures are the engine's; this only formats them and adds the reader's run to the
// comparisons (marked).

const MINUS = "\u2212";

/**
 * `value` with `decimals` decimals in the page's language: «−1,25», "+0.40", "10,000" / «10 000»;
 * no sign on what rounds to zero. @param {number} value @param {string} lang @param {number} decimals
 * @param {boolean} [sign] a plus sign on a positive figure
 */
export function number(value, lang, decimals, sign = false) {
  let text = Math.abs(value).toFixed(decimals);
  const zero = !/[1-9]/.test(text);
  let [whole, fraction] = text.split(".");
  if (whole.length > (lang === "en" ? 3 : 4)) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === "en" ? "," : "\u00a0");
  text = whole + (fraction ? (lang === "en" ? "." : ",") + fraction : "");
  if (zero) return text;
  return (value < 0 ? MINUS : sign ? "+" : "") + text;
}

/** @param {number} value @param {string} lang */
export function percent(value, lang, decimals = 1) {
  return number(value * 100, lang, decimals) + (lang === "en" ? "%" : "\u00a0%");
}

/** @param {number} value @param {string} lang @param {number} decimals */
function plusMinus(value, lang, decimals) {
  return `±\u00a0${number(value, lang, decimals)}`;
}

/** @param {string} text @param {Object<string, string|number>} params */
function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/**
 * The nets' histogram in at most 16 bins of a round width (1, 2, 5, 10, 20, 50…): [low, high, count].
 * @param {number[][]} pairs [net, count], sorted
 */
export function netBins(pairs) {
  if (!pairs.length) return [];
  const low = pairs[0][0];
  const high = pairs[pairs.length - 1][0];
  const steps = [1, 2, 5];
  let width = 1;
  let k = 0;
  const floor = (/** @type {number} */ v) => Math.floor(v / width);
  while (floor(high) - floor(low) + 1 > 16) {
    k += 1;
    width = steps[k % 3] * 10 ** Math.floor(k / 3);
  }
  const first = floor(low) * width;
  const bins = [];
  for (let i = 0; i < floor(high) - floor(low) + 1; i++) bins.push([first + i * width, first + (i + 1) * width - 1, 0]);
  for (const [value, count] of pairs) bins[Math.floor((value - first) / width)][2] += count;
  return bins;
}

/**
 * The six charts: the run's own three (mean net, prizes, nets) and the build's comparisons (a
 * game's length, the fines, the banker's takings), with the reader's run added to them, marked.
 * @param {any} build the build's figures (sitegen/numbers.py `slim`) @param {any|null} run a reader's run's figures
 * @param {string} lang @param {Object<string, string>} s the panel's strings @param {Object<string, string>} playoffLabels
 */
export function models(build, run, lang, s, playoffLabels) {
  const spec = build.spec;
  const main = run || build.main;
  const seats = main.seats;
  const names = seats.map((/** @type {any} */ seat) => seat.name);
  const yours = (/** @type {string} */ label) => `${label} (${s.your_run})`;
  const out = [];
  out.push({
    id: "net", caption: s.chart_net, head: [s.seat, s.mean_net, s.ci, s.bias, s.sd],
    rows: seats.map((/** @type {any} */ seat) => ({ cells: [seat.name, number(seat.mean_net, lang, 2, true),
      plusMinus(seat.net_ci95, lang, 2), number(seat.bias, lang, 2, true), number(seat.net_sd, lang, 2)], mark: false })),
    plot: { kind: "bars", labels: names, series: [{
      label: s.mean_net, values: seats.map((/** @type {any} */ seat) => seat.mean_net),
      lo: seats.map((/** @type {any} */ seat) => seat.mean_net - seat.net_ci95),
      hi: seats.map((/** @type {any} */ seat) => seat.mean_net + seat.net_ci95) }] },
  });
  out.push({
    id: "win", caption: s.chart_win, head: [s.seat, s.win_any, s.ci],
    rows: seats.map((/** @type {any} */ seat) => ({ cells: [seat.name, percent(seat.prize_chance, lang),
      plusMinus(seat.prize_chance_ci95 * 100, lang, 1)], mark: false })),
    plot: { kind: "bars", labels: names, series: [{ label: s.win_any, values: seats.map((/** @type {any} */ seat) => seat.prize_chance * 100) }] },
  });
  const bins = netBins(main.hist.net);
  const binLabels = bins.map(([a, b]) => (a === b ? number(a, lang, 0) : `${number(a, lang, 0)} … ${number(b, lang, 0)}`));
  out.push({
    id: "nets", caption: s.chart_nets, head: [s.net, s.results],
    rows: bins.map((bin, i) => ({ cells: [binLabels[i], number(bin[2], lang, 0)], mark: false })),
    plot: { kind: "bars", labels: binLabels, axisLabels: bins.map((bin) => number(bin[0], lang, 0)), // each bin's lowest net under its bar
      series: [{ label: s.results, values: bins.map((bin) => bin[2]) }] },
  });

  // The comparisons: the build's runs, and the reader's where it belongs among them.
  const sweep = number(spec.sweep, lang, 0);
  const changed = run ? run.options : {};
  const sizes = Object.keys(build.players).sort((a, b) => Number(a) - Number(b));
  const length = sizes.map((n) => build.players[n].game);
  const lengthRows = sizes.map((n, i) => ({ cells: [n, number(length[i].rounds.mean, lang, 1), number(length[i].steps.mean, lang, 1)], mark: false }));
  /** @type {{label: string, values: (number|null)[], axis?: number, mark?: boolean}[]} */
  const lengthSeries = [
    { label: s.rounds, values: length.map((g) => g.rounds.mean) },
    { label: s.steps, values: length.map((g) => g.steps.mean), axis: 1 },
  ];
  if (run) {
    lengthRows.push({ cells: [yours(String(run.players)), number(run.game.rounds.mean, lang, 1), number(run.game.steps.mean, lang, 1)], mark: true });
    lengthSeries.push({ label: `${s.steps} (${s.your_run})`, values: sizes.map((n) => (Number(n) === run.players ? run.game.steps.mean : null)), axis: 1, mark: true });
  }
  out.push({
    id: "length", caption: fill(s.chart_length, { games: sweep }), head: [s.players_col, s.rounds, s.steps],
    rows: lengthRows, plot: { kind: "lines", x: sizes.map(Number), xLabel: s.players_col, series: lengthSeries },
  });

  const ways = Object.keys(build.playoff);
  const finesRows = ways.map((w) => ({ cells: [playoffLabels[w], number(build.playoff[w].game.fines.mean, lang, 2)], mark: false }));
  /** @type {{label: string, values: (number|null)[], mark?: boolean}[]} */
  const finesSeries = [{ label: s.fines, values: ways.map((w) => build.playoff[w].game.fines.mean) }];
  if (run) {
    const way = changed.playoff || ways[0];
    finesRows.push({ cells: [yours(playoffLabels[way] || way), number(run.game.fines.mean, lang, 2)], mark: true });
    finesSeries.push({ label: `${s.fines} (${s.your_run})`, values: ways.map((w) => (w === way ? run.game.fines.mean : null)), mark: true });
  }
  out.push({
    id: "fines", caption: fill(s.chart_fines, { games: sweep, players: number(spec.players, lang, 0) }),
    head: [s.reading, s.fines], rows: finesRows,
    plot: { kind: "bars", labels: ways.map((w) => playoffLabels[w]), series: finesSeries },
  });

  const bankerSizes = Object.keys(build.banker).sort((a, b) => Number(a) - Number(b));
  const bankerRows = bankerSizes.map((n) => ({ cells: [n, number(build.banker[n].banker.mean, lang, 2)], mark: false }));
  /** @type {{label: string, values: (number|null)[], mark?: boolean}[]} */
  const bankerSeries = [{ label: s.banker_takes, values: bankerSizes.map((n) => build.banker[n].banker.mean) }];
  if (run && changed.unclaimed === "banker") {
    bankerRows.push({ cells: [yours(String(run.players)), number(run.banker.mean, lang, 2)], mark: true });
    bankerSeries.push({ label: `${s.banker_takes} (${s.your_run})`, values: bankerSizes.map((n) => (Number(n) === run.players ? run.banker.mean : null)), mark: true });
  }
  out.push({
    id: "banker", caption: fill(s.chart_banker, { games: sweep }), head: [s.players_col, s.banker_takes], rows: bankerRows,
    plot: { kind: "lines", x: bankerSizes.map(Number), xLabel: s.players_col, series: bankerSeries },
  });
  return out;
}
