"""sitegen/ has no import cycle: every `import` and `from` of its modules, those inside functions
and under TYPE_CHECKING included (import_helpers.py reads them)."""

from __future__ import annotations

from pathlib import Path

from build_helpers import ROOT
from import_helpers import find_cycle, imports_within


def test_sitegen_has_no_import_cycle() -> None:
    graph = imports_within(ROOT / "sitegen", "sitegen")
    # Every kind of import is read: relative from a subpackage, a name of the package's __init__.py,
    # a module of a subpackage (which runs the subpackage's __init__.py), and one inside a function.
    assert "sitegen.render" in graph["sitegen.pages.lessons"]
    assert "sitegen" in graph["sitegen.render"]
    assert "sitegen.pages.prints" in graph["sitegen.pages.hands"]
    assert "sitegen.cache" in graph["sitegen.render"]  # make_environment imports it when called
    cycle = find_cycle(graph)
    assert cycle is None, "an import cycle: " + " -> ".join(cycle or [])


def test_the_reader_finds_a_cycle_closed_inside_a_function_or_for_the_type_checker(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "low.py").write_text("import json\n")
    (package / "high.py").write_text("from .low import dumps\n\ndef later():\n    from .sub import leaf\n")
    (package / "sub" / "__init__.py").write_text("from . import leaf\n")
    (package / "sub" / "leaf.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                             "    from ..high import later\n")
    graph = imports_within(package, "pkg")
    assert graph == {"pkg": set(), "pkg.low": set(), "pkg.high": {"pkg.low", "pkg.sub", "pkg.sub.leaf"},
                     "pkg.sub": {"pkg.sub.leaf"}, "pkg.sub.leaf": {"pkg.high"}}
    assert find_cycle(graph) == ["pkg.high", "pkg.sub", "pkg.sub.leaf", "pkg.high"]
    (package / "sub" / "leaf.py").write_text("import json\n")
    assert find_cycle(imports_within(package, "pkg")) is None
