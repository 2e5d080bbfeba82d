// The site's service worker: the whole site works offline once visited (a museum's kiosk without
// a network, a reader on a train). The build writes /sw.js as `self.__SITE = {version, files,
// runtime, snapshot, words}` followed by this file: `files` is every page and asset of this build
// (precached at install, in a cache named by the build's version), `runtime` the prefixes of the
// Pyodide runtime and the engine's snapshot, kept in a cache of their own when a page asks
// (offline.js: a few seconds after its engine first answers; the kiosk at start): their names
// change whenever their content does. The hands' own pages and print views, a megabyte of the
// build, are kept a little later, when a page says so. A page registers this worker only once its
// live engine has answered (or when it has none to wait for: keep-offline.js), so that a first
// visit's engine does not wait behind the install.
//
// Each part is kept whole or not at all (the site at install, the hands' pages, the runtime's
// files): a copy that the browser's quota refuses leaves no half of itself behind. (One that the
// network breaks off keeps what came, and the page's next ask keeps the rest.) How it went is said to the page that asked (or, for the install, to every page
// of the site): "kept", "quota" (the browser refused the space: offline.js tells the reader what
// works offline and what does not, in `words`), "missing" (the site does not have a file), or
// "failed" (most likely the network: the page asks again when it is back).
//
// Why a worker of our own rather than Workbox: it is these ~200 lines, with no build tool.
//
// A new build is a new sw.js: it installs its own cache beside the old one, takes over at once, and
// the pages it takes over reload (main.js), so that a page and its assets always come from one
// build; the old cache is deleted. An asset is never taken from another build's cache.

/* global self, caches */
const SITE = self.__SITE;
const SITE_CACHE = `card-lottery-site-${SITE.version}`;
const RUNTIME_CACHE = "card-lottery-runtime";
const scope = new URL(self.registration.scope);
const files = new Set(SITE.files);

/** A URL's path relative to the site's root ("en/text.html"), or null when it is not the site's. */
function sitePath(url) {
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  return url.pathname.slice(scope.pathname.length);
}

const isRuntime = (path) => SITE.runtime.some((prefix) => path.startsWith(prefix));
const isLater = (path) => /^[a-z]{2}\/hands\/[^/]+\.html$/.test(path);
const siteRequest = (path) => new Request(new URL(path, scope), { cache: "reload" });

/** What became of a part of the copy that could not be kept. */
const outcomeOf = (error) => (error && error.outcome) || (error && error.name === "QuotaExceededError" ? "quota" : "failed");

/** Say how keeping `part` ("site", "pages", "runtime", "snapshot") went: to the page that asked, or to every page. */
async function report(part, outcome, port) {
  const message = { type: "offline-copy", part, outcome, words: SITE.words };
  if (port) {
    port.postMessage(message);
    return;
  }
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) client.postMessage(message);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    try {
      const cache = await caches.open(SITE_CACHE);
      // `reload`: past the HTTP cache, so that this build's cache holds this build's files.
      await cache.addAll(SITE.files.filter((path) => !isLater(path)).map(siteRequest));
    } catch (error) {
      // addAll keeps all or nothing; the cache it opened goes too, and the install fails (the page
      // registers again later).
      await caches.delete(SITE_CACHE);
      await report("site", outcomeOf(error));
      throw error;
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("card-lottery-site-") && name !== SITE_CACHE) await caches.delete(name);
    }
    const runtime = await caches.open(RUNTIME_CACHE);
    for (const request of await runtime.keys()) {  // another runtime's files, or another engine's snapshot
      const path = sitePath(new URL(request.url));
      if (path === null || !isRuntime(path)) await runtime.delete(request);
    }
    await self.clients.claim();
  })());
});

