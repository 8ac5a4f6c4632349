"""Two players drawing their hands card by card: a deal lays down the stock (top card first),
the player who did not deal draws first, and at each turn the drawer keeps the top card and
throws out the next, or throws it out and keeps the next, until each holds 13.

The stock is the one of the `two-handed.draw.*` cases, laid in fours: a spade and a club for
South's turn, a heart and a diamond for North's, the spade and heart falling from the ace and
the club and diamond rising from the two."""

from __future__ import annotations

import pytest
from _schema_defs import schema_def

from spadespec.conformance.analysis.audit.rules import rule_broken
from spadespec.conformance.contract.engines.observables import legal, to_act
from spadespec.conformance.contract.protocol import draws
from spadespec.conformance.contract.protocol.messages import DRAWS, TABLES, EngineInfo
from spadespec.conformance.machinery.faults.house_faults import dealer_draws_first
from spadespec.docs_gen.shipped_suite import variant_cases
from spadespec.reference_engine.actions import Deal, Draw, action_from_json
from spadespec.reference_engine.cards import parse_card
from spadespec.reference_engine.errors import DealError, IllegalActionError, InvalidActionError
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.game_phases.state import Phase
from spadespec.reference_engine.reason_codes import ReasonCode
from spadespec.reference_engine.rulebook import STANDARD_RULEBOOK
from spadespec.reference_engine.seats import Seat

RANKS = "23456789TJQKA"
STOCK_TEXT = [
    card
    for i in range(13)
    for card in (f"{RANKS[12 - i]}S", f"{RANKS[i]}C", f"{RANKS[12 - i]}H", f"{RANKS[i]}D")
]
STOCK = [parse_card(card) for card in STOCK_TEXT]


def mask(cards: str) -> int:
    return sum(1 << parse_card(card) for card in cards.split())


def laid(dealer: str = "N") -> Game:
    game = Game.new("two-handed", dealer=dealer)
    game.deal(stock=STOCK)
    return game


def test_the_player_who_did_not_deal_draws_first_and_the_two_take_turns() -> None:
    game = laid()
    assert (game.phase, game.to_act) == (Phase.DRAW, Seat.S)
    assert game.hands == [0, 0, 0, 0]
    assert game.legal_actions() == (Draw(Seat.S, True), Draw(Seat.S, False))
    assert legal(game) == [True, False]
    assert to_act(game) == {"phase": "draw", "seat": "S"}
    assert game.top_of_stock() == parse_card("AS")
    game.draw("S", True)
    assert (game.to_act, game.top_of_stock()) == (Seat.N, parse_card("AH"))
    game.draw("N", False)
    assert (game.to_act, game.top_of_stock()) == (Seat.S, parse_card("KS"))
    assert game.hands[Seat.S] == mask("AS") and game.hands[Seat.N] == mask("2D")
    # South's dealing: North draws first.
    assert laid("S").to_act is Seat.N


def test_the_drawn_hands_are_the_cards_kept_and_the_bidding_opens() -> None:
    game = laid()
    for i in range(13):
        game.draw("S", i % 2 == 0)  # keeps the spade at turns 0, 2, ..., else the club
        game.draw("N", False)  # keeps every diamond
    assert game.hands[Seat.S] == mask("AS QS TS 8S 6S 4S 2S KC JC 9C 7C 5C 3C")
    assert game.hands[Seat.N] == mask("AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D")
    assert game.dealt == tuple(game.hands)
    assert (game.phase, game.to_act) == (Phase.BID, Seat.S)
    with pytest.raises(IllegalActionError) as refused:
        game.top_of_stock()
    assert refused.value.reason is ReasonCode.WRONG_PHASE


def test_draws_in_the_wrong_turn_or_phase_are_refused() -> None:
    game = laid()
    with pytest.raises(IllegalActionError) as refused:
        game.draw("N", True)
    assert refused.value.reason is ReasonCode.NOT_YOUR_TURN
    with pytest.raises(IllegalActionError) as refused:
        game.bid("S", 3)
    assert refused.value.reason is ReasonCode.WRONG_PHASE
    with pytest.raises(IllegalActionError) as refused:
        Game.new("two-handed").draw("S", True)  # no stock laid down
    assert refused.value.reason is ReasonCode.WRONG_PHASE
    with pytest.raises(IllegalActionError) as refused:
        game.apply({"action": "draw", "seat": "E", "keep": True})
    assert refused.value.reason is ReasonCode.UNKNOWN_SEAT


@pytest.mark.parametrize(
    ("stock", "words"),
    [
        (STOCK[:-1], "AD is in play but not in the stock"),
        ([*STOCK[:-1], STOCK[0]], "card 52 of the stock, AS, is in it twice"),
        ([*STOCK[:-1], parse_card("BJ")], "card 52 of the stock, BJ, is not in play"),
    ],
)
def test_a_stock_must_hold_every_card_in_play_once(stock: list[int], words: str) -> None:
    game = Game.new("two-handed")
    with pytest.raises(DealError, match=words) as refused:
        game.deal(stock=stock)
    assert refused.value.reason is ReasonCode.BAD_DEAL
    assert game.phase is Phase.DEAL and not game.log


