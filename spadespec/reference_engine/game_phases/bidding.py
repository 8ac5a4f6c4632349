"""Bidding: each player in turn bids a number of tricks, nil or blind nil.

The bids a player may make come from the variant's plan (`spadespec.reference_engine.plan`),
worked out once per position; the last bid opens the blind nil exchange when one is due, else
the play.
"""

from __future__ import annotations

from spadespec.reference_engine.actions import (
    Bid,
    BidValue,
    bid_record,
    parse_bid,
)
from spadespec.reference_engine.game_phases.blind_nil_exchange import BlindNilExchange
from spadespec.reference_engine.game_phases.state import BIDDING, PASSING
from spadespec.reference_engine.plan import BidRecords
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.rules_of_play import BidContext, bid_refusal
from spadespec.reference_engine.rules_of_play.bids import NIL_BIDS, bid_context, legal_bids
from spadespec.reference_engine.seats import Seat


class Bidding(BlindNilExchange):
    """Bidding, which hands over to the blind nil exchange or straight to the play."""

    __slots__ = ()

    def bid_context(self, seat: Seat) -> BidContext:
        """What the table knows as `seat` bids: the hand, its spades, partner's bid so far,
        how far the side trails the leading other side."""
        return bid_context(
            self.rules,
            seat,
            self.hands[seat],
            partner_bid=self._partner_bid(seat),
            trailing_by=self.trailing_by(seat),
            pack=self.pack,
            table=self.table,
            others_total=self._last_bid_total(seat),
            bid_so_far=self._capped_total(seat),
        )

    def _capped_total(self, seat: Seat) -> int | None:
        """Under a table maximum, the numeric bids made so far added, as `seat` bids; None
        otherwise."""
        if self.rules.bidding.table_maximum is None or seat in self.bids:
            return None
        return self._numeric_total()

    def _numeric_total(self) -> int:
        """The numeric bids made so far in the hand added, a nil as nothing."""
        return sum(0 if bid in NIL_BIDS else int(bid) for bid in self.bids.values())

    def _last_bid_total(self, seat: Seat) -> int | None:
        """Under the dealer's hook or a table minimum, the other players' numeric bids added
        when `seat` is the last to bid; None otherwise."""
        bidding = self.rules.bidding
        if not (bidding.dealer_hook or bidding.table_minimum is not None) or seat in self.bids:
            return None
        if len(self.bids) != self._bidders - 1:
            return None
        return self._numeric_total()

    def _partner_bid(self, seat: Seat) -> BidValue | None:
        """Partner's bid so far: None before partner bids, or with no partner."""
        partner = self.table.partner[seat]
        return None if partner is None else self.bids.get(partner)

    def trailing_by(self, seat: Seat) -> int:
        """How far `seat`'s side is behind the best other side (0 or less: level or ahead).
        Totals change only when a hand is scored, so the totals now are those at the deal."""
        trailing = self._trailing
        if trailing is None:  # the first bid of the hand: every side's, worked out once
            trailing = self._trailing = {}
            totals = self.totals
            for side, own in totals.items():
                trailing[side] = max(total for name, total in totals.items() if name != side) - own
        return trailing[self.table.side_of[seat]]

    def legal_bids(self) -> list[BidValue]:
        """The bids the player to act may make: numbers low to high, nil, blind nil."""
        if self.phase is not BIDDING:
            return []
        return [record.bid for record in self._bid_choices()]

    def _bid_choices(self) -> BidRecords:
        """The bid records open to the player to act, while bidding."""
        choices = self._legal_bids
        if choices is None:
            seat = self.to_act
            assert seat is not None  # someone is always to bid while bidding
            if self._last_bid_total(seat) is not None or self._capped_total(seat) is not None:
                # The last bid under the hook or a table minimum, and every bid under a table
                # maximum, depends on the bids before it: worked out from the whole context,
                # not looked up by situation.
                allowed = legal_bids(self.rules, self.bid_context(seat), self.plan.bid_checks)
                choices = tuple(bid_record(seat, bid) for bid in allowed)
                self._legal_bid_values = frozenset(allowed)
            elif self._fixed_bids is not None:
                choices = self._fixed_bids[seat]
                self._legal_bid_values = self._fixed_values
            else:
                plan = self.plan
                trailing = self.trailing_by(seat) if plan.reads_trailing else 0
                choices, self._legal_bid_values = plan.legal_bid_records(
                    seat, self.hands[seat], self._partner_bid(seat), trailing
                )
            self._legal_bids = choices
        return choices

    def verify_bid(self, seat: Seat | str, bid: BidValue | str) -> None:
        seat = self._seat(seat)
        bid = parse_bid(bid)
        self._check_phase(BIDDING, seat, "bid", bid=bid)
        if seat in self.bids:
            raise self._refuse(
                ReasonCode.ALREADY_BID,
                f"{seat.name} has already bid {self.bids[seat]}",
                seat,
                bid=bid,
            )
        if seat is not self.to_act:
            raise self._refuse(
                ReasonCode.NOT_YOUR_TURN,
                f"it is {self._to_act_name()}'s turn to bid, not {seat.name}'s", seat, bid=bid,
            )  # fmt: skip
        refusal = bid_refusal(self.rules, self.bid_context(seat), bid, self.plan.bid_checks)
        if isinstance(refusal, tuple):
            reason, detail = refusal
            raise self._refuse(reason, detail, seat, bid=bid)

    def can_bid(self, seat: Seat | str, bid: BidValue | str) -> bool:
        return self._allowed(self.verify_bid, seat, bid)

    def bid(self, seat: Seat | str, bid: BidValue | str) -> Bid:
        """`seat` bids a number of tricks, nil or blind nil."""
        if seat is not self.to_act:  # the player to act is a seat in play: nothing to read
            seat = self._seat(seat)
        return self._apply_bid(bid_record(seat, parse_bid(bid)))

    def _apply_bid(self, record: Bid) -> Bid:
        """`apply()` for a bid, the one place a bid is made (`bid()` comes here too). A bid
        among the legal bids passes one test; anything else is checked in full."""
        seat, bid = record.seat, record.bid
        # Bids worked out (by legal_actions()) only while bidding, forgotten at each bid.
        offered = self._legal_bid_values
        if offered is None and seat is self.to_act and self.phase is BIDDING:
            self._bid_choices()  # as legal_actions() works them out
            offered = self._legal_bid_values
        if seat is not self.to_act or offered is None or bid not in offered:
            seat, bid = self._seat(seat), parse_bid(bid)
            record = bid_record(seat, bid)
            self.verify(record)
        self._legal_bids = self._legal_bid_values = None
        self.log.append(record)
        self.bids[seat] = bid
        if len(self.bids) == self._bidders:
            self._after_bidding()
        else:
            self.to_act = self._left[seat]
        return record

    def _after_bidding(self) -> None:
        """The last bid is in: the exchange if one is due, else the first lead."""
        exchange = self._exchange_due() if self.plan.exchange else []
        if exchange:
            self._exchange = exchange
            self.phase = PASSING
            self.to_act = exchange[0][0]
        else:
            self._start_play()
