// @ts-check
// The page follows its hash: a demo's link (links.js reads it) is applied to the demo it names,
// fetched first if it is not yet here (demos.js); a plain anchor (#p5, a heading) is not ours.
// The language switch follows the hash too.

import { t } from "../../lib/catalogue.js";
import { parseHash } from "../../demo/links.js";
import { syncSwitch } from "./language.js";

/** Apply the hash to the demo it names; that demo, or null.
 * @param {import("./demos.js").PageDemos} page @param {string} hash */
export async function followHash(page, hash) {
  const link = parseHash(hash);
  if (!link) return null;
  const demos = page.demos;
  let target = (link.hand === null ? demos[0] : demos.find((d) => d.hand === link.hand)) || null;
  if (!target && link.hand !== null && page.names().includes(link.hand)) target = await page.load(link.hand);
  if (!target) {
    target = demos[0];
    if (!target) return null;
    target.notice("link", t("notice_unknown_hand", { hand: String(link.hand) }));
    target.playback.goto(1, "link");
    return target;
  }
  // The seat to practise as (practice.js) once the rest of the link is followed.
  const shown = target;
  shown.deepLink.follow(link).then(() => shown.practice.follow(link));
  return target;
}

/**
 * Follow the hash the page was opened with, and each new one. The demo the first one names is held
 * at the top of the window while the fetched demos above it arrive and grow (the browser's scroll
 * anchoring does not hold it there), until the reader scrolls himself: `arrived` says when one did.
 * @param {import("./demos.js").PageDemos} page
 */
export function followHashes(page) {
  /** @type {HTMLElement|null} */
  let pinned = null;
  const unpin = () => { pinned = null; };
  for (const type of ["wheel", "touchstart", "keydown", "pointerdown"]) {
    window.addEventListener(type, unpin, { once: true, passive: true });
  }
  const wanted = parseHash(location.hash);
  followHash(page, location.hash).then((linked) => {
    if (linked && wanted && wanted.hand === linked.hand) {
      pinned = linked.figure;
      pinned.scrollIntoView({ block: "start" });
    }
  });
  window.addEventListener("hashchange", () => {
    syncSwitch(location.hash);
    followHash(page, location.hash);
  });
  return {
    /** A fetched demo arrived and grew: the pinned demo goes back to the top. @param {import("../../demo/demo.js").Demo} demo */
    arrived(demo) {
      if (pinned && demo.figure !== pinned) pinned.scrollIntoView({ block: "start" });
    },
  };
}
