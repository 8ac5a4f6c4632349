"""`spadespec score`: the itemised score of one hand from its bids and tricks, and the game
status after it, at a table of four partners or of three, four or five players each alone."""

from __future__ import annotations

import argparse
import json
from typing import Any

from spadespec.command_kit.arguments import (
    add_command,
    add_variant_arguments,
    ascii_integer,
    parse_options,
    whole_number,
)
from spadespec.command_kit.errors import UsageError
from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.reference_engine.itemised_score import side_lines
from spadespec.reference_engine.scorer import game_outcome, score_hand
from spadespec.reference_engine.scoring import GameOutcome, HandScore, SideTotals
from spadespec.reference_engine.scoring.inputs import zero_is_nil
from spadespec.reference_engine.scoring.sides import Sheet, sheet_of
from spadespec.reference_engine.variant import ResolvedVariant, load_for_command
from spadespec.reference_engine.variant.model import BlindNil, NilBid, Rules

EXAMPLE = (
    "examples:\n"
    "  spadespec score --variant standard --bids N=3,E=4,S=nil,W=2 \\\n"
    "      --tricks N=4,E=5,S=1,W=3 --prior NS=120/3,EW=80/0\n"
    "  (three players alone: seats N, E, S, 17 tricks, sides named N, E, S;\n"
    "  two alone: seats N, S, 13 tricks; five alone: seats N, NE, SE, SW, NW,\n"
    "  10 tricks; seven: seats N, NE, E, SE,\n"
    "  SW, W, NW, 7 tricks, sides named N, NE-SW, E-W, SE-NW)\n"
    "  spadespec score --variant FILE.yaml --bids N=5,E=blind-nil,S=6 \\\n"
    "      --tricks N=7,E=0,S=10 --prior N=120/3,E=80/0,S=95/1"
)


def add_parser(subparsers: Any) -> None:
    parser = add_command(
        subparsers,
        "score",
        help="score one hand from its bids and tricks",
        run=run,
        description="Score one hand under a variant, item by item, and say where the game "
        "stands. Exit status: 0 scored, 1 the variant file is not valid, 2 a usage mistake (no "
        "such variant, an option it does not offer, bids or tricks that are not this table's).",
        epilog=EXAMPLE,
        json="print the score as JSON",
    )
    add_variant_arguments(parser)
    parser.add_argument(
        "--bids",
        required=True,
        metavar="N=3,E=4,S=nil,W=2",
        help="each seat's bid: a number of tricks, 'nil' or 'blind-nil'; 0 means nil only where "
        "the variant allows nil and its least bid is 1 (elsewhere 0 is a zero bid)",
    )
    parser.add_argument(
        "--tricks",
        required=True,
        metavar="N=4,E=5,S=1,W=3",
        help="the tricks each seat took; together, every trick of the hand (13; 17 when "
        "three play with a 51-card pack; 10 when five play with 50; 7 when seven play with 49; "
        "13 when two draw from 52)",
    )
    parser.add_argument(
        "--prior",
        metavar="NS=120/3,EW=80/0",
        help="each side's score/bags before the hand (default 0/0; '/bags' may be left off); "
        "sides are NS and EW, or each seat's letter when everyone plays alone",
    )
    parser.add_argument(
        "--hands-played",
        default="0",
        metavar="N",
        help="hands already played before this one (default 0); it decides the end of a game "
        "of a fixed number of hands",
    )


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


def _seat_values(text: str, flag: str, sheet: Sheet, example: str) -> dict[str, str]:
    values = _pairs(text, flag, sheet.seats, example)
    missing = [seat for seat in sheet.seats if seat not in values]
    if missing:
        raise UsageError(f"{flag}: no value for {', '.join(missing)}; expected {example}")
    return values


def _example(sheet: Sheet, values: tuple[str, ...]) -> str:
    return ",".join(f"{seat}={value}" for seat, value in zip(sheet.seats, values, strict=False))


def _bid_words(rules: Rules) -> tuple[str, ...]:
    """The bids written as words that this variant accepts."""
    allowed = {
        "nil": rules.bidding.nil is NilBid.ALLOWED,
        "blind-nil": rules.bidding.blind_nil is BlindNil.ALLOWED,
    }
    return tuple(word for word, ok in allowed.items() if ok)


