// @ts-check
// The writer page ({lang}/write.html): a demo of the game being written (the demo's own controls:
// stepping, other settings, a seat at the table, all through the live engine), and the writer's
// panel (writer.js, which follows the demo): notes on the steps, the record downloaded or shared
// by a link, a record opened from a file or a link. This module makes both and turns the panel's
// events into the writer's actions. The page's address carries a shared record (#record=…), never
// the demo's step, so this demo writes no hash.

import { ensureSprite } from "../../lib/cards-svg.js";
import { loadCatalogue } from "../../lib/catalogue.js";
import { Demo } from "../../demo/demo.js";
import { pageEngine, readJson } from "../../lib/page.js";
import { bindEvents } from "../../demo/events.js";
import { Links } from "../../demo/links.js";
import { recordInHash } from "./codec.js";
import { Writer } from "./writer.js";

function boot() {
  const figure = /** @type {HTMLElement|null} */ (document.querySelector("figure.writer-demo"));
  const section = /** @type {HTMLElement|null} */ (document.querySelector(".writer"));
  if (!figure || !section || !loadCatalogue()) return;
  ensureSprite();
  const engine = pageEngine();
  const demo = new Demo({
    figure, hand: figure.dataset.demo || "write", trace: readJson(figure.querySelector("script.demo-trace")),
    setup: readJson(figure.querySelector("script.demo-setup")), paragraphs: readJson("source-paragraphs") || {},
    engine, links: new Links(() => {}, false),
  });
  bindEvents(demo);
  const writer = new Writer(demo, engine, section);
  wireWriter(writer);
  // For tests and benchmarks, beside what main.js keeps there (its `demos` are the lessons' demos,
  // figure.demo[data-hand]: none here).
  const win = /** @type {any} */ (window);
  win.__cardLottery = Object.assign(win.__cardLottery || { demos: [] }, { engine, writer, ready: true });
  if (engine) engine.start().catch(() => {}); // the page is for the live engine: start it now
  if (recordInHash(location.hash) !== null) writer.openHash(location.hash);
  window.addEventListener("hashchange", () => {
    if (recordInHash(location.hash) !== null) writer.openHash(location.hash);
  });
}

/** The panel's events: notes typed, buttons, the file picker, a file dropped. @param {Writer} writer */
function wireWriter(writer) {
  const view = writer.view;
  view.section.addEventListener("input", (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    const lang = target.dataset && target.dataset.writerNote;
    if (lang === "en" || lang === "ru") writer.edit(lang, /** @type {HTMLTextAreaElement} */ (target).value);
  });
  view.section.addEventListener("change", (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if (target.dataset && target.dataset.writerNote) writer.kept();
    if (target === view.file && view.file.files && view.file.files[0]) {
      // (the picker emptied after, so that the same file can be picked again)
      writer.openFile(view.file.files[0]).finally(() => { view.file.value = ""; });
    }
  });
  view.section.addEventListener("submit", (event) => event.preventDefault());
  view.section.addEventListener("click", (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest("[data-writer]");
    if (!button || button.tagName !== "BUTTON") return;
    const action = button.getAttribute("data-writer");
    if (action === "download") writer.download();
    else if (action === "copy-link") writer.copyLink();
    else if (action === "remove-note") writer.remove();
    else if (action === "goto") writer.goto(Number(button.getAttribute("data-step")));
  });
  // A file dropped on the panel (or anywhere on the page: a drop elsewhere would open the file
  // in the tab, leaving the page).
  document.addEventListener("dragover", (event) => {
    if (!event.dataTransfer || ![...event.dataTransfer.types].includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    writer.dragging(true);
  });
  document.addEventListener("dragleave", () => writer.dragging(false));
  document.addEventListener("drop", (event) => {
    writer.dragging(false);
    if (!event.dataTransfer || !event.dataTransfer.files.length) return;
    event.preventDefault();
    writer.openFile(event.dataTransfer.files[0]);
  });
}

boot();
