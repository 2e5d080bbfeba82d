// @ts-check
// A page error reloads the kiosk (a fresh page, not a blank or broken one), unless it keeps
// happening: after three reloads without a clean minute between them, the page stays as it is.
//
// The reloads are counted in the tab's storage or, where storage is refused, in the address's
// fragment (#reloads=N), so that a kiosk without storage still recovers, and still stops.

import { textStore } from "../../lib/page.js";

const RELOADS_KEY = "card-lottery.kiosk-reloads";
const MOST_RELOADS = 3;
// A page that has run this long without an error has recovered: its reloads are forgotten then,
// not at start, so that an error that comes back after every start stops reloading after three.
const CLEAN_RUN_MS = 60_000;

const session = textStore("session");

const reloadsInAddress = () => Number(new URLSearchParams(location.hash.slice(1)).get("reloads") || 0);

function reloadsSoFar() {
  const kept = session.get(RELOADS_KEY);
  return kept === null ? reloadsInAddress() : Number(kept);
}

function forgetReloads() {
  session.set(RELOADS_KEY, null);
  if (reloadsInAddress()) history.replaceState(null, "", location.pathname + location.search);
}

/** @type {ReturnType<typeof setTimeout>|undefined} until the page has run long enough to forget its reloads */
let cleanRun;

/** Reload after page errors from now on. */
export function reloadOnErrors() {
  const recover = () => {
    clearTimeout(cleanRun);
    const reloads = reloadsSoFar();
    if (reloads >= MOST_RELOADS) return;
    session.set(RELOADS_KEY, String(reloads + 1));
    if (session.get(RELOADS_KEY) !== String(reloads + 1)) { // storage refused
      history.replaceState(null, "", `${location.pathname}${location.search}#reloads=${reloads + 1}`);
    }
    location.reload();
  };
  window.addEventListener("error", recover);
  window.addEventListener("unhandledrejection", recover);
}

/** The page is up: its reloads are forgotten after a clean minute from now. */
export function startCleanRun() {
  cleanRun = setTimeout(forgetReloads, CLEAN_RUN_MS);
}
