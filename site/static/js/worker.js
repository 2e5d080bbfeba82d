// The engine's module Web Worker: Pyodide runs engine/live.py here, off the page's thread.
//
// Requests {id, type, ...}; replies {id, result} or {id, error}.
//   init   {pyodideUrl, engineUrl, snapshotUrl?}
//                                       -> {pyodide, python, started: "snapshot"|"plain", fallback, ms}
//   replay {setup}                      -> JSON text of engine.live.replay(setup)
//   seat   {setup, seat, key?}          -> JSON text of engine.live.Seat(setup, seat).state()
//   move   {text, key?}                 -> JSON text of seat.move(text)
//   undo   {key?}                       -> JSON text of seat.undo()
//   leave  {key?}                       -> null (forgets the seat)
// `setup` may be an object or JSON text. `key` names a seat when a page has several demos.
// Pyodide is imported dynamically from the URL `init` gives (module workers only, Pyodide 314).

const LIB_DIR = "/home/pyodide/lib";

// Python side: thin wrappers that turn every exception into {"failed": message}.
const SHIM = `
import json, sys
if ${JSON.stringify(LIB_DIR)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(LIB_DIR)})
import engine.live as _live

_seats = {}

def _failed(error):
    return json.dumps({"failed": str(error) or type(error).__name__}, ensure_ascii=False)

def cl_replay(setup):
    try:
        return _live.replay(setup)
    except Exception as error:
        return _failed(error)

def cl_seat(key, setup, seat):
    try:
        _seats[key] = _live.Seat(setup, seat)
        return _seats[key].state()
    except Exception as error:
        _seats.pop(key, None)
        return _failed(error)

def cl_move(key, text):
    seat = _seats.get(key)
    if seat is None:
        return _failed("no seat taken")
    try:
        return seat.move(text)
    except Exception as error:
        return _failed(error)

def cl_undo(key):
    seat = _seats.get(key)
    if seat is None:
        return _failed("no seat taken")
    try:
        return seat.undo()
    except Exception as error:
        return _failed(error)

def cl_leave(key):
    _seats.pop(key, None)
`;

let booting = null;
let api = null;

// A snapshot restore that has not settled by then gives way to the ordinary start (both fit in
// the client's 20 s guard on `init`).
const SNAPSHOT_TIMEOUT_MS = 8000;

function fetchBytes(url, what) {
  const bytes = fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${what} (${url}) answered ${response.status}`);
    return response.arrayBuffer();
  }).then((buffer) => new Uint8Array(buffer));
  bytes.catch(() => {});
  return bytes;
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// Unpack the engine's zip into LIB_DIR (after a restore too: a snapshot holds the imported
// modules, not the files) and run the shim; returns the API.
function setUpEngine(pyodide, bytes) {
  pyodide.FS.mkdirTree(LIB_DIR);
  pyodide.unpackArchive(bytes, "zip", { extractDir: LIB_DIR });
  const exists = (path) => pyodide.FS.analyzePath(path).exists;
  if (!exists(`${LIB_DIR}/engine/live.py`)) {
    if (exists(`${LIB_DIR}/live.py`)) {
      // A zip of the package's files without the folder: put them in engine/.
      pyodide.unpackArchive(bytes, "zip", { extractDir: `${LIB_DIR}/engine` });
    } else {
      throw new Error("the engine's zip has no engine/live.py");
    }
  }
  pyodide.runPython(SHIM);
  const g = pyodide.globals;
  return {
    replay: g.get("cl_replay"),
    seat: g.get("cl_seat"),
    move: g.get("cl_move"),
    undo: g.get("cl_undo"),
    leave: g.get("cl_leave"),
  };
}

// A restored snapshot has the random state it was made with: reseed it from the browser.
function reseed(pyodide) {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
  pyodide.runPython(`import random; random.seed(0x${hex})`);
}

// The ordinary start's Pyodide, or the snapshot's (engine already imported) when it restores.
async function fromSnapshot(loadPyodide, base, snapshotBytes, zipBytes) {
  const pyodide = await withTimeout(loadPyodide({ indexURL: base, _loadSnapshot: snapshotBytes }),
    SNAPSHOT_TIMEOUT_MS, "the snapshot");
  if (!pyodide.runPython("import sys; 'engine.live' in sys.modules")) {
    throw new Error("the snapshot has no engine.live");
  }
  reseed(pyodide);
  const engineApi = setUpEngine(pyodide, await zipBytes);
  if (pyodide.runPython("import engine.live; engine.live.__name__") !== "engine.live") {
    throw new Error("the engine does not import from the snapshot");
  }
  return { pyodide, engineApi };
}

async function init({ pyodideUrl, engineUrl, snapshotUrl }) {
  const t0 = performance.now();
  const base = new URL(pyodideUrl, self.location.href).href.replace(/\/?$/, "/");
  const zipUrl = new URL(engineUrl, self.location.href).href;
  // The engine's zip (and the snapshot) download while Pyodide's loader is imported.
  const zipBytes = fetchBytes(zipUrl, "the engine");
  const snapshotBytes = snapshotUrl ? fetchBytes(new URL(snapshotUrl, self.location.href).href, "the snapshot") : null;
  const { loadPyodide } = await import(`${base}pyodide.mjs`);
  const t1 = performance.now();
  let pyodide = null;
  let started = "plain";
  let fallback = null;
  if (snapshotBytes) {
    try {
      ({ pyodide, engineApi: api } = await fromSnapshot(loadPyodide, base, snapshotBytes, zipBytes));
      started = "snapshot";
    } catch (error) {
      fallback = String(error && error.message ? error.message : error);
      console.warn(`the engine's snapshot failed, starting Pyodide the ordinary way: ${fallback}`); // eslint-disable-line no-console
      pyodide = null;
      api = null;
    }
  }
  const t2 = performance.now();
  if (!pyodide) {
    pyodide = await loadPyodide({ indexURL: base });
    api = setUpEngine(pyodide, await zipBytes);
  }
  const t3 = performance.now();
  return {
    pyodide: pyodide.version,
    python: pyodide.runPython("import sys; sys.version.split()[0]"),
    started,
    fallback,
    ms: { import: Math.round(t1 - t0), snapshot: Math.round(t2 - t1), boot: Math.round(t3 - t2), total: Math.round(t3 - t0) },
  };
}

const asText = (setup) => (typeof setup === "string" ? setup : JSON.stringify(setup));

const HANDLERS = {
  replay: (m) => api.replay(asText(m.setup)),
  seat: (m) => api.seat(m.key || "", asText(m.setup), String(m.seat)),
  move: (m) => api.move(m.key || "", String(m.text)),
  undo: (m) => api.undo(m.key || ""),
  leave: (m) => {
    api.leave(m.key || "");
    return null;
  },
};

self.addEventListener("message", async (event) => {
  const message = event.data || {};
  const { id, type } = message;
  try {
    let result;
    if (type === "init") {
      if (!booting) booting = init(message);
      result = await booting;
    } else {
      if (!booting) throw new Error("the engine is not started: send init first");
      await booting;
      const handler = HANDLERS[type];
      if (!handler) throw new Error(`unknown request type ${JSON.stringify(type)}`);
      result = handler(message);
    }
    self.postMessage({ id, result });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
