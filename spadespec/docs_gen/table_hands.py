"""A hand a player would recognise for a witness that shows a difference on the score sheet.

`spadespec diff` finds its witnesses with bots that bid anything (three nils and a 13). For the
page people read, a witness that shows the difference after a whole hand is looked for again
among ordinary hands: bids of 1 to 6 or nil, trick counts near the bids, the totals going in
the witness's own (so a game-end witness still ends on its edge). The hand's cards come from
the same deal search the worked examples use, and the new witness is replayed under both
rulesets: it is used only when the same observable differs there. The witnesses `spadespec
diff` and the generated cases use are left as they are.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import Any

from spadespec.conformance.analysis.fuzz.witness.hands import shared_table
from spadespec.conformance.analysis.fuzz.witness.timeline import parting, seen_at, timeline
from spadespec.conformance.machinery.authoring.deal_search import SearchFailed, find_play
from spadespec.conformance.machinery.authoring.hand_math import boston_side, status_after
from spadespec.reference_engine.scorer import score_hand
from spadespec.reference_engine.scoring import SideTotals
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import ResolvedVariant
from spadespec.reference_engine.variant.model import Rules, rule_at, with_rule

SCORE_OBSERVABLES = ("hands", "totals", "bags", "status")
_BIDS: tuple[Any, ...] = ("nil", 1, 2, 3, 4, 5, 6)
_SEATS = ("N", "E", "S", "W")
MAX_TRIED = 3000
"""Hands scored under both rulesets, at most, before keeping the witness as found."""
MAX_DEALT = 3
"""Hands whose cards are searched for, at most: one that scores apart almost always plays."""


def _pair(a: ResolvedVariant, b: ResolvedVariant, path: str, checked: str) -> Rules | None:
    """The second ruleset the witness was replayed under: `b`, or `a` with the one rule as `b`
    has it; None for any other kind of check."""
    if checked == "both variants":
        return b.rules
    if checked == f"{a.id} with only {path} changed":
        return with_rule(a.rules, path, rule_at(b.rules, path))
    return None


def _candidates(path: str) -> Iterator[tuple[dict[str, Any], dict[str, int]]]:
    """Bids and trick counts, the most ordinary first: a nil only where the rule is about nil."""
    nil_rule = "nil" in path
    bid_sets = []
    for bids in product(_BIDS, repeat=4):
        nils = bids.count("nil")
        numeric = sum(b for b in bids if b != "nil")
        if nils > 2 or not 7 <= numeric <= 13 or (nil_rule and nils == 0):
            continue
        wanted = (2 if "double" in path else 1) if nil_rule else 0
        bid_sets.append((abs(nils - wanted), abs(numeric - 11), bids))
    for _, _, bids in sorted(bid_sets, key=lambda k: (k[0], k[1], [str(b) for b in k[2]])):
        near = [(0, 1, 2) if b == "nil" else (b, b + 1, b - 1, b + 2) for b in bids]
        for tricks in product(*near):
            if sum(tricks) == 13 and min(tricks) >= 0:
                yield dict(zip(_SEATS, bids, strict=True)), dict(zip(_SEATS, tricks, strict=True))


def _end_state(
    rules: Rules, bids: dict[str, Any], tricks: dict[str, int], setup: dict[str, Any]
) -> tuple[dict[str, Any], Any]:
    prior = {
        side: SideTotals(setup.get("scores", {}).get(side, 0), setup.get("bags", {}).get(side, 0))
        for side in table_of(rules).sides
    }
    score = score_hand(rules, bids, tricks, prior)
    sides = score.to_json()["sides"]
    totals = {side: line["score_after"] for side, line in sides.items()}
    status = status_after(
        rules, totals, setup.get("hands_played", 0) + 1, boston_side(rules, bids, tricks)
    )
    return sides, status


def _points(rules: Rules, witness: dict[str, Any]) -> dict[str, int] | None:
    """Each side's points for the witness's own hand under `rules`, from its timeline."""
    seen = timeline(rules, witness["setup"], witness["actions"])
    sheets = [v for (_, name), v in seen.items() if name == "hands"]
    if not sheets:
        return None
    return {side: line["hand_points"] for side, line in sheets[-1][-1]["sides"].items()}


def recognisable(
    a: ResolvedVariant, b: ResolvedVariant, path: str, witness: dict[str, Any]
) -> dict[str, Any] | None:
    """The witness again, as an ordinary hand; None where none is found or it does not apply.
    Replayed under both rulesets where the witness was; where an ordinary hand will not replay
    under the second (it bids in another order, say), under the first with only this rule
    changed, as `spadespec diff` does, and it says so."""
    if witness.get("observable") not in SCORE_OBSERVABLES or "probe" in witness:
        return None
    alone = f"{a.id} with only {path} changed"
    tries = [witness.get("checked", "")]
    if tries[0] == "both variants":
        tries.append(alone)
    for checked in tries:
        other = _pair(a, b, path, checked)
        if other is None or not shared_table([a.rules, other]) or table_of(a.rules).players != 4:
            continue
        found = _search(a, other, path, witness)
        if found is not None:
            return {**found, "checked": checked}
    return None


def _search(
    a: ResolvedVariant, other: Rules, path: str, witness: dict[str, Any]
) -> dict[str, Any] | None:
    observable = witness["observable"]
    setup = dict(witness["setup"])
    # A game-end witness keeps the totals it ends on: what the new hand scores less is added
    # to the totals going in (scores before, never the target itself, move).
    shift = None
    if observable != "hands":
        shift = _points(a.rules, witness)
        if shift is None:
            return None
    tried = dealt = 0
    for bids, tricks in _candidates(path):
        tried += 1
        if tried > MAX_TRIED:
            return None
        start = dict(setup)
        if shift is not None:
            try:
                bags = {
                    side: SideTotals(0, setup.get("bags", {}).get(side, 0))
                    for side in table_of(a.rules).sides
                }
                points = score_hand(a.rules, bids, tricks, bags).to_json()["sides"]
            except ValueError:
                continue
            start["scores"] = {
                side: setup.get("scores", {}).get(side, 0) + shift[side] - line["hand_points"]
                for side, line in points.items()
            }
        try:
            mine = _end_state(a.rules, bids, tricks, start)
            theirs = _end_state(other, bids, tricks, start)
        except ValueError:
            continue
        if mine == theirs:
            continue
        found = _played(a, other, bids, tricks, start, observable)
        if found is not None:
            return found
        dealt += 1
        if dealt >= MAX_DEALT:
            return None
    return None


def _played(
    a: ResolvedVariant,
    other: Rules,
    bids: dict[str, Any],
    tricks: dict[str, int],
    setup: dict[str, Any],
    observable: str,
) -> dict[str, Any] | None:
    """Cards for the hand, and the witness they make when both rulesets replay them."""
    try:
        found = find_play(a, dealer=setup["dealer"], bids=bids, tricks=tricks, setup=setup)
    except (SearchFailed, ValueError):
        return None
    mine = timeline(a.rules, setup, found.actions)
    theirs = timeline(other, setup, found.actions)
    point = parting(mine, theirs)
    if point is None or point[1] != observable:
        return None
    return {
        "setup": setup,
        "actions": found.actions[: point[0]],
        "observable": observable,
        "a": seen_at(mine, point),
        "b": seen_at(theirs, point),
    }
