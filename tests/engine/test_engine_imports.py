"""The engine's modules import one another without a cycle, late (function-level) imports included
(tests/import_helpers.py reads them): errors.py at the bottom, the live engine's router at the top."""

from __future__ import annotations

from pathlib import Path

import pytest

from import_helpers import find_cycle, imports_within

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_the_engine_has_no_import_cycle():
    graph = imports_within(ENGINE, "engine")
    assert "engine.refusals" in graph["engine"] and "engine.seat" in graph["engine.live"]  # the reader reads
    cycle = find_cycle(graph)
    assert cycle is None, "an import cycle: " + " -> ".join(cycle or [])


def test_errors_import_nothing_of_the_engine_and_the_wording_is_installed_on_import():
    # An error is data; refusals.py words it, and installs itself when the engine is imported.
    from engine import Game, Options, Table, TableError

    assert imports_within(ENGINE, "engine")["engine.errors"] == set()
    with pytest.raises(TableError) as refused:
        Game(Table(("Anna",), "Papa", "Mama"), Options())
    assert str(refused.value).startswith("1 card player: a table has from 2 to 17") and refused.value.code == "seat_count"
    assert refused.value.words("ru").startswith("1 игрок")
