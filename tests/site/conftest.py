"""Fixtures of the build tests (build.py + sitegen/, run as a command on small fixture lessons).

- ``lessons``: the fixture lessons, written afresh in the test's tmp dir (a test may break them);
- ``built``: one good build of the fixture lessons for the whole session, shared by the
  read-only tests: ``{"out": site folder, "lessons": its lessons, "result": the build's run}``.

Every build here goes into a temporary folder (build_helpers.py has the lessons and `run_build`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from build_helpers import run_build, write_lessons


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    return write_lessons(tmp_path / "lessons")


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One good build of the fixture lessons, shared by the read-only tests (nothing may change it)."""
    base = tmp_path_factory.mktemp("good")
    lessons = write_lessons(base / "lessons")
    out = base / "site"
    result = run_build(out, lessons)
    assert result.returncode == 0, result.stderr
    return {"out": out, "lessons": lessons, "result": result}
