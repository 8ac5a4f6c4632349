"""The "a game, pictured" page: a seeded bot game's first hand as a card diagram, and a chart
of the running scores, all played by the reference engine while the site is built."""

from __future__ import annotations

from typing import Any

from spadespec.docs_gen.cards import SEAT_NAMES
from spadespec.docs_gen.hand_diagram import hand_figure
from spadespec.docs_gen.hand_record import seeded_game
from spadespec.docs_gen.score_chart import score_chart_svg

VARIANT = "porchlight"
SEED = 7


def _sheet(hands: list[Any]) -> str:
    rows = [
        "| hand | dealer | bids N E S W | tricks N E S W | North–South | East–West |",
        "| ---: | --- | --- | --- | ---: | ---: |",
    ]
    for hand in hands:
        score = hand.score
        if score is None:
            continue
        bids = " ".join(str(hand.bids.get(s, "–")) for s in "NESW")
        tricks = " ".join(str(score.tricks.get(s, "–")) for s in "NESW")
        ns, ew = score.sides["NS"], score.sides["EW"]
        rows.append(
            f"| {hand.number} | {SEAT_NAMES[hand.dealer]} | {bids} | {tricks} "
            f"| {ns.hand_points:+d} → **{ns.score_after}** "
            f"| {ew.hand_points:+d} → **{ew.score_after}** |"
        )
    return "\n".join(rows) + "\n"


def game_page(variant: Any) -> str:
    """The page as Markdown, for the given resolved variant."""
    result, hands = seeded_game(variant, SEED)
    game = result.game
    totals = [dict(game.setup["scores"])] + [
        {side: h.score.sides[side].score_after for side in ("NS", "EW")} for h in hands if h.score
    ]
    rules = variant.rules
    chart = score_chart_svg(
        totals,
        target=rules.game_end.target,
        floor=rules.game_end.losing_floor,
        title=f"Running scores of a {variant.title} game, seed {SEED}",
    )
    outcome = "the game was stopped by the cap on hands" if result.capped else game.outcome.reason
    first = hands[0]
    return "\n".join(
        [
            "# A game, pictured",
            "",
            f"Four of the reference engine's bots played one whole game of "
            f"[{variant.title}](rules/{variant.id}.md) with seed {SEED} while this site was built: "
            f"{len(hands)} hands, and {outcome}. The same game replays at a terminal with "
            f"`spadespec play --variant {variant.id} --seed {SEED}`.",
            "",
            "## The running scores",
            "",
            f'<figure class="sp-chart-figure">{chart}<figcaption>North–South (blue) and East–West '
            f"(red) after each hand; the dashed lines are the target and, where the rules have "
            f"one, "
            f"the losing floor.</figcaption></figure>",
            "",
            "## Hand by hand",
            "",
            _sheet(hands),
            "## The first hand",
            "",
            f"{SEAT_NAMES[first.dealer]} dealt. The hands as dealt, with each player's bid and the "
            "tricks they took, then every trick in the order played.",
            "",
            hand_figure(first, f"Hand 1 of the seed-{SEED} game, as dealt"),
        ]
    )
