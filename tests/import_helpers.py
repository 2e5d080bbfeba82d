"""A package's imports of its own modules, read from its source, and the cycles among them: the
tests hold a package to no import cycle with these (tests/engine/test_engine_imports.py for engine/,
tests/site/test_imports.py for sitegen/).

Every `import` and `from … import` counts wherever it stands: at the top of the module, inside a
function (an import put off to the call, which still makes the two modules depend on each other),
or under `if TYPE_CHECKING:`. Importing a module of a subpackage also runs the subpackage's
`__init__.py`, so that counts as an import of the subpackage too.
"""

from __future__ import annotations

import ast
from pathlib import Path


def module_names(folder: Path, package: str) -> dict[str, Path]:
    """Every module of the package in `folder` (subpackages included) by its dotted name; a
    package's `__init__.py` is the package's own name."""
    found = {}
    for path in sorted(folder.rglob("*.py")):
        parts = list(path.relative_to(folder).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join([package, *parts])] = path
    return found


def imports_within(folder: Path, package: str) -> dict[str, set[str]]:
    """Each module of the package -> the modules of the same package it imports."""
    modules = module_names(folder, package)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        # The package a relative import starts from: the module's own, or the package itself for __init__.py.
        home = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets |= {_known(alias.name, modules) for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    start = home.split(".")[: len(home.split(".")) - (node.level - 1)]
                    base = ".".join(start + ([base] if base else []))
                for alias in node.names:  # `from . import render` names a module; `from . import shown` a name in one
                    whole = f"{base}.{alias.name}"
                    targets.add(whole if whole in modules else _known(base, modules))
        targets.discard("")
        graph[name] = set()
        for target in targets:
            graph[name].add(target)
            # The subpackages the import runs on the way (not those the importing module is already in).
            parts = target.split(".")
            for depth in range(1, len(parts)):
                parent = ".".join(parts[:depth])
                if parent in modules and not (name == parent or name.startswith(parent + ".")):
                    graph[name].add(parent)
        graph[name].discard(name)
    return graph


def _known(dotted: str, modules: dict[str, Path]) -> str:
    """The module of the package a dotted name is, or is in ("" for one outside the package)."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in modules:
            return ".".join(parts[:end])
    return ""


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of imports, as its modules in order with the first repeated at the end, or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        if name in path:
            return path[path.index(name):] + [name]
        if name in done:
            return None
        path.append(name)
        for target in sorted(graph.get(name, ())):
            cycle = visit(target)
            if cycle:
                return cycle
        path.pop()
        done.add(name)
        return None

    for name in sorted(graph):
        cycle = visit(name)
        if cycle:
            return cycle
    return None
