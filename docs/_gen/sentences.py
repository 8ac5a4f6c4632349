"""The rulebook sentence for each rule: a table keyed by rule path and value.

A key is `(path, value)` where value is an enum's YAML value, `None` for a rule that is
switched off, or `ANY` for a number. Templates are `str.format` strings over the resolved
rules (`{scoring.set_points_per_trick}`) plus the derived names in `_names`.
"""

from __future__ import annotations

from enum import Enum
from types import SimpleNamespace
from typing import Any

from _gen.cards import card_name
from _gen.enum_docs import member_docstrings

ANY = "*"

SENTENCES: dict[tuple[str, Any], str] = {
    (
        "deck.cards",
        "standard-52",
    ): "The game uses all 52 cards of an ordinary pack, no jokers. Aces rank high, and spades "
    "are trumps in every hand.",
    ("deal.first_dealer", "random"): "The first dealer is chosen at random.",
    (
        "deal.first_dealer",
        "high-card",
    ): "Each player draws a card from the pack; whoever draws the highest deals first.",
    ("deal.dealer_rotation", "clockwise"): "The deal passes one seat to the left after every hand.",
    (
        "bidding.first_bidder",
        "left-of-dealer",
    ): "The player on the dealer's left bids first and the bidding goes once round the table "
    "clockwise, so the dealer bids last.",
    (
        "bidding.first_bidder",
        "dealer",
    ): "The dealer bids first and the bidding goes once round the table clockwise.",
    (
        "bidding.min_bid",
        ANY,
    ): "The smallest number of tricks a player may bid is {bidding.min_bid}.",
    ("bidding.max_bid", ANY): "The largest number of tricks a player may bid is {bidding.max_bid}.",
    (
        "bidding.nil",
        "allowed",
    ): "A player may bid nil instead of a number, undertaking to win no tricks at all. A nil "
    "is scored on its own, apart from the partner's bid.",
    ("bidding.nil", "not-allowed"): "Nil may not be bid: every bid is a number of tricks.",
    (
        "bidding.blind_nil",
        "not-allowed",
    ): "Nobody may bid nil before looking at their cards: there is no blind nil.",
    (
        "play.first_leader",
        "left-of-dealer",
    ): "The player on the dealer's left leads to the first trick.",
    ("play.first_leader", "dealer"): "The dealer leads to the first trick.",
    (
        "play.first_leader",
        "holder-of-card",
    ): "Whoever holds {_names.first_lead_card} leads to the first trick.",
    (
        "play.first_lead",
        "any",
    ): "The first lead is bound only by the ordinary rules for leading a trick.",
    (
        "play.first_lead",
        "named-card",
    ): "The first card led in a hand must be {_names.first_lead_card}.",
    (
        "play.first_lead",
        "lowest-club",
    ): "The first leader must lead their lowest club. With no club they may lead any heart or "
    "diamond, and a spade only from a hand of nothing but spades.",
    ("play.first_lead_card", None): "No particular card is named for the first lead.",
    ("play.first_lead_card", ANY): "The card named for the first lead is {_names.first_lead_card}.",
    (
        "play.spades_lead",
        "after-broken",
    ): "Nobody may open a trick with a spade before spades are broken, except a leader whose "
    "hand holds nothing but spades.",
    (
        "play.spades_broken_by",
        "any-spade-played",
    ): "Spades are broken as soon as any spade has been played to a trick, even one led by a "
    "player who held nothing else.",
    (
        "play.spades_broken_by",
        "spade-on-other-suit",
    ): "Spades are broken only when a player who cannot follow suit plays a spade to a trick "
    "led in another suit.",
    (
        "scoring.points_per_bid_trick",
        ANY,
    ): "A side that takes at least as many tricks as its partners bid together makes its "
    "contract and scores {scoring.points_per_bid_trick} for each trick bid.",
    ("scoring.overtrick_points", 0): "Tricks taken beyond the contract score nothing.",
    (
        "scoring.overtrick_points",
        ANY,
    ): "Each trick taken beyond the contract (an overtrick, or bag) scores "
    "{scoring.overtrick_points} more.",
    (
        "scoring.set_penalty",
        "per-trick-bid",
    ): "A side that falls short of its contract is set, and loses "
    "{scoring.set_points_per_trick} for each trick it bid.",
    (
        "scoring.set_penalty",
        "per-trick-short",
    ): "A side that falls short loses {scoring.set_points_per_trick} for each trick it is short.",
    (
        "scoring.set_points_per_trick",
        ANY,
    ): "The set is counted at {scoring.set_points_per_trick} points a trick.",
    ("scoring.nil_bonus", None): "A nil that succeeds earns no bonus of its own.",
    (
        "scoring.nil_bonus",
        ANY,
    ): "A nil bidder who takes no tricks wins {scoring.nil_bonus} for the side.",
    ("scoring.nil_penalty", None): "A nil that fails costs nothing of its own.",
    (
        "scoring.nil_penalty",
        ANY,
    ): "A nil bidder who takes even one trick loses {scoring.nil_penalty} for the side.",
    (
        "scoring.nil_tricks",
        "count",
    ): "Tricks taken by a nil bidder count toward the partner's contract and overtricks.",
    (
        "scoring.nil_tricks",
        "bags-only",
    ): "Tricks taken by a nil bidder do not help the partner's contract, but each one counts "
    "as a bag.",
    (
        "scoring.nil_tricks",
        "ignored",
    ): "Tricks taken by a nil bidder count for nothing beyond failing the nil: not toward the "
    "contract and not as bags.",
    (
        "scoring.bags_count",
        "contract-made",
    ): "Bags are recorded only in a hand where the side made its contract.",
    (
        "scoring.bags_count",
        "always",
    ): "Bags are recorded whether or not the side made its contract.",
    (
        "scoring.bag_threshold",
        ANY,
    ): "Each time a side's bags reach {scoring.bag_threshold}, it pays the bag penalty.",
    ("scoring.bag_penalty", ANY): "The bag penalty is {scoring.bag_penalty} points.",
    (
        "scoring.bag_carry",
        "excess-carries",
    ): "When the penalty is paid, {scoring.bag_threshold} bags come off the count and any "
    "bags beyond them carry on.",
    (
        "scoring.bag_carry",
        "reset",
    ): "When the penalty is paid, the bag count goes back to zero, extra bags and all.",
    ("game_end.target", ANY): "The game is played to {game_end.target} points.",
    (
        "game_end.target_rule",
        "reach",
    ): "A side wins when its total reaches the target; passing it is not needed.",
    (
        "game_end.target_rule",
        "exceed",
    ): "A side wins only when its total goes above the target; landing on it exactly is not "
    "enough.",
    (
        "game_end.losing_floor",
        None,
    ): "There is no losing floor: however low a side sinks, only the target ends the game.",
    (
        "game_end.losing_floor",
        ANY,
    ): "A side whose total falls to {game_end.losing_floor} or below loses the game at once.",
    ("game_end.tie", "tie"): "If the game ends with both sides on the same total, it is a draw.",
    (
        "game_end.tie",
        "play-another-hand",
    ): "If the game would end with both sides on the same total, another hand is played.",
}


