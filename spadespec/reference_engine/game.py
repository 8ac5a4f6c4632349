"""A game of Spades as a log of actions: the state is what the log replays to.

    game = Game.new(load_variant("standard"), dealer="N")
    game.deal(seed=7)                  # dealing is an action in the log, like any other
    game.bid("E", 3) ... game.play("S", "2C") ...
    game.to_json()                     # {"setup": {...}, "log": [...]}
    Game.replay(variant, setup, log)   # the same state again

Every bid, pass and play comes as a trio: `verify_x` raises `IllegalActionError` with a reason
code, `can_x` answers yes or no, `x` makes it happen and returns the record appended to the log
(a deal has `verify_deal` and `deal`); `verify`, `can` and `apply` take any action's record.
The rules themselves live in `spadespec.reference_engine.rules_of_play`, one function per option,
and a game reads them from its variant's plan (`spadespec.reference_engine.plan`), which binds each
rule to its function once; who sits where is the variant's table
(`spadespec.reference_engine.table`), which cards are in play and how they rank is its pack
(`spadespec.reference_engine.pack`).

A hand goes deal, (draw: where two players draw their hands from a stock laid down by the
deal), (redeal: where the holders of deficient hands choose whether to throw the
deal in), bid, (pass: the blind nil exchange, when a blind nil was bid and the variant
passes cards), play; the game ends when the scorer's `game_outcome` says so. Each phase's
methods are in a module of its own (`spadespec.reference_engine.game_phases`); `Game` is all of
them, and here are its state, the saving and replaying of games, and `apply`, which hands each
kind of action to its phase.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spadespec.reference_engine import plan as plans
from spadespec.reference_engine import scoring
from spadespec.reference_engine.actions import (
    Action,
    Bid,
    BidValue,
    Deal,
    Draw,
    Move,
    Pass,
    PassCard,
    Play,
    Redeal,
    action_from_json,
)
from spadespec.reference_engine.deal import Hands
from spadespec.reference_engine.errors import IllegalActionError, InvalidActionError
from spadespec.reference_engine.game_phases.bidding import Bidding
from spadespec.reference_engine.game_phases.blind_nil_exchange import BlindNilExchange
from spadespec.reference_engine.game_phases.dealing import Dealing
from spadespec.reference_engine.game_phases.end_of_hand import EndOfHand
from spadespec.reference_engine.game_phases.state import (
    BIDDING,
    DEALING,
    DRAWING,
    PASSING,
    PLAYING,
    REDEALING,
    Phase,
)
from spadespec.reference_engine.game_phases.trick_play import Trick, TrickPlay
from spadespec.reference_engine.plan import BidRecords
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.rulebook import STANDARD_RULEBOOK, Rulebook
from spadespec.reference_engine.seats import SEAT_NAMES, Seat, parse_seat
from spadespec.reference_engine.table import Table
from spadespec.reference_engine.variant.model import ResolvedVariant, Rules

__all__ = ["Game", "Phase", "Trick"]


class Game(Dealing, Bidding, BlindNilExchange, TrickPlay, EndOfHand):
    """One game of Spades under one variant, hand after hand: four players in partnerships,
    or three (or four) each playing alone, as the variant's table says."""

    __slots__ = ()  # the state's slots are `GameState`'s (`game_phases.state`)

    def __init__(
        self,
        variant: ResolvedVariant | Rules,
        dealer: Seat,
        scores: Mapping[str, int],
        bags: Mapping[str, int],
        hands_played: int = 0,
        *,
        rulebook: Rulebook = STANDARD_RULEBOOK,
    ) -> None:
        rules = variant.rules if isinstance(variant, ResolvedVariant) else variant
        self.rules: Rules = rules
        self.variant = variant if isinstance(variant, ResolvedVariant) else None
        plan = self.plan = plans.plan_of(rules, rulebook)
        """The variant's rules, each bound to the function `rulebook` has for it."""
        table = self.table = plan.table
        pack = self.pack = plan.pack
        self.setup: dict[str, Any] = {
            "dealer": SEAT_NAMES[dealer],
            "scores": dict(scores),
            "bags": dict(bags),
            "hands_played": hands_played,
        }
        self.log: list[Action] = []
        self.phase = DEALING
        self.dealer = dealer
        self.to_act: Seat | None = None
        self.hands_played = hands_played
        """Hands finished, those before the log included."""
        self.hand_number = hands_played + 1
        self.trick_number = 1
        self.hands = [0] * table.width
        self.dealt: Hands = (0,) * table.width
        self.bids: dict[Seat, BidValue] = {}
        self.passes: list[Pass] = []
        self.tricks_won: dict[Seat, int] = dict.fromkeys(table.seats, 0)
        self.led_suit: int | None = None
        self.spades_broken = False
        self.hand_results: list[scoring.HandScore] = []
        self.totals = dict(scores)
        self.bags = dict(bags)
        self.outcome: scoring.GameOutcome | None = None
        # The hand's plays are the log's entries from `_first_play` on, a trick's cards one
        # after another: the trick being played is the last `_played` of them, and who took
        # each finished trick is in `_winners`. The tricks are read from the log when asked
        # for (`current_trick`, `completed_tricks`): a card played only counts itself.
        self._played = 0
        self._first_play = 0
        self._winners: list[Seat] = []
        # The card taking the trick so far, and who played it.
        self._winning = 0
        self._winner: Seat = dealer
        # What the player to act may do, worked out when first asked for and forgotten
        # whenever the state changes (None: not worked out yet): the cards it may play, the
        # bids it may make.
        self._legal: int | None = None
        self._legal_bids: BidRecords | None = None
        self._legal_bid_values: frozenset[BidValue] | None = None
        # How far each side trails the best other side this hand (None: not worked out yet).
        self._trailing: dict[str | None, int] | None = None
        # The cards picked so far toward the pass being made, one at a time (`pass_card`).
        self._picked = 0
        # The passes still due in this hand's blind nil exchange: (from, to), in order.
        self._exchange: list[tuple[Seat, Seat]] = []
        # The holders of deficient hands still to choose whether to call a redeal, in order.
        self._deficient: list[Seat] = []
        # Where two players draw: the stock laid down, top card first, and the turns taken.
        self._stock: tuple[int, ...] = ()
        self._draws = 0
        self._fixed_bids = plan.fixed_bids
        self._fixed_values = plan.fixed_bid_values
        # The plan's functions and the table and pack's tables, read once: a card played
        # looks them up many times a hand.
        self._follow = plan.follow
        self._must_beat = plan.must_beat
        self._first_trick = plan.first_trick
        self._first_lead = plan.first_lead
        self._spades_lead = plan.spades_lead
        self._spades_broken_by = plan.spades_broken_by
        self._beaten_by = plan.beaten_by
        self._trick_size = plan.trick_size
        self._bidders = table.players
        self._tricks_per_hand = table.cards_per_hand
        self._left = table.left
        self._suit_of = pack.suit_of

    # --- making and saving games ------------------------------------------------------------

    @classmethod
    def new(
        cls,
        variant: ResolvedVariant | Rules | str,
        *,
        dealer: Seat | str = "N",
        scores: Mapping[str, int] | None = None,
        bags: Mapping[str, int] | None = None,
        hands_played: int = 0,
        rulebook: Rulebook = STANDARD_RULEBOOK,
    ) -> Game:
        """A game about to be dealt, with `dealer` dealing the first hand, the running scores
        and bags each side starts from (0 for a fresh game), and the hands already played
        (which matters where the game lasts a fixed number of hands), played by `rulebook`."""
        if isinstance(variant, str):
            from spadespec.reference_engine.variant import load_variant

            variant = load_variant(variant)
        rules = variant.rules if isinstance(variant, ResolvedVariant) else variant
        table = plans.plan_of(rules, rulebook).table
        return cls(
            variant,
            _setup_seat(dealer, table),
            _setup_sides(scores, "scores", table),
            _setup_sides(bags, "bags", table),
            _setup_hands_played(hands_played),
            rulebook=rulebook,
        )

    @classmethod
    def replay(
        cls,
        variant: ResolvedVariant | Rules | str,
        setup: Mapping[str, Any] | None,
        log: Sequence[Mapping[str, Any] | Action],
        *,
        rulebook: Rulebook = STANDARD_RULEBOOK,
    ) -> Game:
        """The game a saved setup and log describe. A refused action raises its error with
        `index` set to its position in the log."""
        if not isinstance(setup, Mapping | None):
            raise InvalidActionError(
                ReasonCode.BAD_SETUP, f"setup: expected an object, not {setup!r}"
            )
        setup = dict(setup or {})
        unknown = sorted(map(str, set(setup) - _SETUP_FIELDS))
        if unknown:
            raise InvalidActionError(
                ReasonCode.BAD_SETUP, f"setup: unexpected {', '.join(unknown)}"
            )
        game = cls.new(
            variant,
            dealer=setup.get("dealer", "N"),
            scores=setup.get("scores"),
            bags=setup.get("bags"),
            hands_played=setup.get("hands_played", 0),
            rulebook=rulebook,
        )
        for index, entry in enumerate(log):
            try:
                action = entry if isinstance(entry, _RECORDS) else action_from_json(entry)
                game.apply(action)
            except IllegalActionError as exc:
                exc.index = index
                raise
        return game

    def to_json(self) -> dict[str, Any]:
        """The setup and log, in canonical form: what `replay` reads back. Cards picked
        toward a pass not yet made are not in the log."""
        setup = {
            "dealer": self.setup["dealer"],
            "scores": dict(self.setup["scores"]),
            "bags": dict(self.setup["bags"]),
        }
        if self.setup["hands_played"]:  # written only when there were any, as logs always were
            setup["hands_played"] = self.setup["hands_played"]
        return {"setup": setup, "log": [action.to_json() for action in self.log]}

    # --- any action -------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Move, ...]:
        """Every bid or play allowed now, or during a blind nil exchange every card the passer
        may pick toward the pass (`PassCard`; the pass is made when the last is picked), or,
        while deficient hands' holders choose, the holder's two answers (`Redeal`), and while
        two players draw, the drawer's two (`Draw`).
        Empty while waiting for a deal: dealing is an explicit action, and any full deal is
        allowed. The tuple is shared: the same one answers whoever asks in the same position."""
        phase = self.phase
        if phase is PLAYING:
            return self._play_choices()
        if phase is BIDDING:
            return self._bid_choices()
        if phase is PASSING:
            return self._pick_choices()
        if phase is REDEALING:
            return self._redeal_choices()
        if phase is DRAWING:
            return self._draw_choices()
        return ()

    def verify(self, action: Move) -> None:
        """Raise `IllegalActionError` if the action may not be taken now (the rulebook may
        have the last word: `Rulebook.verdict`)."""
        verdict = self.plan.verdict
        if verdict is None:
            self._verify(action)
        else:
            verdict(self, action, self._verify)

    def _verify(self, action: Move) -> None:
        if isinstance(action, Play):
            self.verify_play(action.seat, action.card)
        elif isinstance(action, Bid):
            self.verify_bid(action.seat, action.bid)
        elif isinstance(action, Pass):
            self.verify_pass(action.seat, action)
        elif isinstance(action, PassCard):
            self.verify_pass_card(action.seat, action.card)
        elif isinstance(action, Deal):
            if action.stock is not None:
                self.verify_stock(action.stock)
            else:
                self.verify_deal(action.hands)
        elif isinstance(action, Redeal):
            self.verify_redeal(action.seat, action.call)
        elif isinstance(action, Draw):
            self.verify_draw(action.seat, action.keep)
        else:
            raise InvalidActionError(ReasonCode.MALFORMED_ACTION, f"not an action: {action!r}")

    def can(self, action: Move) -> bool:
        return self._allowed(self.verify, action)

    def apply(self, action: Move | Mapping[str, Any]) -> Move:
        """Take the action (a record, or its JSON form) and return the record logged; for a
        card picked toward a pass, the pick, until the last card makes the pass."""
        # Each kind of record goes to its phase; the most common first.
        if type(action) is Play:
            return self._apply_play(action)
        if type(action) is Bid:
            return self._apply_bid(action)
        if type(action) is PassCard:
            return self._apply_pick(action)
        if type(action) is Pass:
            return self.pass_cards(action.seat, action)
        if type(action) is Deal:
            return self._apply_deal(action)
        if type(action) is Redeal:
            return self.redeal(action.seat, action.call)
        if type(action) is Draw:
            return self.draw(action.seat, action.keep)
        if isinstance(action, Mapping):
            return self.apply(action_from_json(action))
        raise InvalidActionError(ReasonCode.MALFORMED_ACTION, f"not an action: {action!r}")

    def __repr__(self) -> str:
        return (
            f"<Game hand {self.hand_number} {self.phase} dealer {self.dealer.name} "
            f"totals {self.totals} bags {self.bags}>"
        )


