"""Engines that deal their own cards (feature `deals`): their deals are checked as the reference
checks a deal (the seat and the card at fault named), `conform` puts no case with a deal of its
own to them and plays games from their deals instead, `fuzz` fuzzes from their deals with no
deal injection, and a game that differs comes back as a game record `audit` replays.

The engine is the reference engine served as one that deals from its own random source and
refuses any deal it did not deal (`tests/data/engines/deal_for_itself.py`), so a run that
passes shows that no deal was injected."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from _cli import run_cli

from spadespec.conformance.contract.protocol.deal_requests import EngineDealError, dealt_hands
from spadespec.conformance.contract.protocol.features import unknown_features
from spadespec.conformance.contract.protocol.messages import DEALS, CaseResponse
from spadespec.reference_engine.cards import CARD_TEXT
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.variant import load_variant

ROOT = Path(__file__).resolve().parents[1]
DEALER = ROOT / "tests" / "data" / "engines" / "deal_for_itself.py"

# A whole standard deal written by hand: North every spade, East every heart, South every
# diamond, West every club.
SUITED = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
SETUP = {"dealer": "E", "scores": {"NS": 0, "EW": 0}, "bags": {"NS": 0, "EW": 0}}


def _engine(*words: str) -> str:
    return shlex.join([sys.executable, str(DEALER), *words])


def _answered(dealer: str, hands: Any) -> CaseResponse:
    return {"outcome": "answered", "answers": {"dealer": dealer, "deal": hands}}


def _game(variant: str = "standard") -> Game:
    return Game.replay(load_variant(variant), SETUP, [])


def test_deals_is_a_feature_an_engine_may_declare() -> None:
    assert unknown_features([DEALS]) is None


def test_a_whole_deal_by_the_dealer_due_is_taken() -> None:
    hands = dealt_hands(_game(), _answered("E", SUITED))
    assert hands[0] == sum(1 << (39 + rank) for rank in range(13))  # North: the 13 spades


def test_a_joker_in_a_52_card_deal_names_the_seat_and_the_card() -> None:
    # North's two of spades swapped for the big joker, which the standard pack lacks.
    wrong = {"N": ["BJ", *[r + "S" for r in "AKQJT9876543"]],
             "E": [r + "H" for r in "AKQJT98765432"], "S": [r + "D" for r in "AKQJT98765432"],
             "W": [r + "C" for r in "AKQJT98765432"]}  # fmt: skip
    with pytest.raises(EngineDealError) as caught:
        dealt_hands(_game(), _answered("E", wrong))
    assert (caught.value.seat, caught.value.card) == ("N", "BJ")
    assert "N holds BJ, which is not in play" in str(caught.value)


def test_a_card_dealt_from_the_removed_cards_names_the_seat_and_the_card() -> None:
    # pagat-jokers takes 2C and 2D out for the jokers; a deal giving South the 2D is wrong.
    game = _game("pagat-jokers")
    texts = [CARD_TEXT[c] for c in game.pack.order]
    assert "2D" not in texts  # the variant's removed card, read from its own pack
    seats: dict[str, list[str]] = {"N": [], "E": [], "S": [], "W": []}
    for index, text in enumerate(texts):
        seats["NESW"[index % 4]].append(text)
    seats["S"][0] = "2D"
    with pytest.raises(EngineDealError) as caught:
        dealt_hands(game, _answered("E", seats))
    assert (caught.value.seat, caught.value.card) == ("S", "2D")
    assert "taken out of the pack" in str(caught.value)


def test_a_seat_with_fourteen_cards_is_named() -> None:
    # East's two of hearts given to North as well: North 14 cards, East 12.
    wrong = SUITED.replace("N:AKQJT98765432...", "N:AKQJT98765432.2..").replace(
        " .AKQJT98765432.. ", " .AKQJT9876543.. "
    )
    with pytest.raises(EngineDealError) as caught:
        dealt_hands(_game(), _answered("E", wrong))
    assert caught.value.seat == "N"
    assert "N holds 14 cards; each seat must hold 13" in str(caught.value)


def test_a_deal_by_the_wrong_dealer_names_the_seat_and_the_one_due() -> None:
    with pytest.raises(EngineDealError) as caught:
        dealt_hands(_game(), _answered("S", SUITED))
    assert caught.value.seat == "S"
    assert "the engine dealt as 'S', but the deal is E's" in str(caught.value)
    # The next hand's deal passes to South, East's left.
    game = _game()
    game.deal(SUITED)
    for seat, bid in zip("SWNE", (4, 3, 3, 3), strict=True):
        game.apply({"action": "bid", "seat": seat, "bid": bid})
    assert game.dealer.name == "E"


def test_conform_checks_an_engine_that_deals_for_itself_with_no_deal_injection() -> None:
    done = run_cli("conform", "--engine", _engine(), "--variant", "standard", "--own-deals",
                   "2", "--no-diagnose", "--json")  # fmt: skip
    report = json.loads(done.stdout)
    results = {line["id"]: line for line in report["results"]}
    assert done.returncode == 0, done.stdout[-2000:]
    dealt_cases = [r for i, r in results.items() if not i.startswith("own-deals.")
                   and not i.endswith("~score")]  # fmt: skip
    assert dealt_cases and all(r["verdict"] == "n/a" for r in dealt_cases)
    assert "deals for itself" in dealt_cases[0]["message"]
    own = [results[f"own-deals.standard.{n}"] for n in range(2)]
    assert [r["verdict"] for r in own] == ["pass", "pass"]
    assert {"legal", "totals", "hands"} <= set(own[0]["checked"])


def test_a_wrong_dealer_in_conform_comes_back_as_a_record_audit_flags(tmp_path: Path) -> None:
    records = tmp_path / "own.jsonl"
    done = run_cli("conform", "--engine", _engine("--wrong", "dealer"), "--variant", "standard",
                   "--own-deals", "1", "--own-deals-records", str(records), "--no-diagnose",
                   "--json")  # fmt: skip
    assert done.returncode == 1
    result = next(r for r in json.loads(done.stdout)["results"] if r["id"].startswith("own-"))
    assert result["verdict"] == "fail"
    assert "the engine dealt as" in result["message"] and "but the deal is" in result["message"]
    record = json.loads(records.read_text())
    assert record["actions"][-1]["action"] == "deal"
    audit = run_cli("audit", str(records))
    assert audit.returncode == 1
    said = record["hands"][0]["dealer"]
    assert f"hand 1 dealer: recorded {said}, the rules give {record['setup']['dealer']}" in (
        audit.stdout
    )


def test_fuzz_fuzzes_from_the_engines_deals_and_a_fault_is_a_record_audit_names(
    tmp_path: Path,
) -> None:
    clean = run_cli("fuzz", "--engine", _engine(), "--variant", "standard", "--games", "4",
                    "--seed", "1", "--out", str(tmp_path / "clean"), "--quiet")  # fmt: skip
    assert clean.returncode == 0, clean.stdout
    assert "no difference in 4 games" in clean.stdout
    wrong = run_cli("fuzz", "--engine", _engine("--wrong", "deck"), "--variant", "standard",
                    "--games", "2", "--seed", "1", "--out", str(tmp_path / "wrong"),
                    "--quiet", "--no-diagnose")  # fmt: skip
    assert wrong.returncode == 1
    assert "N holds BJ, which is not in play" in wrong.stdout
    [record] = (tmp_path / "wrong").glob("*.record.jsonl")
    audit = run_cli("audit", str(record))
    assert audit.returncode == 1
    assert "BJ" in audit.stdout
