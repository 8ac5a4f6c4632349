"""The neighbour search put to an audit's problems: which single-rule change of the variant
(or pair) makes the reference engine play and score the records as the engine did.

A stream may hold any number of games, so the search sees a bounded sample: every problem is
counted under its fingerprint (`clusters`: what differs and how), and the first one or two of
each cluster, from different games, are put to the search, each as a case starting at its hand
(a record whose only figures are its end's: the whole game), so that every distinct problem
gets its one diagnosis, which names every game of its cluster; and hands the engine got right,
which a rule change must keep right: the first few, and a few more for each thing a hand's
score can turn on (a failed nil, a set, a bag penalty) that they leave out. A record's
variant is searched by its shipped id, or, for a house's variant file, under the file's own id,
the file registered for the run as `conform` registers one (a file extending nothing shipped,
or taking the id of another file met before, is checked but not searched). The search itself is
`spadespec.conformance.analysis.diagnosis`'s, called from `Sample.diagnose` and nowhere else.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spadespec.conformance.analysis.audit.clusters import (
    MAX_CLUSTERS,
    Cluster,
    Clusters,
    describe,
    fingerprint,
)
from spadespec.conformance.analysis.audit.widening import only_widens
from spadespec.conformance.analysis.diagnosis.findings import Group
from spadespec.conformance.analysis.diagnosis.search import diagnose
from spadespec.conformance.contract.protocol.messages import PROTOCOL_VERSION, EngineInfo
from spadespec.conformance.contract.runner.checking import expected_for
from spadespec.conformance.contract.runner.grade import compare
from spadespec.conformance.contract.runner.run import UNEXPLAINED
from spadespec.conformance.contract.runner.verdict import CaseResult
from spadespec.conformance.contract.suite import variant_files
from spadespec.conformance.contract.suite.cases import Case
from spadespec.reference_engine.scoring.records import HandScore
from spadespec.reference_engine.variant import VariantError, load_variant
from spadespec.reference_engine.variant.axes import AXES

FAILURES_PER_CLUSTER = 2
"""Problems of one cluster (each from another game) put to the search."""
PASSES_PER_VARIANT = 12
"""Hands the engine got right, per variant, that an explaining change must keep right."""
PASSES_PER_TRAIT = 2
"""Beyond those, hands the engine got right kept for each thing a hand's score can turn on (a
nil failed, a side set, a bag penalty: `score_traits`) that fewer of the kept ones show. A
change to how one of them is scored must keep them right: a house that scores a double nil as
one looks like a cheaper failed nil on its double nils alone, until a single failed nil it
scores right is among the hands kept."""
BASE_FEATURES = ("illegal", "totals", "bags", "status")
"""What the records are graded on as an engine's answers; `legal` and `refusal` are added
where a record's `differed` answers were sampled."""


@dataclass(slots=True)
class _Sampled:
    """The cases kept, and which game and problem each failure stands for."""

    cases: list[Case] = field(default_factory=list)
    results: list[CaseResult] = field(default_factory=list)
    games: dict[str, str] = field(default_factory=dict)
    """Failure case id -> the game it comes from (`file:line`)."""
    kinds: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Failure case id -> (variant, kind of problem)."""
    whole_games: set[str] = field(default_factory=set)
    """Failure case ids of whole games, sampled from records of the end's figures alone."""
    features: set[str] = field(default_factory=lambda: set(BASE_FEATURES))


