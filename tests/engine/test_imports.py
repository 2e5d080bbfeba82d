"""The engine's modules import one another without a cycle, late (function-level) imports included:
each layer uses only the ones below it (errors at the bottom, the live engine's router at the top)."""

from __future__ import annotations

from pathlib import Path

import pytest

from import_graph import cycles, imports

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_the_engine_has_no_import_cycle():
    graph = imports(ENGINE)
    assert cycles(graph) == []


def test_errors_import_nothing_of_the_engine_and_the_wording_is_installed_on_import():
    # An error is data; refusals.py words it, and installs itself when the engine is imported.
    from engine import Game, Options, Table, TableError

    assert imports(ENGINE)["errors"] == set()
    with pytest.raises(TableError) as refused:
        Game(Table(("Anna",), "Papa", "Mama"), Options())
    assert str(refused.value).startswith("1 card player: a table has from 2 to 17") and refused.value.code == "seat_count"
    assert refused.value.words("ru").startswith("1 игрок")


def test_the_cycle_finder_finds_a_late_import_closing_a_cycle(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text("from .b import x\n", encoding="utf-8")
    (package / "b.py").write_text("def f():\n    from .c import y\n", encoding="utf-8")
    (package / "c.py").write_text("import pkg.a\n", encoding="utf-8")
    (package / "d.py").write_text("from . import a\n", encoding="utf-8")
    assert cycles(imports(package)) == [["a", "b", "c"]]
