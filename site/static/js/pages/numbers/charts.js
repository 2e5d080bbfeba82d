// @ts-check
// The numbers panel's charts: each chart model (engine/charts.py: the build's, or the engine's reply
// to a run) drawn with uPlot (loaded by numbers.js, only on the pages with a `::: numbers` block) and
// written out as the table beside it, its text alternative. The canvas is hidden from assistive
// technology; the table says the same. Nothing here computes a figure: the models carry the
// engine's figures, written; only the axes' labels, which uPlot chooses, are written here.

import { number } from "../../lib/catalogue.js";
import { h, setText } from "../../lib/dom.js";

const INK = "#1b1b1b";
const ACCENT = "#1f4e8c";
const YOURS = "#b3261e";
const GRID = "#e3ddd0";
const HEIGHT = 230;

/** @returns {any} the uPlot constructor, once its script has run (null before). */
export function uPlotLib() {
  return /** @type {any} */ (window).uPlot || null;
}

/**
 * Write a model's rows into its figure's table (the text alternative), replacing the rows there.
 * @param {HTMLElement} figure @param {any} model
 */
export function writeTable(figure, model) {
  const caption = figure.querySelector("figcaption");
  if (caption) setText(caption, model.caption);
  const table = figure.querySelector("table.numbers-table");
  if (!table) return;
  const head = h("tr", null, model.head.map((cell) => h("th", { scope: "col", text: cell })));
  const body = model.rows.map((row) => h("tr", { class: row.mark ? "is-yours" : null }, [
    h("th", { scope: "row", text: row.cells[0] }), ...row.cells.slice(1).map((cell) => h("td", { text: cell })),
  ]));
  /** @type {HTMLElement} */ (table.querySelector("thead")).replaceChildren(head);
  /** @type {HTMLElement} */ (table.querySelector("tbody")).replaceChildren(...body);
}

/**
 * A number axis's labels as the tables write figures: the true minus sign (U+2212, not uPlot's
 * hyphen), the page's decimal mark and grouping, as many decimals as the axis's step needs.
 */
function numberValues() {
  const lang = document.documentElement.lang === "ru" ? "ru" : "en";
  return (/** @type {any} */ u, /** @type {number[]} */ splits) => {
    const decimals = Math.max(0, ...splits.map((v) => {
      const text = String(Math.round(v * 1e6) / 1e6);
      return text.includes(".") ? text.split(".")[1].length : 0;
    }));
    return splits.map((v) => (v == null ? "" : number(v, lang, decimals)));
  };
}

/** The x axis of categories (seats, readings): the labels at 0, 1, 2… @param {string[]} labels */
function categoryAxis(labels) {
  return {
    stroke: INK, grid: { show: false }, ticks: { show: false },
    splits: () => labels.map((_, i) => i),
    values: (/** @type {any} */ u, /** @type {number[]} */ splits) => splits.map((i) => labels[i] ?? ""),
  };
}

/** Whiskers from lo to hi at each category: the interval around a bar's mean. */
function whiskers(/** @type {number} */ loIdx, /** @type {number} */ hiIdx) {
  return (/** @type {any} */ u) => {
    const ctx = u.ctx;
    const [xs, lo, hi] = [u.data[0], u.data[loIdx], u.data[hiIdx]];
    ctx.save();
    ctx.strokeStyle = INK;
    ctx.lineWidth = Math.max(1, window.devicePixelRatio || 1);
    for (let i = 0; i < xs.length; i++) {
      if (lo[i] == null || hi[i] == null) continue;
      const x = Math.round(u.valToPos(xs[i], "x", true));
      const y0 = Math.round(u.valToPos(lo[i], "y", true));
      const y1 = Math.round(u.valToPos(hi[i], "y", true));
      const cap = 6 * (window.devicePixelRatio || 1);
      ctx.beginPath();
      ctx.moveTo(x, y0); ctx.lineTo(x, y1);
      ctx.moveTo(x - cap, y0); ctx.lineTo(x + cap, y0);
      ctx.moveTo(x - cap, y1); ctx.lineTo(x + cap, y1);
      ctx.stroke();
    }
    ctx.restore();
  };
}

/**
 * uPlot options and data for a model's plot:
 *   {kind: "bars", labels, axisLabels?, series: [{label, values, lo?, hi?, mark?}]}   categories on x
 *   {kind: "lines", x: number[], xLabel, series: [{label, values, axis?: 0|1, mark?}]}   a number on x
 * @param {any} plot @param {number} width
 */
