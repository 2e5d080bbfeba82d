"""The imports of a package's modules, read from their source (every `import` and `from … import`,
at the top of a module or inside a function, relative or absolute), and the cycles among them."""

from __future__ import annotations

import ast
from pathlib import Path


def imports(package: Path) -> dict[str, set[str]]:
    """Each module of `package` (a folder of .py files) -> the modules of the same package it imports."""
    name = package.name
    modules = {path.stem for path in package.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for module in sorted(modules):
        found: set[str] = set()
        for node in ast.walk(ast.parse((package / f"{module}.py").read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1:  # from .x import y, from . import x
                    found.update([node.module.split(".")[0]] if node.module else [a.name for a in node.names])
                elif node.level == 0 and node.module and node.module.split(".")[0] == name:
                    parts = node.module.split(".")
                    found.update([parts[1]] if len(parts) > 1 else [a.name for a in node.names])
            elif isinstance(node, ast.Import):
                found.update(a.name.split(".")[1] for a in node.names
                             if a.name.split(".")[0] == name and "." in a.name)
        graph[module] = {m for m in found if m in modules and m != module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found
