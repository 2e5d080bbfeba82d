// @ts-check
// What a page asks of the site's service worker (site/sw.js) for the offline copy, beyond the pages
// and assets it keeps at install.

/** Post `message` to the site's service worker once it is active; nothing without one.
 * @param {{type: string, urls?: string[]}} message */
function tellServiceWorker(message) {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return false;
  navigator.serviceWorker.ready.then((registration) => {
    if (registration.active) registration.active.postMessage(message);
  });
  return true;
}

/** The hands' own pages and print views, which the service worker keeps only when asked. */
export function keepTheRest() {
  tellServiceWorker({ type: "keep-site" });
}

/**
 * Keep the engine's runtime and its snapshot (the page's `data-runtime-files` and
 * `data-snapshot-url`) for the next visit and for offline use; not the snapshot for a visitor who
 * saves data (it is 5 MB).
 * The site's service worker keeps them in its own cache when asked: the runtime's files come from
 * the browser's cache then, only the snapshot is a download. The engine's worker cannot keep them
 * by fetching them: on a first visit it fetches the runtime before the service worker controls the
 * page, so those requests pass the service worker by. Without a service worker nothing is kept:
 * the engine's worker restores only a snapshot the service worker's cache holds (worker.js
 * `keptBytes`), so one in the browser's HTTP cache would be 5 MB downloaded for nothing.
 */
export function keepRuntime() {
  const root = document.documentElement.dataset;
  const absolute = (/** @type {string} */ url) => new URL(url, location.href).href;
  const connection = /** @type {any} */ (navigator).connection;
  const snapshotUrl = root.snapshotUrl && !(connection && connection.saveData) ? absolute(root.snapshotUrl) : null;
  const urls = (root.runtimeFiles || "").split(" ").filter(Boolean).map(absolute);
  if (snapshotUrl) urls.push(snapshotUrl);
  tellServiceWorker({ type: "keep-runtime", urls });
}
