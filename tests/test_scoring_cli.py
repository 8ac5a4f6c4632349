"""`spadespec score` from the outside: what it prints, its JSON, and how it refuses bad input."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HAND = ["--bids", "N=3,E=4,S=0,W=2", "--tricks", "N=4,E=5,S=1,W=3"]


def score(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "reference_engine", "score", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_score_prints_each_item_of_the_hand_and_the_game_status():
    """North 3 + South nil, 4 + 1 tricks, 120/3 before: South's trick counts, so 30 + 2 - 100
    = -68 -> 52, bags 5. East-West 4 + 2 with 8 tricks: 62 -> 142, bags 2."""
    result = score("--variant", "standard", *HAND, "--prior", "NS=120/3,EW=80/0")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    ns, ew = out.split("\nEW ")
    for item in [
        "contract        3",
        "tricks counted  5 of 5",
        "result          made: +30",
        "overtricks      2: +2",
        "nil S           took 1: failed, -100",
        "bags added      2 (had 3)",
        "bag penalty     none",
        "bags after      5",
        "hand points     -68",
        "total           120 -> 52",
    ]:
        assert item in ns
    assert "contract        6" in ew and "total           80 -> 142" in ew
    assert "game: continues" in out


def test_score_shows_the_bag_penalty():
    """Illustrated table, bid 2 take 12 from 520 with no bags: -70 -> 450; East-West, bid 2
    take 1 from 495, lose 10 (one trick short) -> 485: nobody at 500, the game goes on."""
    result = score(
        "--variant",
        "illustrated-table",
        "--bids",
        "N=1,E=1,S=1,W=1",
        "--tricks",
        "N=6,E=1,S=6,W=0",
        "--prior",
        "NS=520/0,EW=495/0",
    )
    assert result.returncode == 0, result.stderr
    assert "bag penalty     1 x: -100" in result.stdout
    assert "total           520 -> 450" in result.stdout
    assert "total           495 -> 485" in result.stdout
    assert "game: continues" in result.stdout


def test_score_json_shape():
    result = score("--variant", "standard", *HAND, "--prior", "NS=120/3,EW=80/0", "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert set(doc) == {"variant", "options", "hand", "game"}
    assert doc["variant"] == "standard"
    assert doc["hand"]["bids"] == {"N": 3, "E": 4, "S": "nil", "W": 2}
    ns = doc["hand"]["sides"]["NS"]
    assert ns["nils"] == [
        {"seat": "S", "tricks": 1, "made": False, "points": -100, "blind": False}
    ]
    assert (ns["contract"], ns["made"], ns["hand_points"], ns["score_after"]) == (3, True, -68, 52)
    assert (ns["bags_added"], ns["bag_penalty"], ns["bags_after"]) == (2, 0, 5)
    assert doc["game"] == {
        "status": "continues",
        "winner": None,
        "reason": doc["game"]["reason"],
        "reached": [],
        "out": [],
    }


def test_score_option_changes_the_target():
    """Play to 200: East-West, 4 + 2 with 8 tricks, score 62 and go from 150 to 212 and win;
    North-South go from 100 to 32."""
    result = score(
        "--variant", "playingcardgames", "--option", "target=200", *HAND,
        "--prior", "NS=100/0,EW=150/0", "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["options"] == {"target": 200}
    assert doc["hand"]["sides"]["NS"]["score_after"] == 32
    assert doc["game"]["status"] == "won" and doc["game"]["winner"] == "EW"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--variant", "no-such-variant", *HAND], "unknown variant"),
        (["--variant", "standard", "--option", "target=300", *HAND], "unknown option"),
        (["--variant", "porchlight", "--option", "target=250", *HAND], "target"),
        (["--variant", "standard", "--option", "target", *HAND], "--option"),
        (["--variant", "standard", "--bids", "N=3,E=4,S=0", "--tricks", "N=4,E=5,S=1,W=3"],
         "no value for W"),
        (["--variant", "standard", "--bids", "N=3,E=4,S=x,W=2", "--tricks", "N=4,E=5,S=1,W=3"],
         "expected a number 1..13 or nil"),
        (["--variant", "standard", "--bids", "N=14,E=4,S=0,W=2", "--tricks", "N=4,E=5,S=1,W=3"],
         "out of range"),
        (["--variant", "standard", "--bids", "N=3,N=4,S=0,W=2", "--tricks", "N=4,E=5,S=1,W=3"],
         "given twice"),
        (["--variant", "standard", "--bids", "N=3,E=4,X=0,W=2", "--tricks", "N=4,E=5,S=1,W=3"],
         "expected N, E, S, W"),
        (["--variant", "standard", "--bids", "N=3,E=4,S=0,W=2", "--tricks", "N=4,E=5,S=1,W=4"],
         "a hand has 13"),
        (["--variant", "standard", "--bids", "N=3,E=4,S=0,W=2", "--tricks", "N=4,E=5,S=-1,W=5"],
         "expected a count 0..13"),
        (["--variant", "standard", *HAND, "--prior", "NS=lots"], "expected score/bags"),
        (["--variant", "standard", *HAND, "--prior", "NE=0/0"], "expected NS, EW"),
        (["--variant", "porchlight", "--option", "nil=not-allowed", *HAND],
         "does not allow nil"),
        (["--variant", "porchlight", "--option", "nil=not-allowed", "--bids", "N=3,E=4,S=nil,W=2",
          "--tricks", "N=4,E=5,S=1,W=3"], "does not allow nil"),
        (["--variant", "standard", "--tricks", "N=4,E=5,S=1,W=3"], "--bids"),
    ],
)  # fmt: skip
def test_score_bad_arguments_exit_2_with_a_message(args, message):
    result = score(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_score_help_says_zero_is_nil_only_where_nil_is_allowed():
    result = score("--help")
    assert result.returncode == 0
    assert "0 means nil only where the variant allows nil" in " ".join(result.stdout.split())
