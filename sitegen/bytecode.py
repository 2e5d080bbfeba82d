"""The engine compiled to bytecode for the runtime's own Python, made at build time by Node.

A first visit's engine spends as long compiling its modules as running them: in Node, importing
engine.live takes about 330 ms from source and 140 ms from bytecode. The build's Python cannot make
that bytecode (its CPython is another version; bytecode changes with each), so
`compile_engine.mjs` has the pinned Pyodide compile it. The site serves the bytecode without the
source (its zip 2.3 times the source's: 290 against 124 kB), and with it `bytecode.json`:

    {"magic": "2b0e0d0a", "source": "engine-<hash>.zip"}

the magic number of the Python it was compiled for (importlib.util.MAGIC_NUMBER, which changes
whenever the bytecode does), and the zip of the source beside it. The worker (worker.js
`loadEngine`) imports the bytecode when its runtime has that magic, else it fetches the source and
imports that. Cached in .cache/bytecode/ by the sha256 of the runtime files, the source zip and
the script. Without Node, or when it fails, the build warns and the site serves the source.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
from pathlib import Path

from .assets import PYODIDE_FILES, EngineArchive, engine_archive
from .node import NodeFailed, run_node_script

SCRIPT = Path(__file__).resolve().parent / "compile_engine.mjs"
MANIFEST = "bytecode.json"  # at the top of the bytecode's zip (worker.js reads it there)


def bytecode_key(pyodide: dict[str, Path], source: EngineArchive) -> str:
    digest = hashlib.sha256()
    for name in PYODIDE_FILES:
        digest.update(name.encode() + b"\0" + hashlib.sha256(pyodide[name].read_bytes()).digest())
    digest.update(b"engine\0" + hashlib.sha256(source.data).digest())
    digest.update(b"script\0" + hashlib.sha256(SCRIPT.read_bytes()).digest())
    return digest.hexdigest()


def compile_engine(pyodide: dict[str, Path], source: EngineArchive, cache: Path, warnings: list[str]) -> EngineArchive:
    """The engine's bytecode archive (its `fallback` the source archive): from the cache, else
    compiled by Node; the source archive itself (with a warning) when it cannot be compiled."""
    compiled = cache / "bytecode" / f"{bytecode_key(pyodide, source)}.json"
    if not compiled.is_file():
        node = shutil.which("node")
        if node is None:
            warnings.append("no Node.js found: the site serves the engine's source (it compiles on every first visit)")
            return source
        compiled.parent.mkdir(parents=True, exist_ok=True)
        partial = compiled.with_name(f"{compiled.name}.{os.getpid()}.partial")  # builds may run at once
        written = compiled.with_name(f"{compiled.name}.{os.getpid()}.zip")
        try:
            written.write_bytes(source.data)
            run_node_script(node, SCRIPT, pyodide, written, partial)
            partial.replace(compiled)
        except (OSError, NodeFailed) as error:
            reason = error.reason if isinstance(error, NodeFailed) else str(error)
            warnings.append(f"the engine could not be compiled to bytecode ({reason}): the site serves its source")
            return source
        finally:
            written.unlink(missing_ok=True)
            partial.unlink(missing_ok=True)
    made = json.loads(compiled.read_text(encoding="utf-8"))
    entries = {name: base64.b64decode(data) for name, data in made["files"].items()}
    entries[MANIFEST] = json.dumps({"magic": made["magic"], "source": source.name}, sort_keys=True).encode()
    return engine_archive(entries, fallback=source)
