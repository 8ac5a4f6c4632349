"""`spadespec play`: bots play a whole game under a variant (four, six or eight in partnerships,
two, three, four or five each alone, or five or seven as pairs and a spoiler, as its table says);
prints the score sheet hand by hand, or the whole game as JSON (setup, log, each hand's itemised
score, the outcome) that `Game.replay` reproduces. Where the first dealer is drawn by high card,
both show the cards drawn."""

from __future__ import annotations

import argparse
import json
import random
from typing import TYPE_CHECKING, Any

from spadespec.command_kit.arguments import (
    SEED_LIMIT,
    add_command,
    add_variant_arguments,
    parse_options,
    whole_number,
)
from spadespec.command_kit.errors import UsageError
from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.command_kit.tables import fit_text, output_width
from spadespec.reference_engine.bots import BOT_KINDS
from spadespec.reference_engine.bots.table import DEFAULT_MAX_HANDS, TableResult, play_game
from spadespec.reference_engine.table import Table, table_of
from spadespec.reference_engine.variant import ResolvedVariant, load_for_command

if TYPE_CHECKING:
    from spadespec.reference_engine.game import Game

EXAMPLE = (
    "examples:\n"
    "  spadespec play --variant standard --seed 7\n"
    "  spadespec play --variant strategy-guide --option target=300 --bots random --json"
)


def add_parser(subparsers: Any) -> None:
    parser = add_command(
        subparsers,
        "play",
        help="bots play a whole game under a variant",
        run=run,
        description="Bots play a whole game, one at each seat of the variant's table; prints "
        "the score sheet hand by hand (each hand's points left out where the sheet would be wider "
        "than the terminal, or 100 columns when not a terminal), or the game as JSON; where the "
        "first dealer is drawn by high card, the cards drawn come first. Exit "
        "status: 0 played, 1 the variant file is not valid, 2 a usage mistake (no such "
        "variant, an option it does not offer, a number out of range).",
        epilog=EXAMPLE,
        json="print the whole game as JSON",
    )
    add_variant_arguments(parser)
    parser.add_argument(
        "--seed", metavar="N",
        help=f"a whole number, 0 to {SEED_LIMIT}; the same seed plays the same game",
    )  # fmt: skip
    parser.add_argument(
        "--bots", default="sensible", metavar="KIND", help="sensible (default) or random"
    )
    parser.add_argument(
        "--max-hands",
        default=str(DEFAULT_MAX_HANDS),
        metavar="N",
        help=f"stop after this many hands if nobody has won (default {DEFAULT_MAX_HANDS})",
    )


def status_line(result: TableResult, max_hands: int) -> str:
    """How the game ended: a winner, a tie, or stopped by the cap on hands."""
    game = result.game
    scores = ", ".join(f"{side} {game.totals[side]}" for side in game.table.sides)
    hands = len(game.hand_results)
    if result.capped:
        return (
            f"stopped: no result after {hands} hands (the --max-hands cap of {max_hands}); {scores}"
        )
    outcome = game.outcome
    assert outcome is not None  # a game that was not stopped has ended with an outcome
    if outcome.status == "won":
        return f"won by {outcome.winner} after {hands} hands: {scores} ({outcome.reason})"
    return f"tie after {hands} hands: {scores} ({outcome.reason})"


def _cell(value: Any) -> str:
    return "-" if value is None else str(value)


def render_table(
    variant: ResolvedVariant, result: TableResult, dealers: list[str], width: int | None = None
) -> str:
    """The score sheet: one line per hand with the dealer, bids and tricks by seat, and each
    side's points for the hand, running total and bags. Where that is wider than `width` (the
    output's width unless told), each hand's points are left out: the totals show them."""
    width = output_width() if width is None else width
    lines = _sheet(variant, result, dealers, hand_points=True)
    if max(map(len, lines)) > width:
        lines = _sheet(variant, result, dealers, hand_points=False)
    return "\n".join(lines)