def test_a_stock_is_laid_only_where_two_players_draw() -> None:
    with pytest.raises(DealError, match="not at a 4-player table"):
        Game.new("standard").deal(stock=STOCK)


def test_a_stock_and_its_draws_go_through_the_log_and_back() -> None:
    game = laid()
    game.draw("S", True)
    game.draw("N", False)
    saved = game.to_json()
    assert saved["log"][0] == {"action": "deal", "stock": STOCK_TEXT}
    assert saved["log"][1:] == [
        {"action": "draw", "seat": "S", "keep": True},
        {"action": "draw", "seat": "N", "keep": False},
    ]
    again = Game.replay("two-handed", saved["setup"], saved["log"])
    assert (again.hands, again.to_act, again.phase) == (game.hands, Seat.S, Phase.DRAW)
    record = action_from_json(saved["log"][0])
    assert isinstance(record, Deal) and record.stock == tuple(STOCK)
    assert action_from_json(saved["log"][1]) == Draw(Seat.S, True)


@pytest.mark.parametrize(
    ("entry", "reason", "words"),
    [
        ({"action": "draw", "seat": "S", "keep": "yes"}, ReasonCode.MALFORMED_ACTION, "keep must"),
        ({"action": "draw", "seat": "S"}, ReasonCode.MALFORMED_ACTION, "missing keep"),
        ({"action": "deal", "stock": "AS 2C"}, ReasonCode.BAD_DEAL, "a stock is a list"),
        ({"action": "deal", "stock": [], "hands": "x"}, ReasonCode.MALFORMED_ACTION, "unexpected"),
    ],
)
def test_a_malformed_stock_or_draw_is_refused_saying_what_is_wrong(
    entry: dict[str, object], reason: ReasonCode, words: str
) -> None:
    with pytest.raises(InvalidActionError, match=words) as refused:
        action_from_json(entry)
    assert refused.value.reason is reason


def test_the_fault_dealer_draws_first_has_the_dealer_draw() -> None:
    game = Game.new("two-handed", dealer="N", rulebook=dealer_draws_first(STANDARD_RULEBOOK))
    game.deal(stock=STOCK)
    assert game.to_act is Seat.N


def test_an_engine_without_draws_is_sent_no_case_of_the_draw() -> None:
    info: EngineInfo = {"name": "e", "version": "1", "language": "c", "protocol": 1,
            "variants": ["two-handed"], "features": ["to_act", "legal", TABLES]}  # fmt: skip
    cases = variant_cases("two-handed")
    drawing = [case.id for case in cases if draws.holds_draw(case)]
    assert sorted(drawing) == sorted(c.id for c in cases if c.id.startswith("two-handed.draw."))
    assert len(drawing) == 6
    for case in cases:
        why = draws.not_applicable(info, case)
        assert (why == draws.NOT_APPLICABLE) == (case.id in drawing)
        assert draws.not_applicable({**info, "features": [*info["features"], DRAWS]}, case) is None


def test_a_draw_out_of_turn_in_a_record_breaks_the_draws_turns() -> None:
    assert rule_broken(str(ReasonCode.NOT_YOUR_TURN), "draw", False, False) == "deal.draw-turns"


@pytest.mark.parametrize("schema", ["case.schema.json", "game-record.schema.json"])
def test_the_schemas_take_a_stock_and_draws_and_refuse_them_malformed(schema: str) -> None:
    action = schema_def(schema, "action")
    game = laid()
    game.draw("S", True)
    for entry in game.to_json()["log"]:
        assert not list(action.iter_errors(entry)), entry
    assert list(action.iter_errors({"action": "draw", "seat": "S", "keep": "yes"}))
    assert list(action.iter_errors({"action": "draw", "seat": "S"}))
    assert list(action.iter_errors({"action": "deal", "stock": ["AS"], "hands": "x"}))
    assert list(action.iter_errors({"action": "deal", "stock": ["1X"]}))
    # A deal of hands is read as ever, its fault named at its hands.
    wrong = list(action.iter_errors({"action": "deal", "hands": 7}))
    assert wrong and all(list(error.absolute_path)[:1] == ["hands"] for error in wrong)


def test_a_stock_is_checked_before_the_phase_as_a_deal_of_hands_is() -> None:
    game = laid()
    with pytest.raises(DealError):  # short of a card: bad-deal, even while drawing
        game.deal(stock=STOCK[:-1])
    with pytest.raises(IllegalActionError) as refused:
        game.deal(stock=STOCK)  # a whole stock, but no deal is due
    assert refused.value.reason is ReasonCode.WRONG_PHASE
    assert not game.can(Deal((0, 0, 0, 0), tuple(STOCK)))
    assert Game.new("two-handed").can(Deal((0, 0, 0, 0), tuple(STOCK)))
