"""scripts/bench_analysis.py, its comparison of CPython and Pyodide (part 3), on two decisions: the
script runs the same positions in both runtimes, finds the same analyses, and times each mode by
both clocks. (Its figures are not checked: they are the machine's.)"""

from __future__ import annotations

import subprocess
import sys

from harness import REPO_ROOT

SCRIPT = REPO_ROOT / "scripts" / "bench_analysis.py"


def test_the_runtime_comparison_runs_on_two_decisions() -> None:
    out = subprocess.run([sys.executable, str(SCRIPT), "--skip-times", "--skip-gain", "--positions", "2"],
                         cwd=REPO_ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr
    head, *rest = out.stdout.splitlines()
    assert "2 decisions a mode" in head and "positions and analyses the same in both" in head, head
    rows = [line.split() for line in rest if line.startswith(("  open ", "  known "))]
    assert [row[:2] for row in rows] == [["open", "wall"], ["open", "cpu"], ["known", "wall"], ["known", "cpu"]]
    for row in rows:  # CPython p50 / p95, Pyodide p50 / p95 / max, then three ratios
        seconds = [float(cell) for cell in [cell for cell in row[2:] if cell != "/"][:5]]
        assert len(seconds) == 5 and all(s > 0 for s in seconds), row
