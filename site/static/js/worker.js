// The engine's module Web Worker: Pyodide runs engine/live.py here, off the page's thread.
//
// Requests {id, type, ...}; replies {id, result} or {id, error}.
//   init   {pyodideUrl, engineUrl}      -> {pyodide: version, python: version, ms: {...}}
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

async function init({ pyodideUrl, engineUrl }) {
  const t0 = performance.now();
  const base = new URL(pyodideUrl, self.location.href).href.replace(/\/?$/, "/");
  const zipUrl = new URL(engineUrl, self.location.href).href;
  // The engine's zip downloads while Pyodide boots.
  const zipBytes = fetch(zipUrl).then((response) => {
    if (!response.ok) throw new Error(`the engine (${zipUrl}) answered ${response.status}`);
    return response.arrayBuffer();
  });
  zipBytes.catch(() => {});
  const { loadPyodide } = await import(`${base}pyodide.mjs`);
  const t1 = performance.now();
  const pyodide = await loadPyodide({ indexURL: base });
  const t2 = performance.now();
  const bytes = new Uint8Array(await zipBytes);
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
  api = {
    replay: g.get("cl_replay"),
    seat: g.get("cl_seat"),
    move: g.get("cl_move"),
    undo: g.get("cl_undo"),
    leave: g.get("cl_leave"),
  };
  const t3 = performance.now();
  return {
    pyodide: pyodide.version,
    python: pyodide.runPython("import sys; sys.version.split()[0]"),
    ms: { import: Math.round(t1 - t0), boot: Math.round(t2 - t1), engine: Math.round(t3 - t2), total: Math.round(t3 - t0) },
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
