"""The package's layers (docs/contributing/layout.md, "Who imports whom"): each folder and each
loose module of the package, of the engine and of the conformance suite has a place in an
order written out below, and imports only its own place and the places below it; two places
on one level import neither each other. Apart from the order, no folders anywhere in the
package import each other in a circle, and no files do.

Every `spadespec` import counts: at a module's top, inside a function, under `TYPE_CHECKING`,
and `importlib.import_module` of a name written out. `from X import name` is the module
`X/name.py` where there is one, and the module `X` otherwise."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

import pytest
from _package_files import PACKAGE, ROOT, file_of, modules

Layers = tuple[tuple[str, ...], ...]
"""Levels from the ground up; each holds folders (`variant`) and loose modules (`cards.py`)."""

PACKAGE_LAYERS: Layers = (
    ("__init__.py",),
    # What every command shares (errors, arguments, tables, a rule's value as text): it
    # imports neither the engine nor the suite, so both may use it.
    ("command_kit",),
    ("reference_engine",),
    ("conformance",),
    # The command hub: it imports the commands of both, and nothing below imports it.
    ("cli",),
    ("__main__.py", "docs_gen"),
    # One command for every generated file: it runs the docs generators and the case authoring.
    ("regenerate",),
)

ENGINE_LAYERS: Layers = (
    # The version, where the data files are, the reasons an action is refused.
    ("__init__.py", "paths.py", "reason_codes.py"),
    ("variant", "errors.py"),
    ("seats.py", "cards.py"),
    # Which cards each kind of pack holds, as card numbers.
    ("pack_kinds.py",),
    ("table.py", "pack.py"),
    ("deal.py",),
    ("actions.py",),
    # The rules as functions: of play (bids, leads, tricks, turns) and of scoring.
    ("rules_of_play", "scoring"),
    # The rulebook: every rule table and rule function, one value; the plan binds it; a hand
    # is scored by the plan's binding, in a game and in a score request alike.
    ("rulebook.py",),
    ("plan.py",),
    # Scoring a hand by the plan (what a score request calls), and the phases of a hand, each a
    # class of methods; then the game that inherits them all.
    ("scorer.py", "game_phases"),
    ("game.py",),
    ("bots",),
    # Many games between bots, measured (`spadespec simulate`).
    ("simulation",),
    # A side's score for a hand, item by item, as `spadespec score` prints it and an audit
    # shows a wrong figure's arithmetic.
    ("itemised_score.py",),
    ("commands",),
)

CONFORMANCE_LAYERS: Layers = (
    ("__init__.py",),
    # The contract every engine meets, the analysis of results, the project's own machinery.
    ("contract",),
    ("analysis",),
    ("machinery",),
    # The entry points: `spadespec conform`, the pytest plugin, and `spadespec page`, whose
    # page lists the cases the suite runs for a ruleset.
    ("cli.py", "pytest_plugin.py", "ruleset_page"),
)

CONTRACT_LAYERS: Layers = (
    ("__init__.py",),
    ("suite",),
    ("protocol",),
    # The runner drives any engine through the protocol's `Engine`, never the built-in one.
    ("engines", "runner"),
    ("report",),
)

ANALYSIS_LAYERS: Layers = (
    ("__init__.py",),
    # The diagnosis writes no report. The shuffle test reads deals from any source, an engine
    # that deals among them.
    ("diagnosis", "shuffle"),
    ("fuzz", "audit"),
    # Cases for a house's variant file; games from an engine's own deals, played as fuzz plays.
    ("house", "own_deals"),
)

MACHINERY_LAYERS: Layers = (
    ("__init__.py",),
    # The tools nothing below uses: broken engines, the case generator, foreign engines, the
    # mutation measure, the npm package's generated files.
    ("faults", "authoring", "adapters", "mutation", "npm"),
)

PARTS: dict[str, tuple[Path, Layers]] = {
    "spadespec": (PACKAGE, PACKAGE_LAYERS),
    "reference_engine": (PACKAGE / "reference_engine", ENGINE_LAYERS),
    "conformance": (PACKAGE / "conformance", CONFORMANCE_LAYERS),
    "contract": (PACKAGE / "conformance" / "contract", CONTRACT_LAYERS),
    "analysis": (PACKAGE / "conformance" / "analysis", ANALYSIS_LAYERS),
    "machinery": (PACKAGE / "conformance" / "machinery", MACHINERY_LAYERS),
}


def _package_of(path: Path, level: int) -> str:
    """The package a relative import of `level` dots in `path` starts from."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[: len(parts) - level])


