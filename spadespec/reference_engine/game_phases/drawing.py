"""Two players drawing their hands from the stock, card by card.

Where two players draw (`table.players: 2`), a deal may lay down the stock, the cards in play
face down, top card first, in place of the hands. The player who did not deal draws first,
then the dealer, turn about, until each holds their share: at each turn the player looks at
the top card and keeps it, throwing out the card under it, or throws it out and keeps the card
under it (`Draw`). Two cards leave the stock at every turn, so the stock's cards go in pairs:
the first pair to the first to draw, the second to the other, and so on; the cards thrown out
are out of play for the hand. When the last turn is taken, the bidding opens.
"""

from __future__ import annotations

from spadespec.reference_engine.actions import Deal, Draw, draw_record
from spadespec.reference_engine.deal import check_stock
from spadespec.reference_engine.game_phases.state import DEALING, DRAWING, GameState
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.seats import Seat


class Drawing(GameState):
    __slots__ = ()

    def verify_stock(self, stock: tuple[int, ...]) -> None:
        """A stock must be laid where two players draw, and hold every card in play once, when
        a deal is due (its cards checked first, as a deal's hands are)."""
        check_stock(stock, self.pack, self.table)
        self._check_phase(DEALING, None, "deal")

    def _start_draw(self, record: Deal) -> None:
        """Lay the stock down: the player who did not deal draws first."""
        assert record.stock is not None  # only a stock's deal starts a draw
        self._stock = record.stock
        self._draws = 0
        self.phase = DRAWING
        self.to_act = self.plan.first_drawer(self.table, self.dealer)

    def top_of_stock(self) -> int:
        """The card the player to draw looks at: the top one left in the stock."""
        if self.phase is not DRAWING:
            raise self._refuse(
                ReasonCode.WRONG_PHASE, f"no stock is being drawn from: the game is waiting "
                f"for a {self.phase}", None,
            )  # fmt: skip
        return self._stock[2 * self._draws]

    def legal_draws(self) -> tuple[bool, ...]:
        """What the player to draw may answer: keep the top card (true) or throw it out and
        keep the next (false); nothing outside the draw."""
        return (True, False) if self.phase is DRAWING else ()

    def _draw_choices(self) -> tuple[Draw, ...]:
        """The drawer's answers as records, as `legal_actions()` offers them."""
        seat = self.to_act
        assert seat is not None  # a player is always to draw while the stock lasts
        return tuple(draw_record(seat, keep) for keep in self.legal_draws())

    def verify_draw(self, seat: Seat | str, keep: bool) -> None:
        """Only the player whose turn it is may draw, and only while the stock lasts."""
        seat = self._seat(seat)
        self._check_phase(DRAWING, seat, "draw")
        if seat is not self.to_act:
            raise self._refuse(
                ReasonCode.NOT_YOUR_TURN,
                f"it is {self._to_act_name()}'s turn to draw, not {seat.name}'s",
                seat,
            )

    def can_draw(self, seat: Seat | str, keep: bool) -> bool:
        return self._allowed(self.verify_draw, seat, keep)

    def draw(self, seat: Seat | str, keep: bool) -> Draw:
        """The player to draw keeps the top card of the stock (`keep` true, the next card is
        thrown out) or throws it out and keeps the next; then the other player draws, or, once
        each holds their share, the bidding opens."""
        seat = self._seat(seat)
        self.verify_draw(seat, keep)
        record = draw_record(seat, bool(keep))
        self.log.append(record)
        top = 2 * self._draws
        self.hands[seat] |= 1 << self._stock[top if keep else top + 1]
        self._draws += 1
        if self._draws < self.table.players * self.table.cards_per_hand:
            self.to_act = self.table.left[seat]
            return record
        self.dealt = tuple(self.hands)
        self._open_bidding()
        return record

    def _open_bidding(self) -> None:
        raise NotImplementedError  # Dealing, which Game also inherits, defines it
