"""Deals and blind nil passes an engine must refuse, generated for every pack, table and
exchange the shipped rulesets play, and asked of the reference as the suite asks an engine (the
`illegal` observable: the reason code a probe is refused with, or None).

A deal gives each seat in play its share of the variant's pack, every card once, and a seat out
of play nothing: hands of the wrong sizes that still hold the pack once, a card in two hands or
named twice in one, a card from outside the pack, a card at the seat a three-player table leaves
empty and a seat in play left out are each refused (bad-deal), while a deal is due and while the
bidding runs alike (a malformed action is said before its phase); a right deal is taken. In the
exchange after a blind nil the passer hands over exactly the variant's number of different cards
it holds: a pass from anyone else is refused first (not-your-turn), then one of the wrong number
or naming a card twice (pass-wrong-count), then one with a card not held (card-not-in-hand); a
pass outside the exchange is in the wrong phase; a right pass is taken. The pack, the seats and
the share are restated here from each ruleset's deck and table rules, not read off the engine.

The bad-deal probes of `probes.json` and the exchange cases of the blind nil sheets are shrunk
examples of these properties. The test command runs a few examples of each; CI
(`SPADESPEC_FULL=1 pytest -m sweep`) many more.
"""

from __future__ import annotations

from typing import Any

import pytest
from _sweeps import sweep
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spadespec.conformance.contract.engines.reference import tried
from spadespec.reference_engine.cards import CARD_TEXT, cards_in
from spadespec.reference_engine.game import Game, Phase
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.variant import load_variant, shipped_variant_ids
from spadespec.reference_engine.variant.model import Rules

SUITS, RANKS = "SHDC", "AKQJT98765432"
EVERY_CARD = tuple(rank + suit for suit in SUITS for rank in RANKS) + ("BJ", "LJ")
MEGA = tuple(rank + suit + "+" for rank in reversed(RANKS) for suit in SUITS)
"""The mega cards in the order a pack adds them: the twos, spades to clubs, then the threes."""
KIND = {
    "standard-52": EVERY_CARD[:52],
    "jokers-54": EVERY_CARD,
    **{f"mega-{52 + n}": EVERY_CARD[:52] + MEGA[:n] for n in (13, 26, 39, 52)},
}

BUDGETS = {"test command": 8, "CI": 200}
"""Examples of each property and table: a few in the test command, many in CI."""


def _tables() -> dict[tuple[Any, int], str]:
    """Each pack and number of players the shipped rulesets play -> the ruleset nearest the
    root of its `extends` chain that plays it."""
    out: dict[tuple[Any, int], str] = {}
    for v in sorted(shipped_variant_ids(), key=lambda v: (len(load_variant(v).lineage), v)):
        rules = load_variant(v).rules
        out.setdefault((rules.deck, rules.table.players), v)
    return out


TABLES = sorted(_tables().values())
EXCHANGES = sorted(
    v for v in shipped_variant_ids() if load_variant(v).rules.bidding.blind_nil_exchange
)


def test_the_tables_are_every_pack_the_shipped_rulesets_play() -> None:
    # standard and cutthroat (the 52 cards at four seats, and at three less the 2C), the two
    # joker packs, and the exchanges of two, three and four cards
    # jokers-kitty: the joker pack with nothing out, its dealer laying two aside; six and eight
    # with Graham Spades' mega cards
    assert TABLES == [
        "cutthroat",
        "eight-partnerships",
        "five-handed",
        "joker-joker-deuce-deuce",
        "jokers-kitty",
        "pagat-jokers",
        "seven-with-spoiler",
        "six-partnerships",
        "standard",
        "two-handed",
    ]
    assert EXCHANGES == ["blind-nil-pass-four", "nil-pass-three", "pagat-blind-nil"]


def examples(budget: str) -> settings:
    return settings(
        max_examples=BUDGETS[budget],
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        database=None,
    )


