"""A game of Spades as a log of actions: the state is what the log replays to.

    game = Game.new(load_variant("standard"), dealer="N")
    game.deal(seed=7)                  # dealing is an action in the log, like any other
    game.bid("E", 3) ... game.play("S", "2C") ...
    game.to_json()                     # {"setup": {...}, "log": [...]}
    Game.replay(variant, setup, log)   # the same state again

Every action comes as a trio: `verify_x` raises `IllegalActionError` with a reason code,
`can_x` answers yes or no, `x` makes it happen and returns the record appended to the log.
The rules themselves live in `spadespec.reference_engine.rules_of_play`, one function per option,
and a game reads them from its variant's plan (`spadespec.reference_engine.plan`), which binds each
rule to its function once; who sits where is the variant's table
(`spadespec.reference_engine.table`), which cards are in play and how they rank is its pack
(`spadespec.reference_engine.pack`).

A hand goes deal, bid, (pass: the blind nil exchange, when a blind nil was bid and the variant
passes cards), play; the game ends when the scorer's `game_outcome` says so.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Any

from spadespec.reference_engine import plan as plans
from spadespec.reference_engine import scoring
from spadespec.reference_engine.actions import (
    BLIND_NIL,
    PLAYS_BY_MASK,
    PLAYS_OF,
    Action,
    Bid,
    BidValue,
    Deal,
    Move,
    Pass,
    PassCard,
    Play,
    action_from_json,
    bid_record,
    dealt,
    parse_bid,
    parse_pass,
    pick_record,
    pick_records,
    play_record,
)
from spadespec.reference_engine.cards import (
    CARD_COUNT,
    CARD_TEXT,
    SPADES,
    SUIT_NAMES,
    cards_in,
    parse_card,
)
from spadespec.reference_engine.deal import Hands, deal_from_seed, parse_deal
from spadespec.reference_engine.errors import IllegalActionError, InvalidActionError
from spadespec.reference_engine.plan import BidRecords
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.rulebook import STANDARD_RULEBOOK, Rulebook
from spadespec.reference_engine.rules_of_play import BidContext, bid_refusal
from spadespec.reference_engine.rules_of_play.bids import bid_context
from spadespec.reference_engine.seats import SEATS, Seat, parse_seat
from spadespec.reference_engine.table import Table
from spadespec.reference_engine.variant.model import ResolvedVariant, Rules


class Phase(StrEnum):
    """Where the game stands."""

    DEAL = "deal"
    """Waiting for the cards of the next hand to be dealt."""
    BID = "bid"
    """Players are bidding, one after another."""
    PASS = "pass"
    """After a blind nil, the bidder and partner are passing cards to each other."""
    PLAY = "play"
    """Tricks are being played."""
    OVER = "over"
    """The game has ended; `outcome` says who won."""


# The phases, read once here: each `Phase.X` in a method would be an enum lookup per action.
_DEALING, _BIDDING, _PASSING = Phase.DEAL, Phase.BID, Phase.PASS
_PLAYING, _OVER = Phase.PLAY, Phase.OVER
_PLURAL = {"deal": "deals", "bid": "bids", "pass": "passes", "play": "plays"}


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


_SEAT_NAMES = tuple(seat.name for seat in SEATS)
_BIT = tuple(1 << card for card in range(CARD_COUNT))  # each card's mask, made once


class Game:
    """One game of Spades under one variant, hand after hand: four players in partnerships,
    or three (or four) each playing alone, as the variant's table says."""

    __slots__ = (
        "rules", "variant", "plan", "table", "pack", "setup", "log", "phase", "dealer",
        "to_act", "hand_number", "hands_played", "trick_number", "hands", "dealt", "bids",
        "passes", "tricks_won", "led_suit", "spades_broken", "hand_results",
        "totals", "bags", "outcome",
        "_played", "_first_play", "_winners", "_winning", "_winner", "_legal", "_legal_bids",
        "_legal_bid_values", "_trailing",
        "_picked", "_exchange", "_fixed_bids", "_fixed_values", "_follow", "_first_lead",
        "_spades_lead", "_spades_broken_by", "_beaten_by", "_trick_size", "_bidders",
        "_tricks_per_hand", "_left", "_suit_of",
    )  # fmt: skip

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
            "dealer": _SEAT_NAMES[dealer],
            "scores": dict(scores),
            "bags": dict(bags),
            "hands_played": hands_played,
        }
        self.log: list[Action] = []
        self.phase = _DEALING
        self.dealer = dealer
        self.to_act: Seat | None = None
        self.hands_played = hands_played
        """Hands finished, those before the log included."""
        self.hand_number = hands_played + 1
        self.trick_number = 1
        self.hands = [0, 0, 0, 0]
        self.dealt: Hands = (0, 0, 0, 0)
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
        self._trailing: dict[str, int] | None = None
        # The cards picked so far toward the pass being made, one at a time (`pass_card`).
        self._picked = 0
        # The passes still due in this hand's blind nil exchange: (from, to), in order.
        self._exchange: list[tuple[Seat, Seat]] = []
        self._fixed_bids = plan.fixed_bids
        self._fixed_values = plan.fixed_bid_values
        # The plan's functions and the table and pack's tables, read once: a card played
        # looks them up many times a hand.
        self._follow = plan.follow
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
        may pick toward the pass (`PassCard`; the pass is made when the last is picked).
        Empty while waiting for a deal: dealing is an explicit action, and any full deal is
        allowed. The tuple is shared: the same one answers whoever asks in the same position."""
        phase = self.phase
        if phase is _PLAYING:
            # legal_plays() and play_records(), without the calls: this runs once a card
            seat: Seat = self.to_act  # type: ignore[assignment]
            legal = self._legal
            if legal is None:
                # The plan's rules are read into locals to be called: called straight off the
                # game, a function kept on it is looked up as if it might be a method.
                led = self.led_suit
                if led is not None:
                    follow = self._follow
                    legal = follow(self.pack, self.hands[seat], led)
                elif self.trick_number > 1 or self._first_lead is None:
                    lead = self._spades_lead
                    legal = lead(self.pack, self.hands[seat], self.spades_broken)
                else:
                    legal = self._legal_leads(self.hands[seat])
                self._legal = legal
            records = PLAYS_BY_MASK[seat].get(legal)  # a follow seen before, mostly
            return records if records is not None else PLAYS_OF[seat](legal)
        if phase is _BIDDING:
            return self._bid_choices()
        if phase is _PASSING:
            seat = self.to_act  # type: ignore[assignment]
            return pick_records(seat, self.hands[seat] & ~self._picked)
        return ()

    def legal_passes(self) -> list[Pass]:
        """Every whole pass the passer may make now: each choice of the variant's number of
        cards from the hand (empty outside a blind nil exchange)."""
        if self.phase is not _PASSING:
            return []
        seat: Seat = self.to_act  # type: ignore[assignment]
        held = list(cards_in(self.hands[seat]))
        return [
            Pass(seat, sum(1 << card for card in chosen))
            for chosen in combinations(held, self.plan.exchange)
        ]

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
            self.verify_deal(action.hands)
        else:
            raise InvalidActionError(ReasonCode.MALFORMED_ACTION, f"not an action: {action!r}")

    def can(self, action: Move) -> bool:
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Move | Mapping[str, Any]) -> Move:
        """Take the action (a record, or its JSON form) and return the record logged; for a
        card picked toward a pass, the pick, until the last card makes the pass."""
        kind = type(action)
        if kind is Play:
            # The one place a card goes on the trick (`play()` comes here too). A card among
            # the legal plays passes one test; anything else is checked in full.
            seat: Seat = action.seat  # type: ignore[union-attr]
            card: int = action.card  # type: ignore[union-attr]
            legal = self._legal
            if legal is None and seat is self.to_act:
                legal = self.legal_plays()  # not asked for yet: worked out now, and kept
            if seat is not self.to_act or legal is None or not legal >> card & 1:
                seat = self._seat(seat)
                action = play_record(seat, card)
                self.verify(action)
            self._legal = None
            self.log.append(action)  # type: ignore[arg-type]
            self.hands[seat] ^= _BIT[card]
            played = self._played = self._played + 1
            if played == 1:
                self.led_suit = self._suit_of[card]  # as the pack plays it: a top trump is a spade
                self._winning = card
                self._winner = seat
            elif self._beaten_by[self._winning] >> card & 1:  # `tricks.beats`, as a table
                self._winning = card
                self._winner = seat
            if not self.spades_broken and self._suit_of[card] == SPADES:
                self.spades_broken = self._spades_broken_by(self.led_suit)  # type: ignore[arg-type]
            if played < self._trick_size:
                self.to_act = self._left[seat]
            else:
                self._take_trick()
            return action  # type: ignore[return-value]
        if kind is Bid:
            # The one place a bid is made (`bid()` comes here too). A bid among the legal
            # bids passes one test; anything else is checked in full.
            seat = action.seat  # type: ignore[union-attr]
            bid = action.bid  # type: ignore[union-attr]
            # Bids worked out (by legal_actions()) only while bidding, forgotten at each bid.
            offered = self._legal_bid_values
            if offered is None and seat is self.to_act and self.phase is _BIDDING:
                self._bid_choices()  # as legal_actions() works them out
                offered = self._legal_bid_values
            if seat is not self.to_act or offered is None or bid not in offered:
                seat, bid = self._seat(seat), parse_bid(bid)
                action = bid_record(seat, bid)
                self.verify(action)
            self._legal_bids = self._legal_bid_values = None
            self.log.append(action)  # type: ignore[arg-type]
            self.bids[seat] = bid
            if len(self.bids) == self._bidders:
                self._after_bidding()
            else:
                self.to_act = self._left[seat]
            return action  # type: ignore[return-value]
        if kind is PassCard:
            # The one place a card is picked toward a pass (`pass_card()` comes here too).
            seat = action.seat  # type: ignore[union-attr]
            card = action.card  # type: ignore[union-attr]
            picked = self._picked
            if (
                seat is not self.to_act
                or self.phase is not _PASSING
                or not self.hands[seat] >> card & 1
                or picked >> card & 1
            ):
                seat = self._seat(seat)
                self.verify_pass_card(seat, card)
            picked |= 1 << card
            if picked.bit_count() < self.plan.exchange:
                self._picked = picked
                return action  # type: ignore[return-value]
            return self._hand_over(Pass(seat, picked))
        if kind is Pass:
            return self.pass_cards(action.seat, action)  # type: ignore[union-attr, arg-type]
        if kind is Deal:
            if type(action.hands) is not tuple:  # type: ignore[union-attr]
                action = Deal(tuple(action.hands))  # type: ignore[union-attr]
            self.verify_deal(action.hands)  # type: ignore[union-attr]
            return self._start_hand(action)  # type: ignore[arg-type]
        if isinstance(action, Mapping):
            return self.apply(action_from_json(action))
        raise InvalidActionError(ReasonCode.MALFORMED_ACTION, f"not an action: {action!r}")

    # --- dealing ----------------------------------------------------------------------------

    def verify_deal(self, hands: Sequence[int]) -> None:
        """A deal must fit the variant: each seat in play its share of the pack's cards, every
        card in play dealt once, nothing from outside the pack."""
        self.plan.check_deal(hands, self.pack, self.table)
        self._check_phase(_DEALING, None, "deal")

    def can_deal(self, hands: Sequence[int]) -> bool:
        try:
            self.verify_deal(hands)
        except IllegalActionError:
            return False
        return True

    def deal(
        self,
        hands: str | Mapping[str, Any] | Sequence[int] | None = None,
        seed: int | str | None = None,
    ) -> Deal:
        """Deal the next hand: the hands given (PBN text, an object from seat to its cards,
        or four bitmasks N, E, S, W), or shuffled from `seed` (a fresh random shuffle when
        neither is given)."""
        if hands is None:
            if seed is None:
                seed = random.randrange(2**63)
            if self.phase is not _DEALING:
                self._check_phase(_DEALING, None, "deal")
            record = dealt(deal_from_seed(seed, self.pack, self.table))
            return self._start_hand(record)  # a shuffle of the pack is always a deal
        if isinstance(hands, str | Mapping):
            record = Deal(parse_deal(hands))
        else:
            record = Deal(tuple(hands))  # type: ignore[arg-type]
        self.verify_deal(record.hands)
        return self._start_hand(record)

    def _start_hand(self, record: Deal) -> Deal:
        """Log a checked deal and open the bidding."""
        self.log.append(record)
        self.dealt = record.hands
        self.hands = list(record.hands)
        self.bids = {}
        self.passes = []
        self._exchange = []
        self._picked = 0
        self.tricks_won = dict.fromkeys(self.table.seats, 0)
        self._played = 0
        self._winners = []
        self.led_suit = None
        self.spades_broken = False
        self.trick_number = 1
        self._legal = None
        self._legal_bids = self._legal_bid_values = None
        self._trailing = None
        self.phase = _BIDDING
        first_bidder = self.plan.first_bidder
        self.to_act = first_bidder(self.table, self.dealer)
        return record

    # --- bidding ----------------------------------------------------------------------------

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
        )

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
        return trailing[self.table.side_of[seat]]  # type: ignore[index]

    def legal_bids(self) -> list[BidValue]:
        """The bids the player to act may make: numbers low to high, nil, blind nil."""
        if self.phase is not _BIDDING:
            return []
        return [record.bid for record in self._bid_choices()]

    def _bid_choices(self) -> BidRecords:
        """The bid records open to the player to act, while bidding."""
        choices = self._legal_bids
        if choices is None:
            seat: Seat = self.to_act  # type: ignore[assignment]
            if self._fixed_bids is not None:
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
        refusal = bid_refusal(self.rules, self.bid_context(seat), bid, self.plan.bid_checks)
        if isinstance(refusal, tuple):
            reason, detail = refusal
            raise self._refuse(reason, detail, seat, bid=bid)

    def can_bid(self, seat: Seat | str, bid: BidValue | str) -> bool:
        try:
            self.verify_bid(seat, bid)
        except IllegalActionError:
            return False
        return True

    def bid(self, seat: Seat | str, bid: BidValue | str) -> Bid:
        """`seat` bids a number of tricks, nil or blind nil."""
        if seat is not self.to_act:  # the player to act is a seat in play: nothing to read
            seat = self._seat(seat)
        return self.apply(bid_record(seat, parse_bid(bid)))  # type: ignore[return-value]

    def _after_bidding(self) -> None:
        """The last bid is in: the blind nil exchange if one is due, else the first lead."""
        blind = self.plan.exchange and BLIND_NIL in self.bids.values()
        exchange = self._exchange_due() if blind else []
        if exchange:
            self._exchange = exchange
            self.phase = _PASSING
            self.to_act = exchange[0][0]
        else:
            self._start_play()

    def _exchange_due(self) -> list[tuple[Seat, Seat]]:
        """The passes of this hand's blind nil exchanges, (from, to) in order: one exchange
        for each side with a blind nil, in the order the blind nils were bid; when both
        partners bid blind nil, the first of them counts as the bidder."""
        passes: list[tuple[Seat, Seat]] = []
        sides_done: set[str | None] = set()
        partner_first = self.plan.partner_passes_first
        for seat, bid in self.bids.items():  # in bidding order
            partner = self.table.partner[seat]
            side = self.table.side_of[seat]
            if bid != BLIND_NIL or partner is None or side in sides_done:
                continue
            sides_done.add(side)
            if partner_first:
                passes += [(partner, seat), (seat, partner)]
            else:
                passes += [(seat, partner), (partner, seat)]
        return passes

    def _start_play(self) -> None:
        self._legal = None
        self._first_play = len(self.log)
        self.phase = _PLAYING
        plan = self.plan
        self.to_act = plan.first_leader(self.table, self.dealer, self.hands, plan.first_lead_card)

    # --- the blind nil exchange -------------------------------------------------------------

    @property
    def pass_to(self) -> Seat | None:
        """During the exchange, who receives the cards the player to act passes."""
        return self._exchange[0][1] if self.phase is _PASSING else None

    @property
    def pass_count(self) -> int:
        """How many cards each pass of a blind nil exchange hands over."""
        return self.plan.exchange

    @property
    def picked(self) -> int:
        """The cards picked so far toward the pass being made, as a mask (`pass_card`)."""
        return self._picked

    def verify_pass(self, seat: Seat | str, cards: Pass | int | Iterable[int | str]) -> None:
        seat = self._seat(seat)
        record = _pass_record(seat, cards)
        self._check_phase(_PASSING, seat, "pass")
        self._check_passer(seat)
        count = record.cards.bit_count()
        passing = self.plan.exchange
        if record.repeated or count != passing:
            said = "names a card twice" if record.repeated else f"passes {count}"
            raise self._refuse(
                ReasonCode.PASS_WRONG_COUNT,
                f"{seat.name} must pass exactly {passing} different cards; this pass {said}",
                seat,
            )
        missing = record.cards & ~self.hands[seat]
        if missing:
            self._refuse_unheld(seat, (missing & -missing).bit_length() - 1)

    def can_pass(self, seat: Seat | str, cards: Pass | int | Iterable[int | str]) -> bool:
        try:
            self.verify_pass(seat, cards)
        except IllegalActionError:
            return False
        return True

    def pass_cards(self, seat: Seat | str, cards: Pass | int | Iterable[int | str]) -> Pass:
        """In a blind nil exchange, `seat` hands `cards` (a mask, or card texts) to the other
        partner. Any cards picked toward the pass one at a time are put back first."""
        seat = self._seat(seat)
        record = _pass_record(seat, cards)
        self.verify_pass(seat, record)
        return self._hand_over(record)

    def _hand_over(self, record: Pass) -> Pass:
        """Make a pass already checked: log it and move the cards."""
        seat = record.seat
        receiver = self._exchange.pop(0)[1]
        self.log.append(record)
        self.passes.append(record)
        self._picked = 0
        self.hands[seat] &= ~record.cards
        self.hands[receiver] |= record.cards
        if self._exchange:
            self.to_act = self._exchange[0][0]
        else:
            self._start_play()
        return record

    def verify_pass_card(self, seat: Seat | str, card: int | str) -> None:
        """A card picked toward a pass must be the passer's, and not picked already."""
        seat = self._seat(seat)
        card = parse_card(card)
        self._check_phase(_PASSING, seat, "pass", card=card)
        self._check_passer(seat, card)
        if not self.hands[seat] >> card & 1:
            self._refuse_unheld(seat, card)
        if self._picked >> card & 1:
            raise self._refuse(
                ReasonCode.PASS_WRONG_COUNT,
                f"{seat.name} has picked {CARD_TEXT[card]} for this pass already; a pass"
                f" names {self.plan.exchange} different cards",
                seat, card=card,
            )  # fmt: skip

    def can_pass_card(self, seat: Seat | str, card: int | str) -> bool:
        try:
            self.verify_pass_card(seat, card)
        except IllegalActionError:
            return False
        return True

    def pass_card(self, seat: Seat | str, card: int | str) -> Pass | PassCard:
        """In a blind nil exchange, `seat` picks one card to pass. The pick that brings the
        pass to the variant's number of cards makes the pass, which is logged and returned;
        an earlier pick returns itself and is not logged."""
        if seat is not self.to_act:  # the player to act is a seat in play: nothing to read
            seat = self._seat(seat)
        return self.apply(pick_record(seat, parse_card(card)))  # type: ignore[return-value]

    def _check_passer(self, seat: Seat, card: int | None = None) -> None:
        if seat is not self.to_act:
            raise self._refuse(
                ReasonCode.NOT_YOUR_TURN,
                f"it is {self._to_act_name()}'s turn to pass cards, not {seat.name}'s", seat,
                card=card,
            )  # fmt: skip

    def _refuse_unheld(self, seat: Seat, card: int) -> None:
        raise self._refuse(
            ReasonCode.CARD_NOT_IN_HAND, f"{seat.name} does not hold {CARD_TEXT[card]}", seat,
            card=card,
        )  # fmt: skip

    # --- playing ----------------------------------------------------------------------------

    @property
    def current_trick(self) -> list[tuple[Seat, int]]:
        """The cards on the trick being played, in order, each with the seat that played it
        (read from the log when asked for: the trick's plays are the log's last entries)."""
        played = self._played
        if not played:
            return []
        return [(play.seat, play.card) for play in self.log[-played:]]  # type: ignore[union-attr]

    @property
    def completed_tricks(self) -> list[Trick]:
        """This hand's finished tricks, in order (made into records from the log when asked
        for: a game played through seldom looks at them)."""
        size, start, tricks = self._trick_size, self._first_play, []
        for number, winner in enumerate(self._winners):
            plays = self.log[start + number * size : start + (number + 1) * size]
            cards = tuple((play.seat, play.card) for play in plays)  # type: ignore[union-attr]
            tricks.append(Trick(cards[0][0], cards, winner))
        return tricks

    @property
    def trick_winners(self) -> list[Seat]:
        """Who took each of this hand's finished tricks, in order."""
        return list(self._winners)

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
            return self._follow(self.pack, hand, self.led_suit)
        return self._legal_leads(hand)

    def _legal_leads(self, hand: int) -> int:
        if self.trick_number == 1:
            first_lead = self._first_lead
            if first_lead is not None:
                allowed = first_lead.allowed(self.pack, hand, self.plan.first_lead_card)
                if allowed:
                    return allowed
        return self._spades_lead(self.pack, hand, self.spades_broken)

    def verify_play(self, seat: Seat | str, card: int | str) -> None:
        seat = self._seat(seat)
        card = parse_card(card)
        self._check_phase(_PLAYING, seat, "play", card=card)
        if seat is not self.to_act:
            raise self._refuse(
                ReasonCode.NOT_YOUR_TURN,
                f"it is {self._to_act_name()}'s turn to play, not {seat.name}'s", seat, card=card,
            )  # fmt: skip
        hand = self.hands[seat]
        if not hand >> card & 1:
            self._refuse_unheld(seat, card)
        if self.legal_plays(seat) >> card & 1:
            return
        if self.led_suit is not None:
            suit = SUIT_NAMES[self.led_suit]
            raise self._refuse(
                ReasonCode.MUST_FOLLOW_SUIT,
                f"{seat.name} must follow suit: {suit} were led and {seat.name} holds {suit}",
                seat, card=card,
            )  # fmt: skip
        first_lead = self.plan.first_lead
        if self.trick_number == 1 and first_lead is not None:
            allowed = first_lead.allowed(self.pack, hand, self.plan.first_lead_card)
            if allowed and not allowed >> card & 1:
                choices = " ".join(CARD_TEXT[c] for c in cards_in(allowed))
                raise self._refuse(
                    first_lead.refusal,
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
        """`seat` plays `card` to the trick (`QS`, `10D`, `BJ` or the card number)."""
        if seat is not self.to_act:  # the player to act is a seat in play: nothing to read
            seat = self._seat(seat)
        return self.apply(play_record(seat, parse_card(card)))  # type: ignore[return-value]

    def _take_trick(self) -> None:
        """Every seat has played: the winner takes the trick and leads the next."""
        winner = self._winner
        self._winners.append(winner)
        self.tricks_won[winner] += 1
        self._played = 0
        self.led_suit = None
        if self.trick_number == self._tricks_per_hand:
            self._end_hand()
        else:
            self.trick_number += 1
            self.to_act = winner
            next_leader = self.plan.next_leader  # None: the winner leads
            if next_leader is not None:
                # The trick's cards are the log's last entries, each a play with its seat.
                leader: Seat = self.log[-self._trick_size].seat  # type: ignore[union-attr]
                self.to_act = next_leader(leader, winner)

    # --- the end of a hand ------------------------------------------------------------------

    def _end_hand(self) -> None:
        """Score the hand, carry the totals and bags, and see whether the game is over."""
        sheet = self.plan.sheet
        # The score sheet names seats and sides by letter, in table order.
        bids: dict[str, BidValue] = {}
        tricks: dict[str, int] = {}
        for seat in self.table.seats:
            name = _SEAT_NAMES[seat]
            bids[name] = self.bids[seat]
            tricks[name] = self.tricks_won[seat]
        totals, bags = self.totals, self.bags
        prior = {}
        for side in sheet.sides:
            prior[side] = (totals[side], bags[side])  # a side's score and bags going in
        book = self.plan.rulebook
        result = book.hand_score(book, self.rules, sheet, bids, tricks, prior)
        self.hand_results.append(result)
        self.hands_played += 1
        self.totals = totals = {}
        self.bags = bags = {}
        boston = moon = None  # `result.boston` and `result.moon`, read in the same pass
        for side, line in result.sides.items():
            totals[side] = line.score_after
            bags[side] = line.bags_after
            if line.boston and boston is None:
                boston = side
            if line.moon and moon is None:
                moon = side
        self.outcome = book.outcome_after(
            book, self.rules, sheet, totals, self.hands_played, boston, moon=moon
        )
        self.to_act = None
        if self.outcome.status == "continues":
            self.phase = _DEALING
            self.dealer = self.plan.next_dealer(self.table, self.dealer)
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
            trick=self.trick_number if self.phase is _PLAYING else None,
            card=None if card is None else CARD_TEXT[card],
            bid=bid,
            hand=self.hand_number,
        )

    def _seat(self, value: Seat | str | int) -> Seat:
        """The seat named, which must be one in play at this table."""
        seat = parse_seat(value)
        if self._left[seat] is None:
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

    def __repr__(self) -> str:
        return (
            f"<Game hand {self.hand_number} {self.phase} dealer {self.dealer.name} "
            f"totals {self.totals} bags {self.bags}>"
        )


_RECORDS = (Deal, Bid, Pass, Play)
_SETUP_FIELDS = {"dealer", "scores", "bags", "hands_played"}


def _pass_record(seat: Seat, cards: Pass | int | Iterable[int | str]) -> Pass:
    if isinstance(cards, Pass):
        return cards if cards.seat is seat else Pass(seat, cards.cards, cards.repeated)
    if isinstance(cards, int):
        return Pass(seat, int(cards))
    return parse_pass(seat, list(cards))


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
