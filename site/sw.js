// The site's service worker: the whole site works offline once visited (a museum's kiosk without
// a network, a reader on a train). The build writes /sw.js as `self.__SITE = {version, files,
// runtime}` followed by this file: `files` is every page and asset of this build (precached at
// install, in a cache named by the build's version), `runtime` the prefixes of the Pyodide runtime
// and the engine's snapshot, which are cached when a page asks (offline.js: a few seconds after its
// engine first answers; the kiosk at start) or when fetched through this worker, in a cache of their
// own: their names change whenever their content does. The hands' own pages and print views, a
// megabyte of the build, are kept a little later, when a page says so (main.js: once its live
// engine has answered, or when it has none to wait for), so that a first visit's engine does not
// wait behind them.
//
// Why a worker of our own rather than Workbox: it is these ~100 lines, with no build tool.
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

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SITE_CACHE);
    // `reload`: past the HTTP cache, so that this build's cache holds this build's files.
    await cache.addAll(SITE.files.filter((path) => !isLater(path)).map(siteRequest));
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

async function fromRuntime(request, path) {
  const cache = await caches.open(RUNTIME_CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  if (request.cache === "only-if-cached") return new Response(null, { status: 504, statusText: "not kept" });
  const response = await fetch(request.url);  // a plain request: the worker's own options do not apply here
  if (response.ok && isRuntime(path)) await cache.put(request.url, response.clone());
  return response;
}

async function fromSite(request, path) {
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
  if (isRuntime(path)) event.respondWith(fromRuntime(request, path));
  else if (files.has(path) || request.mode === "navigate") event.respondWith(fromSite(request, path));
});

/** The files kept later (isLater) that this build's cache does not hold yet; one that fails is tried at the next ask. */
async function keepTheRest() {
  const cache = await caches.open(SITE_CACHE);
  for (const path of SITE.files) {
    if (isLater(path) && !(await cache.match(new URL(path, scope)))) await cache.add(siteRequest(path)).catch(() => null);
  }
}

// A page asks for the rest of the site, or for the runtime (offline.js).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "keep-site") {
    event.waitUntil(keepTheRest());
    return;
  }
  if (data.type !== "keep-runtime" || !Array.isArray(data.urls)) return;
  event.waitUntil(Promise.all(data.urls.map((href) => {
    const url = new URL(href, scope);
    const path = sitePath(url);
    return path !== null && isRuntime(path) ? fromRuntime(new Request(url), path).catch(() => null) : null;
  })));
});
