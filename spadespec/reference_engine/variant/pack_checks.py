"""Cross-rule checks on the pack and the table: the cards set aside and ranked above the ace of
spades are real cards of the pack, the rest deal out evenly, and a hand holds the bids."""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product

from spadespec.reference_engine.variant.checking import (
    DECK_CARDS,
    JOKERS,
    Needs,
    canonical_card,
    cards_of,
    offered,
    problem_at,
    requires,
    said,
    where,
)
from spadespec.reference_engine.variant.errors import Problem
from spadespec.reference_engine.variant.merge import Merged, Possible
from spadespec.reference_engine.variant.model import Kitty, Sides

CARD_LISTS = ("deck.removed", "deck.top_trumps")


def _item(p: Possible, index: int) -> Possible:
    """One card of a card list, placed at its own line where the file wrote the list out."""
    return Possible(p.value, p.doc, p.path + (index,), p.option) if p.option is None else p


def _unknown_card(card: str, pack: frozenset[str]) -> str:
    """What to tell a writer whose card is not in the pack."""
    if card in JOKERS:
        return "; jokers are in the jokers-54 pack only"
    near = difflib.get_close_matches(card, sorted(pack), n=1, cutoff=0.5)
    return f"; did you mean {near[0]!r}?" if near else ""


def check_card_lists(merged: Merged) -> Iterator[Problem]:
    """The cards set aside and the top trumps are cards of the pack, each named once."""
    decks = merged.possible("deck.cards")
    for rule in CARD_LISTS:
        for listed in merged.possible(rule):
            cards = cards_of(listed.value)
            for i, card in enumerate(cards):
                at = _item(listed, i)
                for deck in decks:
                    pack = DECK_CARDS.get(deck.value, frozenset())
                    if card in pack:
                        continue
                    yield problem_at(
                        merged.nearest(at, deck),
                        f"{rule} names {card!r}, which is not a card of the {deck.value} "
                        f"pack{offered(deck)} (deck.cards at {where(deck)}); write rank then "
                        f"suit, such as 2C or TD, or BJ/LJ for a joker{_unknown_card(card, pack)}",
                    )
                if card in cards[:i]:
                    first = cards.index(card) + 1
                    yield problem_at(at, f"{rule} names {card!r} twice (items {first} and {i + 1})")


def check_top_trumps_not_removed(merged: Merged) -> Iterator[Problem]:
    """A card ranked above the ace of spades cannot also be set aside before the deal."""
    for tops, removed in product(
        merged.possible("deck.top_trumps"), merged.possible("deck.removed")
    ):
        for card in sorted(set(cards_of(tops.value)) & set(cards_of(removed.value))):
            yield problem_at(
                merged.nearest(tops, removed),
                f"{card} is both a top trump{offered(tops)} (deck.top_trumps at {where(tops)}) "
                f"and removed{offered(removed)} (deck.removed at {where(removed)}); a card set "
                "aside never ranks",
            )


def check_jokers_rank(merged: Merged) -> Iterator[Problem]:
    """In a pack with jokers, every joker dealt must have a place among the top trumps."""
    for deck in merged.possible("deck.cards"):
        if not set(JOKERS) <= DECK_CARDS.get(deck.value, frozenset()):
            continue
        for removed, tops in product(
            merged.possible("deck.removed"), merged.possible("deck.top_trumps")
        ):
            dealt = [j for j in JOKERS if j not in cards_of(removed.value)]
            for joker in (j for j in dealt if j not in cards_of(tops.value)):
                yield problem_at(
                    merged.nearest(tops, removed, deck),
                    f"the {deck.value} pack{offered(deck)} (at {where(deck)}) deals {joker}, "
                    f"but deck.top_trumps (at {where(tops)}) does not rank it; list it among "
                    "the top trumps (for example [BJ, LJ]) or remove it",
                )


@dataclass(frozen=True, slots=True)
class Deal:
    """One way the pack can come out at the table: the values it follows from."""

    deck: Possible
    removed: Possible
    players: Possible
    in_play: int
    kitty: Possible
    """`deal.kitty`: with the dealer taking two, two of the cards in play are laid aside."""

    @property
    def witnesses(self) -> tuple[Possible, ...]:
        return (self.deck, self.removed, self.players)

    @property
    def set_aside(self) -> int:
        """The cards in no hand after the deal: two a kitty's dealer lays aside, half the pack
        where two players draw (each keeps one card of two), else none."""
        if int(self.players.value) == 2:
            return self.in_play // 2
        return 2 if self.kitty.value == Kitty.DEALER_TAKES_TWO.value else 0

    @property
    def even(self) -> bool:
        # Two players draw two cards a turn, as many turns each: the pack splits into fours.
        if int(self.players.value) == 2:
            return self.in_play % 4 == 0
        return (self.in_play - self.set_aside) % int(self.players.value) == 0

    @property
    def cards_per_hand(self) -> int:
        return (self.in_play - self.set_aside) // int(self.players.value)


def deals(merged: Merged) -> Iterator[Deal]:
    """Every combination of pack, cards removed and number of players the variant allows."""
    for deck, removed, players, kitty in product(
        merged.possible("deck.cards"),
        merged.possible("deck.removed"),
        merged.possible("table.players"),
        merged.possible("deal.kitty"),
    ):
        pack = DECK_CARDS.get(deck.value, frozenset())
        yield Deal(deck, removed, players, len(pack - set(cards_of(removed.value))), kitty)


