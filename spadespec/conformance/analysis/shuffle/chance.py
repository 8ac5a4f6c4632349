"""The five tests of a shuffle, each comparing a tally with what chance gives, and the exact
distributions they compare with.

A chi-square test is asked only of bins chance fills at least `MIN_EXPECTED` times; rarer
outcomes share one bin. Two tests sum over cells that are not independent (a card is in one
seat only; a hand holds a fixed number of cards): their statistics are scaled to the
chi-square distribution they follow, as worked out in docs/checking-in-production.md.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import product
from typing import TypeVar

import numpy as np
from scipy import stats

from spadespec.conformance.analysis.shuffle.tally import DealSetting, Pattern, Tally
from spadespec.conformance.analysis.shuffle.thresholds import MIN_EXPECTED
from spadespec.reference_engine.cards import CARD_TEXT

K = TypeVar("K")


@dataclass(frozen=True, slots=True)
class Statistic:
    """One test's result: its statistic and p-value, or why it could not run."""

    name: str
    """A stable name (`card-seat`, `pairs`, `pattern-N`, `first-leader`, `repeats`)."""
    title: str
    """What is tested, as a person at the table would say it."""
    deals: int
    """The deals the test read."""
    statistic: float | None = None
    df: int | None = None
    """Degrees of freedom of a chi-square test; None for the count of repeats."""
    p_value: float | None = None
    note: str = ""
    """What was compared, or why the test did not run."""

    @property
    def ran(self) -> bool:
        return self.p_value is not None


def card_seat(tally: Tally) -> Statistic:
    """Each card went to each seat as often as to any other: a chi-square over cards x seats.
    Each card is in one seat and each seat holds a hand's worth, so the sum is n/(n-1) times a
    chi-square of (n-1)(k-1) degrees of freedom, n cards, k seats."""
    d, n, k = tally.deals, tally.setting.cards, tally.setting.seats
    expected = d / k
    observed = tally.card_seat.astype(np.float64)
    total = float(((observed - expected) ** 2).sum() / expected)
    df = (n - 1) * (k - 1)
    scaled = total * (n - 1) / n
    seat, card = np.unravel_index(int(np.argmax(np.abs(observed - expected))), observed.shape)
    worst = (
        f"{CARD_TEXT[tally.setting.pack.order[card]]} to {tally.setting.table.seats[seat].name} "
        f"{int(observed[seat, card]):,} times"
    )
    return Statistic(
        "card-seat", "each card's seat", d, scaled, df, _sf(scaled, df),
        f"{n} cards x {k} seats, {expected:,.0f} a cell by chance; farthest: {worst}",
    )  # fmt: skip


def pairs(tally: Tally) -> Statistic:
    """Each pair of cards shared a hand at the rate chance gives, (h-1)/(n-1) for hands of h:
    a chi-square over the n(n-1)/2 pairs. Each card shares a hand with h-1 others in every
    deal, so the sum is (n-1)/(n-3) times a chi-square of n(n-3)/2 degrees of freedom."""
    d, n, h = tally.deals, tally.setting.cards, tally.setting.hand_size
    rate = (h - 1) / (n - 1)
    upper = np.triu_indices(n, 1)
    observed = tally.together[upper].astype(np.float64)
    total = float(((observed - d * rate) ** 2).sum() / (d * rate * (1 - rate)))
    df = n * (n - 3) // 2
    scaled = total * (n - 3) / (n - 1)
    far = int(np.argmax(np.abs(observed - d * rate)))
    order = tally.setting.pack.order
    pair = f"{CARD_TEXT[order[upper[0][far]]]} with {CARD_TEXT[order[upper[1][far]]]}"
    return Statistic(
        "pairs", "pairs of cards in one hand", d, scaled, df, _sf(scaled, df),
        f"{len(observed):,} pairs, each in one hand {d * rate:,.0f} times by chance; "
        f"farthest: {pair} {int(observed[far]):,} times",
    )  # fmt: skip


def hand_patterns(tally: Tally) -> Iterator[Statistic]:
    """Each seat's hands have the suit lengths chance gives: a chi-square of the seat's hand
    patterns (4-4-3-2, 5-3-3-2, ...) against the multivariate hypergeometric distribution."""
    chances = pattern_chances(tally.setting)
    for place, seat in enumerate(tally.setting.table.seats):
        yield _binned(
            f"pattern-{seat.name}", f"{seat.name}'s suit lengths", tally.deals,
            tally.patterns[place], chances, "hand patterns",
        )  # fmt: skip


def first_leader(tally: Tally) -> Statistic:
    """The first leader's hand holds as many trumps as chance gives: a chi-square of its
    spade count against the hypergeometric distribution (with the first-lead card held, when
    its holder leads)."""
    title = "the first leader's spades"
    known = tally.leader_deals
    if not known:
        return Statistic(
            "first-leader", title, 0, note="not run: the deals do not say who dealt, and the "
            "variant's first leader depends on it",
        )  # fmt: skip
    return _binned(
        "first-leader", title, known, tally.leader_spades, leader_spade_chances(tally.setting),
        "spade counts",
    )  # fmt: skip


