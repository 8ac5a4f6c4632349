"""The differences a fuzz run has met, each known once by its cause, with the count of games
that showed it.

Each differing game is judged once, on its first difference, against the variant itself: what
one game was found to be never changes how a later game is judged. The first difference is set
beside the differences already known: if the reference, under the rule change one of them was
named by (or listed as, `--expect-differ`), gives the engine's very answers at that position,
the game shows that one again and is counted with it, with no new search. If not, the game is
known by its cause (`cause_key`): of the figures that differ at the earliest hand end where
the engine goes wrong (`cause`), the one the others are worked out from, its positions and
sides merged (`$.totals.NS` and `$.totals.EW` are `$.totals.*`, `$.hand_points[3].NS` and
`$.hand_points[4].EW` are `$.hand_points[].*`), the same for a run request and a score
request; a game with a cause already met is counted with the difference first met with it.
Otherwise it is new: shrunk, diagnosed, written. A game whose difference a rule change
explains is judged on under that change from where it differed (`findings`), so that it hides
no other.

A listed difference never met makes the list stale. An engine that gave no answer (it exited,
hung, wrote garbage) is a finding of its own in each game it happened in, never explained by a
rule. A run resumed from its report (`fuzz --resume`) knows again what its difference lines
and last progress line say it had met.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from spadespec.conformance.analysis.diagnosis.neighbours import Neighbour, from_label
from spadespec.conformance.analysis.fuzz.checker import Divergence
from spadespec.conformance.analysis.fuzz.config import FuzzConfig
from spadespec.conformance.analysis.fuzz.differences import REFUSED, agrees
from spadespec.conformance.analysis.fuzz.observe import required_only
from spadespec.conformance.contract.engines.kept_games import SERVED_KEEP
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.runner.grade import compare
from spadespec.conformance.contract.runner.run import UNEXPLAINED
from spadespec.reference_engine.variant import ResolvedVariant, load_variant

OBSERVABLE = "observable:"
"""The key of a difference no neighbour explains, by its cause:
`observable:$.hands[].sides.*.bags_after`."""

FAILURE = "engine failure in game "
"""The key of an engine's failure to answer, by the game it happened in."""

_SCORE = "score request: "
_INDEX = re.compile(r"\[\d+\]")
_SIDE = re.compile(r"\.(?:NS|EW|[NS][EW]-[NS][EW]|NE|SE|SW|NW|[NESW])(?=$|[.\[])")
"""A side's or a seat's name in a path: one figure whichever side or seat it is of."""


def first_observable(differences: Any) -> str:
    """The observable named by the first differing item (`$.hands[2]...` is `hands`)."""
    for text in differences:
        if text.startswith(_SCORE):
            return "score"
        if text.startswith("$."):
            head: str = text[2:].split(".", 1)[0].split("[", 1)[0].split(":", 1)[0]
            return head
    return "answer"


COUNTS = (
    "contract", "side_tricks", "tricks", "made", "overtricks", "nils", "bags_before",
    "bags_added", "bags_after",
)  # fmt: skip
"""A hand sheet's counts, in the order they are worked out."""

POINTS = (
    "contract_points", "overtrick_points", "bonus_points", "spoiler_points", "bag_penalties",
    "bag_penalty",
    "moon", "hand_points", "score_before", "score_after",
)  # fmt: skip
"""A hand sheet's points, in the order they are scored (from the counts)."""

ITEMS = (*COUNTS, *POINTS, "")
"""A hand sheet's items in order, "" for one not listed (counted among the points)."""

STAGES = (
    ("trick_winners", "legal", "illegal"),
    ("hands:counts", "bids", "tricks"),
    ("bags",),
    ("hands:points", "hand_points"),
    ("totals",),
    ("status", "to_act", "next_dealer"),
)
"""The figures of a position in the order each is worked out from those before it: who won
each trick (so who leads next) and the legal actions; each hand's counts, then the bags a side
holds; each hand's points, then the totals; then the end of the game and who is to act. A side
whose bags are not carried shows in its bags before its bag penalty, its totals or the end of
its game."""

WHOLE = ("status",)
"""Figures known as a whole: a game over a hand early or late, or won by the other side, is
one way of ending it wrongly (`$.status`)."""

