"""The rulebook sentence for each rule: a table keyed by rule path and value.

A key is `(path, value)` where value is an enum's YAML value, `None` for a rule that is
switched off, `True`/`False`, `()` for an empty card list, or `ANY` for a number or a list.
Templates are `str.format` strings over the resolved rules (`{scoring.set_points_per_trick}`)
plus the derived names in `_names`.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from types import SimpleNamespace
from typing import Any

from spadespec.docs_gen.cards import card_name
from spadespec.docs_gen.enum_docs import member_docstrings

ANY = "*"

SENTENCES: dict[tuple[str, Any], str] = {
    (
        "deck.cards",
        "standard-52",
    ): "The pack is an ordinary one of 52 cards, with no jokers (any card set aside is named "
    "below). Aces rank high, and spades are trumps in every hand.",
    (
        "deck.cards",
        "jokers-54",
    ): "The game uses the 52 cards of an ordinary pack and two jokers, a big one and a little "
    "one. Aces rank high, and spades are trumps in every hand.",
    ("deck.removed", ()): "No card is set aside: the whole pack is dealt.",
    ("deck.removed", ANY): "Before the deal, {_names.removed} {_names.removed_verb} taken out of "
    "the pack, so that it deals out evenly.",
    ("deck.top_trumps", ()): "The ace of spades is the highest card; nothing ranks above it.",
    (
        "deck.top_trumps",
        ANY,
    ): "Above the ace of spades rank, highest first, {_names.top_trumps}. Each of them counts "
    "as a spade: it follows a spade lead, it breaks spades, and it may be led only when a spade "
    "could be.",
    ("table.players", 4): "Four players sit at the table: North, East, South and West.",
    (
        "table.players",
        3,
    ): "Three players sit at the table, North, East and South; play goes from South back to North.",
    (
        "table.sides",
        "partnerships",
    ): "Partners sit opposite each other and score together: North and South against East and "
    "West.",
    (
        "table.sides",
        "individual",
    ): "There are no partnerships: every player bids, scores and wins alone.",
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
        0,
    ): "A player may bid 0 as a number: a plain bid of no tricks, scored like any other contract "
    "and never as nil.",
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
        "bidding.blind_nil",
        "allowed",
    ): "A player may bid blind nil before looking at their cards, undertaking to win no tricks; "
    "it is scored on its own, apart from the partner's bid.",
    (
        "bidding.blind_nil_trailing_by",
        None,
    ): "Blind nil may be bid whatever the score.",
    (
        "bidding.blind_nil_trailing_by",
        ANY,
    ): "Blind nil may be bid only by a player whose side trails the leading other side by at "
    "least {bidding.blind_nil_trailing_by} points when the hand is dealt.",
    ("bidding.blind_nil_exchange", 0): "No cards change hands after a blind nil.",
    (
        "bidding.blind_nil_exchange",
        ANY,
    ): "After the bidding, a blind nil bidder and the partner exchange "
    "{bidding.blind_nil_exchange} cards each way before the first lead.",
    (
        "bidding.blind_nil_exchange_order",
        "partner-first",
    ): "In the exchange the partner passes first; the blind nil bidder then passes back, and may "
    "pass on cards just received.",
    (
        "bidding.blind_nil_exchange_order",
        "bidder-first",
    ): "In the exchange the blind nil bidder passes first; the partner then passes back, and may "
    "pass on cards just received.",
    ("bidding.team_minimum", None): "There is no least total for a partnership's two bids.",
    (
        "bidding.team_minimum",
        ANY,
    ): "The two bids of a partnership must add up to at least {bidding.team_minimum}: the second "
    "partner to bid must bring the total there, and may bid nil only if the first partner's "
    "bid already does.",
    ("bidding.team_maximum", None): "There is no cap on a partnership's two bids together.",
    (
        "bidding.team_maximum",
        ANY,
    ): "The two bids of a partnership may add up to at most {bidding.team_maximum}, a nil "
    "counting as nothing: neither partner may bid past it, and the second may bid only what "
    "keeps the side within it, or nil.",
    ("bidding.constraint", "free"): "Each player bids whatever they judge their hand is worth.",
    (
        "bidding.constraint",
        "suicide",
    ): "In each partnership exactly one player bids nil: the second partner to bid must bid nil "
    "if the first did not, and may not if the first did.",
    (
        "bidding.constraint",
        "mirror",
    ): "Every player must bid the number of spades they hold; a player with none bids nil.",
    (
        "bidding.constraint",
        "whiz",
    ): "Every player bids either nil or the number of spades they hold; a player with no spade "
    "bids nil.",
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
    ("play.spades_lead", "any-time"): "A spade may be led at any time, broken or not.",
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
        "scoring.set_penalty",
        "nothing",
    ): "A side that falls short of its contract scores nothing for it: no points won, none lost.",
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
        "scoring.nil_tricks",
        "overtricks",
    ): "Tricks taken by a nil bidder do not help the partner's contract; each is the nil "
    "bidder's own overtrick, scoring its point and counting as a bag whether or not the "
    "contract is made.",
    (
        "scoring.double_nil_tricks",
        "as-single-nil",
    ): "When both partners bid nil, each nil is scored on its own and each one's tricks count as "
    "a single nil's would.",
    (
        "scoring.double_nil_tricks",
        "ignored",
    ): "When both partners bid nil, the tricks they take count for nothing beyond failing the "
    "nils: no overtricks and no bags.",
    ("scoring.blind_nil_bonus", None): "A blind nil that succeeds earns no bonus of its own.",
    (
        "scoring.blind_nil_bonus",
        ANY,
    ): "A blind nil bidder who takes no tricks wins {scoring.blind_nil_bonus} for the side.",
    ("scoring.blind_nil_penalty", None): "A blind nil that fails costs nothing of its own.",
    (
        "scoring.blind_nil_penalty",
        ANY,
    ): "A blind nil bidder who takes even one trick loses {scoring.blind_nil_penalty} for the "
    "side.",
    (
        "scoring.bags_count",
        "contract-made",
    ): "Bags are recorded only in a hand where the side made its contract.",
    (
        "scoring.bags_count",
        "always",
    ): "Bags are recorded whether or not the side made its contract.",
    (
        "scoring.bags_count",
        "never",
    ): "Bags are not kept at all: overtricks score their points, and no penalty ever follows.",
    (
        "scoring.bag_threshold",
        ANY,
    ): "Each time a side's bags reach {scoring.bag_threshold}, it pays the bag penalty.",
    ("scoring.bag_penalty", ANY): "The bag penalty is {scoring.bag_penalty} points.",
    (
        "scoring.bag_points_cancelled",
        False,
    ): "The points the bags scored when they were taken stay on the score.",
    (
        "scoring.bag_points_cancelled",
        True,
    ): "Paying the bag penalty also takes back the points those bags scored: "
    "{_names.cancelled} in all.",
    (
        "scoring.bag_carry",
        "excess-carries",
    ): "When the penalty is paid, {scoring.bag_threshold} bags come off the count and any "
    "bags beyond them carry on.",
    (
        "scoring.bag_carry",
        "reset",
    ): "When the penalty is paid, the bag count goes back to zero, extra bags and all.",
    ("scoring.bonus_bid_tricks", None): "No contract earns a fixed bonus; all score by the trick.",
    (
        "scoring.bonus_bid_tricks",
        ANY,
    ): "A side contract of exactly {scoring.bonus_bid_tricks} tricks is a bonus bid, scored at a "
    "fixed value instead of by the trick; overtricks count as usual.",
    (
        "scoring.exact_total_points",
        None,
    ): "No contract of a fixed size is priced apart; an exact team total, if any, scores by the "
    "trick.",
    (
        "scoring.exact_total_points",
        ANY,
    ): "The exact total a side must bid is won or lost whole: plus {scoring.exact_total_points} "
    "when the side takes at least that many tricks, minus {scoring.exact_total_points} when it "
    "does not, however close; overtricks and bags count as usual.",
    ("scoring.big_bid_tricks", None): "No contract is big enough to earn a bonus on top.",
    (
        "scoring.big_bid_tricks",
        ANY,
    ): "A side contract of {scoring.big_bid_tricks} tricks or more counts as a big bid.",
    ("scoring.big_bid_bonus", None): "A big contract made scores by the trick and nothing more.",
    (
        "scoring.big_bid_bonus",
        ANY,
    ): "A side that bids {scoring.big_bid_tricks} or more between them and makes it adds "
    "{scoring.big_bid_bonus} on top of its usual score, written apart on the sheet; a big "
    "contract set costs only the usual set.",
    ("scoring.bonus_bid_made", None): "There is no bonus bid to make.",
    (
        "scoring.bonus_bid_made",
        ANY,
    ): "A bonus bid made wins {scoring.bonus_bid_made}.",
    ("scoring.bonus_bid_set", None): "There is no bonus bid to fail.",
    (
        "scoring.bonus_bid_set",
        ANY,
    ): "A bonus bid set loses {scoring.bonus_bid_set}.",
    (
        "scoring.boston",
        "ordinary",
    ): "A side that bids every trick of the hand (a Boston) scores it like any other contract.",
    (
        "scoring.boston",
        "points",
    ): "A side that bids every trick of the hand (a Boston) wins {_names.boston_points} if it "
    "takes them all and loses as much if it does not, instead of the usual points.",
    (
        "scoring.boston",
        "wins-game",
    ): "A side that bids every trick of the hand (a Boston) and takes them all wins the game at "
    "once; a Boston that fails is an ordinary set.",
    ("scoring.boston_points", None): "A Boston has no points of its own.",
    (
        "scoring.moon",
        "ordinary",
    ): "A side that takes every trick of the hand scores it like any other hand; the game goes "
    "on unless the totals end it.",
    (
        "scoring.moon",
        "wins-game",
    ): "A side that takes every trick of the hand, whatever it bid, shoots the moon and wins the "
    "game at once; that hand is not scored, so no total or bag count moves.",
    ("scoring.boston_points", ANY): "A Boston is worth {scoring.boston_points} points either way.",
    (
        "game_end.target",
        None,
    ): "There is no target score: the game lasts a fixed number of hands.",
    ("game_end.target", ANY): "The game is played to {game_end.target} points.",
    (
        "game_end.hands",
        None,
    ): "The game is not limited to a number of hands: it goes on until it is won.",
    (
        "game_end.hands",
        ANY,
    ): "The game ends after {game_end.hands} hands{_names.hands_unless}; the highest total wins.",
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


# Where players score alone, the sentences that speak of partners are said for one player.
ALONE: dict[tuple[str, Any], str] = {
    (
        "bidding.nil",
        "allowed",
    ): "A player may bid nil instead of a number, undertaking to win no tricks at all.",
    (
        "bidding.blind_nil",
        "allowed",
    ): "A player may bid blind nil before looking at their cards, undertaking to win no tricks.",
    (
        "scoring.nil_tricks",
        "count",
    ): "Tricks taken by a nil bidder are that player's overtricks, scored and counted as bags.",
    ("scoring.nil_tricks", "bags-only"): "Each trick taken by a nil bidder counts as a bag.",
    (
        "scoring.nil_tricks",
        "ignored",
    ): "Tricks taken by a nil bidder count for nothing beyond failing the nil.",
    (
        "scoring.nil_tricks",
        "overtricks",
    ): "Tricks taken by a nil bidder are that player's overtricks, scored and counted as bags.",
    (
        "scoring.points_per_bid_trick",
        ANY,
    ): "A player who takes at least as many tricks as they bid makes the contract and scores "
    "{scoring.points_per_bid_trick} for each trick bid.",
}


def value_key(value: Any) -> Any:
    """The table key for a rule's value: an enum's YAML value, None, the number itself, or a
    card list as a tuple (`()` for an empty one)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list):
        return tuple(value)
    return value


