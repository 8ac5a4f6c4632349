"""A side's score for one hand, item by item, as `spadespec score` prints it and an audit shows
a wrong figure's arithmetic: contract, tricks counted, result, overtricks, moon, bonus, nils,
bags and the new total."""

from __future__ import annotations

from spadespec.reference_engine.scoring.records import HandScore, SideScore
from spadespec.reference_engine.scoring.sides import sheet_of
from spadespec.reference_engine.variant.model import BagsCount, NilTricks, Rules

_CONTRACT_NOTE = {
    "tricks": "",
    "bonus-bid": " (a bonus bid)",
    "boston": " (Boston: every trick bid)",
    "exact-total": " (the exact total partners must bid)",
}


def side_lines(score: SideScore, hand: HandScore, rules: Rules) -> list[str]:
    """One side's score for the hand, item by item, as `spadespec score` prints it: the
    arithmetic from bids and tricks to the new total."""
    seats = sheet_of(rules).side_seats[score.side]
    bids = ", ".join(f"{seat} {hand.bids[seat]}" for seat in seats)
    took = ", ".join(f"{seat} {hand.tricks[seat]}" for seat in seats)
    result = "made" if score.made else "set"
    note = _CONTRACT_NOTE[score.contract_kind]
    lines = [
        f"{score.side}  bids {bids}; tricks {took}",
        f"  contract        {score.contract}",
        f"  tricks counted  {score.tricks} of {score.side_tricks}{_nil_note(score, rules)}",
        f"  result          {result}: {score.contract_points:+d}{note}",
        f"  overtricks      {score.overtricks}: {score.overtrick_points:+d}",
    ]
    if hand.moon is not None:
        shot = "took every trick" if score.moon else f"{hand.moon} took every trick"
        lines.append(f"  moon            {shot}: the hand is not scored")
    if score.bonus_points is not None:
        lines.append(f"  big-bid bonus   {score.bonus_points:+d}{_bonus_note(rules)}")
    for nil in score.nils:
        label = f"{'blind nil' if nil.blind else 'nil'} {nil.seat}"
        verdict = "made" if nil.made else "failed"
        lines.append(f"  {label:<16}took {nil.tricks}: {verdict}, {nil.points:+d}")
    if score.spoiler_points:
        times = rules.scoring.spoiler_multiplier
        lines.append(f"  spoiler x{times:<7}{score.spoiler_points:+d} (contract, made nils, bonus)")
    lines += [
        f"  bags added      {score.bags_added} (had {score.bags_before}){_bags_note(rules)}",
        f"  bag penalty     {_penalty_text(score, rules)}",
        f"  bags after      {score.bags_after}",
        f"  hand points     {score.hand_points:+d}",
        f"  total           {score.score_before} -> {score.score_after}",
    ]
    return lines


def _bonus_note(rules: Rules) -> str:
    scoring = rules.scoring
    return f" ({scoring.big_bid_bonus} for {scoring.big_bid_tricks} or more bid and made)"


def _bags_note(rules: Rules) -> str:
    return " (this variant keeps no bags)" if rules.scoring.bags_count is BagsCount.NEVER else ""


def _penalty_text(score: SideScore, rules: Rules) -> str:
    if not score.bag_penalties:
        return "none"
    text = f"{score.bag_penalties} x: -{score.bag_penalty}"
    scoring = rules.scoring
    if scoring.bag_points_cancelled:
        taken_back = scoring.bag_threshold * scoring.overtrick_points
        text += f" ({scoring.bag_penalty} and the {taken_back} the bags scored, each time)"
    return text


_NIL_TRICKS_NOTE = {
    NilTricks.COUNT: "",
    NilTricks.BAGS_ONLY: " (a nil bidder's tricks are bags, not toward the contract)",
    NilTricks.IGNORED: " (a nil bidder's tricks do not count)",
    NilTricks.OVERTRICKS: " (a nil bidder's tricks are overtricks, not toward the contract)",
}


def _nil_note(score: SideScore, rules: Rules) -> str:
    return _NIL_TRICKS_NOTE[rules.scoring.nil_tricks] if score.nils else ""
