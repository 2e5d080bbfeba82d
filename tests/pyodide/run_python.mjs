// Run a Python script inside Pyodide (Node.js), with the repository's `engine`
// package importable, the way the static site runs it in the browser.
//
//   node tests/pyodide/run_python.mjs SCRIPT.py [ARG...]
//   node tests/pyodide/run_python.mjs -c CODE [ARG...]
//
// Python's stdout/stderr are forwarded byte for byte to this process's
// stdout/stderr. The exit code is the script's: 0 on success, 1 with the
// traceback on stderr when it raises, or the SystemExit code.
// Pyodide is loaded from the local node_modules/pyodide (no network).

import { readFileSync, readdirSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(HERE, "..", "..");
const ENGINE_DIR = join(REPO_ROOT, "engine");
const PY_HOME = "/home/pyodide";

function usage(message) {
  if (message) process.stderr.write(`run_python.mjs: ${message}\n`);
  process.stderr.write(
    "usage: node tests/pyodide/run_python.mjs SCRIPT.py [ARG...]\n" +
      "       node tests/pyodide/run_python.mjs -c CODE [ARG...]\n",
  );
  process.exit(2);
}

function parseArgs(argv) {
  if (argv.length === 0) usage("missing SCRIPT or -c CODE");
  if (argv[0] === "-c") {
    if (argv.length < 2) usage("-c needs an argument");
    return { source: argv[1], filename: "<string>", pyArgv: ["-c", ...argv.slice(2)] };
  }
  if (argv[0] === "-h" || argv[0] === "--help") usage();
  const script = argv[0];
  let source;
  try {
    source = readFileSync(script, "utf8");
  } catch (err) {
    process.stderr.write(`run_python.mjs: can't open file '${script}': ${err.message}\n`);
    process.exit(2);
  }
  return { source, filename: script, pyArgv: [script, ...argv.slice(1)] };
}

// Every *.py file under dir, as paths relative to dir (POSIX separators).
function pythonFiles(dir) {
  const found = [];
  const walk = (sub) => {
    for (const entry of readdirSync(sub, { withFileTypes: true })) {
      const full = join(sub, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "__pycache__" && !entry.name.startsWith(".")) walk(full);
      } else if (entry.isFile() && entry.name.endsWith(".py")) {
        found.push(relative(dir, full).split(sep).join("/"));
      }
    }
  };
  walk(dir);
  return found.sort();
}

function copyEngine(pyodide) {
  if (!existsSync(ENGINE_DIR)) return 0;
  const files = pythonFiles(ENGINE_DIR);
  for (const rel of files) {
    const target = `${PY_HOME}/engine/${rel}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, readFileSync(join(ENGINE_DIR, rel)));
  }
  return files.length;
}

// Runs the script as __main__ (top-level await allowed), like `python SCRIPT`.
// Returns the exit status instead of letting exceptions escape into JS.
const DRIVER = `
import ast, linecache, sys, traceback

async def run_main(source, filename, argv):
    sys.argv = list(argv)
    main = sys.modules["__main__"]
    g = main.__dict__
    g["__file__"] = filename
    g.pop("__cached__", None)
    # The script's file is not in Pyodide's filesystem: let tracebacks show its lines.
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    status = 0
    try:
        try:
            code = compile(source, filename, "exec",
                           flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT, dont_inherit=True)
            result = eval(code, g)
            if code.co_flags & 0x80:  # CO_COROUTINE: the script used top-level await
                await result
        except SystemExit as exc:
            if exc.code is None:
                status = 0
            elif isinstance(exc.code, int):
                status = exc.code
            else:
                print(exc.code, file=sys.stderr)
                status = 1
        except BaseException as exc:
            tb = exc.__traceback__
            # Hide this driver's own frame, as CPython hides its runner's.
            if tb is not None and tb.tb_frame.f_code is run_main.__code__:
                tb = tb.tb_next
            traceback.print_exception(type(exc), exc, tb)
            status = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
    return status
`;

function forward(stream) {
  // Buffer.from copies: the Uint8Array is a view into wasm memory.
  return {
    write: (buf) => {
      stream.write(Buffer.from(buf));
      return buf.length;
    },
  };
}

function flushed(stream) {
  return new Promise((resolveFlush) => stream.write("", resolveFlush));
}

async function main() {
  const { source, filename, pyArgv } = parseArgs(process.argv.slice(2));
  const pyodide = await loadPyodide();
  pyodide.setStdout(forward(process.stdout));
  pyodide.setStderr(forward(process.stderr));

  copyEngine(pyodide);
  pyodide.runPython(
    `import sys\nif ${JSON.stringify(PY_HOME)} in sys.path: sys.path.remove(${JSON.stringify(PY_HOME)})\nsys.path.insert(0, ${JSON.stringify(PY_HOME)})`,
  );

  const ns = pyodide.globals.get("dict")();
  pyodide.runPython(DRIVER, { globals: ns, filename: "<run_python.mjs>" });
  const runMain = ns.get("run_main");
  const status = await runMain(source, filename, pyodide.toPy(pyArgv));
  runMain.destroy();
  ns.destroy();
  return typeof status === "number" ? status : 1;
}

// A reader that went away (e.g. `| head`) ends the run quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err) => process.exit(err && err.code === "EPIPE" ? 1 : 2));
}

let exitCode;
try {
  exitCode = await main();
} catch (err) {
  process.stderr.write(`run_python.mjs: ${err && err.stack ? err.stack : err}\n`);
  exitCode = 1;
}
await flushed(process.stdout);
await flushed(process.stderr);
process.exit(exitCode & 0xff);
