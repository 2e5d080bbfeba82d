"""Engine benchmark: games per second in CPython and in Pyodide (Node.js), their ratio, and the
time of one `apply`. Prints a table; the README records a run. Not a test: figures, no asserts.

    .venv/bin/python scripts/bench_engine.py [GAMES]
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "scripts" / "engine_bench_core.py"
HARNESS = ROOT / "tests" / "pyodide" / "run_python.mjs"


def measure(command: list[str]) -> dict[str, Any]:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    games = sys.argv[1] if len(sys.argv) > 1 else "2000"
    cpython = measure([sys.executable, str(CORE), games])
    pyodide = measure(["node", str(HARNESS), str(CORE), games])
    rows = [("", f"CPython {cpython['python']}", f"Pyodide {pyodide['python']} (Node)")]
    rows.append(("complete default games / s", f"{cpython['games_per_second']:.0f}", f"{pyodide['games_per_second']:.0f}"))
    rows.append(("one apply, mean µs", f"{cpython['apply_mean_us']:.1f}", f"{pyodide['apply_mean_us']:.1f}"))
    rows.append(("one apply, p95 µs", f"{cpython['apply_p95_us']:.1f}", f"{pyodide['apply_p95_us']:.1f}"))
    width = [max(len(r[i]) for r in rows) for i in range(3)]
    for row in rows:
        print("  ".join(cell.ljust(width[i]) for i, cell in enumerate(row)))
    ratio = cpython["games_per_second"] / pyodide["games_per_second"]
    print(f"Pyodide is {ratio:.2f}× slower than CPython ({games} games, 4 players, default options and policy; "
          f"targets: ≥ 2000 games/s, ≤ 3×, apply < 50 µs)")


if __name__ == "__main__":
    main()