def _sheet(
    variant: ResolvedVariant, result: TableResult, dealers: list[str], *, hand_points: bool
) -> list[str]:
    table: Table = table_of(variant.rules)
    seat_names = [seat.name for seat in table.seats]
    seats = " ".join(f"{seat:>3}" for seat in seat_names)
    side_head = (f"{'pts':>6} " if hand_points else "") + f"{'total':>6} {'bags':>4}"
    # A bid may be "blind-nil": the bid columns widen to fit it.
    width = 4 * len(seat_names) - 1
    bid_width = max(3, *(len(str(b)) for h in result.game.hand_results for b in h.bids.values()))
    bid_cells = " ".join(f"{seat:>{bid_width}}" for seat in seat_names)
    heads = [
        f"{'':4} {'':6}  {'bids':^{len(bid_cells)}}  {'tricks':^{width}}  "
        + "  ".join(f"{side:^{len(side_head)}}" for side in table.sides),
        f"{'hand':>4} {'dealer':>6}  {bid_cells}  {seats}  "
        + "  ".join(side_head for _ in table.sides),
    ]
    lines = [f"{variant.id}: {variant.title}"]
    if variant.chosen:
        chosen = variant.chosen.items()
        lines.append("options: " + ", ".join(f"{k}={rule_value_text(v)}" for k, v in chosen))
    lines += _drawn(result)
    lines += ["", *(head.rstrip() for head in heads)]
    for number, (dealer, hand) in enumerate(
        zip(dealers, result.game.hand_results, strict=False), start=1
    ):
        bids = " ".join(f"{_cell(hand.bids.get(s)):>{bid_width}}" for s in seat_names)
        tricks = " ".join(f"{_cell(hand.tricks.get(s)):>3}" for s in seat_names)
        sides = "  ".join(
            (f"{hand.sides[side].hand_points:>+6d} " if hand_points else "")
            + f"{hand.sides[side].score_after:>6d} {hand.sides[side].bags_after:>4d}"
            for side in table.sides
        )
        lines.append(f"{number:>4} {dealer:>6}  {bids}  {tricks}  {sides}")
    return lines + _events(result)


def _drawn(result: TableResult) -> list[str]:
    """The cards drawn for the first deal, where the rules draw for it."""
    first = result.first_deal
    if not first.drawn:
        return []
    cards = ", ".join(f"{seat} {card}" for seat, card in first.drawn_json().items())
    return [f"drawn for the first deal: {cards}; {first.dealer.name} holds the highest and deals"]


def _events(result: TableResult) -> list[str]:
    """What a hand's points alone do not say: a big-bid bonus earned, a moon shot."""
    out = []
    for number, hand in enumerate(result.game.hand_results, start=1):
        if hand.moon is not None:
            out.append(f"hand {number}: {hand.moon} took every trick (the moon), not scored")
        for side, line in hand.sides.items():
            if line.bonus_points:
                out.append(
                    f"hand {number}: {side} bid {line.contract} and made it, "
                    f"{line.bonus_points:+d} big-bid bonus in its points"
                )
    return ["", *out] if out else []


def game_document(
    variant: ResolvedVariant, result: TableResult, seed: int, kind: str
) -> dict[str, Any]:
    """The whole game as JSON: what `Game.replay` needs, plus each hand's score and how it
    ended."""
    game: Game = result.game
    doc: dict[str, Any] = {
        "variant": variant.id,
        "options": dict(variant.chosen),
        "seed": seed,
        "bots": kind,
    }
    if result.first_deal.drawn:
        doc["first_deal_drawn"] = result.first_deal.drawn_json()
    doc.update(game.to_json())
    doc["hands"] = [hand.to_json() for hand in game.hand_results]
    doc["totals"] = {side: game.totals[side] for side in game.table.sides}
    doc["bags"] = {side: game.bags[side] for side in game.table.sides}
    if result.capped or game.outcome is None:
        hands = len(game.hand_results)
        doc["outcome"] = {"status": "stopped", "winner": None, "reason": "max-hands"}
        doc["outcome"]["hands"] = hands
    else:
        doc["outcome"] = game.outcome.to_json()
    return doc


def run(args: argparse.Namespace) -> int:
    kind = args.bots.strip().lower()
    if kind not in BOT_KINDS:
        raise UsageError(f"--bots: expected one of {', '.join(BOT_KINDS)}, got {args.bots!r}")
    max_hands = whole_number("--max-hands", args.max_hands, 1)
    # Without --seed, pick one and say it, so that any game shown can be played again.
    if args.seed is not None:
        seed = whole_number("--seed", args.seed, 0, SEED_LIMIT)
    else:
        seed = random.randrange(2**31)
    variant = load_for_command(args.variant, parse_options(args.option))
    dealers: list[str] = []
    result = play_game(variant, kind, seed, max_hands, on_deal=dealers.append)
    if args.json:
        print(json.dumps(game_document(variant, result, seed, kind), indent=2))
    else:
        print(render_table(variant, result, dealers))
        print("")
        print("\n".join(fit_text(status_line(result, max_hands))))
        print(f"(seed {seed}, {kind} bots)")
    return 0