_NAME = re.compile(r"[A-Za-z_]+")
_HAND = re.compile(r"\[(\d+)\]")


def _first(text: str) -> tuple[int, int, int, int]:
    """Where a differing figure stands among those of a position (`STAGES`): its stage, its
    place there, its hand, its item in the hand's sheet."""
    path = text.split(": ", 1)[0]
    names = _NAME.findall(path)
    top = names[0] if names else ""
    sheet = ITEMS.index(next((n for n in names[1:] if n in ITEMS), "")) if top == "hands" else 0
    if top == "hands":
        top = "hands:counts" if sheet < len(COUNTS) else "hands:points"
    stage = next((i for i, s in enumerate(STAGES) if top in s), len(STAGES))
    place = STAGES[stage].index(top) if stage < len(STAGES) else 0
    index = _HAND.search(path)
    return stage, place, int(index.group(1)) if index else 0, sheet


def cause_key(differences: Any) -> str:
    """How a difference nothing explains is known: of the figures that differ, the one the
    others are worked out from (`STAGES`; the earliest hand's), its positions and sides left out
    (`$.hands[].sides.*.bags_after`), the game's status as a whole (`$.status`), a score
    request's the same as a run request's; an engine refusing the log is one cause wherever
    it did."""
    texts = [text.removeprefix(_SCORE) for text in differences]
    if texts and texts[0].startswith(REFUSED):
        return REFUSED
    figures = [text for text in texts if text.startswith("$")]
    if not figures:
        return first_observable(differences)
    path = min(figures, key=_first).split(": ", 1)[0]
    top = _NAME.findall(path)[:1]
    if top and top[0] in WHOLE:
        return f"$.{top[0]}"
    return _SIDE.sub(".*", _INDEX.sub("[]", path))


class ExpectedDifferenceError(ValueError):
    """An `--expect-differ` entry names no change the variant format allows."""


@dataclass(slots=True)
class Known:
    """One distinct difference: the rule change (or first differing figure) it is known by."""

    key: str
    neighbour: Neighbour | None
    cause: str = ""
    """The cause of the game it was first met in (`cause_key`), when it was met."""
    listed: bool = False
    """Listed as known (`--expect-differ`): passed over when met, stale when never met."""
    seen: int = 0
    """Games that showed it."""
    line: dict[str, Any] | None = None
    """Its report line, once shrunk and written."""


