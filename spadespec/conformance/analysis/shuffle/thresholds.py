"""The shuffle test's two fixed thresholds, apart from the statistics (and SciPy) that use
them, so that what only quotes them (the docs) reads them without importing SciPy."""

from __future__ import annotations

MIN_EXPECTED = 5.0
"""The fewest times chance must fill a bin of a chi-square test; rarer outcomes share a bin."""

DEFAULT_ALPHA = 0.01
"""The chance that a fair shuffle is flagged by at least one test, at most."""