def parse_bids(text: str, rules: Rules) -> dict[str, int | str]:
    """Each seat's bid, checked against the variant's bid range, nil and blind nil rules."""
    sheet = sheet_of(rules)
    lo, hi = rules.bidding.min_bid, rules.bidding.max_bid
    words = _bid_words(rules)
    zero_nil = zero_is_nil(rules)
    expected = f"a number {lo}..{hi}" + "".join(f" or {word}" for word in words)
    if zero_nil:
        expected += " (0 also means nil)"
    elif "nil" not in words:
        expected += " (this variant does not allow nil)"
    example = _example(sheet, ("3", "4", "nil", "2"))
    bids: dict[str, int | str] = {}
    for seat, raw in _seat_values(text, "--bids", sheet, example).items():
        word = raw.lower()
        if word in ("nil", "blind-nil") or (raw == "0" and zero_nil):
            word = "nil" if raw == "0" else word
            if word not in words:
                kind = word.replace("-", " ")
                raise UsageError(
                    f"--bids: {seat} bid {kind}, but this variant does not allow {kind}"
                )
            bids[seat] = word
            continue
        bid = ascii_integer(raw)
        if bid is None:
            raise UsageError(f"--bids: {seat}={raw!r:.40}; expected {expected}")
        if not lo <= bid <= hi:
            raise UsageError(f"--bids: {seat}={bid} is out of range; expected {expected}")
        bids[seat] = bid
    _check_side_totals(bids, rules)
    return bids


def _check_side_totals(bids: dict[str, int | str], rules: Rules) -> None:
    """A partnership's numeric bids (a nil adds nothing) within its team minimum and maximum;
    whatever order the partners bid in, a table keeping these rules ends with such a total."""
    least, most = rules.bidding.team_minimum, rules.bidding.team_maximum
    if least is None and most is None:
        return
    for side, seats in sheet_of(rules).side_seats.items():
        numbers = [bids[seat] for seat in seats if isinstance(bids[seat], int)]
        total = sum(int(n) for n in numbers)
        said = " + ".join(str(n) for n in numbers) or "no number"
        if least is not None and total < least:
            raise UsageError(
                f"--bids: {side} bid {said}, {total} in all; a partnership bids at least {least}"
            )
        if most is not None and total > most:
            raise UsageError(
                f"--bids: {side} bid {said}, {total} in all; a partnership bids at most {most}"
            )


def parse_tricks(text: str, rules: Rules) -> dict[str, int]:
    """Each seat's tricks; together they must be every trick of the hand."""
    sheet = sheet_of(rules)
    every = sheet.tricks
    tricks: dict[str, int] = {}
    example = _example(sheet, ("4", "5", "1", "3"))
    for seat, raw in _seat_values(text, "--tricks", sheet, example).items():
        took = ascii_integer(raw)
        if took is None or not 0 <= took <= every:
            raise UsageError(f"--tricks: {seat}={raw!r:.40}; expected a count 0..{every}")
        tricks[seat] = took
    total = sum(tricks.values())
    if total != every:
        raise UsageError(f"--tricks: the seats took {total} tricks in all; a hand has {every}")
    return tricks


def parse_prior(text: str | None, rules: Rules) -> dict[str, SideTotals]:
    if not text:
        return {}
    sheet = sheet_of(rules)
    example = ",".join(f"{side}=120/3" for side in sheet.sides)
    prior: dict[str, SideTotals] = {}
    for side, raw in _pairs(text, "--prior", sheet.sides, example).items():
        score, _, bags = raw.partition("/")
        points, carried = ascii_integer(score), ascii_integer(bags) if bags else 0
        if points is None or carried is None:
            raise UsageError(
                f"--prior: {side}={raw!r:.40}; expected score/bags such as {side}=120/3"
            )
        totals = SideTotals(points, carried)
        if totals.bags < 0:
            raise UsageError(f"--prior: {side} cannot carry {totals.bags} bags")
        prior[side] = totals
    return prior


def render_text(variant: ResolvedVariant, hand: HandScore, outcome: GameOutcome) -> str:
    lines = [f"{variant.id}: {variant.title}"]
    if variant.chosen:
        chosen = variant.chosen.items()
        lines.append("options: " + ", ".join(f"{k}={rule_value_text(v)}" for k, v in chosen))
    for side in hand.sides:
        lines.append("")
        lines += side_lines(hand.sides[side], hand, variant.rules)
    winner = f" by {outcome.winner}" if outcome.winner else ""
    lines += ["", f"game: {outcome.status}{winner}: {outcome.reason}"]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    variant = load_for_command(args.variant, parse_options(args.option))
    rules = variant.rules
    bids = parse_bids(args.bids, rules)
    tricks = parse_tricks(args.tricks, rules)
    prior = parse_prior(args.prior, rules)
    hands_played = whole_number("--hands-played", args.hands_played, 0)
    hand = score_hand(rules, bids, tricks, prior)
    outcome = game_outcome(
        rules,
        {side: s.score_after for side, s in hand.sides.items()},
        hands_played=hands_played + 1,
        boston_made=hand.boston,
        moon=hand.moon,
    )
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