@cache
def _imports(path: Path) -> tuple[str, ...]:
    """Every module `path` imports, as a dotted name, wherever the import stands."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(filter(None, (_package_of(path, node.level), base)))
            for alias in node.names:
                name = base if file_of(f"{base}.{alias.name}") is None else f"{base}.{alias.name}"
                found.append(name)
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append(node.args[0].value)
    return tuple(found)


@cache
def _graph() -> dict[Path, frozenset[Path]]:
    """Each module of the package, and the modules of the package it imports."""
    graph = {}
    for path in modules():
        found = (file_of(m) for m in _imports(path) if m.split(".")[0] == "spadespec")
        graph[path] = frozenset(f for f in found if f is not None and f != path)
    return graph


def _unit(path: Path, base: Path) -> str:
    """The folder or loose module directly under `base` that holds `path`."""
    return path.relative_to(base).parts[0]


def _circles(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in edges.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return circles


@pytest.mark.parametrize("part", PARTS)
def test_every_folder_and_loose_module_has_one_place(part: str) -> None:
    base, layers = PARTS[part]
    placed = [unit for level in layers for unit in level]
    assert len(placed) == len(set(placed)), "a unit placed twice"
    present = {_unit(path, base) for path in modules() if base in path.parents}
    assert sorted(present - set(placed)) == [], f"give each a place in the layers of {part}"
    assert sorted(set(placed) - present) == [], f"in the layers of {part} but not in the tree"


@pytest.mark.parametrize("part", PARTS)
def test_each_place_imports_only_its_own_and_lower_ones(part: str) -> None:
    base, layers = PARTS[part]
    level_of = {unit: rank for rank, level in enumerate(layers) for unit in level}
    wrong = set()
    for path, imported in _graph().items():
        if base not in path.parents:
            continue
        unit = _unit(path, base)
        for target in imported:
            if base not in target.parents or _unit(target, base) == unit:
                continue
            other = _unit(target, base)
            if level_of[other] > level_of[unit]:
                why = "a higher level"
            elif level_of[other] == level_of[unit]:
                why = "its peer on the same level"
            else:
                continue
            wrong.add(f"{path.relative_to(ROOT)} imports {target.relative_to(ROOT)}, {why}")
    assert not wrong, "\n".join(sorted(wrong))


def test_no_folders_import_each_other_in_a_circle() -> None:
    # In each folder of the package, its subfolders and modules as units.
    folders = {path.parent for path in modules()}
    circles = []
    for folder in sorted(folders):
        edges: dict[str, set[str]] = {}
        for path, imported in _graph().items():
            if folder not in path.parents:
                continue
            unit = _unit(path, folder)
            inside = (t for t in imported if folder in t.parents)
            edges.setdefault(unit, set()).update(
                _unit(t, folder) for t in inside if _unit(t, folder) != unit
            )
        circles += [f"{folder.relative_to(ROOT)}: {c}" for c in _circles(edges)]
    assert not circles, "\n".join(circles)


def test_no_files_import_each_other_in_a_circle() -> None:
    edges = {
        str(path.relative_to(ROOT)): {str(t.relative_to(ROOT)) for t in imported}
        for path, imported in _graph().items()
    }
    circles = _circles(edges)
    assert not circles, "\n".join(" <-> ".join(c) for c in circles)


def test_the_conformance_suite_has_only_its_entry_points_loose() -> None:
    # Beside the folders, only the `conform` command and the pytest plugin.
    loose = sorted(p.name for p in (PACKAGE / "conformance").glob("*.py"))
    assert loose == ["__init__.py", "cli.py", "pytest_plugin.py"]


def test_a_circle_is_found_where_it_is() -> None:
    assert _circles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert _circles({"a": ["b"], "b": []}) == []


def test_only_the_hub_opens_the_faults() -> None:
    # A named fault (`--engine fault:NAME`) is opened by the hub, which hands the commands
    # its opener: no tool imports the broken engines, whatever its level.
    faults = PACKAGE / "conformance" / "machinery" / "faults"
    hub = PACKAGE / "cli"
    wrong = sorted(
        str(path.relative_to(ROOT))
        for path, imported in _graph().items()
        if faults not in path.parents
        and hub not in path.parents
        and any(faults in target.parents for target in imported)
    )
    assert wrong == []