_RECORDS = (Deal, Draw, Redeal, Bid, Pass, Play)
_SETUP_FIELDS = {"dealer", "scores", "bags", "hands_played"}


def _setup_seat(value: Any, table: Table) -> Seat:
    try:
        seat = parse_seat(value)
    except InvalidActionError:
        seat = None
    if seat is None or seat not in table.seats:
        seats = ", ".join(seat.name for seat in table.seats)
        raise InvalidActionError(
            ReasonCode.BAD_SETUP, f"setup: dealer {value!r} is not one of {seats}"
        ) from None
    return seat


def _setup_sides(values: Mapping[str, int] | None, what: str, table: Table) -> dict[str, int]:
    if values is None:
        return dict.fromkeys(table.sides, 0)
    if (
        not isinstance(values, Mapping)
        or set(values) != set(table.sides)
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in values.values())
    ):
        shape = ", ".join(f'"{side}": <int>' for side in table.sides)
        raise InvalidActionError(
            ReasonCode.BAD_SETUP, f"setup: {what} must be {{{shape}}}, not {values!r}"
        )
    return {side: values[side] for side in table.sides}


def _setup_hands_played(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidActionError(
            ReasonCode.BAD_SETUP,
            f"setup: hands_played must be a whole number, 0 or more, not {value!r}",
        )
    return value