def check_deal_is_even(merged: Merged) -> Iterator[Problem]:
    """The cards in play deal out evenly: every player holds as many cards as there are tricks,
    once a kitty's dealer has laid two aside. A pack two cards over an even deal is dealt only
    with the kitty; a kitty needs those two cards over."""
    for deal in deals(merged):
        if deal.even:
            continue
        players = deal.players.value
        short = deal.in_play % players
        taken = len(cards_of(deal.removed.value))
        leaves = (
            f"the {deal.deck.value} pack{offered(deal.deck)} (at {where(deal.deck)}) less "
            f"{taken} removed card(s) (at {where(deal.removed)}) leaves {deal.in_play} cards"
        )
        if players == 2:
            yield problem_at(
                merged.nearest(*deal.witnesses),
                f"{leaves}, which two players cannot draw from two at a time, as many turns "
                f"each (at {where(deal.players)}); remove {deal.in_play % 4} card(s) more or "
                f"{4 - deal.in_play % 4} fewer",
            )
            continue
        if deal.set_aside:
            yield problem_at(
                merged.nearest(deal.kitty, *deal.witnesses),
                f"{said('deal.kitty', deal.kitty)}, which has the dealer lay two cards aside, "
                f"but {leaves}, which is not two cards over an even deal to {players} "
                f"players{offered(deal.players)} (at {where(deal.players)}); write "
                f"deal.kitty: none, or change the cards removed",
            )
            continue
        fewer = players - short
        either = f" or {fewer} fewer" if taken >= fewer else ""
        kitty = (
            ", or deal them all with the dealer laying two aside (deal.kitty: dealer-takes-two)"
            if short == 2
            else ""
        )
        yield problem_at(
            merged.nearest(*deal.witnesses),
            f"{leaves}, which do not deal out evenly to {players} players{offered(deal.players)} "
            f"(at {where(deal.players)}); remove {short} card(s) more{either}{kitty}",
        )


def check_three_play_alone(merged: Merged) -> Iterator[Problem]:
    """Who plays with whom at each size of table: two and three players each play alone, five
    each alone or as two partnerships and a spoiler, six and eight in partnerships, and seven as
    three partnerships and a spoiler; only five and seven make a spoiler's table, and only four,
    six and eight a table of partnerships alone."""
    yield from requires(
        merged,
        Needs("table.players", lambda v: v == 2, "table.sides",
              lambda v: v == Sides.INDIVIDUAL.value,
              "two players each play alone; write individual"),
        Needs("table.players", lambda v: v == 3, "table.sides",
              lambda v: v == Sides.INDIVIDUAL.value,
              "three players each play alone; write individual"),
        Needs("table.players", lambda v: v == 5, "table.sides",
              lambda v: v in (Sides.INDIVIDUAL.value, Sides.PARTNERSHIPS_AND_SPOILER.value),
              "five players play alone or as two partnerships and a spoiler; write individual "
              "or partnerships-and-spoiler"),
        Needs("table.players", lambda v: v == 7, "table.sides",
              lambda v: v == Sides.PARTNERSHIPS_AND_SPOILER.value,
              "seven players play as three partnerships and a spoiler; write "
              "partnerships-and-spoiler"),
        Needs("table.players", lambda v: v in (6, 8), "table.sides",
              lambda v: v == Sides.PARTNERSHIPS.value,
              "six or eight players play in partnerships, each with the player opposite; write "
              "partnerships"),
        Needs("table.sides", lambda v: v == Sides.PARTNERSHIPS_AND_SPOILER.value,
              "table.players", lambda v: v in (5, 7),
              "partnerships and a spoiler make five or seven players; write 5 or 7"),
        Needs("table.sides", lambda v: v == Sides.PARTNERSHIPS.value,
              "table.players", lambda v: v in (4, 6, 8),
              "partnerships pair every player with the one opposite, at four, six or eight "
              "players; write 4, 6 or 8"),
    )  # fmt: skip


def check_first_lead_card_dealt(merged: Merged) -> Iterator[Problem]:
    """The card named for the first lead is dealt to somebody, not set aside."""
    for card, removed in product(
        merged.possible("play.first_lead_card"), merged.possible("deck.removed")
    ):
        if card.value is not None and canonical_card(str(card.value)) in cards_of(removed.value):
            yield problem_at(
                merged.nearest(card, removed),
                f"{said('play.first_lead_card', card)} but that card is removed before the deal "
                f"(deck.removed at {where(removed)}); nobody would hold it",
            )


def check_max_bid_fits_hand(merged: Merged) -> Iterator[Problem]:
    """Nobody may bid more tricks than there are cards in a hand."""
    for deal in (d for d in deals(merged) if d.even):
        for high in merged.possible("bidding.max_bid"):
            if high.value > deal.cards_per_hand:
                yield problem_at(
                    merged.nearest(high, *deal.witnesses),
                    f"{said('bidding.max_bid', high)} but each player holds only "
                    f"{deal.cards_per_hand} cards ({deal.in_play} cards in play among "
                    f"{deal.players.value} players{offered(deal.players)}, at "
                    f"{where(deal.players)}); bid at most {deal.cards_per_hand}",
                )
