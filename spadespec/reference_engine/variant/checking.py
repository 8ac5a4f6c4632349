"""What the cross-rule checks share: the cards of each pack, and problems that say where each
value they compare was written.

A check compares values `Merged.possible` offers (the one written value of a rule, or every
choice of the option that decides it); each problem names the rules, the values, and the file
and line of every value involved, and sits at the one nearest the variant itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.reference_engine.variant.errors import Problem
from spadespec.reference_engine.variant.merge import Merged, Possible
from spadespec.reference_engine.variant.model import DeckKind

JOKERS = ("BJ", "LJ")
"""The big joker and the little joker, as a variant file writes them."""

_PLAIN = tuple(r + s for s in "CDHS" for r in "23456789TJQKA")
_MEGA_ORDER = tuple(r + s + "+" for r in "23456789TJQKA" for s in "SHDC")
"""Graham Spades' mega cards in the order it adds them to a pack: as many as the table needs,
the twos first (spades, hearts, diamonds, clubs), then the threes, and so on up."""
DECK_CARDS: dict[str, frozenset[str]] = {
    DeckKind.STANDARD_52.value: frozenset(_PLAIN),
    DeckKind.JOKERS_54.value: frozenset(_PLAIN + JOKERS),
    **{
        kind.value: frozenset(_PLAIN + _MEGA_ORDER[: int(kind.value.removeprefix("mega-")) - 52])
        for kind in DeckKind
        if kind.value.startswith("mega-")
    },
}
"""The cards in each kind of pack, written rank then suit (a mega card with its `+`)."""


def canonical_card(text: str) -> str:
    """A card as the project writes it: `10D` becomes `TD`, `as` becomes `AS`, `bj` becomes `BJ`,
    `10s+` becomes `TS+`; text that is no card is left as written but for the case."""
    text = text.strip().upper()
    plain = text.removesuffix("+")
    if plain.startswith("10") and len(plain) == 3:
        return "T" + text[2:]
    return text


def cards_of(value: Any) -> list[str]:
    """A card-list rule's value written the project's way (`[10d]` as `["TD"]`)."""
    return [canonical_card(str(card)) for card in value or []]


def where(p: Possible) -> str:
    """`file:line` of a value."""
    line, _column = p.doc.where(p.path)
    return f"{p.doc.file}:{line}" if line is not None else p.doc.file


def offered(p: Possible) -> str:
    """` (a choice of option 'x')` for a value an option offers, else nothing."""
    return f" (a choice of option {p.option!r})" if p.option else ""


def said(rule: str, p: Possible) -> str:
    """`rule is value (at file:line)`, the way a problem quotes a value."""
    return f"{rule} is {rule_value_text(p.value, none='null')}{offered(p)} (at {where(p)})"


def problem_at(p: Possible, message: str) -> Problem:
    """A problem placed where `p` is written."""
    return p.doc.problem(message, p.path)


@dataclass(frozen=True, slots=True)
class Needs:
    """Wherever the cause can hold (its rule takes a value `is_cause` accepts), every value the
    effect's rule can take must pass `is_ok`; `fix` tells the writer what to do."""

    cause: str
    is_cause: Callable[[Any], bool]
    effect: str
    is_ok: Callable[[Any], bool]
    fix: str

    def problems(self, merged: Merged) -> Iterator[Problem]:
        """One problem per value of the effect that fails while the cause can hold, placed at
        the effect's value when both are written in the same file."""
        causes = [p for p in merged.possible(self.cause) if self.is_cause(p.value)]
        if not causes:
            return
        for bad in (p for p in merged.possible(self.effect) if not self.is_ok(p.value)):
            yield problem_at(
                merged.nearest(bad, causes[0]),
                f"{said(self.cause, causes[0])} but {said(self.effect, bad)}; {self.fix}",
            )


def requires(merged: Merged, *needs: Needs) -> Iterator[Problem]:
    """The problems of each requirement in turn."""
    for need in needs:
        yield from need.problems(merged)


def is_set(value: Any) -> bool:
    """The test for a rule that must be given a value (not null)."""
    return value is not None
