"""A second, independent reading of the scoring rules, used to cross-check recorded games.

The recorder takes each hand's score from the reference engine; before it writes a game down
it scores every hand again here, from the variant's rule values alone, and refuses to write
anything the two disagree on. This module shares no code with `spadespec.reference_engine.scoring`
(nor with `spadespec.reference_engine.table`: who sits where is worked out again below).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spadespec.reference_engine.variant.model import Rules

NILS = ("nil", "blind-nil")


_SEATINGS = {
    2: ("N", "S"),
    3: ("N", "E", "S"),
    4: ("N", "E", "S", "W"),
    5: ("N", "NE", "SE", "SW", "NW"),
    6: ("N", "NE", "SE", "S", "SW", "NW"),
    7: ("N", "NE", "E", "SE", "SW", "W", "NW"),
    8: ("N", "NE", "E", "SE", "S", "SW", "W", "NW"),
}


def seats_of(rules: Rules) -> tuple[str, ...]:
    """The seats in play: N, E, S, W; N and S for two; N, E, S for three; N, NE, SE, SW, NW for
    five; N, NE, SE, S, SW, NW for six; N, NE, E, SE, SW, W, NW for seven; all eight points of
    the compass for eight."""
    return _SEATINGS[rules.table.players]


def sides_of(rules: Rules) -> dict[str, tuple[str, ...]]:
    """Side name -> its seats: NS and EW for partners at four, each seat with the one opposite,
    named `N-S`, `NE-SW`, `E-W`, `SE-NW`, at six or eight; North alone and the pairs NE-SW and
    SE-NW (and E-W at seven) with a spoiler; each seat alone otherwise."""
    if str(rules.table.sides) == "partnerships":
        if rules.table.players == 4:
            return {"NS": ("N", "S"), "EW": ("E", "W")}
        seats = seats_of(rules)
        half = len(seats) // 2
        return {f"{a}-{b}": (a, b) for a, b in zip(seats[:half], seats[half:], strict=True)}
    if str(rules.table.sides) == "partnerships-and-spoiler":
        if rules.table.players == 7:
            return {"N": ("N",), "NE-SW": ("NE", "SW"), "E-W": ("E", "W"), "SE-NW": ("SE", "NW")}
        return {"N": ("N",), "NE-SW": ("NE", "SW"), "SE-NW": ("SE", "NW")}
    return {seat: (seat,) for seat in seats_of(rules)}


def tricks_in_hand(rules: Rules) -> int:
    """The pack (52, 54 with jokers, or as many as a mega pack's name says) less the cards taken
    out, shared among the players (two players keep one card of every two they draw, so half of
    it)."""
    pack = int(str(rules.deck.cards).rsplit("-", 1)[1])
    in_play = pack - len(rules.deck.removed)
    if rules.table.players == 2:
        return in_play // 4
    return in_play // rules.table.players


def _nil_entry(rules: Rules, seat: str, bid: str, took: int) -> dict[str, Any]:
    s = rules.scoring
    blind = bid == "blind-nil"
    bonus, penalty = (
        (s.blind_nil_bonus, s.blind_nil_penalty) if blind else (s.nil_bonus, s.nil_penalty)
    )
    if bonus is None or penalty is None:
        raise ValueError(f"{seat} bid {bid}, but the variant gives it no value")
    points = bonus if took == 0 else -penalty
    return {"seat": seat, "tricks": took, "made": took == 0, "points": points, "blind": blind}


def _tricks_bid(bid: Any) -> int:
    """A numeric bid's tricks: a number, or a number bid blind, written `blind-N`."""
    return int(bid.removeprefix("blind-")) if isinstance(bid, str) else int(bid)


def _bid_blind(bid: Any) -> bool:
    """Whether a bid is a number bid blind (`blind-N`, not blind nil)."""
    return isinstance(bid, str) and bid.startswith("blind-") and bid not in NILS


def _made(rules: Rules, contract: int, counted: int) -> bool:
    """Whether the tricks that count make the contract: at least the bid, or exactly it."""
    if str(rules.scoring.contract_made) == "exactly":
        return counted == contract
    return counted >= contract


def _contract_points(rules: Rules, contract: int, counted: int) -> int:
    s = rules.scoring
    made = _made(rules, contract, counted)
    if s.exact_total_points is not None:
        # The side's fixed total, won or lost whole.
        return s.exact_total_points if made else -s.exact_total_points
    if contract == tricks_in_hand(rules) and str(s.boston) == "points":
        if s.boston_points is None:
            raise ValueError("a side bid every trick, but the variant gives Boston no value")
        return s.boston_points if made else -s.boston_points
    if s.bonus_bid_tricks is not None and contract == s.bonus_bid_tricks:
        if s.bonus_bid_made is None or s.bonus_bid_set is None:
            raise ValueError(f"{contract} is a bonus bid, but the variant gives it no value")
        return s.bonus_bid_made if made else -s.bonus_bid_set
    if made:
        return s.points_per_bid_trick * contract
    # Short, or over where only the exact bid makes it: the tricks the bid was missed by.
    per = {"per-trick-bid": contract, "per-trick-short": abs(contract - counted), "nothing": 0}
    return -s.set_points_per_trick * per[str(s.set_penalty)]


def score_side(
    rules: Rules,
    side: str,
    bids: Mapping[str, Any],
    tricks: Mapping[str, int],
    score: int,
    bags: int,
) -> dict[str, Any]:
    """One side's itemised line for a hand, in the case format's `sideScore` shape."""
    s = rules.scoring
    seats = sides_of(rules)[side]
    contract = sum(_tricks_bid(bids[x]) for x in seats if bids[x] not in NILS)
    counted = 0
    nil_bags = 0
    nil_over = 0  # a nil bidder's own overtricks: a point and a bag each, made or not
    nils: list[dict[str, Any]] = []
    # Two partners both nil under the double nil rule `ignored`: their tricks count for nothing.
    double_ignored = (
        len(seats) == 2
        and all(bids[x] in NILS for x in seats)
        and str(s.double_nil_tricks) == "ignored"
    )
    for x in seats:
        if bids[x] in NILS:
            took = tricks[x]
            nils.append(_nil_entry(rules, x, bids[x], took))
            if double_ignored:
                continue
            if str(s.nil_tricks) == "count":
                counted += took
            elif str(s.nil_tricks) == "bags-only":
                nil_bags += took
            elif str(s.nil_tricks) == "overtricks":
                nil_over += took
        else:
            counted += tricks[x]
    made = _made(rules, contract, counted)
    contract_points = _contract_points(rules, contract, counted)
    if any(_bid_blind(bids[x]) for x in seats):
        # A partner bid a number blind: the contract's points, made or set, times the multiplier.
        contract_points *= s.blind_bid_multiplier
    over = counted - contract if made else 0
    keeps = {"contract-made": made, "always": True, "never": False}[str(s.bags_count)]
    added = over + nil_bags if keeps else 0
    if str(s.bags_count) != "never":
        added += nil_over
    over += nil_over
    count = bags + added
    times = 0
    while count >= s.bag_threshold:
        times += 1
        count = count - s.bag_threshold if str(s.bag_carry) == "excess-carries" else 0
    each = s.bag_penalty + (s.bag_threshold * s.overtrick_points if s.bag_points_cancelled else 0)
    bonus = None
    if s.big_bid_bonus is not None and s.big_bid_tricks is not None:
        # Bid at least the big number and made it: the bonus on top, an item of its own.
        bonus = s.big_bid_bonus if made and contract >= s.big_bid_tricks else 0
    spoiler = None
    if str(rules.table.sides) == "partnerships-and-spoiler":
        # The player alone beside the pairs counts its contract (made or set), a made nil and a
        # big-bid bonus the multiplier's times over; the extra is an item of its own.
        base = contract_points + (bonus or 0) + sum(n["points"] for n in nils if n["made"])
        spoiler = (s.spoiler_multiplier - 1) * base if len(seats) == 1 else 0
    hand = contract_points + over * s.overtrick_points + sum(n["points"] for n in nils)
    hand += (bonus or 0) + (spoiler or 0)
    hand -= times * each
    line: dict[str, Any] = {
        "side": side,
        "contract": contract,
        "side_tricks": sum(tricks[x] for x in seats),
        "tricks": counted,
        "made": made,
        "contract_points": contract_points,
        "overtricks": over,
        "overtrick_points": over * s.overtrick_points,
        **({} if bonus is None else {"bonus_points": bonus}),
        "nils": nils,
        **({} if spoiler is None else {"spoiler_points": spoiler}),
        "bags_before": bags,
        "bags_added": added,
        "bag_penalties": times,
        "bag_penalty": times * each,
        "bags_after": count,
        "hand_points": hand,
        "score_before": score,
        "score_after": score + hand,
    }
    if str(s.moon) not in ("wins-game", "wins-game-if-bid"):
        return line
    shooter = moon_side(rules, tricks, bids)
    if shooter is None:
        return {**line, "moon": False}
    # Somebody shot the moon: the hand is not scored, only what happened is written down.
    zeroed = dict.fromkeys(
        ("contract_points", "overtrick_points", "bags_added", "bag_penalties", "bag_penalty"), 0
    )
    if bonus is not None:
        zeroed["bonus_points"] = 0
    if spoiler is not None:
        zeroed["spoiler_points"] = 0
    return {
        **line,
        **zeroed,
        "nils": [{**n, "points": 0} for n in nils],
        "bags_after": bags,
        "hand_points": 0,
        "score_after": score,
        "moon": side == shooter,
    }


def moon_side(
    rules: Rules, tricks: Mapping[str, int], bids: Mapping[str, Any] | None = None
) -> str | None:
    """The side whose players took every trick of the hand, where that wins the game. Where
    the moon must be bid, it is the side that bid every trick and took them all (a Boston made,
    `boston_side`), and without the `bids` none is named here (`status_after` reads the Boston)."""
    if str(rules.scoring.moon) == "wins-game-if-bid":
        return None if bids is None else boston_side(rules, bids, tricks)
    if str(rules.scoring.moon) != "wins-game":
        return None
    every = tricks_in_hand(rules)
    for side, seats in sides_of(rules).items():
        if sum(tricks[x] for x in seats) == every:
            return side
    return None


def boston_side(rules: Rules, bids: Mapping[str, Any], tricks: Mapping[str, int]) -> str | None:
    """The side that bid every trick of the hand and took them all, counting only the tricks
    that count toward its contract, if one did."""
    every = tricks_in_hand(rules)
    nil_counts = str(rules.scoring.nil_tricks) == "count"
    for side, seats in sides_of(rules).items():
        bid = sum(_tricks_bid(bids[x]) for x in seats if bids[x] not in NILS)
        counted = sum(tricks[x] for x in seats if bids[x] not in NILS or nil_counts)
        if bid == every and counted == every:
            return side
    return None


def status_after(
    rules: Rules,
    totals: Mapping[str, int],
    hands_played: int = 0,
    boston: str | None = None,
    moon: str | None = None,
) -> dict[str, Any]:
    """The game's status after a hand, from every side's total and the game-end rules.

    `hands_played` counts the hands finished, the last one included; `boston` names the side
    that bid and took every trick of that hand, if any, and `moon` the side that took every
    trick where that wins the game (`moon_side`).
    """
    g = rules.game_end
    if moon is None and str(rules.scoring.moon) == "wins-game-if-bid":
        moon = boston  # the moon that must be bid is a Boston made
    if moon is not None:
        return {"status": "won", "winner": moon, "reason": "moon"}
    if boston is not None and str(rules.scoring.boston) == "wins-game":
        return {"status": "won", "winner": boston}
    scores = {side: totals[side] for side in sides_of(rules)}

    def there(total: int) -> bool:
        if g.target is None:
            return False
        return total >= g.target if str(g.target_rule) == "reach" else total > g.target

    ended = any(there(t) for t in scores.values())
    if g.losing_floor is not None:
        ended = ended or any(t <= g.losing_floor for t in scores.values())
    if g.hands is not None:
        ended = ended or hands_played >= g.hands
    if not ended:
        return {"status": "continues", "winner": None}
    best = max(scores.values())
    leaders = [side for side, t in scores.items() if t == best]
    if len(leaders) > 1:
        if str(g.tie) == "tie":
            return {"status": "tie", "winner": None}
        return {"status": "continues", "winner": None}
    return {"status": "won", "winner": leaders[0]}
