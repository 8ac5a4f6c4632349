"""`spadespec play`: the score table, the JSON game that replays exactly, and usage errors."""

from __future__ import annotations

import json

import pytest

from spadespec.cli import main
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.variant import load_variant, shipped_variant_ids


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["play", *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("variant_id", shipped_variant_ids())
def test_json_game_replays_to_the_same_totals(
    capsys: pytest.CaptureFixture[str], variant_id: str
) -> None:
    status, out, _ = run(capsys, "--variant", variant_id, "--seed", "5", "--json")
    assert status == 0
    doc = json.loads(out)
    variant = load_variant(doc["variant"], {k: str(v) for k, v in doc["options"].items()})
    game = Game.replay(variant, doc["setup"], doc["log"])
    assert game.totals == doc["totals"]
    assert game.bags == doc["bags"]
    assert [h.to_json() for h in game.hand_results] == doc["hands"]
    assert game.outcome is not None
    end = variant.rules.game_end
    if end.target is None and end.hands is None:
        # A score pad's game has no end of its own: the command stops it at its cap on hands,
        # and the log replayed is a game that goes on.
        assert doc["outcome"] == {"status": "stopped", "winner": None, "reason": "max-hands",
                                  "hands": len(doc["hands"])}  # fmt: skip
        assert game.outcome.to_json()["status"] == "continues"
        return
    assert game.outcome.to_json() == doc["outcome"]
    assert doc["outcome"]["status"] in ("won", "tie")


def test_table_ends_with_the_final_status(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--variant", "standard", "--seed", "7")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("standard:")
    first_hand = lines[4].split()
    # hand 1, a dealer, four bids, four tricks adding up to 13, then each side's figures.
    assert first_hand[0] == "1" and first_hand[1] in ("N", "E", "S", "W")
    assert sum(int(t) for t in first_hand[6:10]) == 13
    status_lines = [line for line in lines if line.startswith(("won by", "tie after"))]
    assert len(status_lines) == 1
    assert "(seed 7, sensible bots)" in out


def test_option_reaches_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "--variant", "porchlight", "--option", "target=200", "--seed", "2", "--json"
    )
    assert status == 0
    doc = json.loads(out)
    assert doc["options"]["target"] == 200
    assert max(doc["totals"].values()) >= 200


def test_cap_on_hands_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--variant", "standard", "--seed", "1", "--max-hands", "2")
    assert status == 0
    assert "stopped: no result after 2 hands (the --max-hands cap of 2)" in out
    status, out, _ = run(
        capsys, "--variant", "standard", "--seed", "1", "--max-hands", "2", "--json"
    )
    doc = json.loads(out)
    stopped = {"status": "stopped", "winner": None, "reason": "max-hands", "hands": 2}
    assert doc["outcome"] == stopped
    assert len(doc["hands"]) == 2


def test_random_bots_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--variant", "standard", "--seed", "3", "--bots", "random", "--max-hands", "3")
    first = run(capsys, *args, "--json")[1]
    again = run(capsys, *args, "--json")[1]
    assert first == again


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--variant", "no-such-variant"], "unknown variant"),
        (["--variant", "standard", "--seed", "seven"], "--seed: expected a whole number"),
        (["--variant", "standard", "--seed", "-1"], "--seed: expected a whole number of at least"),
        (["--variant", "standard", "--bots", "clever"], "--bots: expected one of sensible, random"),
        (["--variant", "standard", "--max-hands", "0"], "--max-hands: expected a whole number"),
        (["--variant", "standard", "--option", "target"], "--option: expected NAME=VALUE"),
        (["--variant", "porchlight", "--option", "target=123"], "target"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert expected in err
    assert "Traceback" not in err
    assert out == ""


def test_missing_variant_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["play"])
    assert exc.value.code == 2
    assert "--variant" in capsys.readouterr().err


def test_table_names_a_big_bid_bonus_earned(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--variant", "big-bid-bonus", "--seed", "1")
    assert status == 0
    assert "hand 12: EW bid 10 and made it, +50 big-bid bonus in its points" in out


def test_table_names_a_moon_shot(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--variant", "moon-wins-game", "--seed", "3", "--bots", "random")
    assert status == 0
    assert "hand 29: EW took every trick (the moon), not scored" in out
    assert "EW took all 13 tricks (shooting the moon)" in " ".join(out.split())