def template_for(
    path: str, value: Any, table: dict[tuple[str, Any], str] = SENTENCES
) -> str | None:
    """The template for this rule and value, or None when the table has none."""
    key = value_key(value)
    for candidate in ((path, key), (path, ANY)):
        if candidate in table and not (candidate[1] == ANY and key is None):
            return table[candidate]
    return None


def _card_list(cards: tuple[str, ...]) -> str:
    names = [card_name(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _context(rules: Any) -> dict[str, Any]:
    card = rules.play.first_lead_card
    scoring, game_end = rules.scoring, rules.game_end
    names = SimpleNamespace(
        first_lead_card=card_name(card) if card else "the named card",
        removed=_card_list(rules.deck.removed) if rules.deck.removed else "no cards",
        removed_verb="is" if len(rules.deck.removed) == 1 else "are",
        top_trumps=_card_list(rules.deck.top_trumps) if rules.deck.top_trumps else "no card",
        cancelled=scoring.bag_penalty + scoring.bag_threshold * scoring.overtrick_points,
        boston_points=format_value(scoring.boston_points),
        hands_unless=(
            ", unless a side reaches the target first" if game_end.target is not None else ""
        ),
    )
    sections = {name: getattr(rules, name) for name in rules.__dataclass_fields__}
    return {**sections, "_names": names}


def _no_blind_nil(rules: Any) -> bool:
    return bool(rules.bidding.blind_nil == "not-allowed")


def _no_target(rules: Any) -> bool:
    return rules.game_end.target is None


def _alone(rules: Any) -> bool:
    return bool(rules.table.sides == "individual")


def _no_exchange(rules: Any) -> bool:
    return _no_blind_nil(rules) or rules.bidding.blind_nil_exchange == 0


# Rules that only matter when another rule switches them on: said as such when it does not.
MOOT: dict[str, tuple[Callable[[Any], bool], str]] = {
    "bidding.blind_nil_trailing_by": (
        _no_blind_nil,
        "Blind nil is not played, so no score condition for it arises.",
    ),
    "bidding.blind_nil_exchange": (
        _no_blind_nil,
        "Blind nil is not played, so no cards are exchanged.",
    ),
    "bidding.blind_nil_exchange_order": (
        _no_exchange,
        "No cards are exchanged after a blind nil, so nobody passes first.",
    ),
    "bidding.team_minimum": (
        _alone,
        "Every player bids alone, so there is no partnership total to reach.",
    ),
    "bidding.team_maximum": (
        _alone,
        "Every player bids alone, so there is no partnership total to cap.",
    ),
    "game_end.target_rule": (_no_target, "There is no target score to reach."),
    "game_end.losing_floor": (
        lambda rules: _no_target(rules) and rules.game_end.losing_floor is None,
        "There is no losing floor: only the number of hands ends the game.",
    ),
    "scoring.double_nil_tricks": (
        _alone,
        "Every player bids alone, so no two partners can both bid nil.",
    ),
    "scoring.big_bid_tricks": (
        lambda rules: rules.scoring.big_bid_bonus is None,
        "No contract earns a bonus on top, so no size of contract is singled out.",
    ),
    "scoring.blind_nil_bonus": (_no_blind_nil, "Blind nil is not played, so it has no score."),
    "scoring.blind_nil_penalty": (_no_blind_nil, "Blind nil is not played, so it has no score."),
}


def fallback(value: Any) -> str:
    """The enum member's own docstring, for a value the table does not know yet."""
    if isinstance(value, Enum):
        doc = member_docstrings(type(value)).get(str(value.value))
        if doc:
            return doc
    return f"This rule is set to {format_value(value)}."


def sentence(rules: Any, path: str, value: Any) -> str:
    """The plain-prose rule a card player would read for `path` set to `value`."""
    moot = MOOT.get(path)
    if moot is not None and moot[0](rules):
        return moot[1]
    template = (_alone(rules) and template_for(path, value, ALONE)) or template_for(path, value)
    if template is None:
        return fallback(value)
    return template.format(**_context(rules))


def format_value(value: Any) -> str:
    """A rule's value as the variant file writes it."""
    if value is None:
        return "none"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple | list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)
