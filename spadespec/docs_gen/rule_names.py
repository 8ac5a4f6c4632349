"""What each rulebook section and rule is called on the site, and the anchor it lives at."""

from __future__ import annotations

SECTION_TITLES = {
    "deck": "The pack",
    "table": "Players and sides",
    "deal": "The deal",
    "bidding": "Bidding",
    "play": "Play",
    "scoring": "Scoring",
    "game_end": "End of the game",
}

# Field names that read badly when simply spelled out.
_LABELS = {
    "deck.cards": "Kind of pack",
    "deck.removed": "Cards set aside",
    "deck.top_trumps": "Cards above the ace of spades",
    "table.players": "Players",
    "table.sides": "Sides",
    "bidding.blind_nil_trailing_by": "Blind nil only when behind by",
    "bidding.blind_nil_exchange": "Blind nil exchange",
    "bidding.blind_nil_exchange_order": "Who passes first",
    "bidding.team_minimum": "Least partnership bid",
    "bidding.team_maximum": "Most partnership bid",
    "bidding.constraint": "What a player may bid",
    "bidding.min_bid": "Lowest bid",
    "bidding.max_bid": "Highest bid",
    "bidding.nil": "Nil",
    "bidding.blind_nil": "Blind nil",
    "play.first_lead_card": "Card named for the first lead",
    "scoring.points_per_bid_trick": "Points per trick bid",
    "scoring.set_points_per_trick": "Set points per trick",
    "scoring.nil_tricks": "A nil bidder's tricks",
    "scoring.double_nil_tricks": "A double nil's tricks",
    "scoring.bags_count": "When bags count",
    "scoring.bag_points_cancelled": "Bag points taken back",
    "scoring.bonus_bid_tricks": "Bonus bid",
    "scoring.bonus_bid_made": "Bonus bid made",
    "scoring.bonus_bid_set": "Bonus bid set",
    "scoring.exact_total_points": "Exact team total",
    "scoring.big_bid_tricks": "Big bid (bonus from)",
    "scoring.big_bid_bonus": "Big-bid bonus",
    "scoring.boston": "Boston (every trick bid)",
    "scoring.boston_points": "Boston points",
    "scoring.moon": "Shooting the moon (every trick taken)",
    "game_end.hands": "Number of hands",
    "game_end.target_rule": "Reaching the target",
    "game_end.tie": "Equal totals",
}


def rule_label(path: str) -> str:
    """`scoring.set_penalty` -> "Set penalty"."""
    if path in _LABELS:
        return _LABELS[path]
    name = path.split(".", 1)[1].replace("_", " ")
    return name[:1].upper() + name[1:]


def rule_anchor(path: str) -> str:
    """The id of a rule's heading on a variant page.

    `scoring.set_penalty` -> `rule-scoring-set-penalty`.
    """
    return "rule-" + path.replace(".", "-").replace("_", "-")


def variant_page(variant_id: str) -> str:
    """Where a variant's rulebook page lives in the site, relative to the docs folder."""
    return f"rules/{variant_id}.md"
