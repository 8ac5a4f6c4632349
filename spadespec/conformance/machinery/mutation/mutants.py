"""The changes the mutation measure makes: which of cosmic-ray's operators, where each one
applies in a module, and a change made to a module's source.

cosmic-ray (the `mutation` extra) parses a module and names every place each operator can
change; a change is known by its module, operator and occurrence (the n-th place, counted as
cosmic-ray counts them), so the same triple always makes the same change to the same source.
Places inside a type annotation are left out (the package postpones annotations, so a change
there changes nothing that runs), and so are places inside an f-string (the text of a message:
a runner judges a refusal by its reason code, never by its words).
"""

from __future__ import annotations

import difflib
import functools
import pickle
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_ORDERINGS = ("Eq", "NotEq", "Lt", "LtE", "Gt", "GtE")

OPERATORS: tuple[str, ...] = (
    # a comparison replaced by every other ordering comparison (negated, its boundary moved
    # by one, turned round), and an identity test negated
    *(
        f"core/ReplaceComparisonOperator_{old}_{new}"
        for old in _ORDERINGS
        for new in _ORDERINGS
        if old != new
    ),
    "core/ReplaceComparisonOperator_Is_IsNot",
    "core/ReplaceComparisonOperator_IsNot_Is",
    # arithmetic and set operations swapped
    "core/ReplaceBinaryOperator_Add_Sub",
    "core/ReplaceBinaryOperator_Sub_Add",
    "core/ReplaceBinaryOperator_Mul_Add",
    "core/ReplaceBinaryOperator_FloorDiv_Mul",
    "core/ReplaceBinaryOperator_Mod_FloorDiv",
    "core/ReplaceBinaryOperator_BitOr_BitAnd",
    "core/ReplaceBinaryOperator_BitAnd_BitOr",
    "core/ReplaceUnaryOperator_USub_UAdd",
    "core/ReplaceUnaryOperator_Delete_Not",
    # a condition negated, a truth value or a connective swapped
    "core/AddNot",
    "core/ReplaceTrueWithFalse",
    "core/ReplaceFalseWithTrue",
    "core/ReplaceAndWithOr",
    "core/ReplaceOrWithAnd",
    # a constant moved by one, a loop that never runs, a loop cut short, a handler dropped
    "core/NumberReplacer",
    "core/ZeroIterationForLoop",
    "core/ReplaceBreakWithContinue",
    "core/ReplaceContinueWithBreak",
    "core/ExceptionReplacer",
)
"""The operators drawn from: the small mistakes an engine author makes, each a change that
usually still runs."""


@dataclass(frozen=True, order=True)
class Place:
    """Where one operator can change one module: `module` is the path inside the package
    (`reference_engine/deal.py`), `occurrence` cosmic-ray's count of the operator's places."""

    module: str
    operator: str
    occurrence: int
    line: int

    @property
    def short_operator(self) -> str:
        """The operator's name without cosmic-ray's `core/` prefix."""
        return self.operator.removeprefix("core/")

    @property
    def name(self) -> str:
        """How a report names the change: module, line, operator, occurrence."""
        return f"{self.module}:{self.line} {self.short_operator}#{self.occurrence}"


Wanted = tuple[str, str, str, str, int]
"""A change named by what it does: module, operator (short), line before, line after, and how
many earlier lines of the module read as the line before does."""


@dataclass(frozen=True)
class Mutant:
    """A change made: the place, the module's source after it, and the line before and after."""

    place: Place
    source: str
    before: str
    after: str
    diff: str
    alike: int
    """How many earlier lines of the module read as the changed line does (stripped), so that
    module, operator, line before and after, and this count name one change wherever the lines
    move."""

    @property
    def wanted(self) -> Wanted:
        """The change named by what it does (how a report or a stored run asks for it again)."""
        place = self.place
        return (place.module, place.short_operator, self.before, self.after, self.alike)


def _cosmic_ray() -> Any:
    """cosmic-ray's operator registry, with a clear error where the extra is not installed."""
    try:
        import cosmic_ray.plugins  # the `mutation` extra
    except ModuleNotFoundError as exc:
        raise SystemExit(
            "the mutation measure needs cosmic-ray: pip install -e '.[mutation]'"
        ) from exc
    return cosmic_ray.plugins


def _left_out(node: Any) -> bool:
    """Whether a parso node lies where a change changes nothing that an engine's runner is
    shown: in a parameter's, a return's or a variable's annotation (postponed, never run), or
    in an f-string (the text of a message, which no runner judges: refusals are judged by
    their reason codes)."""
    child, parent = node, node.parent
    while parent is not None:
        siblings = parent.children
        at = next(index for index, sibling in enumerate(siblings) if sibling is child)
        if parent.type == "fstring":
            return True
        if parent.type in ("tfpdef", "annassign") and siblings[at - 1].type == "operator":
            if siblings[at - 1].value == ":":
                return True
        if parent.type == "funcdef" and at > 0 and getattr(siblings[at - 1], "value", "") == "->":
            return True
        child, parent = parent, parent.parent
    return False


@functools.lru_cache(maxsize=4)
def _parsed(source: str) -> bytes:
    """A module's parso tree, pickled: unpickling a copy is several times quicker than parsing
    the source again for each change (a change is made to its own copy, in place)."""
    from cosmic_ray.ast import get_ast  # the `mutation` extra

    return pickle.dumps(get_ast(source))


def _tree(source: str) -> Any:
    """A fresh parso tree of `source`, which the caller may change."""
    return pickle.loads(_parsed(source))


def places(module: str, source: str, operators: Iterable[str] = OPERATORS) -> Iterator[Place]:
    """Every place each operator (of `operators`, all by default) can change this module's
    source, annotations and f-strings left out."""
    from cosmic_ray.ast import ast_nodes  # the `mutation` extra

    plugins = _cosmic_ray()
    nodes = list(ast_nodes(_tree(source)))
    for operator_name in operators:
        operator = plugins.get_operator(operator_name)()
        occurrence = 0
        for node in nodes:
            for start, _end in operator.mutation_positions(node):
                if not _left_out(node):
                    yield Place(module, operator_name, occurrence, start[0])
                occurrence += 1


def made(place: Place, source: str) -> Mutant | None:
    """The change at `place` made to `source`; None where it makes no change to the code."""
    from cosmic_ray.mutating import MutationVisitor  # the `mutation` extra

    operator = _cosmic_ray().get_operator(place.operator)()
    # As cosmic-ray's `mutate_code`, on a fresh copy of the module's tree rather than a new parse.
    visitor = MutationVisitor(place.occurrence, operator)
    walked = visitor.walk(_tree(source))
    changed = walked.get_code() if visitor.mutation_applied else None
    if changed is None or changed == source:
        return None
    old, new = source.splitlines(), str(changed).splitlines()
    diff = "\n".join(
        difflib.unified_diff(old, new, f"a/{place.module}", f"b/{place.module}", n=1, lineterm="")
    )
    before = old[place.line - 1].strip() if place.line <= len(old) else ""
    after = new[place.line - 1].strip() if place.line <= len(new) else ""
    alike = sum(line.strip() == before for line in old[: place.line - 1])
    return Mutant(place, str(changed), before, after, diff, alike)


def module_places(
    package: Path, modules: list[str], operators: Iterable[str] = OPERATORS
) -> list[Place]:
    """Every place in these modules (paths inside `package`), in a fixed order."""
    found: list[Place] = []
    for module in sorted(modules):
        found.extend(places(module, (package / module).read_text("utf-8"), operators))
    return sorted(found)
