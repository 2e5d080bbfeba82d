"""Running one of the build's Node scripts with the pinned Pyodide (the bytecode and the snapshot)."""

from __future__ import annotations

import subprocess
from pathlib import Path

NODE_TIMEOUT_S = 180


class NodeFailed(Exception):
    """The script could not run or failed; `reason` is the last line it printed (or the error)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def run_node_script(node: str, script: Path, pyodide: dict[str, Path], source: Path, out: Path) -> None:
    """`node SCRIPT PYODIDE_DIR SOURCE OUT`; raises NodeFailed with the reason it gave."""
    try:
        subprocess.run([node, str(script), str(pyodide["pyodide.mjs"].parent), str(source), str(out)],
                       check=True, capture_output=True, text=True, timeout=NODE_TIMEOUT_S)
    except (OSError, subprocess.SubprocessError) as error:
        detail = getattr(error, "stderr", None) or str(error)
        lines = [line for line in str(detail).strip().splitlines() if line.strip()]
        raise NodeFailed(lines[-1] if lines else str(error)) from error
