"""The conformance package's layout: the case data, the protocol, the engines, the runner and
the reports each in their own folder, each importing only the steps before it, so nothing
cycles and a newcomer can follow a case from file to verdict."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "conformance"
# A case flows through these in order; a folder may import only from itself and earlier ones.
LAYERS = ("suite", "protocol", "engines", "runner", "report")


def _imports(path: Path) -> set[str]:
    """Every `spadespec.conformance.<folder>` a module imports, at its top or inside a
    function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["spadespec", "conformance"] and len(parts) > 2:
                found.add(parts[2])
    return found


def test_each_folder_imports_only_the_steps_before_it() -> None:
    wrong = []
    for rank, layer in enumerate(LAYERS):
        for path in sorted((PACKAGE / layer).glob("*.py")):
            for used in _imports(path):
                if used in LAYERS and LAYERS.index(used) > rank:
                    wrong.append(f"{path.relative_to(PACKAGE)} imports conformance.{used}")
                elif used not in LAYERS:
                    wrong.append(f"{path.relative_to(PACKAGE)} imports the tool conformance.{used}")
    assert wrong == []


def test_no_module_is_left_loose_beside_the_folders() -> None:
    # Only the two entry points sit at the top: the `conform` command and the pytest plugin.
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "cli.py", "pytest_plugin.py"]