SEATINGS = {
    2: ["N", "S"],
    3: ["N", "E", "S"],
    4: ["N", "E", "S", "W"],
    5: ["N", "NE", "SE", "SW", "NW"],
    6: ["N", "NE", "SE", "S", "SW", "NW"],
    7: ["N", "NE", "E", "SE", "SW", "W", "NW"],
    8: ["N", "NE", "E", "SE", "S", "SW", "W", "NW"],
}
"""Each table's seats, clockwise from North, restated from the variant format's docs."""
EVERY_SEAT = ["N", "E", "S", "W", "NE", "SE", "SW", "NW"]


class Table:
    """A ruleset's pack and seats, restated from its deck and table rules."""

    def __init__(self, ruleset: str) -> None:
        self.rules: Rules = load_variant(ruleset).rules
        deck = self.rules.deck
        self.pack = [c for c in KIND[deck.cards.value] if c not in deck.removed]
        self.outside = [c for c in EVERY_CARD if c not in self.pack]
        self.seats = SEATINGS[self.rules.table.players]
        # under a kitty the dealer lays two cards aside, and two players drawing throw out half
        # the pack: the shares leave them in no hand
        aside = 2 if self.rules.deal.kitty.value == "dealer-takes-two" else 0
        if self.rules.table.players == 2:
            aside = len(self.pack) // 2
        self.share = (len(self.pack) - aside) // len(self.seats)

    def game(self, bidding: bool) -> Game:
        """A game where a deal is due, or (`bidding`) one dealt, its first bid awaited."""
        game = Game.new(self.rules, dealer="N")
        if bidding:
            game.deal(seed=1)
            assert game.phase is Phase.BID
        return game

    def good_deal(self, data: st.DataObject) -> dict[str, list[str]]:
        cards = data.draw(st.permutations(self.pack), label="pack")
        return {s: list(cards[i * self.share : (i + 1) * self.share]) for i, s in enumerate(self)}

    def __iter__(self) -> Any:
        return iter(self.seats)


def pbn(hands: dict[str, list[str]]) -> str | None:
    """The deal in PBN, each card written as often as its list names it; None where PBN
    cannot write it (a joker, a seat with no entry)."""
    if set(hands) != set("NESW") or any(c in ("BJ", "LJ") for h in hands.values() for c in h):
        return None

    def suit(cards: list[str], letter: str) -> str:
        return "".join(sorted((c[0] for c in cards if c[1] == letter), key=RANKS.index))

    return "N:" + " ".join(".".join(suit(hands[s], x) for x in SUITS) for s in "NESW")


def deal_refusal(table: Table, hands: dict[str, list[str]], bidding: bool) -> str | None:
    """The reason the deal is refused with (None: taken), the same written either way."""
    reason = tried(table.game(bidding), {"action": "deal", "hands": hands})["reason"]
    text = pbn(hands)
    if text is not None:
        assert tried(table.game(bidding), {"action": "deal", "hands": text})["reason"] == reason
    return reason


def each_deal_test(prop: Any, expected: str | None, tables: list[str] = TABLES) -> Any:
    """Run `prop(table, data)` for every table (of `tables`), while a deal is due and while
    bidding: the deal it makes is refused with `expected` (a right deal, None, is in the wrong
    phase while bidding)."""

    @pytest.mark.sweep
    @pytest.mark.parametrize("budget", sweep(list(BUDGETS), ["test command"]))
    @pytest.mark.parametrize("bidding", [False, True], ids=["deal-due", "while-bidding"])
    @pytest.mark.parametrize("ruleset", tables)
    def test(ruleset: str, bidding: bool, budget: str) -> None:
        table = Table(ruleset)

        @examples(budget)
        @given(st.data())
        def check(data: st.DataObject) -> None:
            hands = prop(table, data)
            due = "wrong-phase" if bidding and expected is None else expected
            assert deal_refusal(table, hands, bidding) == due, hands

        check()

    test.__name__ = f"test_{prop.__name__}"
    test.__doc__ = prop.__doc__
    return test


def a_right_deal(table: Table, data: st.DataObject) -> Any:
    """Each seat in play its share of the pack, every card once: taken (while bidding, a deal
    is in the wrong phase)."""
    return table.good_deal(data)


