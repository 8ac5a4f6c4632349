"""Exhaustive sweeps, and the few parameters of each that the README's test command runs.

A test marked `sweep` is parametrized by `sweep(every, representative)`. The test command
(`pytest`) runs it on the representative parameters alone; with `SPADESPEC_FULL=1` it runs on
every one. `.ci/run` runs the tests marked `sweep` that way (`SPADESPEC_FULL=1 pytest -m sweep`)
after the test command, so CI still checks every fault, every pair and every ruleset, and a
failure of any parameter fails CI. (`docs/contributing/testing.md` says what runs where.)"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")

# Standard and the shipped rulesets that between them set every value of a bidding, deal, deck,
# play and table rule that any shipped ruleset sets: what a sweep of games over every ruleset
# plays in the test command.
PLAY_RULESETS = (
    "standard", "team-total-four", "cutthroat", "blind-nil-pass-four", "strategy-guide",
    "pagat-jokers", "joker-joker-deuce-deuce", "ellington", "zero-bid", "team-maximum-thirteen",
    "spades-any-time", "pagat-blind-nil", "no-nil", "msn-whiz", "msn-suicide", "msn-mirror",
    "dealers-hook", "call-break-play", "table-eleven", "table-cap-thirteen",
    "first-trick-clubs", "nil-pass-three", "blind-six-double", "jokers-kitty",
    "redeal-no-spades", "redeal-by-choice", "five-handed", "five-with-spoiler",
    "seven-with-spoiler", "two-handed", "six-partnerships", "eight-partnerships",
)  # fmt: skip

FULL = os.environ.get("SPADESPEC_FULL", "") not in ("", "0")
"""Whether this run sweeps every parameter (CI) or the representative ones (the test command)."""


def sweep(every: Sequence[T], representative: Iterable[T]) -> list[T]:
    """`every` under `SPADESPEC_FULL=1`, otherwise the representative ones, in `every`'s order.
    A representative parameter that the sweep no longer holds is an error, so that a renamed
    fault or ruleset cannot leave the test command sweeping nothing."""
    chosen = list(representative)
    gone = [p for p in chosen if p not in every]
    if gone or not chosen:
        raise ValueError(f"representative parameters not in the sweep: {gone or 'none chosen'}")
    return list(every) if FULL else [p for p in every if p in chosen]
