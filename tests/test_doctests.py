"""The examples in the package's docstrings (`>>>`) run as doctests, so that none goes stale.

Every module of `spadespec/` whose source holds an example is imported and its examples run;
a module that needs an optional extra not installed here (OpenSpiel, SciPy, matplotlib, the
docs site's mkdocs) is skipped, and any other failure to import is a failure."""

from __future__ import annotations

import doctest
import importlib
import io
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]

OPTIONAL = {"pyspiel", "scipy", "numpy", "matplotlib", "mkdocs", "material"}
"""The top-level modules of the optional extras (`pyproject.toml`): `openspiel`, `stats`,
`results` and `docs`."""


def modules_with_examples() -> list[str]:
    """The package's modules whose source holds `>>>`, by import name."""
    names = []
    for path in sorted((ROOT / "spadespec").rglob("*.py")):
        if ">>>" in path.read_text(encoding="utf-8"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


MODULES = modules_with_examples()


def import_or_skip(name: str) -> ModuleType:
    """The module, or a skip when it needs an optional extra that is not installed."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        needed = (exc.name or "").partition(".")[0]
        if needed in OPTIONAL:
            pytest.skip(f"{name} needs {needed}, of an optional extra not installed here")
        raise


def test_the_package_has_examples_to_run() -> None:
    # A search that found none (a moved package, a changed marker) would run nothing.
    assert "spadespec.conformance.contract.engines.kept_games" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = import_or_skip(name)
    tests = [t for t in doctest.DocTestFinder().find(module, name) if t.examples]
    assert tests, f"{name} writes `>>>` outside a docstring that doctest reads"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out = io.StringIO()
    for test in tests:
        runner.run(test, out=out.write)
    assert runner.failures == 0, out.getvalue()


def test_a_module_needing_a_missing_extra_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    # The shuffle test's chances import SciPy; None in sys.modules makes that import fail as
    # it does where the `stats` extra is not installed.
    chance = "spadespec.conformance.analysis.shuffle.chance"
    monkeypatch.delitem(sys.modules, chance, raising=False)
    monkeypatch.setitem(sys.modules, "scipy", None)
    with pytest.raises(pytest.skip.Exception, match="needs scipy"):
        import_or_skip(chance)
    monkeypatch.setitem(sys.modules, "orjson", None)  # not optional: a failure
    monkeypatch.delitem(sys.modules, "spadespec.conformance.contract.protocol.json_line")
    with pytest.raises(ModuleNotFoundError):
        import_or_skip("spadespec.conformance.contract.protocol.json_line")
