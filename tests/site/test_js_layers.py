"""The front end's folders are its layers (site/static/js): lib/ (what every page uses) names
nothing above it, demo/ (the step-by-step demo) names lib/ and itself only, pages/KIND/ name both;
and no module imports, when it runs, one that imports it back. Every import is read: static,
dynamic (`import("…")`), the worker's `new URL("…", import.meta.url)`, and for the layers a type
named in a JSDoc `import("…")` too (a part of the demo names its Demo's type: not a cycle, since
nothing of it runs)."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from build_helpers import ROOT
from import_helpers import find_cycle

JS = ROOT / "site" / "static" / "js"
IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*|new URL\(\s*)["'](\.{1,2}/[^"']+\.js)["']""")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
LAYER = {"lib": 0, "demo": 1, "pages": 2}


def js_imports(root: Path, types: bool = True) -> dict[str, set[str]]:
    """Each module (its path under root) -> the modules it names; `types`: in its comments too."""
    graph: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.js")):
        name = path.relative_to(root).as_posix()
        folder = posixpath.dirname(name)
        text = path.read_text(encoding="utf-8")
        graph[name] = {posixpath.normpath(posixpath.join(folder, target))
                       for target in IMPORT.findall(text if types else COMMENT.sub("", text))}
    return graph


def layer_breaches(graph: dict[str, set[str]]) -> list[str]:
    return [f"{module} imports {target}" for module, targets in graph.items() for target in targets
            if LAYER.get(target.split("/")[0], 99) > LAYER.get(module.split("/")[0], 99)]


def test_every_module_sits_in_a_layer_and_imports_only_its_own_or_lower() -> None:
    graph = js_imports(JS)
    assert {module.split("/")[0] for module in graph} == set(LAYER)  # no module outside the three folders
    assert all(target in graph for targets in graph.values() for target in targets), "an import names no module"
    assert "lib/worker.js" in graph["lib/engine-client.js"]  # (the worker, by its URL)
    assert layer_breaches(graph) == []
    cycle = find_cycle(js_imports(JS, types=False))
    assert cycle is None, "an import cycle: " + " -> ".join(cycle or [])


def test_the_reader_finds_an_import_from_a_higher_layer(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "demo").mkdir()
    (tmp_path / "lib" / "a.js").write_text('/** @param {import("../demo/b.js").B} b */\n', encoding="utf-8")
    (tmp_path / "demo" / "b.js").write_text('const later = () => import("../lib/a.js");\n', encoding="utf-8")
    graph = js_imports(tmp_path)
    assert graph == {"lib/a.js": {"demo/b.js"}, "demo/b.js": {"lib/a.js"}}
    assert layer_breaches(graph) == ["lib/a.js imports demo/b.js"]
    assert find_cycle(js_imports(tmp_path, types=False)) is None  # a type names b, nothing of it runs
    (tmp_path / "lib" / "a.js").write_text('import { B } from "../demo/b.js";\n', encoding="utf-8")
    assert find_cycle(js_imports(tmp_path, types=False)) is not None
