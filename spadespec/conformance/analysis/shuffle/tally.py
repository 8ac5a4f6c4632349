"""The counts a shuffle test reads, gathered deal by deal in memory that does not grow with the
deals (but for the set of deals seen, kept to find repeats): how often each card went to each
seat, how often each pair of cards shared a hand, each seat's hand patterns, the first leader's
spades, and how many times each deal came up."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from spadespec.conformance.analysis.shuffle.deals import Dealt
from spadespec.reference_engine.cards import parse_card
from spadespec.reference_engine.deal import Hands
from spadespec.reference_engine.pack import Pack, pack_of
from spadespec.reference_engine.plan import plan_of
from spadespec.reference_engine.rules_of_play.turns import FirstLeaderRule
from spadespec.reference_engine.table import Table, table_of
from spadespec.reference_engine.variant.model import FirstLeader, ResolvedVariant

BATCH = 4096
"""Deals counted together by numpy: big enough to be quick, small enough to stay light."""

Pattern = tuple[int, ...]
"""A hand's suit lengths, longest first (`(4, 4, 3, 2)`), suits as the variant plays them."""


@dataclass(frozen=True, slots=True)
class DealSetting:
    """What the variant says about a deal: the cards in play, the seats, and who leads first."""

    pack: Pack
    table: Table
    first_leader: FirstLeaderRule
    first_lead_card: int | None
    leader_needs_dealer: bool
    """Whether who leads first depends on who dealt (not so when the holder of a card leads)."""

    @property
    def cards(self) -> int:
        return len(self.pack.order)

    @property
    def seats(self) -> int:
        return len(self.table.seats)

    @property
    def hand_size(self) -> int:
        return self.table.cards_per_hand


def setting_of(variant: ResolvedVariant) -> DealSetting:
    rules = variant.rules
    plan = plan_of(rules)
    card = rules.play.first_lead_card
    return DealSetting(
        pack=pack_of(rules),
        table=table_of(rules),
        first_leader=plan.first_leader,
        first_lead_card=None if card is None else parse_card(card),
        leader_needs_dealer=rules.play.first_leader is not FirstLeader.HOLDER_OF_CARD,
    )


@dataclass
class Tally:
    """The counts so far; `add` a deal, then `close` before reading them."""

    setting: DealSetting
    deals: int = 0
    card_seat: npt.NDArray[np.int64] = field(init=False)
    """[seat place, card place]: deals that gave the card to the seat (places in
    `table.seats` and `pack.order`)."""
    together: npt.NDArray[np.int64] = field(init=False)
    """[card place, card place]: deals that put both cards in one hand."""
    patterns: list[Counter[Pattern]] = field(init=False)
    """Per seat place, each hand pattern and the deals that gave the seat a hand of it."""
    leader_spades: Counter[int] = field(default_factory=Counter)
    """The first leader's trumps (top trumps and jokers included), over the deals where the
    first leader is known."""
    seen: Counter[Hands] = field(default_factory=Counter)
    _batch: list[Hands] = field(default_factory=list)

    def __post_init__(self) -> None:
        n, k = self.setting.cards, self.setting.seats
        self.card_seat = np.zeros((k, n), dtype=np.int64)
        self.together = np.zeros((n, n), dtype=np.int64)
        self.patterns = [Counter() for _ in range(k)]
        self._cards = np.array(self.setting.pack.order, dtype=np.uint64)
        self._seat_numbers = [int(seat) for seat in self.setting.table.seats]
        self._suits = self.setting.pack.suit_masks

    def add(self, dealt: Dealt) -> None:
        hands = dealt.hands
        self.deals += 1
        self.seen[hands] += 1
        setting = self.setting
        for place, seat in enumerate(self._seat_numbers):
            hand = hands[seat]
            lengths = sorted(((hand & suit).bit_count() for suit in self._suits), reverse=True)
            self.patterns[place][tuple(lengths)] += 1
        if dealt.dealer is not None or not setting.leader_needs_dealer:
            dealer = dealt.dealer if dealt.dealer is not None else setting.table.seats[0]
            leader = setting.first_leader(setting.table, dealer, hands, setting.first_lead_card)
            self.leader_spades[setting.pack.spade_count(hands[leader])] += 1
        self._batch.append(hands)
        if len(self._batch) >= BATCH:
            self._count_batch()

    def close(self) -> Tally:
        if self._batch:
            self._count_batch()
        return self

    def _count_batch(self) -> None:
        masks = np.array([[h[s] for s in self._seat_numbers] for h in self._batch], np.uint64)
        # [deal, seat, card]: 1 where the seat holds the card
        held = ((masks[:, :, None] >> self._cards[None, None, :]) & np.uint64(1)).astype(np.int64)
        self.card_seat += held.sum(axis=0)
        rows = held.reshape(-1, held.shape[2]).astype(np.float64)
        self.together += np.rint(rows.T @ rows).astype(np.int64)
        self._batch.clear()

    @property
    def leader_deals(self) -> int:
        """Deals whose first leader is known."""
        return sum(self.leader_spades.values())


def tally(deals: Iterable[Dealt], setting: DealSetting) -> Tally:
    """Count every deal of a source of deals."""
    counts = Tally(setting)
    for dealt in deals:
        counts.add(dealt)
    return counts.close()
