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
 * Keep the engine's runtime (and its snapshot, when given) for the next visit and for offline use.
 * The site's service worker keeps them in its own cache when asked: the runtime's files come from
 * the browser's cache then, only the snapshot is a download. The engine's worker cannot keep them
 * by fetching them: on a first visit it fetches the runtime before the service worker controls the
 * page, so those requests pass the service worker by. Without a service worker the snapshot goes
 * into the browser's cache alone.
 * @param {string[]} runtimeFiles absolute URLs @param {string|null} snapshotUrl
 */
export function keepRuntime(runtimeFiles, snapshotUrl) {
  const urls = snapshotUrl ? [...runtimeFiles, snapshotUrl] : runtimeFiles;
  if (!tellServiceWorker({ type: "keep-runtime", urls }) && snapshotUrl) {
    fetch(snapshotUrl, { priority: "low" }).then((response) => response.arrayBuffer()).catch(() => {});
  }
}
