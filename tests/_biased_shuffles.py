"""Shuffles with the classic mistakes of card-game code, written out here so that the shuffle
test is seen to flag each (tests/test_shuffle_test.py) and the deals each needs are measured
(benchmarks/shuffle_bias.py). Each is made from a seed and then shuffles the cards in play,
lowest number first, once per deal."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cmp_to_key

from spadespec.conformance.analysis.shuffle.deals import Dealt
from spadespec.reference_engine.deal import Hands, deal_from_order
from spadespec.reference_engine.seats import Seat

Shuffle = Callable[[list[int]], list[int]]


def random_comparator(seed: int) -> Shuffle:
    """Sorting with a comparator that answers at random (`cards.sort(() => Math.random() - 0.5)`
    in JavaScript; Python's sort, like V8's, is Timsort): cards stay near where they started."""
    rng = random.Random(seed)
    return lambda cards: sorted(cards, key=cmp_to_key(lambda a, b: rng.choice((-1, 1))))


def swap_with_any(seed: int) -> Shuffle:
    """Each place swapped with any place of the pack, not only those not yet shuffled: n^n
    equally likely runs fall on n! orders, which n^n does not divide evenly."""
    rng = random.Random(seed)

    def shuffle(cards: list[int]) -> list[int]:
        deck = list(cards)
        for i in range(len(deck)):
            j = rng.randrange(len(deck))
            deck[i], deck[j] = deck[j], deck[i]
        return deck

    return shuffle


def modulo_byte(seed: int) -> Shuffle:
    """Fisher-Yates with each place drawn as a random byte modulo the places left: 256 is no
    multiple of 52, so low places come up more often than high ones."""
    rng = random.Random(seed)

    def shuffle(cards: list[int]) -> list[int]:
        deck = list(cards)
        for last in range(len(deck) - 1, 0, -1):
            j = rng.getrandbits(8) % (last + 1)
            deck[last], deck[j] = deck[j], deck[last]
        return deck

    return shuffle


CLOCK_START = 1_800_000_000
"""Where the simulated clock starts (a time in 2027), in whole seconds."""
DEALS_PER_SECOND = 3
"""How many deals the simulated server makes a second."""


def clock_reseeded(seed: int) -> Shuffle:
    """A good shuffle, its generator seeded again from the clock in whole seconds before each
    deal, on a server that deals DEALS_PER_SECOND times a second: the deals of one second are
    one deal. The clock is simulated, starting `seed` seconds after CLOCK_START."""
    dealt = 0

    def shuffle(cards: list[int]) -> list[int]:
        nonlocal dealt
        now = CLOCK_START + seed + dealt // DEALS_PER_SECOND
        dealt += 1
        deck = list(cards)
        random.Random(now).shuffle(deck)
        return deck

    return shuffle


BIASES: dict[str, Callable[[int], Shuffle]] = {
    "random-comparator": random_comparator,
    "swap-with-any": swap_with_any,
    "modulo-byte": modulo_byte,
    "clock-reseeded": clock_reseeded,
}
"""Each biased shuffle by name, made from a seed."""

DEALING = ("hands", "round")
"""How a shuffled pack is dealt: a hand's worth at a time (`deck[0:13]` to North, the next 13
to East, ...), as much game code does, or one card at a time round the table, as the reference
engine does. A shuffle that leaves cards near where they started shows in the hands at once
when dealt a hand at a time; dealt round the table, each hand takes every fourth card, and
much of the bias evens out."""


def deal_out(deck: list[int], dealing: str) -> Hands:
    """The shuffled standard pack dealt the way `dealing` names."""
    if dealing == "round":
        return deal_from_order(deck)
    # card j of seat s's hand is deck[13 s + j]; deal_from_order gives card i to seat i % 4
    return deal_from_order([deck[13 * (i % 4) + i // 4] for i in range(52)])


def biased_deals(name: str, seed: int, count: int, dealing: str = "hands") -> Iterator[Dealt]:
    """`count` deals of the standard pack from the biased shuffle `name`, the dealer passing
    clockwise from North."""
    shuffle = BIASES[name](seed)
    cards = list(range(52))
    for number in range(count):
        yield Dealt(deal_out(shuffle(cards), dealing), Seat(number % 4))
