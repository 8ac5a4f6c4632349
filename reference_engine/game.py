"""A game of Spades as a log of actions: the state is what the log replays to.

    game = Game.new(load_variant("standard"), dealer="N")
    game.deal(seed=7)                  # dealing is an action in the log, like any other
    game.bid("E", 3) ... game.play("S", "2C") ...
    game.to_json()                     # {"setup": {...}, "log": [...]}
    Game.replay(variant, setup, log)   # the same state again

Every action comes as a trio: `verify_x` raises `IllegalActionError` with a reason code,
`can_x` answers yes or no, `x` makes it happen and returns the record appended to the log.
The rules themselves live in `reference_engine.rules_of_play`, one function per option.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from reference_engine import scoring
from reference_engine.actions import (
    Action,
    Bid,
    BidValue,
    Deal,
    Play,
    action_from_json,
    bid_record,
    parse_bid,
    play_record,
    play_records,
)
from reference_engine.cards import CARD_TEXT, SPADES, SUIT_NAMES, cards_in, parse_card
from reference_engine.deal import Hands, check_deal, deal_from_seed, parse_pbn
from reference_engine.errors import IllegalActionError, InvalidActionError
from reference_engine.reason_codes import ReasonCode
from reference_engine.rules_of_play import (
    DEALER_ROTATION,
    FIRST_BIDDER,
    FIRST_LEAD,
    FIRST_LEADER,
    SPADES_BROKEN_BY,
    SPADES_LEAD,
    beats,
    legal_bids,
    legal_follows,
)
from reference_engine.rules_of_play.bids import bid_refusal
from reference_engine.seats import SEATS, SIDES, Seat, parse_seat
from reference_engine.variant.model import ResolvedVariant, Rules


class Phase(StrEnum):
    """Where the game stands."""

    DEAL = "deal"
    """Waiting for the cards of the next hand to be dealt."""
    BID = "bid"
    """Players are bidding, one after another."""
    PLAY = "play"
    """Tricks are being played."""
    OVER = "over"
    """The game has ended; `outcome` says who won."""


# The phases, read once here: each `Phase.X` in a method would be an enum lookup per action.
_DEALING, _BIDDING, _PLAYING, _OVER = Phase.DEAL, Phase.BID, Phase.PLAY, Phase.OVER


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the cards in the order played, and who took it."""

    leader: Seat
    cards: tuple[tuple[Seat, int], ...]
    winner: Seat

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader.name,
            "cards": [CARD_TEXT[card] for _, card in self.cards],
            "winner": self.winner.name,
        }


# (seat, card) pairs made once, so a card put on the trick allocates nothing.
_ON_TRICK = tuple(tuple((seat, card) for card in range(52)) for seat in SEATS)
# The player on each seat's left, who plays next (the `Seat.left` property, looked up once).
_LEFT = tuple(seat.left for seat in SEATS)
_SEAT_NAMES = tuple(seat.name for seat in SEATS)

_ZERO = {"NS": 0, "EW": 0}


