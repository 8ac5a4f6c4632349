"""One name installed: `spadespec`. The two folders people read, `reference_engine/` and
`conformance/`, sit at the top of the checkout, but nothing may import them by a top-level name:
an installed copy has them only as `spadespec.reference_engine` and `spadespec.conformance`, and a
generic top-level `conformance` would clash with other packages in a user's environment."""

from __future__ import annotations

import ast
import os
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOP_LEVEL = {"reference_engine", "conformance"}
SKIP = {".git", "site", "node_modules", "__pycache__"}
# A module path written in a string: a patch target, a `-m` argument, a plugin name.
MODULE_STRING = re.compile(r"^(reference_engine|conformance)(\.\w+)+$")


def _python_files() -> list[Path]:
    """Every Python file of the checkout, not looking inside skipped or hidden folders (a
    virtual environment among them)."""
    found = []
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [d for d in subfolders if d not in SKIP and not d.startswith(".")]
        found += [Path(folder) / name for name in files if name.endswith(".py")]
    return found


def test_no_module_imports_a_folder_by_a_top_level_name() -> None:
    wrong = []
    for path in _python_files():
        text = path.read_text(encoding="utf-8")
        if not any(name in text for name in TOP_LEVEL):
            continue  # a file that never writes either name cannot import it
        for node in ast.walk(ast.parse(text)):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                if (
                    MODULE_STRING.match(node.value)
                    or node.value in TOP_LEVEL
                    and _after_dash_m(path, node)
                ):
                    names = [node.value]
            wrong += [
                f"{path.relative_to(ROOT)}:{node.lineno}: {name}"
                for name in names
                if name.split(".")[0] in TOP_LEVEL
            ]
    assert wrong == []


def _after_dash_m(path: Path, node: ast.Constant) -> bool:
    """Whether a bare package name is the module of a `-m` on its line."""
    line = path.read_text(encoding="utf-8").splitlines()[node.lineno - 1]
    return '"-m"' in line


def test_the_wheel_installs_nothing_at_the_top_but_spadespec() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wheel = project["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["packages"] == ["spadespec"]
    # The code is packed from `spadespec/` as real files; only the data at the top of the
    # checkout (and the site's stylesheet, which `spadespec page` copies) is copied in, and only
    # inside the package.
    targets = wheel["force-include"]
    assert set(targets) == {"variants", "schema", "docs/assets/spadespec.css"}
    assert all(target.startswith("spadespec/") for target in targets.values())
    entry_points = [project["project"]["scripts"]["spadespec"]]
    entry_points += project["project"]["entry-points"]["pytest11"].values()
    assert all(point.startswith("spadespec.") for point in entry_points)
