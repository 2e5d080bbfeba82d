"""The analysis (engine/analysis.py) under Pyodide, as the page's worker will run it: the same
values, lines, deals and intervals as in CPython, byte for byte (tests/pyodide/analysis_cases.py)."""

from __future__ import annotations

import json
import subprocess
import sys

from harness import REPO_ROOT, run_script_in_pyodide

CASES = REPO_ROOT / "tests" / "pyodide" / "analysis_cases.py"


def test_pyodide_analyses_every_case_as_cpython_byte_for_byte() -> None:
    cpython = subprocess.run([sys.executable, str(CASES)], cwd=REPO_ROOT, capture_output=True, check=False)
    assert cpython.returncode == 0, cpython.stderr.decode()
    analyses = [json.loads(line) for line in cpython.stdout.decode().splitlines()]
    # The cases cover what can differ: exact searches, estimates, and the known mode's deals.
    assert sum(a["exact"] for a in analyses if a["mode"] == "open") >= 8
    assert any(not a["exact"] for a in analyses if a["mode"] == "open")
    assert sum(a["mode"] == "known" for a in analyses) >= 3
    pyodide = run_script_in_pyodide(CASES)
    assert pyodide.returncode == 0, pyodide.stderr.decode()
    assert pyodide.stdout == cpython.stdout