class Sample:
    """The problems and good hands kept for the search, a few of each kind (of problem, and of
    what a good hand's score turns on)."""

    def __init__(self) -> None:
        self._kept = _Sampled()
        self.clusters = Clusters()
        self._combos: Counter[frozenset[Any]] = Counter()
        """The set of clusters a game's problems fall under -> games with that set: how many
        games each diagnosis names, each game once, in memory that grows with the distinct
        sets alone."""
        self._open: GameSink | None = None
        self._passes: Counter[str] = Counter()
        self._traits: Counter[tuple[str, str]] = Counter()
        """(variant, trait) -> hands kept right that show it."""
        self._variants: set[str] = set()
        self._files: dict[str, str | None] = {}
        """A variant file's path -> the id it is searched under, or None where it cannot be."""

    def for_game(self, where: str, variant: str | None, options: dict[str, Any]) -> GameSink | None:
        """The sink for one game's hands, played under a shipped id; None where no variant."""
        self._close()
        if variant is None:
            return None
        self._open = GameSink(self, where, variant, options)
        return self._open

    def _close(self) -> None:
        """Count the last game's clusters, its audit being over once another game starts."""
        sink, self._open = self._open, None
        if sink is not None and sink.kinds:
            self._combos[frozenset(sink.kinds)] += 1

    def for_file(self, where: str, path: str, options: dict[str, Any]) -> GameSink | None:
        """The sink for one game played under the variant file at `path`; None where the file
        cannot be searched."""
        if path not in self._files:
            self._files[path] = _registered(path)
        return self.for_game(where, self._files[path], options)

    def _full(self, variant: str, differs: bool, traits: frozenset[str] = frozenset()) -> bool:
        if differs:
            return False  # every problem is counted under its cluster
        if self._passes[variant] < PASSES_PER_VARIANT:
            return False
        return all(self._traits[variant, trait] >= PASSES_PER_TRAIT for trait in traits)

    def _keep(self, sink: GameSink, start: dict[str, Any], actions: list[Any],
              expected: dict[str, Any], recorded: dict[str, Any],
              scored: HandScore | None, checked: tuple[str, ...] = (),
              whole_game: bool = False) -> None:  # fmt: skip
        if not expected:
            return
        traits = score_traits(scored)
        graded = expected_for(expected, checked) if checked else expected
        differences = tuple(compare(graded, recorded))
        kind = _kind(expected, differences)
        cluster: Cluster | None = None
        clauses: tuple[str, ...] = ()
        if differences:
            # What the first differing side's score turns on (a status or a refusal: every side's).
            sides = {differences[0].path.rsplit(".", 1)[-1]}
            sides &= set(scored.sides) if scored is not None else set()
            cluster = self._cluster(sink, differences, score_traits(scored, sides or None))
            clauses = pricing_clauses(scored, sides or None)
            if cluster is None or len(cluster.sampled) >= FAILURES_PER_CLUSTER:
                return
            if cluster.key in sink.sampled:
                return  # one problem of a cluster from each game: the sample spans games
            sink.sampled.add(cluster.key)
        elif self._full(sink.variant, False, traits):
            return
        else:
            self._passes[sink.variant] += 1
            self._traits.update((sink.variant, trait) for trait in traits)
        number = len(self._kept.cases)
        case_id = f"audit.{number}"
        case = Case(
            id=case_id, description=f"recorded in {sink.where}", tags=(*clauses, kind),
            origin={"kind": "recorded"}, level="must", status="ok", variant=sink.variant,
            options=dict(sink.options), setup=start, actions=list(actions), expect=expected,
            source_expect=None, erratum_reason=None, note=None, file=sink.where, data={},
        )  # fmt: skip
        verdict = "fail" if differences else "pass"
        self._kept.cases.append(case)
        result = CaseResult(case, verdict, differences, answers=recorded, checked=checked)
        self._kept.results.append(result)
        self._kept.features.update(checked)
        self._variants.add(sink.variant)
        if cluster is not None:
            cluster.sampled.append(case_id)
            if whole_game:
                self._kept.whole_games.add(case_id)
            self._kept.games[case_id] = sink.where
            self._kept.kinds[case_id] = (sink.variant, kind)

    def _cluster(
        self, sink: GameSink, differences: tuple[Any, ...], traits: frozenset[str]
    ) -> Cluster | None:
        """The cluster of a problem, counted there (its game once); None past the cap."""
        coarse, fine = fingerprint(sink.variant, differences, traits)
        cluster = self.clusters.place(coarse, fine)
        if cluster is None:
            self.clusters.beyond += 1
            if not sink.beyond:
                sink.beyond = True
                self.clusters.beyond_games += 1
            return None
        cluster.problems += 1
        if cluster.key not in sink.kinds:
            sink.kinds.add(cluster.key)
            cluster.add_game(sink.where)
        return cluster

    def diagnose(self) -> Diagnosed | None:
        """The search over the sample; None when nothing was sampled that went wrong."""
        self._close()
        kept = self._kept
        if not kept.games:
            return None
        features = [*BASE_FEATURES, *sorted(kept.features - set(BASE_FEATURES))]
        info: EngineInfo = {
            "name": "recorded games", "version": "", "language": "", "protocol": PROTOCOL_VERSION,
            "variants": sorted(self._variants), "features": features,
        }  # fmt: skip
        found = diagnose(kept.results, kept.cases, info)
        account = found.to_json()
        fits = {case_id: len(group["neighbours"]) for group in account.get("groups", ())
                for case_id in group["cases"]}  # fmt: skip
        consistent = self._widening(found.groups)
        labels = {}
        for case_id in kept.games:
            label = found.rule_of(case_id) or UNEXPLAINED
            if case_id in kept.whole_games and fits.get(case_id, 1) > 1:
                # A game's end alone may fit several rule changes (bags never counted, or
                # never reaching a penalty): the records cannot tell which, so none is named.
                label = UNEXPLAINED
            if case_id in consistent:
                label = UNEXPLAINED
            labels[case_id] = label
        named = {key: _named(cluster, labels, consistent)
                 for key, cluster in self.clusters.found.items() if cluster.sampled}  # fmt: skip
        games: Counter[str] = Counter()
        for combo, count in self._combos.items():
            games.update(dict.fromkeys({named[k].label for k in combo if k in named}, count))
        return Diagnosed(
            labels, dict(kept.games), dict(kept.kinds), account, tuple(named.values()),
            self.clusters.beyond, self.clusters.beyond_games, dict(games), consistent,
        )  # fmt: skip

    def _widening(self, groups: list[Group]) -> dict[str, str]:
        """Sampled problem -> the rule change found for it, where the records can only be
        consistent with it: every problem of its group an action the rules refuse that the
        engine played, the change only widening what the variant allows on every hand kept
        (`widening`), and no record of the variant holding the engine's legal actions."""
        out: dict[str, str] = {}
        kept = self._kept
        by_id = {case.id: case for case in kept.cases}
        for group in groups:
            if not all(set(by_id[i].expect) == {"illegal"} for i in group.cases):
                continue
            same = [r for r in kept.results if r.case.variant == group.variant
                    and r.case.options == group.options]  # fmt: skip
            if any({"legal", "refusal"} & set(r.checked) for r in same):
                continue
            if only_widens(group.best, (r.case for r in same)):
                out.update(dict.fromkeys(group.cases, group.best.label))
        return out


