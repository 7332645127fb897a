"""The modules of the engine (`krig`) and of the site's Python (`krig.webapp`) import one another without a
cycle: each one's imports, read from its source (those made only for type checking too), lead back to none of
them."""

from __future__ import annotations

import ast
from pathlib import Path

import build

PACKAGES = {"krig": build.ROOT / "engine", "krig.webapp": build.ROOT / "site" / "webapp"}


def modules() -> dict[str, Path]:
    found = {}
    for package, folder in PACKAGES.items():
        for path in sorted(folder.glob("*.py")):
            found[package if path.stem == "__init__" else f"{package}.{path.stem}"] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of `known` that the module `name` (at `path`) imports, anywhere in its source."""
    package = name if path.stem == "__init__" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            source = ".".join(part for part in (base, node.module or "") if part)
            found |= {f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                      for alias in node.names}
    return found & known - {name}


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """A cycle of `graph` (its modules in import order, the first one again at the end), or [] if it has none."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str]:
        if module in path:
            return path[path.index(module):] + [module]
        if module in done:
            return []
        for imported in sorted(graph[module]):
            if found := visit(imported, [*path, module]):
                return found
        done.add(module)
        return []

    for module in sorted(graph):
        if found := visit(module, []):
            return found
    return []


def import_graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, set(known)) for name, path in known.items()}


def test_no_module_of_the_engine_or_the_site_imports_one_that_imports_it_back() -> None:
    graph = import_graph()
    assert {"krig", "krig.game", "krig.webapp.bridge", "krig.webapp.replay", "krig.webapp.table"} <= set(graph)
    assert "krig.webapp.table" in graph["krig.webapp.replay"]  # imports for type checking count too
    assert cycle(graph) == [], " -> ".join(cycle(graph))


def test_a_cycle_of_imports_is_found() -> None:
    graph = {**import_graph(), "krig.webapp.table": {"krig.webapp.replay"}}
    found = cycle(graph)
    assert found[0] == found[-1] and sorted(found[1:]) == ["krig.webapp.replay", "krig.webapp.table"], found