function plotOptions(plot, width) {
  const lib = uPlotLib();
  if (plot.kind === "bars") {
    const xs = plot.labels.map((_, /** @type {number} */ i) => i);
    const data = [xs];
    const series = [{}];
    const hooks = [];
    for (const s of plot.series) {
      data.push(s.values);
      series.push(s.mark
        ? { label: s.label, stroke: YOURS, width: 0, paths: () => null, points: { show: true, size: 13, fill: YOURS, stroke: INK, width: 1 } }
        : { label: s.label, stroke: ACCENT, fill: "#1f4e8c99", width: 1, paths: lib.paths.bars({ size: [0.6, 64], gap: 2 }), points: { show: false } });
      if (s.lo && s.hi) {
        data.push(s.lo, s.hi);
        series.push({ label: "lo", show: true, paths: () => null, points: { show: false } },
          { label: "hi", show: true, paths: () => null, points: { show: false } });
        hooks.push(whiskers(data.length - 2, data.length - 1));
      }
    }
    return {
      data,
      opts: {
        width, height: HEIGHT, legend: { show: false }, cursor: { show: false }, select: { show: false },
        scales: { x: { time: false, range: [-0.5, xs.length - 0.5] }, y: { range: (/** @type {any} */ u, /** @type {number} */ min, /** @type {number} */ max) => [Math.min(0, min), Math.max(0, max) || 1] } },
        axes: [categoryAxis(plot.axisLabels || plot.labels), { stroke: INK, grid: { stroke: GRID }, size: 56, values: numberValues() }],
        series, hooks: { draw: hooks },
      },
    };
  }
  const data = [plot.x];
  const series = [{}];
  /** @type {any[]} */
  const axes = [{ stroke: INK, grid: { stroke: GRID }, label: plot.xLabel, splits: () => plot.x }];
  /** @type {any} */
  const scales = { x: { time: false } };
  plot.series.forEach((/** @type {any} */ s, /** @type {number} */ i) => {
    data.push(s.values);
    const scale = s.axis === 1 ? "y2" : "y";
    scales[scale] = { range: (/** @type {any} */ u, /** @type {number} */ min, /** @type {number} */ max) => [0, (max || 1) * 1.1] };
    series.push(s.mark
      ? { label: s.label, scale, stroke: YOURS, width: 0, paths: () => null, points: { show: true, size: 11, fill: YOURS, stroke: YOURS } }
      : { label: s.label, scale, stroke: i % 2 ? INK : ACCENT, width: 2, dash: i % 2 ? [6, 4] : undefined, points: { show: true, size: 5 } });
  });
  axes.push({ stroke: INK, grid: { stroke: GRID }, scale: "y", label: plot.series[0].label, size: 56, values: numberValues() });
  if (plot.series.some((/** @type {any} */ s) => s.axis === 1)) {
    const second = plot.series.find((/** @type {any} */ s) => s.axis === 1);
    axes.push({ stroke: INK, grid: { show: false }, scale: "y2", side: 1, label: second.label, size: 56, values: numberValues() });
  }
  return {
    data,
    opts: { width, height: HEIGHT, legend: { show: true, live: false }, cursor: { show: false }, select: { show: false }, scales, axes, series },
  };
}

/** @type {WeakMap<HTMLElement, {plot: any, key: string}>} */
const drawn = new WeakMap();

/**
 * Draw (or redraw) a model's chart in its figure's plot area; without uPlot only the table is
 * written. @param {HTMLElement} figure @param {any} model
 */
export function drawChart(figure, model) {
  writeTable(figure, model);
  const area = /** @type {HTMLElement|null} */ (figure.querySelector(".numbers-plot"));
  const lib = uPlotLib();
  if (!area || !lib || !model.plot) return;
  const width = Math.max(240, Math.floor(area.clientWidth || figure.clientWidth || 480));
  const { data, opts } = plotOptions(model.plot, width);
  const key = JSON.stringify([model.plot.kind, model.plot.labels || model.plot.x, opts.series.map((/** @type {any} */ s) => s.label)]);
  const old = drawn.get(figure);
  if (old && old.key === key && old.plot.width === width) {
    old.plot.setData(data);
    return;
  }
  if (old) old.plot.destroy();
  area.replaceChildren();
  drawn.set(figure, { plot: new lib(opts, data, area), key });
  figure.classList.add("has-plot");
}

/** Redraw the figure's chart at its area's new width. @param {HTMLElement} figure */
export function resizeChart(figure) {
  const old = drawn.get(figure);
  const area = /** @type {HTMLElement|null} */ (figure.querySelector(".numbers-plot"));
  if (!old || !area) return;
  const width = Math.max(240, Math.floor(area.clientWidth));
  if (width !== old.plot.width) old.plot.setSize({ width, height: HEIGHT });
}
