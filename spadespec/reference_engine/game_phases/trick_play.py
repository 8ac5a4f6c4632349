"""Trick play: the first leader leads, each player in turn plays a card, the best card takes
the trick and its player leads the next; the last trick ends the hand.

This is the engine's hot path: a card played is looked up in tables the plan and pack made
once (`spadespec.reference_engine.plan`), and the cards a player may play are worked out when
first asked for and kept until the state changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spadespec.reference_engine.actions import PLAYS_BY_MASK, PLAYS_OF, Action, Play, play_record
from spadespec.reference_engine.cards import (
    CARD_COUNT,
    CARD_TEXT,
    SPADES,
    SUIT_NAMES,
    cards_in,
    parse_card,
)
from spadespec.reference_engine.game_phases.end_of_hand import EndOfHand
from spadespec.reference_engine.game_phases.state import PLAYING
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.rules_of_play.first_trick import (
    first_trick_plays,
    first_trick_refusal,
)
from spadespec.reference_engine.rules_of_play.tricks import must_beat, must_beat_refusal
from spadespec.reference_engine.seats import Seat

_BIT = tuple(1 << card for card in range(CARD_COUNT))  # each card's mask, made once


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


class TrickPlay(EndOfHand):
    """The play of the tricks, which hands over to the end of the hand."""

    __slots__ = ()

    @property
    def current_trick(self) -> list[tuple[Seat, int]]:
        """The cards on the trick being played, in order, each with the seat that played it
        (read from the log when asked for: the trick's plays are the log's last entries)."""
        played = self._played
        if not played:
            return []
        # `_seats_and_cards`, inlined: a bot reads the trick at every card it plays.
        return [(play.seat, play.card) for play in self.log[-played:] if type(play) is Play]

    @property
    def completed_tricks(self) -> list[Trick]:
        """This hand's finished tricks, in order (made into records from the log when asked
        for: a game played through seldom looks at them)."""
        size, start, tricks = self._trick_size, self._first_play, []
        for number, winner in enumerate(self._winners):
            plays = self.log[start + number * size : start + (number + 1) * size]
            cards = tuple(_seats_and_cards(plays))
            tricks.append(Trick(cards[0][0], cards, winner))
        return tricks

    @property
    def trick_winners(self) -> list[Seat]:
        """Who took each of this hand's finished tricks, in order."""
        return list(self._winners)

    def _start_play(self) -> None:
        self._legal = None
        self._first_play = len(self.log)
        self.phase = PLAYING
        plan = self.plan
        self.to_act = plan.first_leader(self.table, self.dealer, self.hands, plan.first_lead_card)

    def _play_choices(self) -> tuple[Play, ...]:
        """A play record for each card the player to act may play, while playing: what
        `legal_actions()` offers once a card, so `legal_plays()` without the calls."""
        seat = self.to_act
        assert seat is not None  # someone is always to play while playing
        legal = self._legal
        if legal is None:
            # The plan's rules are read into locals to be called: called straight off the
            # game, a function kept on it is looked up as if it might be a method.
            led = self.led_suit
            if led is not None:
                follow = self._follow
                legal = follow(self.pack, self.hands[seat], led)
                # Heading and trumping narrow the follow only where a house plays them: one
                # flag read here, so standard play calls nothing more.
                if self._must_beat:
                    legal = must_beat(self.pack, self.plan.rules.play, legal, led, self._winning)
            elif self.trick_number > 1 or self._first_lead is None:
                lead = self._spades_lead
                legal = lead(self.pack, self.hands[seat], self.spades_broken)
            else:
                legal = self._legal_leads(self.hands[seat])
            if self._first_trick is not None and self.trick_number == 1:
                legal = self._on_first_trick(self.hands[seat], legal)
            self._legal = legal
        records = PLAYS_BY_MASK[seat].get(legal)  # a follow seen before, mostly
        return records if records is not None else PLAYS_OF[seat](legal)

    def legal_plays(self, seat: Seat | int | None = None) -> int:
        """The cards `seat` (default: the player to act) may play now, as a bitmask; 0 when
        it is not that seat's turn to play."""
        to_act = self.to_act
        if seat is not None and seat != to_act:
            return 0
        legal = self._legal
        if legal is None:
            # Worked out here rather than in a method of its own: a bot asks at every card.
            if self.phase is not PLAYING or to_act is None:
                return 0
            hand = self.hands[to_act]
            led = self.led_suit
            if led is not None:
                follow = self._follow
                legal = follow(self.pack, hand, led)
                if self._must_beat:
                    legal = must_beat(self.pack, self.plan.rules.play, legal, led, self._winning)
            else:
                legal = self._legal_leads(hand)
            if self._first_trick is not None and self.trick_number == 1:
                legal = self._on_first_trick(hand, legal)
            self._legal = legal
        return legal

    def _usual_follow(self, hand: int, led: int) -> int:
        """The cards a player holding `hand` may play to a trick led in `led` by the rules of
        following (and of heading and trumping, where a house plays them)."""
        legal = self._follow(self.pack, hand, led)
        if self._must_beat:
            legal = must_beat(self.pack, self.plan.rules.play, legal, led, self._winning)
        return legal

    def _on_first_trick(self, hand: int, usual: int) -> int:
        """The cards of `usual` the first-trick rule (`play.first_trick`) leaves a player."""
        rule = self._first_trick
        if rule is None:
            return usual
        return first_trick_plays(rule, self.pack, hand, self.led_suit, usual)

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
        self._check_phase(PLAYING, seat, "play", card=card)
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
        led = self.led_suit
        if self.trick_number == 1:
            usual = self._legal_leads(hand) if led is None else self._usual_follow(hand, led)
            if usual >> card & 1:  # allowed but for the first-trick rule
                rule = self.plan.rules.play.first_trick
                choices = " ".join(CARD_TEXT[c] for c in cards_in(self.legal_plays(seat)))
                raise self._refuse(
                    first_trick_refusal(rule, self.pack, hand, led),
                    f"on the first trick {seat.name} may play only: {choices}", seat, card=card,
                )  # fmt: skip
        if led is not None:
            suit_held = hand & self.pack.suit_masks[led]
            if not suit_held or suit_held >> card & 1:  # the suit followed, or none to follow
                code, text = must_beat_refusal(
                    self.pack, seat.name, hand, led, self._winning, self.legal_plays(seat)
                )
                raise self._refuse(code, text, seat, card=card)
            suit = SUIT_NAMES[led]
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
        return self._allowed(self.verify_play, seat, card)

    def play(self, seat: Seat | str, card: int | str) -> Play:
        """`seat` plays `card` to the trick (`QS`, `10D`, `BJ` or the card number)."""
        if seat is not self.to_act:  # the player to act is a seat in play: nothing to read
            seat = self._seat(seat)
        return self._apply_play(play_record(seat, parse_card(card)))

    def _apply_play(self, record: Play) -> Play:
        """`apply()` for a play, the one place a card goes on the trick (`play()` comes here
        too). A card among the legal plays passes one test; anything else is checked in full."""
        seat, card = record.seat, record.card
        legal = self._legal
        if legal is None and seat is self.to_act:
            legal = self.legal_plays()  # not asked for yet: worked out now, and kept
        if seat is not self.to_act or legal is None or not legal >> card & 1:
            seat = self._seat(seat)
            record = play_record(seat, card)
            self.verify(record)
        self._legal = None
        self.log.append(record)
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
            led = self.led_suit
            assert led is not None  # the trick's first card set it
            self.spades_broken = self._spades_broken_by(led)
        if played < self._trick_size:
            self.to_act = self._left[seat]
        else:
            self._take_trick()
        return record

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
                # The trick's cards are the log's last entries, the first its leader's.
                lead = self.log[-self._trick_size]
                assert isinstance(lead, Play), "a trick's first entry is its lead"
                self.to_act = next_leader(lead.seat, winner)


def _seats_and_cards(plays: list[Action]) -> list[tuple[Seat, int]]:
    """The seat and card of each play among log entries (which, in a trick, are all plays)."""
    return [(play.seat, play.card) for play in plays if type(play) is Play]
