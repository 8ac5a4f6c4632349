"""A variant's figures from its tally: each a named estimate with its 95% interval, in the
order a table prints them, and each variant's differences from the first one."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, NamedTuple

from spadespec.reference_engine.simulation import intervals
from spadespec.reference_engine.simulation.intervals import Estimate
from spadespec.reference_engine.simulation.tally import BIG_CONTRACT, END_REASONS, PAID


class Figure(NamedTuple):
    """One figure of a simulation: a stable key, its words, whether it is a share (printed as
    a percentage) or a mean, and the estimate."""

    key: str
    label: str
    kind: str
    estimate: Estimate


PER_HANDS = 100
"""Nil and blind nil bids are counted per this many hands: a hand holds only a few hundredths
of a nil."""

PAID_WORDS = (
    "big-bid bonuses paid",
    "bonus bids made",
    "Bostons bid and taken",
    "moons shot",
)
"""How the figures name each bonus of `tally.PAID`, in its order."""


def _get(tally: Mapping[str, int], key: str) -> int:
    return tally.get(key, 0)


def _mean(tally: Mapping[str, int], key: str) -> Estimate:
    return intervals.mean(
        _get(tally, f"{key}.sum"), _get(tally, f"{key}.sq"), _get(tally, f"{key}.n")
    )


def histogram(tally: Mapping[str, int], name: str) -> dict[int, int]:
    prefix = f"hist.{name}."
    return {int(k[len(prefix) :]): v for k, v in tally.items() if k.startswith(prefix)}


def contract_sizes(tally: Mapping[str, int]) -> list[int]:
    return sorted(int(k.rsplit(".", 1)[1]) for k in tally if k.startswith("contract.bid."))


def _share(tally: Mapping[str, int], hits: str, n: int | str) -> Estimate:
    return intervals.share(_get(tally, hits), n if isinstance(n, int) else _get(tally, n))


def figures(tally: Mapping[str, int]) -> list[Figure]:
    """Every figure of one variant's games, in the order the table prints them."""
    games = _get(tally, "games")
    decided = _get(tally, "decided")
    hands = histogram(tally, "hands")
    out = [Figure("hands.mean", "hands per game (mean)", "mean", _mean(tally, "hands"))]
    for q, words in ((0.1, "10th percentile"), (0.5, "median"), (0.9, "90th percentile")):
        estimate = intervals.quantile(hands, q)
        out.append(
            Figure(f"hands.p{round(100 * q)}", f"hands per game ({words})", "quantile", estimate)
        )
    # Every way to end, those no game took included, so that any two variants compare on each.
    for reason in END_REASONS:
        estimate = _share(tally, f"end.{reason}", games)
        out.append(Figure(f"end.{reason}", f"games ended by: {reason}", "share", estimate))
    out.append(Figure("ties", "games tied", "share", _share(tally, "ties", games)))
    sizes = contract_sizes(tally)
    bid = sum(_get(tally, f"contract.bid.{s}") for s in sizes)
    made = sum(_get(tally, f"contract.made.{s}") for s in sizes)
    set_ = intervals.share(bid - made, bid)
    out.append(Figure("contract.set", "contracts set (all sizes)", "share", set_))
    for size in sizes:
        estimate = _share(tally, f"contract.made.{size}", f"contract.bid.{size}")
        out.append(Figure(f"contract.made.{size}", f"contracts of {size} made", "share", estimate))
    big = _mean(tally, "contract.big.per-game")
    words = f"side contracts of {BIG_CONTRACT} or more a game"
    out.append(Figure("contract.big.per-game", words, "mean", big))
    for kind, words in (("nil", "nil"), ("blind-nil", "blind nil")):
        per_game = _mean(tally, f"{kind}.per-game")
        out.append(Figure(f"{kind}.per-game", f"{words} bids a game", "mean", per_game))
        # A hand holds a few hundredths of a nil: counted per 100 hands, the figure and its
        # difference from another ruleset's keep their digits at two decimals.
        per_hands = intervals.scaled(_mean(tally, f"{kind}.per-hand"), PER_HANDS)
        words_per = f"{words} bids per {PER_HANDS} hands"
        out.append(Figure(f"{kind}.per-{PER_HANDS}-hands", words_per, "mean", per_hands))
        estimate = _share(tally, f"{kind}.made", f"{kind}.bid")
        out.append(Figure(f"{kind}.made", f"{words} bids made", "share", estimate))
    # Figures of rules a variant may not have: only where its games counted them.
    if _get(tally, "blind-bid.per-game.n"):
        blind = _mean(tally, "blind-bid.per-game")
        out.append(Figure("blind-bid.per-game", "blind numeric bids a game", "mean", blind))
    for name, words in zip(PAID, PAID_WORDS, strict=True):
        if _get(tally, f"paid.{name}.per-game.n"):
            paid = _mean(tally, f"paid.{name}.per-game")
            out.append(Figure(f"paid.{name}.per-game", f"{words} a game", "mean", paid))
    bids = histogram(tally, "bid")
    numeric = sum(bids.values())
    for size in sorted(bids):
        estimate = intervals.share(bids[size], numeric)
        words = f"numeric bids of {size} (share of all numeric bids)"
        out.append(Figure(f"bid.{size}", words, "share", estimate))
    for key, words in (
        ("bags", "bags taken per side a game"),
        ("penalties", "bag penalties per side a game"),
        ("penalty-points", "points lost to bag penalties per side a game"),
        ("points", "points per side a hand"),
    ):
        out.append(Figure(key, words, "mean", _mean(tally, key)))
    for key, words, n in (
        ("dealer-side.won", "first dealer's side wins", decided),
        ("leader.won", "side ahead at half-time wins", _get(tally, "leader.games")),
        ("comebacks", "winners that trailed by 200 or more", decided),
    ):
        out.append(Figure(key, words, "share", _share(tally, key, n)))
    return out


def _number(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 6)


def figure_json(figure: Figure) -> dict[str, Any]:
    e = figure.estimate
    return {
        "key": figure.key,
        "label": figure.label,
        "kind": figure.kind,
        "value": _number(e.value),
        "low": _number(e.low),
        "high": _number(e.high),
        "n": e.n,
    }


def differences(first: list[Figure], other: list[Figure]) -> list[tuple[Figure, Estimate, bool]]:
    """Each figure both have (a quantile has no standard error and is left out): `other`'s
    figure, its difference from `first`'s with the interval, and whether the games tell the
    two apart from chance."""
    base = {f.key: f for f in first}
    out = []
    for figure in other:
        mine = base.get(figure.key)
        if mine is None or figure.kind == "quantile":
            continue
        diff = intervals.difference(mine.estimate, figure.estimate, shares=figure.kind == "share")
        if diff.n:
            out.append((figure, diff, intervals.tells_apart(diff)))
    return out
