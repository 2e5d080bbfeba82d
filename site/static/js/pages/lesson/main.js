// @ts-check
// The site's script: boots a page. Each demo is steppable at once from its hand (demos.js); the
// live engine starts when a demo comes into view or is used (wake-engine.js); the page follows
// deep links (follow-hash.js); the language switch carries the place in the page and is remembered
// (language.js); the reading page has its view buttons (reading-view.js); the offline copy is made
// once the engine has answered (keep-offline.js).

// Every module is named here, so the browser fetches them all in one wave (no import waterfall).
import "../../lib/clone.js";
import "../../lib/dom.js";
import "../../demo/deep-link.js";
import "../../demo/live.js";
import "../../demo/playback.js";
import "../../demo/practice.js";
import "../../demo/replay.js";
import "../../demo/seated-game.js";
import "../../demo/trace.js";
import "../../demo/view.js";
import "../../demo/views/cards.js";
import "../../demo/views/controls.js";
import "../../demo/views/live.js";
import "../../demo/views/moves.js";
import "../../demo/views/narration.js";
import "../../demo/views/seat.js";
import "../../demo/views/table.js";
import "../../demo/views/table-text.js";
import { ensureSprite } from "../../lib/cards-svg.js";
import { loadCatalogue, pageLang } from "../../lib/catalogue.js";
import { copyState } from "../../lib/offline.js";
import { pageEngine, readJson } from "../../lib/page.js";
import { Links } from "../../demo/links.js";
import { wireHandFilter } from "../hands/hand-filter.js";
import { createDemos } from "./demos.js";
import { followHashes } from "./follow-hash.js";
import { keepOffline } from "./keep-offline.js";
import { landingRedirect, syncSwitch, wireLanguageLinks } from "./language.js";
import { wireReadingPage } from "./reading-view.js";
import { wakeOnView } from "./wake-engine.js";

/**
 * What the tests and the benchmark read (window.__cardLottery): the page's demos, its engine, and
 * whether the page is ready.
 * @typedef {{lang: string, demos: import("../../demo/demo.js").Demo[], engine: import("../../lib/engine-client.js").EngineClient|null,
 *   ready: boolean, copy: typeof copyState}} PageState
 */

function boot() {
  const lang = pageLang();
  if (landingRedirect()) return;
  const links = new Links(syncSwitch);
  wireLanguageLinks(links);
  wireReadingPage(lang);
  wireHandFilter();
  syncSwitch(location.hash);

  /** @type {PageState} */
  const debug = { lang, demos: [], engine: null, ready: false, copy: copyState };
  /** @type {any} */ (window).__cardLottery = debug;
  const figures = document.querySelectorAll("figure.demo[data-hand]");
  const numbers = /** @type {HTMLElement|null} */ (document.querySelector("section.numbers"));
  if ((!figures.length && !numbers) || !loadCatalogue()) {
    keepOffline(null);
    debug.ready = true;
    return;
  }
  ensureSprite();
  const engine = pageEngine();
  debug.engine = engine;
  keepOffline(engine);
  if (numbers) import("../numbers/numbers.js").then((module) => module.wireNumbers(numbers, engine)); // the numbers panel and its charts
  const paragraphs = readJson("source-paragraphs") || {};
  /** @type {ReturnType<typeof followHashes>|null} */
  let hashes = null;
  const page = createDemos({ engine, paragraphs, links }, (demo) => {
    debug.demos = page.demos;
    if (hashes) hashes.arrived(demo);
    if (demo.seatedGame.restoring) { // a seated game to restore, on a demo that came late
      if (engine && engine.status === "ready") demo.seatedGame.restore();
      else demo.live.wake();
    }
  });
  debug.demos = page.demos;
  hashes = followHashes(page);
  performance.mark("demo-ready");
  debug.ready = true;
  if (page.demos.length) wakeOnView(page.demos);
}

boot();