def value_key(value: Any) -> Any:
    """The table key for a rule's value: an enum's YAML value, None, or the number itself."""
    if isinstance(value, Enum):
        return value.value
    return value


def template_for(path: str, value: Any) -> str | None:
    """The template for this rule and value, or None when the table has none."""
    key = value_key(value)
    for candidate in ((path, key), (path, ANY)):
        if candidate in SENTENCES and not (candidate[1] == ANY and key is None):
            return SENTENCES[candidate]
    return None


def _context(rules: Any) -> dict[str, Any]:
    card = rules.play.first_lead_card
    names = SimpleNamespace(first_lead_card=card_name(card) if card else "the named card")
    sections = {name: getattr(rules, name) for name in rules.__dataclass_fields__}
    return {**sections, "_names": names}


def fallback(value: Any) -> str:
    """The enum member's own docstring, for a value the table does not know yet."""
    if isinstance(value, Enum):
        doc = member_docstrings(type(value)).get(str(value.value))
        if doc:
            return doc
    return f"This rule is set to {format_value(value)}."


def sentence(rules: Any, path: str, value: Any) -> str:
    """The plain-prose rule a card player would read for `path` set to `value`."""
    template = template_for(path, value)
    if template is None:
        return fallback(value)
    return template.format(**_context(rules))


def format_value(value: Any) -> str:
    """A rule's value as the variant file writes it."""
    if value is None:
        return "none"
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)
