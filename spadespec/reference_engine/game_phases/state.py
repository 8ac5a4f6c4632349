"""What a game holds, as every phase reads it, and the refusals the phases share.

`GameState` declares the game's attributes and their types; `Game.__init__`
(`spadespec.reference_engine.game`) gives them their first values and `Game` holds their slots.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, ParamSpec

from spadespec.reference_engine import scoring
from spadespec.reference_engine.actions import Action, BidValue, Move, Pass
from spadespec.reference_engine.cards import CARD_TEXT
from spadespec.reference_engine.deal import Hands
from spadespec.reference_engine.errors import IllegalActionError, InvalidActionError
from spadespec.reference_engine.pack import Pack
from spadespec.reference_engine.plan import BidRecords, Plan
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.rules_of_play.leads import FirstLeadRule
from spadespec.reference_engine.seats import Seat, parse_seat
from spadespec.reference_engine.table import Table
from spadespec.reference_engine.variant.model import FirstTrick, ResolvedVariant, Rules


class Phase(StrEnum):
    """Where the game stands."""

    DEAL = "deal"
    """Waiting for the cards of the next hand to be dealt."""
    DRAW = "draw"
    """Two players are drawing their hands from the stock, one turn after another."""
    REDEAL = "redeal"
    """The holders of deficient hands are choosing, one after another, whether to call a
    redeal (`deal.redeal_by: holder`)."""
    BID = "bid"
    """Players are bidding, one after another."""
    PASS = "pass"
    """After a blind nil, the bidder and partner are passing cards to each other."""
    PLAY = "play"
    """Tricks are being played."""
    OVER = "over"
    """The game has ended; `outcome` says who won."""


# The phases, read once here: each `Phase.X` in a method would be an enum lookup per action.
DEALING, DRAWING, REDEALING = Phase.DEAL, Phase.DRAW, Phase.REDEAL
BIDDING, PASSING = Phase.BID, Phase.PASS
PLAYING, OVER = Phase.PLAY, Phase.OVER
_PLURAL = {
    "deal": "deals", "draw": "draws", "redeal": "redeal calls", "bid": "bids",
    "pass": "passes", "play": "plays",
}  # fmt: skip

_Args = ParamSpec("_Args")


class GameState:
    """A game's attributes and their slots, declared for every phase to read; `Game.__init__`
    gives them their values."""

    __slots__ = (
        "rules", "variant", "plan", "table", "pack", "setup", "log", "phase", "dealer",
        "to_act", "hand_number", "hands_played", "trick_number", "hands", "dealt", "bids",
        "passes", "tricks_won", "led_suit", "spades_broken", "hand_results",
        "totals", "bags", "outcome",
        "_played", "_first_play", "_winners", "_winning", "_winner", "_legal", "_legal_bids",
        "_legal_bid_values", "_trailing",
        "_picked", "_exchange", "_deficient", "_stock", "_draws", "_fixed_bids",
        "_fixed_values", "_follow",
        "_must_beat",
        "_first_trick", "_first_lead",
        "_spades_lead", "_spades_broken_by", "_beaten_by", "_trick_size", "_bidders",
        "_tricks_per_hand", "_left", "_suit_of",
    )  # fmt: skip

    rules: Rules
    variant: ResolvedVariant | None
    plan: Plan
    table: Table
    pack: Pack
    setup: dict[str, Any]
    log: list[Action]
    phase: Phase
    dealer: Seat
    to_act: Seat | None
    hands_played: int
    hand_number: int
    trick_number: int
    hands: list[int]
    dealt: Hands
    bids: dict[Seat, BidValue]
    passes: list[Pass]
    tricks_won: dict[Seat, int]
    led_suit: int | None
    spades_broken: bool
    hand_results: list[scoring.HandScore]
    totals: dict[str, int]
    bags: dict[str, int]
    outcome: scoring.GameOutcome | None
    _played: int
    _first_play: int
    _winners: list[Seat]
    _winning: int
    _winner: Seat
    _legal: int | None
    _legal_bids: BidRecords | None
    _legal_bid_values: frozenset[BidValue] | None
    _trailing: dict[str | None, int] | None
    _picked: int
    _exchange: list[tuple[Seat, Seat]]
    _deficient: list[Seat]
    _stock: tuple[int, ...]
    _draws: int
    _fixed_bids: tuple[BidRecords, ...] | None
    _fixed_values: frozenset[BidValue] | None
    _follow: Callable[[Pack, int, int], int]
    _must_beat: bool
    _first_trick: FirstTrick | None
    _first_lead: FirstLeadRule | None
    _spades_lead: Callable[[Pack, int, bool], int]
    _spades_broken_by: Callable[[int], bool]
    _beaten_by: tuple[int, ...]
    _trick_size: int
    _bidders: int
    _tricks_per_hand: int
    _left: tuple[Seat | None, ...]
    _suit_of: tuple[int, ...]

    @staticmethod
    def _allowed(verify: Callable[_Args, None], *args: _Args.args, **kwargs: _Args.kwargs) -> bool:
        """Whether `verify` lets the action through: each `can_x` is its `verify_x` asked."""
        try:
            verify(*args, **kwargs)
        except IllegalActionError:
            return False
        return True

    def verify(self, action: Move) -> None:
        """Raise `IllegalActionError` if the action may not be taken now: `Game.verify`, which
        checks each kind of action in its phase, and gives the rulebook the last word."""
        raise NotImplementedError  # Game, which inherits every phase, defines it

    def _check_phase(
        self, phase: Phase, seat: Seat | None, what: str, *, card: int | None = None,
        bid: BidValue | None = None,
    ) -> None:  # fmt: skip
        if self.phase is phase:
            return
        if self.phase is OVER:
            raise self._refuse(ReasonCode.GAME_OVER, f"the game is over; no more {_PLURAL[what]}",
                               seat, card=card, bid=bid)  # fmt: skip
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
            trick=self.trick_number if self.phase is PLAYING else None,
            card=None if card is None else CARD_TEXT[card],
            bid=bid,
            hand=self.hand_number,
        )

    def _refuse_unheld(self, seat: Seat, card: int) -> None:
        raise self._refuse(
            ReasonCode.CARD_NOT_IN_HAND, f"{seat.name} does not hold {CARD_TEXT[card]}", seat,
            card=card,
        )  # fmt: skip

    def _seat(self, value: Seat | str | int) -> Seat:
        """The seat named, which must be one in play at this table."""
        seat = parse_seat(value)
        if seat >= len(self._left) or self._left[seat] is None:  # NE..NW beyond a table of four
            seats = ", ".join(s.name for s in self.table.seats)
            raise InvalidActionError(
                ReasonCode.UNKNOWN_SEAT,
                f"{seat.name} has no place at a {self.table.players}-player table: "
                f"seats are {seats}",
                seat=seat.name,
            )
        return seat

    def _to_act_name(self) -> str:
        return "nobody" if self.to_act is None else self.to_act.name
