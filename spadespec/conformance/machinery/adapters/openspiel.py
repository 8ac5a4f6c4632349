"""OpenSpiel's Spades over the engine protocol: `spadespec serve openspiel`.

Drives `pyspiel.load_game("spades")` (install with `pip install spadespec[openspiel]`) and
answers every observable a case asks by reading it off OpenSpiel's own state. The adapter
never scores, counts tricks or judges a play itself: the point is to check OpenSpiel.

Seat mapping
    OpenSpiel has no dealer. Its player 0 always makes the first bid and leads to the first
    trick (`kFirstPlayer` in spades.h), players then act in the order 0, 1, 2, 3, and its
    partnerships are players 0 & 2 and 1 & 3. For each hand of a case the adapter makes the
    seat that bids first under the case's variant OpenSpiel's player 0, and the next seats
    clockwise players 1, 2 and 3:

        player p  =  (seat - first bidder) mod 4,   first bidder = the dealer's left

    With North dealing, East is player 0, South 1, West 2 and North 3, so OpenSpiel's
    partnership 0 is East-West. The mapping moves one seat clockwise with every deal, so it
    is worked out again for each hand. This is only faithful where the first bidder also
    leads to the first trick; a variant in which another seat leads first (the dealer, the
    holder of the two of clubs), or the dealer bids first while the left-hand player leads,
    cannot be played, and its cases come back skipped with that reason. Only `openspiel`
    and `standard` are declared, and both bid and lead from the dealer's left.

Deals
    A deal is 52 chance actions, the i-th card going to player i % 4; the adapter orders the
    case's PBN deal so that each player receives exactly the hand its seat holds.

Several hands
    One OpenSpiel game is one hand. A case with several deals is played as one OpenSpiel game
    per hand; before each hand's first bid the running totals are handed in with
    `set_current_scores` (in that hand's partnership order) and read back after its last card
    with `get_current_scores`. The next dealer is the seat on the last dealer's left, the
    rotation both declared variants play (OpenSpiel itself deals one hand only).

What is read from OpenSpiel
    legal        `legal_actions()`: bids are 52 + n (52 is nil), cards suit * 13 + rank.
    illegal      whether the probe's seat is OpenSpiel's `current_player()` and the action
                 is in `legal_actions()`. OpenSpiel never says why it refuses an action, so
                 the reason code is inferred by the adapter from what it can see of the
                 position (the phase, who is to act, the cards the player still holds, the
                 suit led); a refusal that none of those explains is reported with the code
                 `refused-without-reason`. A refused bid of 1 to 13 can only be OpenSpiel's
                 cap on a partnership's two bids (`above-team-maximum`); any other refused
                 bid is out of its range. A probe of a numeric bid 0 is OpenSpiel's bid
                 action 52, which OpenSpiel calls Nil: it has one zero bid only.
    to_act       `current_phase()` and `current_player()`; between hands, the next dealer.
    trick_winners the change in each player's "Tricks taken" count that OpenSpiel's own
                 state text shows after every fourth card.
    totals       `get_current_scores()`.
    bags         OpenSpiel keeps no bag count: its scoring reads a side's bags from the last
                 digit of its score (`current_score % 10` in spades_scoring.cc, a C++
                 remainder, negative for a negative score). The adapter reports exactly that
                 remainder of `get_current_scores()`. A case that starts with bags that are
                 not the last digit of the starting score cannot be set up, and is skipped.
    status       `is_game_over()`; the winner is the side whose `returns()` carry OpenSpiel's
                 win bonus (or whose opponents' carry the mercy-rule penalty).

Variant rules reach OpenSpiel through its game parameters: `win_threshold` from
`game_end.target`, and `use_mercy_rule`/`mercy_threshold` from `game_end.losing_floor`.
"""

from __future__ import annotations

import math
import sys
from importlib import metadata
from typing import Any

from spadespec.conformance.contract.protocol.messages import (
    PROTOCOL_VERSION,
    CaseRequest,
    CaseResponse,
    EngineInfo,
)
from spadespec.reference_engine.cards import CARD_TEXT, parse_card
from spadespec.reference_engine.deal import parse_pbn
from spadespec.reference_engine.errors import DealError, InvalidActionError
from spadespec.reference_engine.seats import SEATS, Seat
from spadespec.reference_engine.variant import VariantError, load_variant

VARIANTS = ["openspiel", "standard"]
FEATURES = ["legal", "illegal", "to_act", "trick_winners", "totals", "bags", "status"]
"""No `hands`: OpenSpiel scores a hand as one figure per partnership, with no itemised sheet
(contract points, overtricks, nil results, bag penalty) to read."""

