"""`spadespec score`: the itemised score of one hand from its bids and tricks, and the game
status after it."""

from __future__ import annotations

import argparse
import json
from typing import Any

from reference_engine.cli import UsageError
from reference_engine.cli.variant_args import add_variant_arguments, load_variant_from_args
from reference_engine.scoring import (
    GameOutcome,
    HandScore,
    SideScore,
    SideTotals,
    game_outcome,
    score_hand,
)
from reference_engine.scoring.sides import PARTNERS, SEATS, SIDES
from reference_engine.variant import ResolvedVariant
from reference_engine.variant.model import NilBid, NilTricks, Rules

EXAMPLE = (
    "example:\n"
    "  spadespec score --variant standard --bids N=3,E=4,S=nil,W=2 \\\n"
    "      --tricks N=4,E=5,S=1,W=3 --prior NS=120/3,EW=80/0"
)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "score",
        help="score one hand from its bids and tricks",
        description="Score one hand under a variant, item by item, and say where the game stands.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_variant_arguments(parser)
    parser.add_argument(
        "--bids",
        required=True,
        metavar="N=3,E=4,S=nil,W=2",
        help="each seat's bid: a number of tricks or 'nil'; 0 means nil only where the "
        "variant allows nil",
    )
    parser.add_argument(
        "--tricks",
        required=True,
        metavar="N=4,E=5,S=1,W=3",
        help="the tricks each seat took; the four must add up to 13",
    )
    parser.add_argument(
        "--prior",
        metavar="NS=120/3,EW=80/0",
        help="each side's score/bags before the hand (default 0/0; '/bags' may be left off)",
    )
    parser.add_argument("--json", action="store_true", help="print the score as JSON")
    parser.set_defaults(run=run)


def _pairs(text: str, flag: str, keys: tuple[str, ...], example: str) -> dict[str, str]:
    """`K=V,K=V` into a dict, every key from `keys` exactly once."""
    out: dict[str, str] = {}
    for item in text.split(","):
        key, sep, value = item.partition("=")
        key, value = key.strip().upper(), value.strip()
        if not sep or not value:
            raise UsageError(f"{flag}: expected KEY=VALUE pairs like {example}, got {item!r}")
        if key not in keys:
            raise UsageError(f"{flag}: unknown {key!r}; expected {', '.join(keys)}")
        if key in out:
            raise UsageError(f"{flag}: {key} is given twice")
        out[key] = value
    return out


def _seat_values(text: str, flag: str, example: str) -> dict[str, str]:
    values = _pairs(text, flag, SEATS, example)
    missing = [seat for seat in SEATS if seat not in values]
    if missing:
        raise UsageError(f"{flag}: no value for {', '.join(missing)}; expected {example}")
    return values


def parse_bids(text: str, rules: Rules) -> dict[str, int | str]:
    """Each seat's bid, checked against the variant's bid range and nil rule."""
    lo, hi = rules.bidding.min_bid, rules.bidding.max_bid
    nil_allowed = rules.bidding.nil is NilBid.ALLOWED
    nil_note = " or nil (0 also means nil)" if nil_allowed else " (this variant does not allow nil)"
    expected = f"a number {lo}..{hi}{nil_note}"
    bids: dict[str, int | str] = {}
    for seat, raw in _seat_values(text, "--bids", "N=3,E=4,S=nil,W=2").items():
        if raw.lower() == "nil" or (raw == "0" and nil_allowed):
            if not nil_allowed:
                raise UsageError(f"--bids: {seat} bid nil, but this variant does not allow nil")
            bids[seat] = "nil"
            continue
        try:
            bid = int(raw)
        except ValueError:
            raise UsageError(f"--bids: {seat}={raw!r}; expected {expected}") from None
        if not lo <= bid <= hi:
            raise UsageError(f"--bids: {seat}={bid} is out of range; expected {expected}")
        bids[seat] = bid
    return bids


