"""What each rulebook section and rule is called on the site, and the anchor it lives at."""

from __future__ import annotations

from spadespec.reference_engine.variant.axes import AXES

SECTION_TITLES = {
    "deck": "The pack",
    "table": "Players and sides",
    "deal": "The deal",
    "bidding": "Bidding",
    "play": "Play",
    "scoring": "Scoring",
    "game_end": "End of the game",
}


def rule_label(path: str) -> str:
    """`scoring.set_penalty` -> "Set penalty": the label its axis gives it (`axes.yaml`)."""
    return AXES[path].label


def rule_anchor(path: str) -> str:
    """The id of a rule's heading on a variant page.

    `scoring.set_penalty` -> `rule-scoring-set-penalty`.
    """
    return "rule-" + path.replace(".", "-").replace("_", "-")


def variant_page(variant_id: str) -> str:
    """Where a variant's rulebook page lives in the site, relative to the docs folder."""
    return f"rules/{variant_id}.md"