def hands_of_the_wrong_sizes(table: Table, data: st.DataObject) -> Any:
    """The pack dealt once, cut into hands not all of the share."""
    cards = data.draw(st.permutations(table.pack), label="pack")
    cuts = sorted(
        data.draw(
            st.lists(
                st.integers(0, len(cards)),
                min_size=len(table.seats) - 1,
                max_size=max(3, len(table.seats) - 1),
            ),
            label="cuts",
        )[: len(table.seats) - 1]
    )
    bounds = [0, *cuts, len(cards)]
    sizes = [b - a for a, b in zip(bounds, bounds[1:], strict=False)]
    if sizes == [table.share] * len(sizes):  # the one even cut: move a card on
        bounds[1] += 1
    return {s: list(cards[bounds[i] : bounds[i + 1]]) for i, s in enumerate(table)}


def a_card_in_two_hands(table: Table, data: st.DataObject) -> Any:
    """A card of one hand given to another too, in place of one of its own or beside them."""
    hands = table.good_deal(data)
    giver, taker = data.draw(st.permutations(table.seats), label="seats")[:2]
    card = data.draw(st.sampled_from(hands[giver]), label="card")
    if data.draw(st.booleans(), label="in place"):
        hands[taker][data.draw(st.integers(0, table.share - 1), label="at")] = card
    else:
        hands[taker].append(card)
    return hands


def a_card_named_twice_in_a_hand(table: Table, data: st.DataObject) -> Any:
    """A hand that writes one of its cards twice, with or without one of its others dropped."""
    hands = table.good_deal(data)
    seat = data.draw(st.sampled_from(table.seats), label="seat")
    card = data.draw(st.sampled_from(hands[seat]), label="card")
    if data.draw(st.booleans(), label="drop another"):
        hands[seat].remove(data.draw(st.sampled_from([c for c in hands[seat] if c != card])))
    hands[seat].insert(data.draw(st.integers(0, len(hands[seat])), label="at"), card)
    return hands


def a_card_from_outside_the_pack(table: Table, data: st.DataObject) -> Any:
    """A card the pack does not hold (a joker in a pack without, a card taken out), in place of
    one dealt or beside them."""
    hands = table.good_deal(data)
    seat = data.draw(st.sampled_from(table.seats), label="seat")
    card = data.draw(st.sampled_from(table.outside), label="outside card")
    if data.draw(st.booleans(), label="in place"):
        hands[seat][data.draw(st.integers(0, table.share - 1), label="at")] = card
    else:
        hands[seat].append(card)
    return hands


def a_seat_in_play_left_out(table: Table, data: st.DataObject) -> Any:
    """Some seats in play given no hand at all (an empty list, or no entry)."""
    hands = table.good_deal(data)
    left_out = data.draw(
        st.lists(st.sampled_from(table.seats), min_size=1, max_size=len(table.seats), unique=True),
        label="left out",
    )
    for seat in left_out:
        if data.draw(st.booleans(), label="no entry"):
            del hands[seat]
        else:
            hands[seat] = []
    return hands


test_a_right_deal = each_deal_test(a_right_deal, None)
test_hands_of_the_wrong_sizes = each_deal_test(hands_of_the_wrong_sizes, "bad-deal")
test_a_card_in_two_hands = each_deal_test(a_card_in_two_hands, "bad-deal")
test_a_card_named_twice_in_a_hand = each_deal_test(a_card_named_twice_in_a_hand, "bad-deal")
# every table but the kitty's, whose pack is every card there is
test_a_card_from_outside_the_pack = each_deal_test(
    a_card_from_outside_the_pack, "bad-deal", [t for t in TABLES if Table(t).outside]
)
test_a_seat_in_play_left_out = each_deal_test(a_seat_in_play_left_out, "bad-deal")


UNEVEN = [t for t in TABLES if Table(t).rules.table.players not in (4, 8)]
"""The tables that leave a seat of the compass empty: E and W at two; West at three; E, S and W
at five; E and W at six; S at seven (eight fill every one)."""