def _named(cluster: Cluster, labels: dict[str, str], consistent: dict[str, str]) -> NamedCluster:
    """A cluster with its one diagnosis: what most of its sampled problems were found to be
    (the first sampled where as many are found otherwise); unexplained, with the change the
    records are only consistent with, where that is what they were found to be."""
    found = Counter(labels[case_id] for case_id in cluster.sampled)
    first = labels[cluster.sampled[0]]
    best = max(found.values())
    label = first if found[first] == best else next(k for k, n in found.items() if n == best)
    alike = {consistent[i] for i in cluster.sampled if i in consistent and labels[i] == label}
    return NamedCluster(label, describe(cluster.key), cluster.problems, cluster.games,
                        tuple(cluster.named), min(alike) if alike else None)  # fmt: skip


def score_traits(scored: HandScore | None, sides: set[str] | None = None) -> frozenset[str]:
    """What a hand's score turns on, side by side (of `sides` alone, where given): a contract
    made or set, overtricks, a bag penalty, each nil (blind or not) made or failed, both
    partners nil, a big-bid bonus, a contract priced otherwise than by the trick (Boston, a
    bonus bid, an exact total), the moon, the spoiler's multiplied points; nothing for a probe
    of a refused action."""
    out: set[str] = set()
    lines = scored.sides.items() if scored is not None else ()
    for side, line in lines:
        if sides is not None and side not in sides:
            continue
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
        if line.spoiler_points:
            out.add("spoiler")
    return frozenset(out)


def rules_named_for(kind: str) -> tuple[str, ...]:
    """The scoring rules named for a way of pricing a contract (`bonus-bid`: the bonus bid's
    tricks, points made and set), in rulebook order."""
    return tuple(p for p in AXES if p.startswith(f"scoring.{kind.replace('-', '_')}"))


BIG_BID_CLAUSES = tuple(
    p for p, axis in AXES.items() if "bonus_points" in axis.sheet_items
) + tuple(p for p, axis in AXES.items() if any("bonus_points" in AXES[q].sheet_items
                                                for q in axis.linked))  # fmt: skip
"""The rules of a big-bid bonus earned on top of a contract: the one pricing the figure off (its
`bonus_points`) first, as a found case names them, then the ones linked to it."""


SPOILER_CLAUSES = tuple(p for p, axis in AXES.items() if "spoiler_points" in axis.sheet_items)
"""The rule that multiplies a spoiler's points (its `spoiler_points`)."""


