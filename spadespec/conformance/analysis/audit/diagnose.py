"""The neighbour search put to an audit's problems: which single-rule change of the variant
(or pair) makes the reference engine play and score the records as the engine did.

A stream may hold any number of games, so the search sees a bounded sample: the first few
problems of each kind in each variant (a refusal by its reason, a figure by its name), each as
a case starting at its hand, and hands the engine got right, which a rule change must keep
right: the first few, and a few more for each thing a hand's score can turn on (a failed nil,
a set, a bag penalty) that they leave out. A record's variant is searched by its shipped id,
or, for a house's variant file, under the file's own id, the file registered for the run as
`conform` registers one (a file extending nothing shipped, or taking the id of another file
met before, is checked but not searched). The search itself is
`spadespec.conformance.analysis.diagnosis`'s, called from `Sample.diagnose` and nowhere else.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spadespec.conformance.analysis.diagnosis.search import diagnose
from spadespec.conformance.contract.protocol.messages import PROTOCOL_VERSION, EngineInfo
from spadespec.conformance.contract.runner.grade import compare
from spadespec.conformance.contract.runner.run import UNEXPLAINED
from spadespec.conformance.contract.runner.verdict import CaseResult
from spadespec.conformance.contract.suite import variant_files
from spadespec.conformance.contract.suite.cases import Case
from spadespec.reference_engine.scoring.records import HandScore
from spadespec.reference_engine.variant import VariantError, load_variant

FAILURES_PER_KIND = 3
"""Problems of one kind, in one variant, put to the search."""
PASSES_PER_VARIANT = 12
"""Hands the engine got right, per variant, that an explaining change must keep right."""
PASSES_PER_TRAIT = 2
"""Beyond those, hands the engine got right kept for each thing a hand's score can turn on (a
nil failed, a side set, a bag penalty: `score_traits`) that fewer of the kept ones show. A
change to how one of them is scored must keep them right: a house that scores a double nil as
one looks like a cheaper failed nil on its double nils alone, until a single failed nil it
scores right is among the hands kept."""
MAX_KINDS = 12
"""Kinds of problem searched in a run, all variants together."""


@dataclass(slots=True)
class _Sampled:
    """The cases kept, and which game and problem each failure stands for."""

    cases: list[Case] = field(default_factory=list)
    results: list[CaseResult] = field(default_factory=list)
    games: dict[str, str] = field(default_factory=dict)
    """Failure case id -> the game it comes from (`file:line`)."""
    kinds: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Failure case id -> (variant, kind of problem)."""


class Sample:
    """The problems and good hands kept for the search, a few of each kind (of problem, and of
    what a good hand's score turns on)."""

    def __init__(self) -> None:
        self._kept = _Sampled()
        self._failures: Counter[tuple[str, str]] = Counter()
        self._passes: Counter[str] = Counter()
        self._traits: Counter[tuple[str, str]] = Counter()
        """(variant, trait) -> hands kept right that show it."""
        self._variants: set[str] = set()
        self._files: dict[str, str | None] = {}
        """A variant file's path -> the id it is searched under, or None where it cannot be."""

    def for_game(self, where: str, variant: str | None, options: dict[str, Any]) -> GameSink | None:
        """The sink for one game's hands, played under a shipped id; None where no variant."""
        if variant is None:
            return None
        return GameSink(self, where, variant, options)

    def for_file(self, where: str, path: str, options: dict[str, Any]) -> GameSink | None:
        """The sink for one game played under the variant file at `path`; None where the file
        cannot be searched."""
        if path not in self._files:
            self._files[path] = _registered(path)
        return self.for_game(where, self._files[path], options)

    def _full(self, variant: str, differs: bool, traits: frozenset[str] = frozenset()) -> bool:
        if differs:
            kinds = {k for k, n in self._failures.items() if n}
            return len(kinds) >= MAX_KINDS and not any(k[0] == variant for k in kinds)
        if self._passes[variant] < PASSES_PER_VARIANT:
            return False
        return all(self._traits[variant, trait] >= PASSES_PER_TRAIT for trait in traits)

    def _keep(self, sink: GameSink, start: dict[str, Any], actions: list[Any],
              expected: dict[str, Any], recorded: dict[str, Any],
              traits: frozenset[str]) -> None:  # fmt: skip
        if not expected:
            return
        differences = tuple(compare(expected, recorded))
        kind = _kind(expected, differences)
        if differences:
            bucket = (sink.variant, kind)
            if kind in sink.kinds or self._failures[bucket] >= FAILURES_PER_KIND:
                return  # one problem of a kind from each game: the sample spans games
            if self._full(sink.variant, True):
                return
            self._failures[bucket] += 1
            sink.kinds.add(kind)
        elif self._full(sink.variant, False, traits):
            return
        else:
            self._passes[sink.variant] += 1
            self._traits.update((sink.variant, trait) for trait in traits)
        number = len(self._kept.cases)
        case_id = f"audit.{number}"
        case = Case(
            id=case_id, description=f"recorded in {sink.where}", tags=(kind,),
            origin={"kind": "recorded"}, level="must", status="ok", variant=sink.variant,
            options=dict(sink.options), setup=start, actions=list(actions), expect=expected,
            source_expect=None, erratum_reason=None, note=None, file=sink.where, data={},
        )  # fmt: skip
        verdict = "fail" if differences else "pass"
        self._kept.cases.append(case)
        self._kept.results.append(CaseResult(case, verdict, differences, answers=recorded))
        self._variants.add(sink.variant)
        if differences:
            self._kept.games[case_id] = sink.where
            self._kept.kinds[case_id] = (sink.variant, kind)

    def diagnose(self) -> Diagnosed | None:
        """The search over the sample; None when nothing was sampled that went wrong."""
        kept = self._kept
        if not kept.games:
            return None
        info: EngineInfo = {
            "name": "recorded games", "version": "", "language": "", "protocol": PROTOCOL_VERSION,
            "variants": sorted(self._variants), "features": ["illegal", "totals", "bags", "status"],
        }  # fmt: skip
        found = diagnose(kept.results, kept.cases, info)
        labels = {case_id: found.rule_of(case_id) or UNEXPLAINED for case_id in kept.games}
        return Diagnosed(labels, dict(kept.games), dict(kept.kinds), found.to_json())


