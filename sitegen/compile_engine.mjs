// Compile the engine's modules to bytecode with the site's own Pyodide (run by build.py).
//
//   node sitegen/compile_engine.mjs PYODIDE_DIR ENGINE_ZIP OUT_JSON
//
// Boots the Pyodide of PYODIDE_DIR (node_modules/pyodide: the runtime the site serves, so the
// bytecode is for its CPython, not the one running the build), unpacks the engine's source zip
// where the worker does (LIB_DIR in site/static/js/worker.js: the file names in the bytecode, and
// so in tracebacks, are the ones an import of the source gives), and compiles each engine/*.py.
// Writes OUT_JSON: {magic, python, files: {"engine/NAME.pyc": base64}}, `magic` being the runtime's
// importlib.util.MAGIC_NUMBER in hex. The pycs are hash-based and unchecked: they hold no time, and
// the runtime never looks for their source (sitegen/bytecode.py ships them without it).
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const LIB_DIR = "/home/pyodide/lib"; // the same as worker.js

async function main([pyodideDir, engineZip, out]) {
  if (!pyodideDir || !engineZip || !out) throw new Error("usage: compile_engine.mjs PYODIDE_DIR ENGINE_ZIP OUT_JSON");
  const indexURL = path.resolve(pyodideDir) + path.sep;
  const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL });
  const zip = await readFile(engineZip);
  pyodide.FS.mkdirTree(LIB_DIR);
  pyodide.unpackArchive(new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength), "zip", { extractDir: LIB_DIR });
  const json = pyodide.runPython(`
import base64, importlib.util, json, os, py_compile, sys
lib = ${JSON.stringify(LIB_DIR)}
files = {}
for name in sorted(os.listdir(f"{lib}/engine")):
    if name.endswith(".py"):
        source = f"{lib}/engine/{name}"
        target = f"/tmp/{name}c"
        py_compile.compile(source, cfile=target, dfile=source, doraise=True, optimize=0,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        with open(target, "rb") as pyc:
            files[f"engine/{name}c"] = base64.b64encode(pyc.read()).decode()
json.dumps({"magic": importlib.util.MAGIC_NUMBER.hex(), "python": sys.version.split()[0], "files": files})
`);
  await writeFile(out, json);
  process.stdout.write(`compiled ${Object.keys(JSON.parse(json).files).length} modules, Pyodide ${pyodide.version}\n`);
}

main(process.argv.slice(2)).then(() => process.exit(0), (error) => {
  process.stderr.write(`compile_engine: ${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