def pricing_clauses(scored: HandScore | None, sides: set[str] | None = None) -> tuple[str, ...]:
    """The rules that priced the differing side's contract otherwise than by the trick (a
    bonus bid, a Boston, an exact total, a big-bid bonus earned), as a found case's clause tags
    name them: a hand's figure off there is first put to the changes of those rules, as a
    golden case is to those of the rule it was written about. Empty for a contract priced by
    the trick, whose figure can be off for any rule of the score."""
    out: list[str] = []
    lines = scored.sides.items() if scored is not None else ()
    for side, line in lines:
        if sides is not None and side not in sides:
            continue
        if line.contract_kind != "tricks":
            out += rules_named_for(line.contract_kind)
        if line.bonus_points:
            out += BIG_BID_CLAUSES
        if line.spoiler_points:
            out += SPOILER_CLAUSES
    return tuple(dict.fromkeys(out))


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
        self.kinds: set[Any] = set()
        """The clusters this game's problems were counted under."""
        self.sampled: set[Any] = set()
        """The clusters a problem of this game was sampled for."""
        self.beyond = False
        """Whether a problem of this game came past the cap on clusters."""

    def wants(self, differs: bool, scored: HandScore | None = None) -> bool:
        return not self.sample._full(self.variant, differs, score_traits(scored))

    def hand(self, start: dict[str, Any], actions: list[Any], expected: dict[str, Any],
             recorded: dict[str, Any], scored: HandScore | None = None,
             checked: tuple[str, ...] = (), whole_game: bool = False) -> None:  # fmt: skip
        self.sample._keep(self, start, actions, expected, recorded, scored, checked,
                          whole_game)  # fmt: skip


@dataclass(frozen=True, slots=True)
class NamedCluster:
    """One distinct problem (a cluster of its fingerprint) and its diagnosis."""

    label: str
    """The rule change that explains it, or UNEXPLAINED."""
    fingerprint: str
    """What differs and how, as a person reads it."""
    problems: int
    games: int
    named: tuple[str, ...]
    """The first games it was seen in (`file:line`)."""
    consistent_with: str | None = None
    """Where unexplained: the rule change the records are consistent with but cannot tell from
    another mistake that allows the same actions (`widening`)."""

    def to_json(self) -> dict[str, Any]:
        out = {"rule": self.label, "fingerprint": self.fingerprint, "problems": self.problems,
               "games": self.games, "first_games": list(self.named)}  # fmt: skip
        if self.consistent_with is not None:
            out["consistent_with"] = self.consistent_with
        return out


@dataclass(frozen=True)
class Diagnosed:
    """What the search said of the sampled problems, and so of every cluster."""

    labels: dict[str, str]
    """Sampled problem -> the rule change that explains it, or UNEXPLAINED."""
    games: dict[str, str]
    kinds: dict[str, tuple[str, str]]
    search: dict[str, Any]
    """The search's own account (`Diagnosis.to_json`)."""
    clusters: tuple[NamedCluster, ...] = ()
    """Every cluster sampled, with its diagnosis."""
    beyond: int = 0
    """Problems past the cap on clusters (MAX_CLUSTERS): counted, not diagnosed."""
    beyond_games: int = 0
    games_named: dict[str, int] = field(default_factory=dict)
    """Each diagnosis -> the games with a problem it names, each game once."""
    consistent: dict[str, str] = field(default_factory=dict)
    """Sampled problem left unexplained -> the rule change the records are only consistent
    with (`widening`)."""

    def games_by_rule(self) -> dict[str, tuple[int, list[str]]]:
        """Each diagnosis -> how many games show a problem it names, and the first of them."""
        out: dict[str, tuple[int, list[str]]] = {}
        for cluster in self.clusters:
            count, named = out.get(cluster.label, (0, []))
            named = named + [g for g in cluster.named if g not in named]
            out[cluster.label] = (self.games_named.get(cluster.label, count), named)
        return out

    def cap_line(self) -> str:
        """What the cap on clusters left undiagnosed, said plainly; empty when not reached."""
        if not self.beyond:
            return ""
        return (
            f"{self.beyond} more problems in {self.beyond_games} games differ in ways past the "
            f"first {MAX_CLUSTERS} clusters: counted, not diagnosed"
        )

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
            "consistent_with": dict(self.consistent),
            "clusters": [cluster.to_json() for cluster in self.clusters],
            "beyond_cap": {"problems": self.beyond, "games": self.beyond_games},
            "search": self.search,
        }
