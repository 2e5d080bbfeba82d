"""The engine under Pyodide (Node.js, the pinned npm package) plays the same games as CPython,
byte for byte: events, narration, snapshots, records, results (a rule of the brief: determinism)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from harness import REPO_ROOT, run_script_in_pyodide
from test_golden import with_hands

CASES = Path(__file__).with_name("parity_cases.py")


def test_pyodide_plays_the_same_games_as_cpython_byte_for_byte(tmp_path: Path) -> None:
    cases = with_hands(tmp_path)
    cpython = subprocess.run([sys.executable, str(cases)], cwd=REPO_ROOT, capture_output=True, check=False)
    assert cpython.returncode == 0, cpython.stderr.decode()
    pyodide = run_script_in_pyodide(cases)
    assert pyodide.returncode == 0, pyodide.stderr.decode()

    ours, theirs = cpython.stdout.decode().splitlines(), pyodide.stdout.decode().splitlines()
    assert len(ours) > 60 and any(line.startswith("hand ") for line in ours)  # the cases really ran
    for mine, other in zip(ours, theirs):
        assert mine == other, f"first difference in {mine.split(' ', 1)[0]!r} {mine.split(' ', 2)[1]!r}"
    assert len(ours) == len(theirs)
    version = run_script_in_pyodide(CASES.with_name("print_version.py"))
    assert version.stdout.startswith(b"3.14"), version.stdout  # it really was Pyodide's CPython 3.14