def parse_tricks(text: str) -> dict[str, int]:
    tricks: dict[str, int] = {}
    for seat, raw in _seat_values(text, "--tricks", "N=4,E=5,S=1,W=3").items():
        if not raw.isdigit() or int(raw) > 13:
            raise UsageError(f"--tricks: {seat}={raw!r}; expected a count 0..13")
        tricks[seat] = int(raw)
    total = sum(tricks.values())
    if total != 13:
        raise UsageError(f"--tricks: the seats took {total} tricks in all; a hand has 13")
    return tricks


def parse_prior(text: str | None) -> dict[str, SideTotals]:
    if not text:
        return {}
    prior: dict[str, SideTotals] = {}
    for side, raw in _pairs(text, "--prior", SIDES, "NS=120/3,EW=80/0").items():
        score, _, bags = raw.partition("/")
        try:
            totals = SideTotals(int(score), int(bags) if bags else 0)
        except ValueError:
            raise UsageError(
                f"--prior: {side}={raw!r}; expected score/bags such as {side}=120/3"
            ) from None
        if totals.bags < 0:
            raise UsageError(f"--prior: {side} cannot carry {totals.bags} bags")
        prior[side] = totals
    return prior


def _side_lines(score: SideScore, hand: HandScore, rules: Rules) -> list[str]:
    seats = PARTNERS[score.side]
    bids = ", ".join(f"{seat} {hand.bids[seat]}" for seat in seats)
    took = ", ".join(f"{seat} {hand.tricks[seat]}" for seat in seats)
    result = "made" if score.made else "set"
    lines = [
        f"{score.side}  bids {bids}; tricks {took}",
        f"  contract        {score.contract}",
        f"  tricks counted  {score.tricks} of {score.side_tricks}{_nil_note(score, rules)}",
        f"  result          {result}: {score.contract_points:+d}",
        f"  overtricks      {score.overtricks}: {score.overtrick_points:+d}",
    ]
    for nil in score.nils:
        verdict = "made" if nil.made else "failed"
        lines.append(f"  nil {nil.seat}           took {nil.tricks}: {verdict}, {nil.points:+d}")
    penalty = f"{score.bag_penalties} x: -{score.bag_penalty}" if score.bag_penalties else "none"
    lines += [
        f"  bags added      {score.bags_added} (had {score.bags_before})",
        f"  bag penalty     {penalty}",
        f"  bags after      {score.bags_after}",
        f"  hand points     {score.hand_points:+d}",
        f"  total           {score.score_before} -> {score.score_after}",
    ]
    return lines


_NIL_TRICKS_NOTE = {
    NilTricks.COUNT: "",
    NilTricks.BAGS_ONLY: " (a nil bidder's tricks are bags, not toward the contract)",
    NilTricks.IGNORED: " (a nil bidder's tricks do not count)",
}


def _nil_note(score: SideScore, rules: Rules) -> str:
    return _NIL_TRICKS_NOTE[rules.scoring.nil_tricks] if score.nils else ""


def render_text(variant: ResolvedVariant, hand: HandScore, outcome: GameOutcome) -> str:
    lines = [f"{variant.id}: {variant.title}"]
    if variant.chosen:
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in variant.chosen.items()))
    for side in SIDES:
        lines.append("")
        lines += _side_lines(hand.sides[side], hand, variant.rules)
    winner = f" by {outcome.winner}" if outcome.winner else ""
    lines += ["", f"game: {outcome.status}{winner}: {outcome.reason}"]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    variant = load_variant_from_args(args)
    rules = variant.rules
    bids = parse_bids(args.bids, rules)
    tricks = parse_tricks(args.tricks)
    prior = parse_prior(args.prior)
    hand = score_hand(rules, bids, tricks, prior)
    outcome = game_outcome(rules, {side: s.score_after for side, s in hand.sides.items()})
    if args.json:
        doc = {
            "variant": variant.id,
            "options": dict(variant.chosen),
            "hand": hand.to_json(),
            "game": outcome.to_json(),
        }
        print(json.dumps(doc, indent=2))
    else:
        print(render_text(variant, hand, outcome))
    return 0