class Game:
    """One game of partnership Spades under one variant, hand after hand."""

    __slots__ = (
        "rules", "variant", "setup", "log", "phase", "dealer", "to_act", "hand_number",
        "trick_number", "hands", "dealt", "bids", "tricks_won", "current_trick", "led_suit",
        "spades_broken", "completed_tricks", "hand_results", "totals", "bags", "outcome",
        "_first_bidder", "_first_leader", "_first_lead", "_first_lead_card", "_spades_lead",
        "_spades_broken_by", "_next_dealer", "_legal_bids", "_bid_records", "_winning", "_legal",
    )  # fmt: skip

    def __init__(
        self,
        variant: ResolvedVariant | Rules,
        dealer: Seat,
        scores: Mapping[str, int],
        bags: Mapping[str, int],
    ) -> None:
        rules = variant.rules if isinstance(variant, ResolvedVariant) else variant
        self.rules: Rules = rules
        self.variant = variant if isinstance(variant, ResolvedVariant) else None
        self.setup: dict[str, Any] = {
            "dealer": dealer.name,
            "scores": dict(scores),
            "bags": dict(bags),
        }
        self.log: list[Action] = []
        self.phase = _DEALING
        self.dealer = dealer
        self.to_act: Seat | None = None
        self.hand_number = 1
        self.trick_number = 1
        self.hands = [0, 0, 0, 0]
        self.dealt: Hands = (0, 0, 0, 0)
        self.bids: dict[Seat, BidValue] = {}
        self.tricks_won: dict[Seat, int] = dict.fromkeys(SEATS, 0)
        self.current_trick: list[tuple[Seat, int]] = []
        self.led_suit: int | None = None
        self.spades_broken = False
        self.completed_tricks: list[Trick] = []
        self.hand_results: list[scoring.HandScore] = []
        self.totals = dict(scores)
        self.bags = dict(bags)
        self.outcome: scoring.GameOutcome | None = None
        # The variant's rules, looked up once: each is a function from rules_of_play.
        play = rules.play
        self._first_bidder = FIRST_BIDDER[rules.bidding.first_bidder]
        self._first_leader = FIRST_LEADER[play.first_leader]
        self._first_lead = FIRST_LEAD[play.first_lead]
        self._first_lead_card = (
            None if play.first_lead_card is None else parse_card(play.first_lead_card)
        )
        self._spades_lead = SPADES_LEAD[play.spades_lead]
        self._spades_broken_by = SPADES_BROKEN_BY[play.spades_broken_by]
        self._next_dealer = DEALER_ROTATION[rules.deal.dealer_rotation]
        self._legal_bids = legal_bids(rules.bidding)
        self._bid_records = tuple(tuple(bid_record(s, b) for b in self._legal_bids) for s in SEATS)
        self._winning: tuple[Seat, int] | None = None  # (seat, card) now taking the trick
        # The cards the player to act may play, worked out when first asked for and forgotten
        # whenever the state changes (None: not worked out yet).
        self._legal: int | None = None

    # --- making and saving games ------------------------------------------------------------

    @classmethod
    def new(
        cls,
        variant: ResolvedVariant | Rules | str,
        *,
        dealer: Seat | str = "N",
        scores: Mapping[str, int] | None = None,
        bags: Mapping[str, int] | None = None,
    ) -> Game:
        """A game about to be dealt, with `dealer` dealing the first hand and the running
        scores and bags the partnerships start from (both 0 for a fresh game)."""
        if isinstance(variant, str):
            from reference_engine.variant import load_variant

            variant = load_variant(variant)
        seat = _setup_seat(dealer)
        return cls(variant, seat, _setup_sides(scores, "scores"), _setup_sides(bags, "bags"))

    @classmethod
    def replay(
        cls,
        variant: ResolvedVariant | Rules | str,
        setup: Mapping[str, Any] | None,
        log: Sequence[Mapping[str, Any] | Action],
    ) -> Game:
        """The game a saved setup and log describe. A refused action raises its error with
        `index` set to its position in the log."""
        setup = dict(setup or {})
        unknown = sorted(set(setup) - {"dealer", "scores", "bags"})
        if unknown:
            raise InvalidActionError(
                ReasonCode.BAD_SETUP, f"setup: unexpected {', '.join(unknown)}"
            )
        game = cls.new(
            variant,
            dealer=setup.get("dealer", "N"),
            scores=setup.get("scores"),
            bags=setup.get("bags"),
        )
        for index, entry in enumerate(log):
            try:
                action = entry if isinstance(entry, Deal | Bid | Play) else action_from_json(entry)
                game.apply(action)
            except IllegalActionError as exc:
                exc.index = index
                raise
        return game

    def to_json(self) -> dict[str, Any]:
        """The setup and log, in canonical form: what `replay` reads back."""
        return {
            "setup": {
                "dealer": self.setup["dealer"],
                "scores": dict(self.setup["scores"]),
                "bags": dict(self.setup["bags"]),
            },
            "log": [action.to_json() for action in self.log],
        }

    # --- any action -------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every bid or play allowed now. Empty while waiting for a deal: dealing is an
        explicit action, and any full deal is allowed."""
        if self.phase is _PLAYING:
            return play_records(self.to_act, self.legal_plays())  # type: ignore[arg-type]
        if self.phase is _BIDDING:
            return list(self._bid_records[self.to_act])  # type: ignore[index]
        return []

    def verify(self, action: Action) -> None:
        """Raise `IllegalActionError` if the action may not be taken now."""
        if isinstance(action, Play):
            self.verify_play(action.seat, action.card)
        elif isinstance(action, Bid):
            self.verify_bid(action.seat, action.bid)
        elif isinstance(action, Deal):
            self.verify_deal(action.hands)
        else:
            raise InvalidActionError(ReasonCode.MALFORMED_ACTION, f"not an action: {action!r}")

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action | Mapping[str, Any]) -> Action:
        """Take the action (a record, or its JSON form) and return the record logged."""
        kind = type(action)
        if kind is Play:
            return self.play(action.seat, action.card)  # type: ignore[union-attr]
        if kind is Bid:
            return self.bid(action.seat, action.bid)  # type: ignore[union-attr]
        if kind is Deal:
            # A deal record was checked when it was made: only the phase is left to check.
            self._check_phase(_DEALING, None, "deal")
            if type(action.hands) is not tuple:  # type: ignore[union-attr]
                action = Deal(tuple(action.hands))  # type: ignore[union-attr]
            return self._start_hand(action)  # type: ignore[arg-type]
        if isinstance(action, Mapping):
            return self.apply(action_from_json(action))
        raise InvalidActionError(ReasonCode.MALFORMED_ACTION, f"not an action: {action!r}")

    # --- dealing ----------------------------------------------------------------------------

    def verify_deal(self, hands: Sequence[int]) -> None:
        self._check_phase(_DEALING, None, "deal")
        check_deal(hands)

    def can_deal(self, hands: Sequence[int]) -> bool:
        try:
            self.verify_deal(hands)
        except IllegalActionError:
            return False
        return True

    def deal(self, hands: str | Sequence[int] | None = None, seed: int | str | None = None) -> Deal:
        """Deal the next hand: the hands given (PBN text or four bitmasks N, E, S, W), or
        shuffled from `seed` (a fresh random shuffle when neither is given)."""
        if hands is None:
            dealt = deal_from_seed(seed if seed is not None else random.randrange(2**63))
        elif isinstance(hands, str):
            dealt = parse_pbn(hands)
        else:
            dealt = tuple(hands)  # type: ignore[assignment]
        self._check_phase(_DEALING, None, "deal")
        return self._start_hand(Deal(dealt))  # the record checks the deal as it is made

    def _start_hand(self, record: Deal) -> Deal:
        """Log a checked deal and open the bidding."""
        self.log.append(record)
        self.dealt = record.hands
        self.hands = list(record.hands)
        self.bids = {}
        self.tricks_won = dict.fromkeys(SEATS, 0)
        self.current_trick = []
        self.completed_tricks = []
        self.led_suit = None
        self.spades_broken = False
        self.trick_number = 1
        self._winning = None
        self._legal = None
        self.phase = _BIDDING
        self.to_act = self._first_bidder(self.dealer)
        return record

    # --- bidding ----------------------------------------------------------------------------

    def verify_bid(self, seat: Seat | str, bid: BidValue | str) -> None:
        seat = parse_seat(seat)
        bid = parse_bid(bid)
        self._check_phase(_BIDDING, seat, "bid", bid=bid)
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
        refusal = bid_refusal(self.rules.bidding, bid)
        if refusal is ReasonCode.NIL_NOT_ALLOWED:
            raise self._refuse(refusal, "this variant does not allow a nil bid", seat, bid=bid)
        if refusal is not None:
            lo, hi = self.rules.bidding.min_bid, self.rules.bidding.max_bid
            raise self._refuse(
                refusal, f"a bid must be {lo} to {hi} tricks, not {bid}", seat, bid=bid
            )

    def can_bid(self, seat: Seat | str, bid: BidValue | str) -> bool:
        try:
            self.verify_bid(seat, bid)
        except IllegalActionError:
            return False
        return True

    def bid(self, seat: Seat | str, bid: BidValue | str) -> Bid:
        """`seat` bids a number of tricks or nil."""
        seat = parse_seat(seat)
        bid = parse_bid(bid)
        self.verify_bid(seat, bid)
        record = bid_record(seat, bid)
        self.log.append(record)
        self.bids[seat] = record.bid
        if len(self.bids) == 4:
            self._legal = None
            self.phase = _PLAYING
            self.to_act = self._first_leader(self.dealer, self.hands, self._first_lead_card)
        else:
            self.to_act = seat.left
        return record

    # --- playing ----------------------------------------------------------------------------

    def legal_plays(self, seat: Seat | int | None = None) -> int:
        """The cards `seat` (default: the player to act) may play now, as a bitmask; 0 when
        it is not that seat's turn to play."""
        if seat is not None and seat != self.to_act:
            return 0
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_now()
        return legal

    def _legal_now(self) -> int:
        if self.phase is not _PLAYING:
            return 0
        hand = self.hands[self.to_act]  # type: ignore[index]
        if self.led_suit is not None:
            return legal_follows(hand, self.led_suit)
        return self._legal_leads(hand)

    def _legal_leads(self, hand: int) -> int:
        if self.trick_number == 1 and self._first_lead is not None:
            allowed = self._first_lead.allowed(hand, self._first_lead_card)
            if allowed:
                return allowed
        return self._spades_lead(hand, self.spades_broken)

    def verify_play(self, seat: Seat | str, card: int | str) -> None:
        seat = parse_seat(seat)
        card = parse_card(card)
        self._check_phase(_PLAYING, seat, "play", card=card)
        if seat is not self.to_act:
            raise self._refuse(
                ReasonCode.NOT_YOUR_TURN,
                f"it is {self._to_act_name()}'s turn to play, not {seat.name}'s", seat, card=card,
            )  # fmt: skip
        hand = self.hands[seat]
        if not hand >> card & 1:
            raise self._refuse(
                ReasonCode.CARD_NOT_IN_HAND,
                f"{seat.name} does not hold {CARD_TEXT[card]}",
                seat,
                card=card,
            )
        if self.legal_plays(seat) >> card & 1:
            return
        if self.led_suit is not None:
            suit = SUIT_NAMES[self.led_suit]
            raise self._refuse(
                ReasonCode.MUST_FOLLOW_SUIT,
                f"{seat.name} must follow suit: {suit} were led and {seat.name} holds {suit}",
                seat, card=card,
            )  # fmt: skip
        if self.trick_number == 1 and self._first_lead is not None:
            allowed = self._first_lead.allowed(hand, self._first_lead_card)
            if allowed and not allowed >> card & 1:
                choices = " ".join(CARD_TEXT[c] for c in cards_in(allowed))
                raise self._refuse(
                    self._first_lead.refusal,
                    f"the first lead of the hand must be one of: {choices}", seat, card=card,
                )  # fmt: skip
        raise self._refuse(
            ReasonCode.SPADES_NOT_BROKEN,
            f"spades have not been broken and {seat.name} holds another suit", seat, card=card,
        )  # fmt: skip

    def can_play(self, seat: Seat | str, card: int | str) -> bool:
        try:
            self.verify_play(seat, card)
        except IllegalActionError:
            return False
        return True

    def play(self, seat: Seat | str, card: int | str) -> Play:
        """`seat` plays `card` to the trick (`QS`, `10D` or the card number)."""
        # The usual case, a card number the player to act may play, passes one test; anything
        # else is read and checked by verify_play, which raises with the reason.
        usual = seat is self.to_act and type(card) is int and card >= 0
        if not (usual and self.legal_plays() >> card & 1):  # type: ignore[operator]
            seat, card = parse_seat(seat), parse_card(card)
            self.verify_play(seat, card)
        record = play_record(seat, card)  # type: ignore[arg-type]
        self.log.append(record)
        self._put_on_trick(seat, card)  # type: ignore[arg-type]
        return record

    def _put_on_trick(self, seat: Seat, card: int) -> None:
        """Play a card already checked: the trusted half of `play`."""
        self._legal = None
        self.hands[seat] ^= 1 << card
        played = _ON_TRICK[seat][card]
        trick = self.current_trick
        if not trick:
            self.led_suit = card // 13
            self._winning = played
        elif beats(card, self._winning[1]):  # type: ignore[index]
            self._winning = played
        if card // 13 == SPADES and not self.spades_broken:
            self.spades_broken = self._spades_broken_by(self.led_suit)  # type: ignore[arg-type]
        trick.append(played)
        if len(trick) < 4:
            self.to_act = _LEFT[seat]
        else:
            self._take_trick()

    def _take_trick(self) -> None:
        """The fourth card is down: the winner takes the trick and leads the next."""
        trick = self.current_trick
        winner = self._winning[0]  # type: ignore[index]
        self.completed_tricks.append(Trick(trick[0][0], tuple(trick), winner))
        self.tricks_won[winner] += 1
        self.current_trick = []
        self.led_suit = None
        self._winning = None
        if self.trick_number == 13:
            self._end_hand()
        else:
            self.trick_number += 1
            self.to_act = winner

    # --- the end of a hand ------------------------------------------------------------------

    def _end_hand(self) -> None:
        """Score the hand, carry the totals and bags, and see whether the game is over."""
        prior = {side: scoring.SideTotals(self.totals[side], self.bags[side]) for side in SIDES}
        # The score sheet names seats by letter: hand it letters, not the engine's seats.
        bids = {_SEAT_NAMES[seat]: bid for seat, bid in self.bids.items()}
        tricks = {_SEAT_NAMES[seat]: count for seat, count in self.tricks_won.items()}
        result = scoring.score_hand(self.rules, bids, tricks, prior)
        self.hand_results.append(result)
        self.totals = {side: result.sides[side].score_after for side in SIDES}
        self.bags = {side: result.sides[side].bags_after for side in SIDES}
        self.outcome = scoring.game_outcome(self.rules, self.totals)
        self.to_act = None
        if self.outcome.status == "continues":
            self.phase = _DEALING
            self.dealer = self._next_dealer(self.dealer)
            self.hand_number += 1
        else:
            self.phase = _OVER

    # --- helpers ----------------------------------------------------------------------------

    def _check_phase(
        self, phase: Phase, seat: Seat | None, what: str, *, card: int | None = None,
        bid: BidValue | None = None,
    ) -> None:  # fmt: skip
        if self.phase is phase:
            return
        if self.phase is _OVER:
            raise self._refuse(ReasonCode.GAME_OVER, f"the game is over; no more {what}s", seat,
                               card=card, bid=bid)  # fmt: skip
        raise self._refuse(
            ReasonCode.WRONG_PHASE, f"cannot {what} now: the game is waiting for a {self.phase}",
            seat, card=card, bid=bid,
        )  # fmt: skip

    def _refuse(
        self, reason: ReasonCode, detail: str, seat: Seat | None, *, card: int | None = None,
        bid: BidValue | None = None,
    ) -> IllegalActionError:  # fmt: skip
        return IllegalActionError(
            reason,
            detail,
            seat=None if seat is None else seat.name,
            trick=self.trick_number if self.phase is _PLAYING else None,
            card=None if card is None else CARD_TEXT[card],
            bid=bid,
            hand=self.hand_number,
        )

    def _to_act_name(self) -> str:
        return "nobody" if self.to_act is None else self.to_act.name

    def __repr__(self) -> str:
        return (
            f"<Game hand {self.hand_number} {self.phase} dealer {self.dealer.name} "
            f"totals {self.totals} bags {self.bags}>"
        )


def _setup_seat(value: Any) -> Seat:
    try:
        return parse_seat(value)
    except InvalidActionError:
        raise InvalidActionError(
            ReasonCode.BAD_SETUP, f"setup: dealer {value!r} is not one of N, E, S, W"
        ) from None


def _setup_sides(values: Mapping[str, int] | None, what: str) -> dict[str, int]:
    if values is None:
        return dict(_ZERO)
    if (
        not isinstance(values, Mapping)
        or set(values) != set(SIDES)
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in values.values())
    ):
        raise InvalidActionError(
            ReasonCode.BAD_SETUP,
            f'setup: {what} must be {{"NS": <int>, "EW": <int>}}, not {values!r}',
        )
    return {side: values[side] for side in SIDES}
