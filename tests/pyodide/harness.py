"""Run Python code inside Pyodide (in Node.js) from a pytest test.

    from harness import run_in_pyodide

    result = run_in_pyodide('import engine; print(engine.__name__)')
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout == b"engine\\n"

The code runs as __main__ with the repository's ``engine`` package importable
(copied into Pyodide's filesystem), ``sys.argv == ["-c", *args]``; stdout and
stderr are the exact bytes Python wrote. Each call boots a fresh Pyodide
(about 1.5-2 s), so do many checks per call where you can.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
RUN_PYTHON = Path(__file__).resolve().parent / "run_python.mjs"
PYODIDE_PACKAGE = REPO_ROOT / "node_modules" / "pyodide"


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is not on PATH: install Node.js 20+ (see ./dev)")
    if not (PYODIDE_PACKAGE / "package.json").is_file():
        raise RuntimeError(f"{PYODIDE_PACKAGE} is missing: run ./dev test (it runs npm ci)")
    return node


def run_script_in_pyodide(
    script: Path | str, *args: str, timeout: float = 300.0
) -> subprocess.CompletedProcess[bytes]:
    """Run a .py file in Pyodide: like ``python SCRIPT ARGS...``; output as bytes."""
    return subprocess.run(
        [_node(), str(RUN_PYTHON), str(script), *args],
        cwd=REPO_ROOT,
        capture_output=True,
        timeout=timeout,
        check=False,
    )


def run_in_pyodide(
    code: str, *args: str, timeout: float = 300.0
) -> subprocess.CompletedProcess[bytes]:
    """Run code in Pyodide: like ``python -c CODE ARGS...``; output as bytes."""
    return subprocess.run(
        [_node(), str(RUN_PYTHON), "-c", code, *args],
        cwd=REPO_ROOT,
        capture_output=True,
        timeout=timeout,
        check=False,
    )
