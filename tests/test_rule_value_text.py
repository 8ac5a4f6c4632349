"""A rule's value is written one way wherever a person reads one (`rule_value_text`): `show`,
the docs site, the diagnosis, fuzz, the audit and a variant file's problems all call the one
function, and no other module spells a boolean or turns a rule's value into text itself."""

from __future__ import annotations

import ast
from enum import Enum
from functools import cache
from pathlib import Path

import pytest
from _package_files import PACKAGE, ROOT, modules

from spadespec.cli import main
from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.reference_engine.variant.model import SetPenalty

HOME = PACKAGE / "command_kit" / "rule_value_text.py"

CALLERS = {
    "show": ("reference_engine/commands/variants.py",),
    "the docs": (
        "docs_gen/sentences.py",
        "docs_gen/rulebook.py",
        "docs_gen/matrix.py",
        "docs_gen/compare_page.py",
        "docs_gen/compact_rules.py",
        "docs_gen/witnesses.py",
    ),
    "the diagnosis": ("diagnosis/neighbours.py", "diagnosis/findings.py", "diagnosis/search.py"),
    "fuzz": ("fuzz/witness/text.py",),
    "the audit": ("audit/replay.py",),
    "a variant file's problems": (
        "variant/checking.py",
        "variant/semantic.py",
        "variant/borrowed_reasons.py",
    ),
}
"""Each reader, and the modules (by the end of their path) that write rule values for it."""

GONE = {
    "reference_engine/commands/variants.py": "_text",
    "docs_gen/sentences.py": "format_value",
    "docs_gen/matrix.py": "shown_value",
    "suite/tags.py": "value_text",
    "audit/replay.py": "_text",
    "variant/checking.py": "text",
}
"""The helpers that each wrote a rule's value their own way, before the one function."""

BOOLEAN_WORDS = frozenset({"yes", "no", "true", "false"})


def _module(tail: str) -> Path:
    """The one module whose path ends with `tail` (wherever its folder sits in the package)."""
    found = [path for path in modules() if path.as_posix().endswith("/" + tail)]
    assert len(found) == 1, f"{tail}: {found}"
    return found[0]


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _calls_the_one_function(tree: ast.Module) -> bool:
    imported = any(
        isinstance(node, ast.ImportFrom)
        and node.module == "spadespec.command_kit.rule_value_text"
        and any(alias.name == "rule_value_text" and alias.asname is None for alias in node.names)
        for node in ast.walk(tree)
    )
    called = any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "rule_value_text"
        for node in ast.walk(tree)
    )
    return imported and called


def _boolean_word(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.lower() in BOOLEAN_WORDS
    )


def _spelt_booleans(tree: ast.Module) -> list[int]:
    """The lines that choose between two words for yes and no (`"yes" if v else "no"`), or
    return such a word from a function."""
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if (isinstance(node, ast.IfExp) and _boolean_word(node.body) and _boolean_word(node.orelse))
        or (isinstance(node, ast.Return) and node.value is not None and _boolean_word(node.value))
    )


@pytest.mark.parametrize("reader", CALLERS)
def test_each_reader_is_written_for_by_the_one_function(reader: str) -> None:
    for tail in CALLERS[reader]:
        assert _calls_the_one_function(_tree(_module(tail))), f"{tail} ({reader})"


def test_the_old_helpers_are_gone() -> None:
    left = [
        f"{tail} defines {name}"
        for tail, name in GONE.items()
        for node in ast.walk(_tree(_module(tail)))
        if isinstance(node, ast.FunctionDef) and node.name == name
    ]
    assert left == []


def test_no_other_module_spells_a_boolean() -> None:
    spelt = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in modules()
        if path != HOME
        for line in _spelt_booleans(_tree(path))
    ]
    assert spelt == []


def test_a_spelt_boolean_is_found_where_it_is() -> None:
    tree = ast.parse('def f(v):\n    return "Yes" if v else "no"\n\ndef g():\n    return "false"\n')
    assert _spelt_booleans(tree) == [2, 5]
    assert _spelt_booleans(ast.parse('x = "yes" if a else "no (set)"\n')) == []
    assert _spelt_booleans(_tree(HOME)) != []


class _Colour(Enum):
    DARK_RED = "dark-red"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (True, "true"),
        (False, "false"),
        (None, "none"),
        (0, "0"),
        (-110, "-110"),
        (2.5, "2.5"),
        ("partnerships", "partnerships"),
        (SetPenalty.PER_TRICK_BID, "per-trick-bid"),
        (_Colour.DARK_RED, "dark-red"),
        (("2C", "2H"), "[2C, 2H]"),
        (["BJ", "LJ"], "[BJ, LJ]"),
        ((), "[]"),
        ([], "[]"),
    ],
)
def test_a_rule_value_is_written_as_a_variant_file_writes_it(value: object, text: str) -> None:
    assert rule_value_text(value) == text


def test_no_value_and_no_cards_are_spelt_as_the_reader_asks() -> None:
    # `null` where a problem quotes a variant file; `none` for no cards in a table's cell.
    assert rule_value_text(None, none="null") == "null"
    assert rule_value_text((), empty="none") == "none"
    assert rule_value_text([], empty="none") == "none"
    assert rule_value_text(False, none="null", empty="none") == "false"
    assert rule_value_text(0, empty="none") == "0"


def test_show_spells_a_boolean_rule_as_the_variant_file_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["show", "standard"]) == 0
    out = capsys.readouterr().out
    assert "\n  dealer_hook: false\n" in out
    assert "\n  bag_points_cancelled: false\n" in out
    assert ": no\n" not in out and ": yes\n" not in out
