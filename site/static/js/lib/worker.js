// The engine's module Web Worker: it loads Pyodide and the engine, then forwards every request to
// engine/live.py's `handle` (the engine's one entry point for the browser; its doc lists the
// requests). It acknowledges each message at once ({id, ack: true}), so that the page can tell a
// busy engine from a dead one, then answers {id, result}, {id, refusal} or {id, failure}.
//
//   init {pyodideUrl, engineUrl, snapshotUrl?, snapshotSize?, snapshot?: "cached"|"always"}
//        -> {pyodide, python, started: "snapshot"|"plain", code: "bytecode"|"source", fallback, ms}
//        or a failure {code: "boot_failed", detail, cause, file, status}: why it could not start
//        (engine-client.js lists the causes: offline, unreachable, missing, compile, failed)
//
// The memory snapshot (the engine already imported) starts the engine in a third of the time, but
// it is 5 MB more to download. A first visit starts the ordinary way (the page then has the service
// worker keep the snapshot for the next visits: offline.js `keepRuntime`); later visits restore it
// once the service worker's cache holds it, and the kiosk (`snapshot: "always"`) always. Pyodide 314 runs in module workers only; it is
// imported from the URL `init` gives.

const LIB_DIR = "/home/pyodide/lib";

// A snapshot restore that has not settled by then gives way to the ordinary start (both fit in
// the client's guard on `init`).
const SNAPSHOT_TIMEOUT_MS = 8000;

let booting = null;
let handle = null; // engine.live.handle, once the engine is loaded

/** Why the engine could not start: a cause the page words (engine-client.js), and which file. */
class StartError extends Error {
  constructor(cause, message, file = null, status = null) {
    super(message);
    this.why = cause;
    this.file = file;
    this.status = status;
  }
}

const fileOf = (url) => String(url).split("/").pop();
const offline = () => navigator.onLine === false;

/** A failed fetch of `url`: the network (offline, or the site not reached), or the site's answer. */
function fetchFailed(url, response, error) {
  if (response) return new StartError("missing", `${fileOf(url)} answered ${response.status}`, fileOf(url), response.status);
  return new StartError(offline() ? "offline" : "unreachable", `${fileOf(url)} could not be fetched: ${message(error)}`, fileOf(url));
}

/** A module that could not be imported: fetched again (only now) to see why. */
async function importFailed(url, error) {
  let response;
  try {
    response = await fetch(url, { cache: "no-store" });
  } catch (fetchError) {
    return fetchFailed(url, null, fetchError);
  }
  if (response.body) response.body.cancel().catch(() => {});
  if (!response.ok) return fetchFailed(url, response);
  return new StartError("compile", `${fileOf(url)} came but could not be loaded: ${message(error)}`, fileOf(url));
}

function fetchBytes(url) {
  const bytes = fetch(url).then((response) => {
    if (!response.ok) throw fetchFailed(url, response);
    return response.arrayBuffer();
  }, (error) => {
    throw fetchFailed(url, null, error);
  }).then((buffer) => new Uint8Array(buffer));
  bytes.catch(() => {});
  return bytes;
}

/**
 * Pyodide's loader never settles when a file of its runtime fails to come, or its WebAssembly
 * fails to compile (docs/pyodide.md): while it loads, the worker watches both, and `failed`
 * rejects at once with the cause. `stop()` ends the watch.
 */
function watchRuntime(base) {
  let fail = () => {};
  const failed = new Promise((_, reject) => { fail = reject; });
  failed.catch(() => {});
  const plainFetch = self.fetch;
  self.fetch = function watchedFetch(input, options) {
    const url = String(input instanceof Request ? input.url : input);
    const answer = plainFetch.call(self, input, options);
    if (url.startsWith(base)) {
      answer.then((response) => { if (!response.ok) fail(fetchFailed(url, response)); }, (error) => fail(fetchFailed(url, null, error)));
    }
    return answer;
  };
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = function watchedInstantiate(source, imports) {
    const instance = streaming.call(WebAssembly, source, imports);
    instance.catch((error) => Promise.resolve(source).then((response) => {
      if (response.ok) fail(new StartError("compile", `${fileOf(response.url)} could not be compiled: ${message(error)}`, fileOf(response.url)));
    }, () => {})); // a fetch that failed is the fetch's failure
    return instance;
  };
  return {
    failed,
    stop() {
      self.fetch = plainFetch;
      WebAssembly.instantiateStreaming = streaming;
    },
  };
}