@pytest.mark.sweep
@pytest.mark.parametrize("budget", sweep(list(BUDGETS), ["test command"]))
@pytest.mark.parametrize("bidding", [False, True], ids=["deal-due", "while-bidding"])
@pytest.mark.parametrize("ruleset", UNEVEN)
def test_a_card_at_a_seat_the_table_leaves_empty(ruleset: str, bidding: bool, budget: str) -> None:
    """A seat not at the table (West at a table of three, East at five, South at seven) given
    any cards (from a hand, from outside the pack, or beside a whole deal): refused."""
    table = Table(ruleset)
    empty = next(seat for seat in EVERY_SEAT if seat not in table.seats)

    @examples(budget)
    @given(st.data())
    def check(data: st.DataObject) -> None:
        hands = table.good_deal(data)
        # from outside the pack only, from the pack only, or from both
        pool = data.draw(st.sampled_from([table.outside, table.pack, EVERY_CARD]), label="pool")
        west = data.draw(
            st.lists(st.sampled_from(pool), min_size=1, max_size=3, unique=True), label=empty
        )
        if data.draw(st.booleans(), label="taken from the hands"):
            for seat in table:
                hands[seat] = [c for c in hands[seat] if c not in west]
        hands[empty] = west
        assert deal_refusal(table, hands, bidding) == "bad-deal", hands

    check()


def test_the_examples_of_the_probes_are_refused() -> None:
    # the shrunk forms the bad-deal probes take, one of each, at the standard table
    table = Table("standard")
    good = {s: list(table.pack[i * 13 : (i + 1) * 13]) for i, s in enumerate("NESW")}
    assert deal_refusal(table, good, bidding=False) is None
    sizes = {**good, "N": [*good["N"], good["E"][-1]], "E": good["E"][:-1]}
    twice = {**good, "E": [*good["E"][:-1], good["N"][0]]}
    named = {**good, "N": [*good["N"], good["N"][0]]}
    short = {s: good[s] for s in "NES"}
    for hands in (sizes, twice, named, short):
        assert deal_refusal(table, hands, bidding=False) == "bad-deal", hands
        assert deal_refusal(table, hands, bidding=True) == "bad-deal", hands


# --- the blind nil exchange ------------------------------------------------------------------


class Exchange:
    """A ruleset's exchange: West deals with North-South 100 behind, North bids blind nil and
    the others numbers, so North and South pass (in the order the ruleset sets)."""

    def __init__(self, ruleset: str) -> None:
        self.table = Table(ruleset)
        self.count = self.table.rules.bidding.blind_nil_exchange

    def game(self, seed: int, passes_made: int) -> Game:
        game = Game.new(self.table.rules, dealer="W", scores={"NS": 0, "EW": 100})
        game.deal(seed=seed)
        for seat, bid in zip("NESW", ["blind-nil", 3, 4, 3], strict=True):
            game.bid(seat, bid)
        for _ in range(passes_made):
            game.apply(game.legal_passes()[0])
        return game


def _hand(game: Game, seat: str) -> list[str]:
    """The cards `seat` holds now."""
    return [CARD_TEXT[c] for c in cards_in(game.hands[Seat[seat]])]


def pass_refusal(game: Game, seat: str, cards: list[str]) -> str | None:
    return tried(game, {"action": "pass", "seat": seat, "cards": cards})["reason"]


def each_pass_test(prop: Any) -> Any:
    """Run `prop(exchange, game, passer, data)` for every exchange, at the first pass and at
    the second; it returns the pass tried (seat, cards) and the reason expected."""

    @pytest.mark.sweep
    @pytest.mark.parametrize("budget", sweep(list(BUDGETS), ["test command"]))
    @pytest.mark.parametrize("passes_made", [0, 1], ids=["first-pass", "second-pass"])
    @pytest.mark.parametrize("ruleset", EXCHANGES)
    def test(ruleset: str, passes_made: int, budget: str) -> None:
        exchange = Exchange(ruleset)

        @examples(budget)
        @given(st.integers(0, 2**16), st.data())
        def check(seed: int, data: st.DataObject) -> None:
            game = exchange.game(seed, passes_made)
            assert game.phase is Phase.PASS
            passer = game.to_act.name
            seat, cards, expected = prop(exchange, game, passer, data)
            assert pass_refusal(game, seat, cards) == expected, (seat, cards)

        check()

    test.__name__ = f"test_{prop.__name__}"
    test.__doc__ = prop.__doc__
    return test


