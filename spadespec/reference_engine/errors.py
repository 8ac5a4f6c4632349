"""Errors for refused actions: each names the seat, trick, card or bid, and a reason code.

Like a chess library that tells a badly written move from an illegal one, a malformed action
(`InvalidActionError`: an unreadable card, an unknown seat, a bad deal) is told apart from a
well-formed one the rules forbid (`IllegalActionError`). A malformed action is refused too, so
`InvalidActionError` is a kind of `IllegalActionError`: catching the latter catches both.
"""

from __future__ import annotations

from typing import Any

from spadespec.reference_engine.reason_codes import ReasonCode


class IllegalActionError(ValueError):
    """An action the rules do not allow now.

    `reason` is the stable code; `seat`, `trick` (1..13), `card` (canonical text such as `QS`),
    `bid`, `hand` (1-based hand number) say where; `index` is the action's position in a
    replayed log, when there is one.
    """

    def __init__(
        self,
        reason: ReasonCode,
        detail: str,
        *,
        seat: str | None = None,
        trick: int | None = None,
        card: str | None = None,
        bid: int | str | None = None,
        hand: int | None = None,
        index: int | None = None,
    ) -> None:
        self.reason = reason
        self.detail = detail
        self.seat = seat
        self.trick = trick
        self.card = card
        self.bid = bid
        self.hand = hand
        self.index = index
        super().__init__(detail)

    def __str__(self) -> str:
        where = []
        if self.index is not None:
            where.append(f"action {self.index}")
        if self.hand is not None:
            where.append(f"hand {self.hand}")
        if self.trick is not None:
            where.append(f"trick {self.trick}")
        prefix = ", ".join(where)
        return (
            f"{prefix}: {self.detail} [{self.reason}]"
            if prefix
            else f"{self.detail} [{self.reason}]"
        )

    def to_json(self) -> dict[str, Any]:
        """The refusal as a JSON-able record, for reports."""
        out: dict[str, Any] = {"reason": str(self.reason), "message": self.detail}
        for key in ("seat", "trick", "card", "bid", "hand", "index"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


class InvalidActionError(IllegalActionError):
    """An action that cannot be read at all: unknown card, seat or bid, a missing field."""


class DealError(InvalidActionError):
    """A deal that does not give 13 different cards to each seat."""

    def __init__(self, detail: str, *, seat: str | None = None, card: str | None = None) -> None:
        super().__init__(ReasonCode.BAD_DEAL, detail, seat=seat, card=card)
