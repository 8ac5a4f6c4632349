"""95% confidence intervals read off integer tallies: a share (Wilson's interval), a mean (the
normal interval from the sum and the sum of squares), a quantile (the order statistics a
binomial count puts around it), and the difference of two shares or two means."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import NamedTuple

Z = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""


class Estimate(NamedTuple):
    """A figure with its 95% interval, the observations behind it and its standard error."""

    value: float
    low: float
    high: float
    n: int
    se: float


def share(hits: int, n: int) -> Estimate:
    """The share `hits / n` with Wilson's score interval (sound near 0 and 1, where the plain
    normal interval is not)."""
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0, math.nan)
    p = hits / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    # Rounding may put an end a hair past the share at 0 or 1: the interval always holds it.
    low, high = min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))
    return Estimate(p, low, high, n, math.sqrt(p * (1 - p) / n))


def mean(total: int, squares: int, n: int) -> Estimate:
    """The mean of `n` observations from their sum and sum of squares, with the normal
    interval (the sample variance, n - 1 in the denominator)."""
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0, math.nan)
    m = total / n
    variance = (squares - total * total / n) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(max(0.0, variance) / n)
    return Estimate(m, m - Z * se, m + Z * se, n, se)


def scaled(estimate: Estimate, factor: float) -> Estimate:
    """The estimate of `factor` times the quantity (a rate per 100 hands from one per hand)."""
    value, low, high, n, se = estimate
    return Estimate(value * factor, low * factor, high * factor, n, se * factor)


def quantile(histogram: Mapping[int, int], q: float) -> Estimate:
    """The `q` quantile of whole-number observations counted in `histogram` (value -> count),
    with the distribution-free interval: the order statistics at ranks n*q -/+ z*sqrt(n*q*(1-q))."""
    n = sum(histogram.values())
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0, math.nan)
    values = sorted(histogram)

    def at_rank(rank: int) -> int:
        rank = min(max(rank, 1), n)
        seen = 0
        for value in values:
            seen += histogram[value]
            if seen >= rank:
                return value
        return values[-1]

    spread = Z * math.sqrt(n * q * (1 - q))
    return Estimate(
        float(at_rank(math.ceil(n * q))),
        float(at_rank(math.floor(n * q - spread))),
        float(at_rank(math.ceil(n * q + spread))),
        n,
        math.nan,
    )


def difference(first: Estimate, other: Estimate, *, shares: bool = False) -> Estimate:
    """`other - first` with its 95% interval: for two shares Newcombe's interval, built from
    their Wilson intervals (sound where a share is near 0 or 1), for two means the normal
    interval of a difference. Both treat the two figures as independent; where they were
    measured on the same seeded deals they are positively correlated and the true interval
    is narrower, so these err on the wide side."""
    if first.n == 0 or other.n == 0 or math.isnan(first.se) or math.isnan(other.se):
        return Estimate(math.nan, math.nan, math.nan, 0, math.nan)
    d = other.value - first.value
    se = math.sqrt(first.se**2 + other.se**2)
    if shares:
        below = math.sqrt((other.value - other.low) ** 2 + (first.high - first.value) ** 2)
        above = math.sqrt((other.high - other.value) ** 2 + (first.value - first.low) ** 2)
        return Estimate(d, d - below, d + above, min(first.n, other.n), se)
    return Estimate(d, d - Z * se, d + Z * se, min(first.n, other.n), se)


def tells_apart(diff: Estimate) -> bool:
    """Whether the games can tell the difference from chance: its interval leaves out 0."""
    return diff.n > 0 and (diff.low > 0 or diff.high < 0)
