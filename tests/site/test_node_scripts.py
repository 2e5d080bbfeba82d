"""The build's Node scripts (bytecode, snapshot): a failure is reported by the last line it printed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sitegen.node import NodeFailed, run_node_script


def test_a_failing_node_script_is_reported_by_the_last_line_it_printed(tmp_path: Path) -> None:
    script = tmp_path / "fails.mjs"
    script.write_text('console.error("loading the runtime");\nconsole.error("no pyodide.asm.wasm in " + process.argv[2]);\n'
                      "process.exit(3);\n", encoding="utf-8")
    pyodide = {"pyodide.mjs": tmp_path / "runtime" / "pyodide.mjs"}
    with pytest.raises(NodeFailed) as failed:
        run_node_script(shutil.which("node") or "node", script, pyodide, tmp_path / "in.zip", tmp_path / "out")
    assert failed.value.reason == f"no pyodide.asm.wasm in {tmp_path / 'runtime'}"


def test_a_node_that_cannot_be_run_is_reported_by_the_error(tmp_path: Path) -> None:
    pyodide = {"pyodide.mjs": tmp_path / "pyodide.mjs"}
    with pytest.raises(NodeFailed) as failed:
        run_node_script(str(tmp_path / "no-node"), tmp_path / "x.mjs", pyodide, tmp_path / "in.zip", tmp_path / "out")
    assert "no-node" in failed.value.reason
