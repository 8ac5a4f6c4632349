"""What each rulebook section and rule is called on the site, and the anchor it lives at."""

from __future__ import annotations

SECTION_TITLES = {
    "deck": "Players and deck",
    "deal": "The deal",
    "bidding": "Bidding",
    "play": "Play",
    "scoring": "Scoring",
    "game_end": "End of the game",
}

# Field names that read badly when simply spelled out.
_LABELS = {
    "deck.cards": "The pack",
    "bidding.min_bid": "Lowest bid",
    "bidding.max_bid": "Highest bid",
    "bidding.nil": "Nil",
    "bidding.blind_nil": "Blind nil",
    "play.first_lead_card": "Card named for the first lead",
    "scoring.points_per_bid_trick": "Points per trick bid",
    "scoring.set_points_per_trick": "Set points per trick",
    "scoring.nil_tricks": "A nil bidder's tricks",
    "scoring.bags_count": "When bags count",
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