// The runtime is kept only when a page asks (keepRuntime below), all its files at once: one kept
// file by file as the engine fetched it could leave a runtime that does not start offline.
async function fromRuntime(request) {
  const kept = await (await caches.open(RUNTIME_CACHE)).match(request, { ignoreSearch: true });
  return kept || fetch(request.url);  // a plain request: the worker's own options do not apply here
}

async function fromSite(request) {
  const cache = await caches.open(SITE_CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  try {
    return await fetch(request);
  } catch (error) {
    // Offline and not kept (a page of another build, a mistyped address): the site's first page.
    if (request.mode === "navigate") {
      const home = await cache.match(new URL("index.html", scope));
      if (home) return home;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  let path = sitePath(url);
  if (path === null) return;
  if (path === "" || path.endsWith("/")) path += "index.html";
  if (isRuntime(path)) event.respondWith(fromRuntime(request));
  else if (files.has(path) || request.mode === "navigate") event.respondWith(fromSite(request));
});

/** Those of `requests` that `cache` does not hold yet. */
async function missing(cache, requests) {
  const found = await Promise.all(requests.map((request) => cache.match(request)));
  return requests.filter((_, i) => !found[i]);
}

/**
 * Keep all of `requests` in `cache`, one after the other (not to compete with a page's engine that
 * is starting). When the quota refuses one, or the site does not have one (a 404: outcome
 * "missing", not asked again), those kept go too: none or all. When the network breaks off, they
 * stay for the page's next ask, which keeps the rest.
 */
async function keepAll(cache, requests) {
  const put = [];
  try {
    for (const request of requests) {
      const response = await fetch(request);
      if (!response.ok) throw Object.assign(new Error(`${request.url} answered ${response.status}`), { outcome: "missing" });
      await cache.put(request, response);
      put.push(request);
    }
  } catch (error) {
    if (outcomeOf(error) !== "failed") await Promise.all(put.map((request) => cache.delete(request)));
    throw error;
  }
}

/** The files kept later (isLater) that this build's cache does not hold yet. */
async function keepTheRest() {
  const cache = await caches.open(SITE_CACHE);
  await keepAll(cache, await missing(cache, SITE.files.filter(isLater).map(siteRequest)));
}

/**
 * The runtime's files named in `hrefs`, all or none; then the snapshot, on its own (without it the
 * engine still starts offline, the ordinary way). Their requests come from the browser's cache:
 * the engine's worker has just fetched them.
 */
async function keepRuntime(hrefs, port) {
  const cache = await caches.open(RUNTIME_CACHE);
  const urls = hrefs.map((href) => new URL(href, scope)).filter((url) => {
    const path = sitePath(url);
    return path !== null && isRuntime(path);
  });
  const isSnapshot = (url) => SITE.snapshot !== null && sitePath(url) === SITE.snapshot;
  const runtime = urls.filter((url) => !isSnapshot(url)).map((url) => new Request(url));
  try {
    await keepAll(cache, await missing(cache, runtime));
  } catch (error) {
    const outcome = outcomeOf(error);
    // Refused: not even the files kept before stay (they would be half a runtime). Broken off: they stay for the next ask.
    if (outcome !== "failed") await Promise.all(runtime.map((request) => cache.delete(request)));
    await report("runtime", outcome, port);
    return;
  }
  const snapshot = urls.filter(isSnapshot).map((url) => new Request(url));
  try {
    await keepAll(cache, await missing(cache, snapshot));
  } catch (error) {
    await report("snapshot", outcomeOf(error), port);
    return;
  }
  await report("runtime", "kept", port);
}

// A page asks for the rest of the site, or for the runtime (offline.js); the answer goes to the
// port it sends, if any.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  const port = event.ports && event.ports[0];
  if (data.type === "keep-site") {
    event.waitUntil(keepTheRest().then(() => report("pages", "kept", port), (error) => report("pages", outcomeOf(error), port)));
  } else if (data.type === "keep-runtime" && Array.isArray(data.urls)) {
    event.waitUntil(keepRuntime(data.urls, port));
  }
});
