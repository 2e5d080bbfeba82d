"""Checks the Node.js + Pyodide harness (run_python.mjs) that the parity tests rely on."""

from __future__ import annotations

from pathlib import Path

from harness import REPO_ROOT, run_in_pyodide, run_script_in_pyodide


def test_stdout_is_forwarded_byte_for_byte():
    result = run_in_pyodide('print("привет", end="")')
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout == "привет".encode()
    assert result.stderr == b""


def test_newlines_stderr_and_argv_are_exact():
    code = (
        "import sys\n"
        'print("a\\nb", end="")\n'
        'sys.stderr.write("ошибка\\n")\n'
        'print("|" + "|".join(sys.argv), end="")\n'
    )
    result = run_in_pyodide(code, "ход", "two words")
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout == "a\nb|-c|ход|two words".encode()
    assert result.stderr == "ошибка\n".encode()


def test_exception_exits_1_with_traceback(tmp_path: Path):
    script = tmp_path / "raises.py"
    script.write_text(
        'print("before", end="")\n'
        "def deal():\n"
        '    raise ValueError("колода пуста")\n'
        "deal()\n",
        encoding="utf-8",
    )
    result = run_script_in_pyodide(script)
    assert result.returncode == 1
    assert result.stdout == b"before"
    stderr = result.stderr.decode()
    assert stderr.startswith("Traceback (most recent call last):\n"), stderr
    assert f'File "{script}", line 3, in deal' in stderr
    assert 'raise ValueError("колода пуста")' in stderr
    assert stderr.endswith("ValueError: колода пуста\n"), stderr
    assert "run_python.mjs" not in stderr and "_pyodide" not in stderr, stderr


def test_system_exit_code_is_passed_on():
    assert run_in_pyodide("import sys; sys.exit(7)").returncode == 7
    assert run_in_pyodide("raise SystemExit").returncode == 0
    result = run_in_pyodide("import sys; sys.exit('конец')")
    assert result.returncode == 1
    assert result.stderr == "конец\n".encode()


def test_engine_sources_are_copied():
    engine = REPO_ROOT / "engine"
    expected = sorted(
        p.relative_to(engine).as_posix()
        for p in engine.rglob("*.py")
        if "__pycache__" not in p.parts
    ) if engine.is_dir() else []
    code = (
        "import os, sys\n"
        "root = '/home/pyodide/engine'\n"
        "found = sorted(os.path.relpath(os.path.join(d, f), root)\n"
        "               for d, _, fs in os.walk(root) for f in fs)\n"
        "print('\\n'.join(found))\n"
        "print(sys.path[0])\n"
        "print(sys.version_info[:2] >= (3, 11))\n"
    )
    result = run_in_pyodide(code)
    assert result.returncode == 0, result.stderr.decode()
    *files, path0, new_enough = result.stdout.decode().splitlines()
    assert [f for f in files if f] == expected
    assert path0 == "/home/pyodide"
    assert new_enough == "True"
