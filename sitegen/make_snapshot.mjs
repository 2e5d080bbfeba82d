// Make a Pyodide memory snapshot with the engine already imported (run by build.py).
//
//   node sitegen/make_snapshot.mjs PYODIDE_DIR ENGINE_ZIP OUT_FILE
//
// Boots the Pyodide of PYODIDE_DIR (node_modules/pyodide: the same files the site serves; a
// snapshot works only with the exact build that made it), unpacks the engine's zip into the
// folder the worker uses (LIB_DIR in site/static/js/worker.js), imports engine and engine.live,
// and writes the snapshot's bytes to OUT_FILE. Experimental Pyodide API (`_makeSnapshot`,
// `makeMemorySnapshot`): the worker falls back to the ordinary start when a restore fails.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const LIB_DIR = "/home/pyodide/lib"; // the same as worker.js

async function main([pyodideDir, enginezip, out]) {
  if (!pyodideDir || !enginezip || !out) throw new Error("usage: make_snapshot.mjs PYODIDE_DIR ENGINE_ZIP OUT_FILE");
  const indexURL = path.resolve(pyodideDir) + path.sep;
  const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  const zip = await readFile(enginezip);
  pyodide.FS.mkdirTree(LIB_DIR);
  pyodide.unpackArchive(new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength), "zip", { extractDir: LIB_DIR });
  pyodide.runPython(`
import sys
if ${JSON.stringify(LIB_DIR)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(LIB_DIR)})
import json, random, tomllib  # tomllib: the engine imports it only when a record is read (engine/record.py)
import engine, engine.live
`);
  const snapshot = pyodide.makeMemorySnapshot();
  await writeFile(out, snapshot);
  process.stdout.write(`snapshot: ${snapshot.length} bytes, Pyodide ${pyodide.version}\n`);
}

main(process.argv.slice(2)).then(() => process.exit(0), (error) => {
  process.stderr.write(`make_snapshot: ${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