def a_right_pass(exchange: Exchange, game: Game, passer: str, data: st.DataObject) -> Any:
    """The passer's own cards, as many as the exchange sets, each once: taken."""
    cards = data.draw(st.permutations(_hand(game, passer)), label="hand")[: exchange.count]
    return passer, list(cards), None


def a_pass_of_the_wrong_count(
    exchange: Exchange, game: Game, passer: str, data: st.DataObject
) -> Any:
    """More or fewer different cards than the exchange sets, held or not: pass-wrong-count."""
    count = data.draw(
        st.integers(0, exchange.count + 3).filter(lambda n: n != exchange.count), label="count"
    )
    cards = data.draw(st.permutations(exchange.table.pack), label="pack")[:count]
    return passer, list(cards), "pass-wrong-count"


def a_pass_naming_a_card_twice(
    exchange: Exchange, game: Game, passer: str, data: st.DataObject
) -> Any:
    """Any pass that writes a card twice, the different cards as many as the exchange sets or
    not, held or not: pass-wrong-count (the count is checked before the cards held)."""
    own = data.draw(st.booleans(), label="own cards")
    pool = _hand(game, passer) if own else exchange.table.pack
    # as many different cards as the exchange sets, often: the pass read without the repeat
    size = data.draw(
        st.one_of(st.just(exchange.count), st.integers(1, exchange.count + 1)),
        label="different cards",
    )
    cards = list(data.draw(st.permutations(pool), label="cards")[:size])
    again = data.draw(st.sampled_from(cards), label="again")
    cards.insert(data.draw(st.integers(0, len(cards)), label="at"), again)
    return passer, cards, "pass-wrong-count"


def a_pass_with_a_card_not_held(
    exchange: Exchange, game: Game, passer: str, data: st.DataObject
) -> Any:
    """The right number of different cards, at least one of them not the passer's:
    card-not-in-hand."""
    held = _hand(game, passer)
    others = [c for c in exchange.table.pack if c not in held]
    strangers = data.draw(st.integers(1, exchange.count), label="not held")
    cards = list(data.draw(st.permutations(others), label="others")[:strangers])
    cards += list(data.draw(st.permutations(held), label="held")[: exchange.count - strangers])
    return passer, list(data.draw(st.permutations(cards), label="order")), "card-not-in-hand"


def a_pass_by_another_seat(exchange: Exchange, game: Game, passer: str, data: st.DataObject) -> Any:
    """A pass from any other seat, whatever its cards (even of the wrong count, or a card
    twice): not-your-turn, checked first."""
    seat = data.draw(st.sampled_from([s for s in exchange.table.seats if s != passer]))
    cards = data.draw(
        st.lists(st.sampled_from(exchange.table.pack), max_size=exchange.count + 2), label="cards"
    )
    return seat, cards, "not-your-turn"


test_a_right_pass = each_pass_test(a_right_pass)
test_a_pass_of_the_wrong_count = each_pass_test(a_pass_of_the_wrong_count)
test_a_pass_naming_a_card_twice = each_pass_test(a_pass_naming_a_card_twice)
test_a_pass_with_a_card_not_held = each_pass_test(a_pass_with_a_card_not_held)
test_a_pass_by_another_seat = each_pass_test(a_pass_by_another_seat)


@pytest.mark.parametrize("ruleset", EXCHANGES)
def test_a_pass_outside_the_exchange_is_in_the_wrong_phase(ruleset: str) -> None:
    exchange = Exchange(ruleset)
    game = exchange.game(seed=5, passes_made=2)
    assert game.phase is Phase.PLAY
    north = _hand(game, "N")[: exchange.count]
    assert pass_refusal(game, "N", north) == "wrong-phase"
    bidding = Game.new(exchange.table.rules, dealer="W", scores={"NS": 0, "EW": 100})
    bidding.deal(seed=5)
    bidding.bid("N", "blind-nil")
    assert pass_refusal(bidding, "S", _hand(bidding, "S")[: exchange.count]) == "wrong-phase"