BID_BASE = 52
NIL_ACTION = 52
_PHASES = {0: "deal", 1: "bid", 2: "play", 3: "over"}


class CannotSetUp(Exception):
    """The case needs a position OpenSpiel cannot be put in; the case is skipped."""


class Refused(Exception):
    """OpenSpiel refused an action of the log; the case is errored."""


def cpp_remainder(score: int) -> int:
    """`score % 10` as C++ computes it: the sign follows the score."""
    return int(math.fmod(score, 10))


class Hand:
    """One OpenSpiel game, which is one hand, and the seat mapping it was dealt with."""

    def __init__(self, pyspiel_game: Any, dealer: Seat, cards: tuple[int, int, int, int]):
        self.dealer = dealer
        self.first = SEATS[(dealer + 1) & 3]
        self.state = pyspiel_game.new_initial_state()
        self.winners: list[str] = []
        self._taken = [0, 0, 0, 0]
        held = [sorted(_bits(cards[self.seat(p)])) for p in range(4)]
        for i in range(52):
            card = held[i % 4][i // 4]
            if card not in self.state.legal_actions():
                raise Refused(f"OpenSpiel will not deal {CARD_TEXT[card]} as chance action {i}")
            self.state.apply_action(card)

    def seat(self, player: int) -> Seat:
        return SEATS[(self.first + player) & 3]

    def player(self, seat: Seat) -> int:
        return (seat - self.first) & 3

    def side(self, partnership: int) -> str:
        """OpenSpiel's partnership 0 or 1 as NS or EW."""
        return self.seat(partnership).side

    def to_act(self) -> Seat | None:
        player = self.state.current_player()
        return self.seat(player) if 0 <= player < 4 else None

    def apply(self, action: int) -> None:
        self.state.apply_action(action)
        if self.state.current_phase() >= 2:
            self._note_trick()

    def _note_trick(self) -> None:
        taken = _tricks_taken(self.state.to_string())
        if taken is None or taken == self._taken:
            return
        gained = [p for p in range(4) if taken[p] != self._taken[p]]
        self._taken = taken
        for p in gained:
            self.winners.append(self.seat(p).name)


def _bits(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def _tricks_taken(text: str) -> list[int] | None:
    """The per-player trick counts under "Tricks taken:" in OpenSpiel's state text."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Tricks taken:"):
            numbers = [int(w) for w in lines[i + 3].split()]
            return numbers if len(numbers) == 4 else None
    return None


class Table:
    """A case replayed through OpenSpiel: the hands dealt so far and the running totals."""

    def __init__(self, pyspiel_game: Any, setup: dict[str, Any]) -> None:
        self.game = pyspiel_game
        try:
            self.dealer = Seat[setup.get("dealer", "N")]
        except KeyError:
            raise CannotSetUp(f"unknown dealer {setup.get('dealer')!r}") from None
        scores = setup.get("scores", {"NS": 0, "EW": 0})
        bags = setup.get("bags", {"NS": 0, "EW": 0})
        for side in ("NS", "EW"):
            if cpp_remainder(scores[side]) != bags[side]:
                raise CannotSetUp(
                    f"OpenSpiel keeps bags as the last digit of the score; {side} cannot start"
                    f" on {scores[side]} with {bags[side]} bags"
                )
        self.totals = {"NS": scores["NS"], "EW": scores["EW"]}
        self.hands: list[Hand] = []
        self.game_over = False
        self.winner: str | None = None

    @property
    def hand(self) -> Hand | None:
        """The hand in progress, if one is."""
        if self.hands and not self.hands[-1].state.is_terminal():
            return self.hands[-1]
        return None

    def deal(self, hands_text: str) -> None:
        if self.game_over:
            raise Refused("OpenSpiel ended the game with the last hand; the log deals again")
        if self.hand is not None:
            raise Refused("a deal in the middle of a hand")
        hand = Hand(self.game, self.dealer, parse_pbn(hands_text))
        hand.state.set_current_scores([self.totals[hand.side(0)], self.totals[hand.side(1)]])
        self.hands.append(hand)

    def act(self, entry: dict[str, Any]) -> None:
        hand = self.hand
        if hand is None:
            raise Refused("no hand is in progress")
        seat = Seat[entry["seat"]]
        action = _action(entry)
        if hand.to_act() != seat:
            raise Refused(f"OpenSpiel has {_name(hand.to_act())} to act, not {seat.name}")
        if action not in hand.state.legal_actions():
            raise Refused(f"OpenSpiel does not list it among the legal actions ({action})")
        hand.apply(action)
        if hand.state.is_terminal():
            self._close(hand)

    def _close(self, hand: Hand) -> None:
        before = [self.totals[hand.side(0)], self.totals[hand.side(1)]]
        after = list(hand.state.get_current_scores())
        for partnership in (0, 1):
            self.totals[hand.side(partnership)] = after[partnership]
        self.dealer = SEATS[(hand.dealer + 1) & 3]
        if hand.state.is_game_over():
            self.game_over = True
            returns = hand.state.returns()
            # A return above the hand's own points carries the win bonus; below, the mercy
            # penalty, which the other side's win.
            for partnership in (0, 1):
                extra = returns[partnership] - (after[partnership] - before[partnership])
                if extra > 0:
                    self.winner = hand.side(partnership)
                elif extra < 0:
                    self.winner = hand.side(1 - partnership)


def _name(seat: Seat | None) -> str:
    return seat.name if seat is not None else "nobody"


def _action(entry: dict[str, Any]) -> int:
    """A log entry as OpenSpiel's action number; raises InvalidActionError if malformed."""
    if entry.get("action") == "bid":
        bid = entry.get("bid")
        if bid == "nil":
            return NIL_ACTION
        if isinstance(bid, int) and not isinstance(bid, bool):
            return BID_BASE + bid
        raise ValueError(f"unknown bid {bid!r}")
    return parse_card(str(entry.get("card")))


class OpenSpielEngine:
    """OpenSpiel's `spades` game answering conformance requests in-process."""

    def __init__(self) -> None:
        import pyspiel

        self._pyspiel = pyspiel
        self._games: dict[tuple[Any, ...], Any] = {}

    def start(self) -> EngineInfo:
        try:
            version = metadata.version("open_spiel")
        except metadata.PackageNotFoundError:
            version = "unknown"
        return {
            "name": "open_spiel-spades",
            "version": version,
            "language": "c++",
            "protocol": PROTOCOL_VERSION,
            "variants": list(VARIANTS),
            "features": list(FEATURES),
        }

    def stop(self) -> None:
        pass

    def _game(self, rules: Any) -> Any:
        floor = rules.game_end.losing_floor
        params: dict[str, Any] = {
            "win_threshold": rules.game_end.target,
            "use_mercy_rule": floor is not None,
        }
        if floor is not None:
            params["mercy_threshold"] = floor
        key = tuple(sorted(params.items()))
        if key not in self._games:
            self._games[key] = self._pyspiel.load_game("spades", params)
        return self._games[key]

    def run(self, request: CaseRequest) -> CaseResponse:
        ref = request["variant"]
        if ref["id"] not in VARIANTS:
            return {"outcome": "skipped", "reason": f"variant {ref['id']!r} is not played"}
        try:
            rules = load_variant(ref["id"], dict(ref.get("options", {}))).rules
        except VariantError as exc:
            return {"outcome": "skipped", "reason": f"variant {ref['id']!r}: {exc}"}
        if (
            str(rules.bidding.first_bidder) != "left-of-dealer"
            or str(rules.play.first_leader) != "left-of-dealer"
        ):
            return {
                "outcome": "skipped",
                "reason": "OpenSpiel's first bidder also leads first; this variant separates them",
            }
        try:
            table = Table(self._game(rules), request["setup"])
        except CannotSetUp as exc:
            return {"outcome": "skipped", "reason": str(exc)}
        for index, entry in enumerate(request["actions"]):
            try:
                if entry.get("action") == "deal":
                    table.deal(entry["hands"])
                else:
                    table.act(entry)
            except (Refused, DealError, InvalidActionError, ValueError, KeyError) as exc:
                return {
                    "outcome": "errored",
                    "message": f"the log does not replay: action {index + 1}"
                    f" ({_describe(entry)}): {exc}",
                }
        answers: dict[str, Any] = {}
        for key in request["ask"]:
            if key == "illegal":
                probe = request.get("probe")
                answers[key] = {"action": probe, "reason": _refusal(table, probe)}
            elif key in _READERS:
                answers[key] = _READERS[key](table)
            else:
                return {"outcome": "skipped", "reason": f"OpenSpiel cannot answer {key!r}"}
        return {"outcome": "answered", "answers": answers}


def _describe(entry: dict[str, Any]) -> str:
    if entry.get("action") == "bid":
        return f"{entry.get('seat')} bids {entry.get('bid')}"
    if entry.get("action") == "play":
        return f"{entry.get('seat')} plays {entry.get('card')}"
    return str(entry.get("action"))


def _legal(table: Table) -> list[Any]:
    hand = table.hand
    if hand is None:
        return []
    out: list[Any] = []
    for action in hand.state.legal_actions():
        if action == NIL_ACTION:
            out.append("nil")
        elif action > NIL_ACTION:
            out.append(action - BID_BASE)
        else:
            out.append(CARD_TEXT[action])
    return out


def _to_act(table: Table) -> dict[str, Any]:
    if table.game_over:
        return {"phase": "over", "seat": None}
    hand = table.hand
    if hand is None:
        return {"phase": "deal", "seat": table.dealer.name}
    return {"phase": _PHASES[hand.state.current_phase()], "seat": _name(hand.to_act())}


def _status(table: Table) -> dict[str, Any]:
    if table.game_over:
        return {"status": "won", "winner": table.winner}
    return {"status": "continues", "winner": None}


_READERS = {
    "legal": _legal,
    "to_act": _to_act,
    "trick_winners": lambda table: [hand.winners for hand in table.hands],
    "totals": lambda table: dict(table.totals),
    "bags": lambda table: {side: cpp_remainder(table.totals[side]) for side in ("NS", "EW")},
    "status": _status,
}


def _refusal(table: Table, probe: Any) -> str | None:
    """None if OpenSpiel would take the probe; else the reason code the adapter infers."""
    if not isinstance(probe, dict) or probe.get("action") not in ("deal", "bid", "play"):
        return "malformed-action"
    kind = probe["action"]
    if kind != "deal":
        if (
            "seat" not in probe
            or (kind == "bid" and "bid" not in probe)
            or (kind == "play" and "card" not in probe)
        ):
            return "malformed-action"
        if probe["seat"] not in Seat.__members__:
            return "unknown-seat"
    if kind == "deal":
        try:
            parse_pbn(probe.get("hands", ""))
        except DealError:
            return "bad-deal"  # malformed: said before the game's end or the phase
    if table.game_over:
        return "game-over"
    hand = table.hand
    if kind == "deal":
        return None if hand is None else "wrong-phase"
    try:
        action = _action(probe)
    except (ValueError, InvalidActionError):
        return "unknown-bid" if kind == "bid" else "unknown-card"
    if hand is None:
        return "wrong-phase"
    phase = _PHASES[hand.state.current_phase()]
    if phase != kind:
        return "wrong-phase"
    seat = Seat[probe["seat"]]
    if kind == "bid" and _has_bid(hand, seat):
        return "already-bid"
    if hand.to_act() != seat:
        return "not-your-turn"
    if action in hand.state.legal_actions():
        return None
    return _why_refused(hand, kind, action)


def _has_bid(hand: Hand, seat: Seat) -> bool:
    bids_made = len(hand.state.history()) - 52
    return hand.player(seat) < bids_made


def _why_refused(hand: Hand, kind: str, action: int) -> str:
    """OpenSpiel refused `action` of the player to act and gives no reason: infer one."""
    if kind == "bid":
        # OpenSpiel's bids are nil and 1..13, and a partnership's two bids may not pass 13.
        bid = action - BID_BASE
        return "above-team-maximum" if 1 <= bid <= 13 else "bid-out-of-range"
    held = _held(hand)
    if action not in held:
        return "card-not-in-hand"
    history = hand.state.history()
    played = len(history) - 56
    if played % 4:
        led = history[56 + played - played % 4] // 13
        if action // 13 != led and any(card // 13 == led for card in held):
            return "must-follow-suit"
    elif action // 13 == 3 and any(card // 13 != 3 for card in held):
        return "spades-not-broken"
    return "refused-without-reason"


def _held(hand: Hand) -> set[int]:
    """The cards the player to act still holds, as OpenSpiel's observation shows them."""
    player = hand.state.current_player()
    text = hand.state.observation_string(player)
    held: set[int] = set()
    for line in text.splitlines()[:4]:
        suit_letter, _, ranks = line.partition(" ")
        if suit_letter in "SHDC" and len(suit_letter) == 1 and ranks != "none":
            for rank in ranks:
                held.add("CDHS".index(suit_letter) * 13 + "23456789TJQKA".index(rank))
    return held


def main() -> int:
    from spadespec.conformance.contract.engines.serve import serve_stdio

    try:
        engine = OpenSpielEngine()
    except ImportError:
        print(
            "OpenSpiel is not installed: pip install 'spadespec[openspiel]' (module pyspiel)",
            file=sys.stderr,
        )
        return 1
    return serve_stdio(engine)


if __name__ == "__main__":
    sys.exit(main())