def repeats(tally: Tally) -> Statistic:
    """The same deal came up no more often than chance gives: the pairs of identical deals,
    against the Poisson count of chance meetings among every pair of deals."""
    d = tally.deals
    same = sum(m * (m - 1) // 2 for m in tally.seen.values() if m > 1)
    possible = distinct_deals(tally.setting)
    expected = math.comb(d, 2) / possible
    p_value = float(stats.poisson.sf(same - 1, expected)) if same else 1.0
    return Statistic(
        "repeats", "repeated deals", d, float(same), None, p_value,
        f"pairs of identical deals; {expected:.2g} by chance",
    )  # fmt: skip


def all_statistics(tally: Tally) -> list[Statistic]:
    """Every test, in the order the report lists them."""
    return [card_seat(tally), pairs(tally), *hand_patterns(tally), first_leader(tally),
            repeats(tally)]  # fmt: skip


# --- what chance gives ----------------------------------------------------------------------


def pattern_chances(setting: DealSetting) -> dict[Pattern, float]:
    """Each hand pattern's chance: the hand a random h of the n cards, the suits as played."""
    sizes = [mask.bit_count() for mask in setting.pack.suit_masks]
    h = setting.hand_size
    chances: dict[Pattern, float] = {}
    for lengths in product(*(range(min(size, h) + 1) for size in sizes)):
        if sum(lengths) != h:
            continue
        chance = float(stats.multivariate_hypergeom.pmf(lengths, sizes, h))
        key = tuple(sorted(lengths, reverse=True))
        chances[key] = chances.get(key, 0.0) + chance
    return chances


def leader_spade_chances(setting: DealSetting) -> dict[int, float]:
    """The chance of each count of trumps in the first leader's hand: h random cards, or the
    first-lead card and h-1 random others when its holder leads."""
    pack, h = setting.pack, setting.hand_size
    n, trumps = setting.cards, pack.spade_mask.bit_count()
    held = 0
    card = setting.first_lead_card
    if not setting.leader_needs_dealer and card is not None:
        held = pack.spade_mask >> card & 1
        n, trumps, h = n - 1, trumps - held, h - 1
    counts = np.arange(min(trumps, h) + 1)
    chances = stats.hypergeom.pmf(counts, n, trumps, h)
    return {int(c) + held: float(p) for c, p in zip(counts, chances, strict=True)}


def distinct_deals(setting: DealSetting) -> int:
    """The deals there are: n! / (h!)^k."""
    hands: int = math.factorial(setting.hand_size) ** setting.seats
    return math.factorial(setting.cards) // hands


# --- binned chi-square ----------------------------------------------------------------------


def _binned(
    name: str, title: str, deals: int, observed: Mapping[K, int], chances: Mapping[K, float],
    what: str,
) -> Statistic:  # fmt: skip
    strange = sorted(str(key) for key in observed if chances.get(key, 0.0) <= 0.0)
    if strange:  # an outcome chance never gives: the deals are not of this pack
        return Statistic(name, title, deals, math.inf, None, 0.0, f"impossible: {strange[0]}")
    bins = bin_chances(chances, deals)
    if len(bins) < 2:
        return Statistic(name, title, deals, note=f"not run: too few deals to compare {what}")
    expected = np.array([sum(chances[key] for key in keys) * deals for keys in bins])
    counts = np.array([sum(observed.get(key, 0) for key in keys) for keys in bins])
    result = stats.chisquare(counts, expected * (counts.sum() / expected.sum()))
    return Statistic(
        name, title, deals, float(result.statistic), len(bins) - 1, float(result.pvalue),
        f"{len(bins)} bins of {what}",
    )  # fmt: skip


def bin_chances(chances: Mapping[K, float], deals: int) -> list[list[K]]:
    """The outcomes in bins that `deals` fill at least MIN_EXPECTED times by chance: the common
    outcomes each alone, the rare ones together (with the least common alone ones while they
    fall short)."""
    ranked = sorted((key for key in chances if chances[key] > 0), key=lambda k: -chances[k])
    alone = [key for key in ranked if chances[key] * deals >= MIN_EXPECTED]
    rest = [key for key in ranked if chances[key] * deals < MIN_EXPECTED]
    while rest and sum(chances[key] for key in rest) * deals < MIN_EXPECTED and alone:
        rest.append(alone.pop())
    bins = [[key] for key in alone]
    if rest and sum(chances[key] for key in rest) * deals >= MIN_EXPECTED:
        bins.append(rest)
    elif rest and bins:
        bins[-1].extend(rest)
    return bins


def _sf(statistic: float, df: int) -> float:
    """The chance of a chi-square of `df` degrees of freedom at least `statistic`."""
    return float(stats.chi2.sf(statistic, df))
