"""Fixtures of the build tests (build.py + sitegen/, run as a command on small fixture lessons).

- ``lessons``: the fixture lessons, written afresh in the test's tmp dir (a test may break them);
- ``built``: one good build of the fixture lessons for the whole session, shared by the
  read-only tests: ``{"out": site folder, "lessons": its lessons, "result": the build's run}``;
- ``fixture_inputs``: the fixture lessons read in the tests' own process, as build.py reads them
  (without the Pyodide snapshot), for the tests that render them with a registry of page types;
- ``rendered``: those inputs rendered in memory with the site's registry (sitegen/pages/).

Every build here goes into a temporary folder (build_helpers.py has the lessons and `run_build`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from build_helpers import ROOT, run_build, write_lessons


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


@pytest.fixture(scope="session")
def fixture_inputs(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The fixture lessons read as build.py reads them (sitegen.render.Inputs); nothing may change them."""
    sys.path.insert(0, str(ROOT))
    import build as build_script
    from sitegen import Paths

    base = tmp_path_factory.mktemp("read")
    warnings: list[str] = []
    return build_script.read(Paths(root=ROOT, lessons=write_lessons(base / "lessons"), out=base / "site"), warnings)


@pytest.fixture(scope="session")
def rendered(fixture_inputs: Any) -> Any:
    """Every page of the fixture lessons, rendered in memory by the site's page types (sitegen.render.Rendered)."""
    from sitegen.pages import REGISTRY
    from sitegen.render import render_site

    return render_site(fixture_inputs, ROOT / "site" / "templates", REGISTRY)
