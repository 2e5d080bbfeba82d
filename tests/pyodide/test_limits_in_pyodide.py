"""The limits through the worker: every request of tests/engine/limit_cases.py served by
engine.live.handle under Pyodide (the pinned npm package, as the page's worker runs it) is refused
before anything is built from the size over its limit, in the same words as in CPython."""

from __future__ import annotations

import json
import subprocess
import sys

from harness import REPO_ROOT, run_script_in_pyodide

CASES = REPO_ROOT / "tests" / "engine" / "limit_cases.py"


def test_every_limit_holds_in_pyodide_as_in_cpython() -> None:
    pyodide = run_script_in_pyodide(CASES)
    assert pyodide.returncode == 0, pyodide.stderr.decode()
    cpython = subprocess.run([sys.executable, str(CASES)], cwd=REPO_ROOT, capture_output=True, check=False)
    assert cpython.returncode == 0, cpython.stderr.decode()
    lines = [json.loads(line) for line in pyodide.stdout.decode().splitlines()]
    assert len(lines) > 40  # the cases really ran
    assert [line for line in lines if line["problems"]] == []
    assert pyodide.stdout == cpython.stdout