/** `loadPyodide(config)`, failing at once with the cause when a file of the runtime fails (`watch`). */
async function loadRuntime(loadPyodide, base, config, watch) {
  try {
    return await Promise.race([loadPyodide({ indexURL: base, ...config }), watch.failed]);
  } catch (error) {
    if (error instanceof StartError) throw error;
    const module = /(https?:\/\/\S+\.m?js)/.exec(message(error)); // "Failed to fetch dynamically imported module: URL"
    if (module) throw await importFailed(module[1], error);
    throw error;
  }
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// Unpack the engine's zip into LIB_DIR (after a restore too: a snapshot holds the imported
// modules, not the files) and import engine.live. The zip holds the engine compiled for the
// runtime's Python (sitegen/bytecode.py: engine/*.pyc, and bytecode.json naming the magic number
// they were compiled for and the zip of their source); a runtime of another magic cannot run them,
// so the source is fetched and imported instead. Which of the two ran: `code`.
async function loadEngine(pyodide, bytes, engineUrl) {
  pyodide.FS.mkdirTree(LIB_DIR);
  pyodide.unpackArchive(bytes, "zip", { extractDir: LIB_DIR });
  let code = "source";
  const manifest = `${LIB_DIR}/bytecode.json`;
  if (pyodide.FS.analyzePath(manifest).exists) {
    const { magic, source } = JSON.parse(pyodide.FS.readFile(manifest, { encoding: "utf8" }));
    if (pyodide.runPython("import importlib.util; importlib.util.MAGIC_NUMBER.hex()") === magic) {
      code = "bytecode";
    } else {
      const sourceBytes = await fetchBytes(new URL(source, engineUrl).href);
      pyodide.runPython(`import shutil; shutil.rmtree(${JSON.stringify(`${LIB_DIR}/engine`)})`);
      pyodide.unpackArchive(sourceBytes, "zip", { extractDir: LIB_DIR });
    }
  }
  const live = `engine/live.${code === "bytecode" ? "pyc" : "py"}`;
  if (!pyodide.FS.analyzePath(`${LIB_DIR}/${live}`).exists) throw new Error(`the engine's zip has no ${live}`);
  pyodide.runPython(`import sys\nif ${JSON.stringify(LIB_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(LIB_DIR)})`);
  return { handle: pyodide.pyimport("engine.live").handle, code };
}

// A restored snapshot has the random state it was made with: reseed it from the browser.
function reseed(pyodide) {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
  pyodide.runPython(`import random; random.seed(0x${hex})`);
}

const SNAPSHOT_MAGIC = [0x00, 0x73, 0x6e, 0x70]; // "\0snp": what a Pyodide memory snapshot starts with

// The snapshot's Pyodide, with the engine already imported. Bytes that are not the build's
// snapshot (damaged, cut short) are refused before Pyodide is given them: a wrong memory image
// can bring the whole tab down.
async function fromSnapshot(loadPyodide, base, snapshotBytes, zipBytes, engineUrl, size, watch) {
  const bytes = await snapshotBytes;
  if ((size && bytes.length !== size) || SNAPSHOT_MAGIC.some((byte, i) => bytes[i] !== byte)) {
    throw new Error(`the snapshot is damaged (${bytes.length} bytes)`);
  }
  const pyodide = await withTimeout(loadRuntime(loadPyodide, base, { _loadSnapshot: bytes }, watch),
    SNAPSHOT_TIMEOUT_MS, "the snapshot");
  if (!pyodide.runPython("import sys; 'engine.live' in sys.modules")) throw new Error("the snapshot has no engine.live");
  reseed(pyodide);
  return { pyodide, engine: await loadEngine(pyodide, await zipBytes, engineUrl) };
}

/**
 * The snapshot's bytes if the site's service worker keeps it (offline.js asked it to), else null,
 * read from the Cache API: never a download. The HTTP cache cannot be asked: WebKit ignores
 * `cache: "only-if-cached"` on a request no service worker handles (a first visit's worker starts
 * before the service worker controls the page) and downloads the whole snapshot, 31 MB.
 */
async function keptBytes(url) {
  try {
    const response = typeof caches === "undefined" ? undefined : await caches.match(url);
    return response && response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null; // no Cache API here (a private window may have none)
  }
}

async function init(request) {
  const watch = watchRuntime(new URL(request.pyodideUrl, self.location.href).href.replace(/\/?$/, "/"));
  try {
    return await start(request, watch);
  } finally {
    watch.stop();
  }
}

async function start({ pyodideUrl, engineUrl, snapshotUrl, snapshotSize = null, snapshot = "cached" }, watch) {
  const t0 = performance.now();
  const base = new URL(pyodideUrl, self.location.href).href.replace(/\/?$/, "/");
  // The engine's zip (and the snapshot) download while Pyodide's loader is imported.
  const engineHref = new URL(engineUrl, self.location.href).href;
  const zipBytes = fetchBytes(engineHref);
  const snapshotHref = snapshotUrl ? new URL(snapshotUrl, self.location.href).href : null;
  let snapshotBytes = null;
  if (snapshotHref) {
    snapshotBytes = snapshot === "always" ? fetchBytes(snapshotHref) : await keptBytes(snapshotHref);
  }
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(`${base}pyodide.mjs`));
  } catch (error) {
    throw await importFailed(`${base}pyodide.mjs`, error);
  }
  const t1 = performance.now();
  let pyodide = null;
  let started = "plain";
  let code = null;
  let fallback = snapshotHref && !snapshotBytes ? "not kept yet" : null;
  if (snapshotBytes) {
    try {
      let engine;
      ({ pyodide, engine } = await fromSnapshot(loadPyodide, base, snapshotBytes, zipBytes, engineHref, snapshotSize, watch));
      ({ handle, code } = engine);
      started = "snapshot";
    } catch (error) {
      fallback = String(error && error.message ? error.message : error);
      console.warn(`the engine's snapshot failed, starting Pyodide the ordinary way: ${fallback}`); // eslint-disable-line no-console
      pyodide = null;
    }
  }
  const t2 = performance.now();
  if (!pyodide) {
    pyodide = await loadRuntime(loadPyodide, base, {}, watch);
    ({ handle, code } = await loadEngine(pyodide, await zipBytes, engineHref));
  }
  const t3 = performance.now();
  return {
    pyodide: pyodide.version,
    python: pyodide.runPython("import sys; sys.version.split()[0]"),
    started,
    code,
    fallback,
    ms: { import: Math.round(t1 - t0), snapshot: Math.round(t2 - t1), boot: Math.round(t3 - t2), total: Math.round(t3 - t0) },
  };
}

const message = (error) => String(error && error.message ? error.message : error);

self.addEventListener("message", async (event) => {
  const { id, type, ...request } = event.data || {};
  self.postMessage({ id, ack: true });
  if (type === "init") {
    if (!booting) booting = init(request);
    try {
      self.postMessage({ id, result: await booting });
    } catch (error) {
      const why = error instanceof StartError ? error : null;
      self.postMessage({ id, failure: { code: "boot_failed", detail: message(error), cause: why ? why.why : "failed",
        file: why ? why.file : null, status: why ? why.status : null } });
    }
    return;
  }
  try {
    if (!booting) throw new Error("the engine is not started: send init first");
    await booting;
  } catch (error) {
    self.postMessage({ id, failure: { code: "not_started", detail: message(error) } });
    return;
  }
  let reply;
  try {
    reply = handle(JSON.stringify({ type, ...request }));
  } catch (error) {
    self.postMessage({ id, failure: { code: "engine_failed", detail: message(error) } });
    return;
  }
  self.postMessage({ id, ...JSON.parse(reply) });
});
