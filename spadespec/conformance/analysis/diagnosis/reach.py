"""Which rules can touch a failure: those its case is written about (its clause tags) first,
then the rest of the rule sections that can change what failed (its differing observables, or
for a log refused because the game was over, the rules that end a game).

A difference in the totals cannot come from the order of the first lead alone, nor a legal
bid from the bag penalty; a neighbour that changes neither is not tried on it.
"""

from __future__ import annotations

from spadespec.conformance.analysis.diagnosis.replays import code_of
from spadespec.conformance.contract.runner.verdict import CaseResult
from spadespec.reference_engine.variant.model import SECTIONS, rule_paths

_ALL = tuple(SECTIONS)
_PLAY = ("deck", "table", "deal", "bidding", "play")
_SCORE = ("table", "scoring")
_END = ("table", "deal", "scoring", "game_end")

SECTIONS_SHOWN: dict[str, tuple[str, ...]] = {
    "legal": _PLAY,
    "illegal": _PLAY,
    "refusal": _PLAY,
    "trick_winners": ("deck", "table", "play"),
    "hands": _SCORE,
    "hand_points": _SCORE,
    "totals": _SCORE,
    "bags": _SCORE,
    "status": _END,
    "next_dealer": _END,
}
"""An observable (or a score request's figure) -> the rule sections that can change it; one
not listed (whose turn it is, say) can be changed by any rule."""


def _observable(path: str) -> str:
    head = path.removeprefix("$.")
    for mark in ".[":
        head = head.split(mark, 1)[0]
    return head


def rules_reaching(result: CaseResult) -> tuple[list[str], list[str]]:
    """The rules a failure's case is tagged with, and then the other rules of the sections
    that can change what differs (every section, for an error), in rulebook order."""
    paths = rule_paths()
    tagged = [p for p in paths if any(t.split("=", 1)[0] == p for t in result.case.tags)]
    if result.verdict == "error":
        # A log refused because the game was over can only be a game that ended sooner.
        sections = set(_END if code_of(result.message) == "game-over" else _ALL)
    else:
        sections = set()
        for difference in result.differences:
            sections.update(SECTIONS_SHOWN.get(_observable(difference.path), _ALL))
    rest = [p for p in paths if p.split(".", 1)[0] in sections and p not in tagged]
    return tagged, rest
