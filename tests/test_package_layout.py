"""The package's layout as the tools read it (docs/contributing/layout.md): every import of a
`spadespec` module names a file at that path, nothing edits the import path at run time, and
the command hub sits above the engine and the conformance suite, which never import it."""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from _package_files import PACKAGE, ROOT, file_of, modules


def _imported(path: Path) -> set[str]:
    """Every `spadespec.*` module `path` imports, at its top or inside a function, with each
    name of a `from X import a, b` that may itself be a module."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] == "spadespec":
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "spadespec")
    return found


def _is_name_in(module: str) -> bool:
    """Whether `module` is really `package.name`: a name defined in a module, not a module."""
    package, _, _ = module.rpartition(".")
    return file_of(package) is not None


def test_the_package_holds_real_folders_where_the_imports_say() -> None:
    for name in ("reference_engine", "conformance", "cli", "docs_gen"):
        folder = PACKAGE / name
        assert folder.is_dir() and not folder.is_symlink(), folder
    # The links at the top, for readers, lead to the same folders.
    for name in ("reference_engine", "conformance"):
        assert (ROOT / name).is_symlink()
        assert (ROOT / name).resolve() == (PACKAGE / name).resolve()


def test_every_spadespec_import_names_a_file_at_its_path() -> None:
    unresolved = []
    for path in modules():
        for module in sorted(_imported(path)):
            if file_of(module) is None and not _is_name_in(module):
                unresolved.append(f"{path.relative_to(ROOT)} imports {module}")
    assert unresolved == []


def test_nothing_edits_the_import_path() -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    edit = re.compile(r"\bsys\.path\.(insert|append|extend)\b|\b__path__\.(append|insert)\b")
    edits = [
        name
        for name in tracked
        if (ROOT / name).is_file() and edit.search((ROOT / name).read_text(encoding="utf-8"))
    ]
    assert edits == [], "import the installed (editable) package instead"


def test_the_engine_and_the_suite_never_import_the_hub() -> None:
    wrong = []
    for path in modules():
        part = path.relative_to(PACKAGE).parts[0]
        if part not in ("reference_engine", "conformance"):
            continue
        for module in _imported(path):
            if module == "spadespec.cli" or module.startswith("spadespec.cli."):
                wrong.append(f"{path.relative_to(ROOT)} imports {module}")
            if part == "reference_engine" and module.startswith("spadespec.conformance"):
                wrong.append(f"{path.relative_to(ROOT)} imports {module}")
    assert wrong == []


def test_every_command_is_registered_by_one_written_out_import(capsys: Any) -> None:
    from spadespec.cli import build_parser, main
    from spadespec.cli.registry import PROVIDERS, provider_of

    listed = set(re.findall(r"^    ([a-z-]+)(?:  |$)", build_parser().format_help(), re.M))
    named = {name for names, _ in PROVIDERS for name in names}
    assert listed == named
    for name in sorted(named):
        # Each command's own parser, reached by importing only its module.
        with pytest.raises(SystemExit) as exit:
            main([name, "--help"])
        assert exit.value.code == 0, name
        assert f"usage: spadespec {name}" in capsys.readouterr().out
    assert provider_of("no-such-command") is None
