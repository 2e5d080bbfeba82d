"""How long the engine takes to refuse a request over one of its limits (engine/limits.py), in
CPython and in Pyodide under Node (the page's worker runs the same Pyodide), for every request of
tests/engine/limit_cases.py. The worker must never spend more than a second on a request it will
refuse; the tests show it checks first (a guarded builder is never reached), this prints the times.

    python scripts/refusal_times.py
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "engine" / "limit_cases.py"
RUN_PYTHON = ROOT / "tests" / "pyodide" / "run_python.mjs"


def times(command: list[str]) -> list[dict[str, object]]:
    out = subprocess.run([*command, str(CASES), "--times"], cwd=ROOT, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def main() -> None:
    runs = {"CPython": times([sys.executable])}
    if shutil.which("node") and (ROOT / "node_modules" / "pyodide").is_dir():
        runs["Pyodide"] = times(["node", str(RUN_PYTHON)])
    labels = [row["label"] for row in runs["CPython"]]
    print(f"{'request over a limit':<44}" + "".join(f"{name:>12}" for name in runs))
    for i, label in enumerate(labels):
        cells = "".join(f"{runs[name][i]['ms']:>9.2f} ms" if runs[name][i]["refused"] else f"{'NOT REFUSED':>12}"
                        for name in runs)
        print(f"{label:<44}{cells}")
    for name, rows in runs.items():
        worst = max(rows, key=lambda row: float(row["ms"]))  # type: ignore[arg-type]
        print(f"{name}: the slowest refusal took {worst['ms']} ms ({worst['label']}); "
              f"{sum(bool(row['refused']) for row in rows)} of {len(rows)} requests refused")


if __name__ == "__main__":
    main()