@dataclass(slots=True)
class Campaign:
    """The differences a run has met so far."""

    config: FuzzConfig
    known: list[Known] = field(default_factory=list)
    _base: ResolvedVariant | None = None
    _under: dict[tuple[str, ...], ResolvedVariant | None] = field(default_factory=dict)
    """The variant under each set of rule changes asked for, made once (the very object, so
    that `reference` plays on a game it keeps under it)."""
    reference: ReferenceEngine = field(default_factory=lambda: ReferenceEngine(keep=SERVED_KEEP))
    """The reference under known rule changes: a game's difference tried under one, then
    its game judged on under it, the game replayed once."""

    @classmethod
    def with_expected(cls, config: FuzzConfig, labels: dict[str, str]) -> Campaign:
        campaign = cls(config)
        base = campaign.base()
        for label in labels:
            near = from_label(base, label)
            if near is None:
                raise ExpectedDifferenceError(
                    f"{label!r} is no rule change the variant format allows for "
                    f"{config.variant} (write it as a diagnosis names it: "
                    "`scoring.bag_threshold=11`, two joined by ` + `)"
                )
            campaign.known.append(Known(near.label, near, listed=True))
        return campaign

    def base(self) -> ResolvedVariant:
        """The run's variant, loaded once: every game's differences are tried beside it."""
        if self._base is None:
            self._base = load_variant(self.config.variant, dict(self.config.options))
        return self._base

    def under(self, keys: list[str]) -> ResolvedVariant | None:
        """The variant with the rule changes `keys` (each a diagnosis's label), or None when
        they cannot stand together."""
        if not keys:
            return self.base()
        if tuple(keys) not in self._under:
            near = from_label(self.base(), " + ".join(keys))
            self._under[tuple(keys)] = near.variant if near is not None else None
        return self._under[tuple(keys)]

    def explaining(self, found: Divergence, before: list[str]) -> Known | None:
        """The known difference (listed or named) that explains `found` on top of the rule
        changes `before` (those already named in its game): the reference under them gives
        the engine's very answers where it differed."""
        if found.request is None or (found.answers is None and not refused(found)):
            return None
        for known in self.known:
            if known.neighbour is None or known.key in before:
                continue
            variant = self.under([*before, known.key])
            if variant is not None and gives(variant, found, self.reference):
                return known
        return None

    def with_cause(self, cause: str) -> Known | None:
        """The difference first met with this cause, if one was."""
        return next(
            (k for k in self.known if k.cause == cause and not k.key.startswith(FAILURE)), None
        )

    def record(self, line: dict[str, Any], near: Neighbour | None, cause: str) -> Known:
        """A difference shrunk and diagnosed: the known one it turned out to be (a rule
        change met or listed), or a new one (not yet counted: `seen` 0); one nothing explains
        is known by its cause, and an engine's failure by its game."""
        key = _key(line, cause)
        for known in self.known:
            if known.key == key:
                if not known.cause:
                    known.cause = cause
                return known
        known = Known(key, near, cause=cause, line=line)
        self.known.append(known)
        return known

    def restore(self, lines: list[dict[str, Any]], met: list[str]) -> None:
        """What a stopped run had met, from its report: its difference lines, and the listed
        differences its last progress line says were met."""
        base = self.base()
        for line in lines:
            if line.get("kind") != "difference":
                continue
            near = None
            if line["rule"] != UNEXPLAINED and not line.get("engine_failed"):
                near = from_label(base, line["rule"])
            cause = line.get("cause") or cause_key(line["differences"])
            key = _key(line, cause)
            if not any(k.key == key for k in self.known):
                self.known.append(Known(key, near, cause=cause, seen=1, line=line))
        for known in self.known:
            if known.listed and known.key in met:
                known.seen = max(known.seen, 1)

    def met(self) -> list[str]:
        """The listed differences met so far."""
        return [k.key for k in self.known if k.listed and k.seen]

    def failures(self) -> int:
        """The engine's failures to answer met so far."""
        return sum(1 for k in self.known if k.key.startswith(FAILURE))

    def listed(self, label: str) -> bool:
        """Whether the run was told of this difference (`--expect-differ`)."""
        return any(k.listed and k.key == label for k in self.known)

    def found(self) -> list[Known]:
        """The differences met that were not listed, in the order found."""
        return [k for k in self.known if not k.listed and k.seen]

    def rule_differences(self) -> list[Known]:
        """`found`, less the engine's failures to answer."""
        return [k for k in self.found() if not k.key.startswith(FAILURE)]

    def stale(self) -> list[Known]:
        """Listed differences the run never met."""
        return [k for k in self.known if k.listed and not k.seen]


def refused(found: Divergence) -> bool:
    """Whether the difference is the engine refusing the log (an answer of its own)."""
    return bool(found.differences) and cause_key(found.differences) == REFUSED


def gives(variant: ResolvedVariant, found: Divergence, reference: ReferenceEngine) -> bool:
    """Whether the reference under `variant` gives the engine's answers where it differed
    (compared as grading compares them: `legal` as a set), or refuses the log the engine
    refused."""
    request: Any = {"id": "fuzz", "variant": {"id": variant.id, "options": {}}}
    request.update(found.request or {})
    if found.score:
        answer = reference.score_resolved(variant, request)
    else:
        answer = reference.run_resolved(variant, request)
    if refused(found):
        return answer["outcome"] == "errored"
    if answer["outcome"] != "answered" or found.answers is None:
        return False
    wanted = answer["answers"] if found.score else required_only(answer["answers"])
    return agrees(wanted, found.answers) or not compare(wanted, found.answers)


def _key(line: dict[str, Any], cause: str) -> str:
    if line.get("engine_failed"):
        return f"{FAILURE}{line['game']}"
    return str(line["rule"]) if line["rule"] != UNEXPLAINED else OBSERVABLE + cause
