"""The verdict on a shuffle: every test's p-value held to a threshold corrected for the number
of tests run (Holm's step-down method), so that a fair shuffle is flagged in at most `alpha`
of runs, whichever tests it is flagged on."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from spadespec.conformance.analysis.shuffle.chance import Statistic, all_statistics
from spadespec.conformance.analysis.shuffle.deals import Dealt
from spadespec.conformance.analysis.shuffle.tally import DealSetting, tally
from spadespec.conformance.analysis.shuffle.thresholds import DEFAULT_ALPHA

CORRECTION = "holm"
"""How the threshold is corrected for the number of tests: Holm-Bonferroni."""


@dataclass(frozen=True, slots=True)
class Judged:
    """A test's result with the threshold its p-value is held to, and whether it flags bias."""

    statistic: Statistic
    threshold: float | None
    """Holm's threshold at the test's rank (alpha / (tests run - rank)); None if not run."""
    flagged: bool


@dataclass(frozen=True, slots=True)
class ShuffleVerdict:
    deals: int
    alpha: float
    tests: tuple[Judged, ...]

    @property
    def run(self) -> int:
        """The tests that ran."""
        return sum(judged.statistic.ran for judged in self.tests)

    @property
    def fair(self) -> bool:
        """No test flags bias, and at least one ran."""
        return self.run > 0 and not any(judged.flagged for judged in self.tests)


def holm(statistics: list[Statistic], alpha: float) -> tuple[Judged, ...]:
    """Each test judged by Holm's method: the p-values smallest first, the i-th (from 0) held
    to alpha / (m - i), m the tests run; the first that passes stops the flagging."""
    ran = sorted((s for s in statistics if s.p_value is not None), key=lambda s: s.p_value or 0)
    m = len(ran)
    thresholds: dict[str, tuple[float, bool]] = {}
    flagging = True
    for rank, stat in enumerate(ran):
        threshold = alpha / (m - rank)
        flagging = flagging and (stat.p_value or 0.0) <= threshold
        thresholds[stat.name] = (threshold, flagging)
    return tuple(
        Judged(s, *thresholds[s.name]) if s.name in thresholds else Judged(s, None, False)
        for s in statistics
    )


def check_shuffle(
    deals: Iterable[Dealt], setting: DealSetting, alpha: float = DEFAULT_ALPHA, *,
    min_deals: int = 1,
) -> ShuffleVerdict:  # fmt: skip
    """Test the deals of any source against chance; fewer than `min_deals` (none, say) are too
    few to test, and no test is run on them."""
    counts = tally(deals, setting)
    if counts.deals < min_deals:
        return ShuffleVerdict(counts.deals, alpha, ())
    return ShuffleVerdict(counts.deals, alpha, holm(all_statistics(counts), alpha))