def score_traits(scored: HandScore | None) -> frozenset[str]:
    """What a hand's score turns on, side by side: a contract made or set, overtricks, a bag
    penalty, each nil (blind or not) made or failed, both partners nil, a big-bid bonus, a
    contract priced otherwise than by the trick (Boston, a bonus bid, an exact total), the moon;
    nothing for a probe of a refused action."""
    out: set[str] = set()
    for line in scored.sides.values() if scored is not None else ():
        if line.contract:
            out.add("made" if line.made else "set")
        if line.overtricks:
            out.add("overtricks")
        if line.bag_penalties:
            out.add("bag-penalty")
        for nil in line.nils:
            out.add(f"{'blind-nil' if nil.blind else 'nil'}-{'made' if nil.made else 'failed'}")
        if len(line.nils) > 1:
            out.add("double-nil")
        if line.bonus_points:
            out.add("bonus")
        if line.contract_kind != "tricks":
            out.add(line.contract_kind)
        if line.moon:
            out.add("moon")
    return frozenset(out)


def _registered(path: str) -> str | None:
    """The id a variant file is searched under, registered for the run as a house's file; None
    where it does not load, extends nothing shipped, or another file already took its id."""
    try:
        variant = load_variant(path)
    except VariantError:
        return None
    taken = variant_files.variant_file(variant.id)
    if taken is not None and taken.path != Path(variant.file or path).resolve():
        return None
    try:
        return variant_files.register(variant).id
    except variant_files.VariantFileRefused:
        return None


def _kind(expected: dict[str, Any], differences: tuple[Any, ...]) -> str:
    """What kind of problem a sampled hand shows: the refusal's reason, or the first figure
    that differs (`totals`); for a good hand, what it was asked."""
    if "illegal" in expected:
        return str(expected["illegal"]["reason"] or "allowed")
    if differences:
        return str(differences[0].path.split(".")[1])
    return "figures"


class GameSink:
    """One game's hands, passed on to the sample (`replay.HandSink`)."""

    def __init__(self, sample: Sample, where: str, variant: str, options: dict[str, Any]) -> None:
        self.sample = sample
        self.where = where
        self.variant = variant
        self.options = options
        self.kinds: set[str] = set()
        """The kinds of problem of this game already kept."""

    def wants(self, differs: bool, scored: HandScore | None = None) -> bool:
        return not self.sample._full(self.variant, differs, score_traits(scored))

    def hand(self, start: dict[str, Any], actions: list[Any], expected: dict[str, Any],
             recorded: dict[str, Any], scored: HandScore | None = None) -> None:  # fmt: skip
        self.sample._keep(self, start, actions, expected, recorded, score_traits(scored))


@dataclass(frozen=True, slots=True)
class Diagnosed:
    """What the search said of the sampled problems."""

    labels: dict[str, str]
    """Sampled problem -> the rule change that explains it, or UNEXPLAINED."""
    games: dict[str, str]
    kinds: dict[str, tuple[str, str]]
    search: dict[str, Any]
    """The search's own account (`Diagnosis.to_json`)."""

    def by_rule(self) -> dict[str, list[str]]:
        """Each explaining rule change (or UNEXPLAINED) -> the games of its sampled problems."""
        out: dict[str, list[str]] = {}
        for case_id, label in self.labels.items():
            games = out.setdefault(label, [])
            if self.games[case_id] not in games:
                games.append(self.games[case_id])
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "by_rule": self.by_rule(),
            "sampled": [
                {
                    "game": self.games[i],
                    "variant": self.kinds[i][0],
                    "kind": self.kinds[i][1],
                    "rule": self.labels[i],
                }
                for i in self.labels
            ],  # fmt: skip
            "search": self.search,
        }
