"""`spadespec score` from the outside: what it prints, its JSON, and how it refuses bad input.
The first test runs the command in its own process; the rest call it in this one."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from _cli import run_cli

ROOT = Path(__file__).resolve().parent.parent
HAND = ["--bids", "N=3,E=4,S=0,W=2", "--tricks", "N=4,E=5,S=1,W=3"]


def score_process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spadespec", "score", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def score(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli("score", *args)


def test_score_prints_each_item_of_the_hand_and_the_game_status():
    """North 3 + South nil, 4 + 1 tricks, 120/3 before: South's trick counts, so 30 + 2 - 100
    = -68 -> 52, bags 5. East-West 4 + 2 with 8 tricks: 62 -> 142, bags 2."""
    result = score_process("--variant", "standard", *HAND, "--prior", "NS=120/3,EW=80/0")
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
    assert ns["nils"] == [{"seat": "S", "tricks": 1, "made": False, "points": -100, "blind": False}]
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
        (["--variant", "team-maximum-thirteen", "--bids", "N=9,E=3,S=5,W=2",
          "--tricks", "N=6,E=2,S=3,W=2"], "NS bid 9 + 5, 14 in all; a partnership bids at most 13"),
        (["--variant", "team-minimum-four", "--bids", "N=1,E=3,S=nil,W=2",
          "--tricks", "N=6,E=2,S=3,W=2"], "NS bid 1, 1 in all; a partnership bids at least 4"),
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


# --- house rules: a variant file of our own, extending standard ------------------------------


def house_file(tmp_path: Path, name: str, rules: dict[str, dict[str, object]]) -> str:
    """A variant file extending standard with `rules` changed, each with a stated reason."""
    lines = ["extends: standard", f"id: {name}", f"title: {name}", "revision: 1",
             "summary: A house table for the score command's tests.", "", "rules:"]  # fmt: skip
    for section, values in rules.items():
        lines.append(f"  {section}:")
        for rule, value in values.items():
            lines += [
                f"    {rule}:",
                f"      value: {json.dumps(value)}",
                "      interpretation:",
                f"        question: What does this table play for {rule}?",
                f"        choice: {json.dumps(str(value))}",
                "        why: The house plays it so.",
                "        alternative: The standard rule.",
            ]
    path = tmp_path / f"{name}.yaml"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


THREE_ALONE = {
    "deck": {"removed": ["2C"]},
    "table": {"players": 3, "sides": "individual"},
    "bidding": {"max_bid": 17, "blind_nil": "allowed"},
    "scoring": {"blind_nil_bonus": 200, "blind_nil_penalty": 200},
}
THREE_HAND = ["--bids", "N=5,E=blind-nil,S=6", "--tricks", "N=7,E=0,S=10"]


def test_score_three_alone_each_seat_its_own_line(tmp_path):
    """North bid 5 took 7 from 120/3: 50 + 2 -> 172, 5 bags. East blind nil took none:
    +200 -> 280. South bid 6 took 10 from 95/1: 60 + 4 -> 159, 5 bags. 7 + 0 + 10 = 17."""
    variant = house_file(tmp_path, "three-alone", THREE_ALONE)
    result = score("--variant", variant, *THREE_HAND, "--prior", "N=120/3,E=80/0,S=95/1")
    assert result.returncode == 0, result.stderr
    n, e, s = result.stdout.split("\n\n")[1:4]
    assert n.startswith("N  bids N 5; tricks N 7")
    assert "total           120 -> 172" in n and "bags after      5" in n
    assert "blind nil E     took 0: made, +200" in e and "total           80 -> 280" in e
    assert "hand points     +64" in s and "total           95 -> 159" in s


def test_score_three_alone_json_keys_seats_and_sides_by_letter(tmp_path):
    variant = house_file(tmp_path, "three-alone", THREE_ALONE)
    result = score("--variant", variant, *THREE_HAND, "--json")
    assert result.returncode == 0, result.stderr
    hand = json.loads(result.stdout)["hand"]
    assert hand["bids"] == {"N": 5, "E": "blind-nil", "S": 6}
    assert list(hand["sides"]) == ["N", "E", "S"]
    assert hand["sides"]["E"]["nils"] == [
        {"seat": "E", "tricks": 0, "made": True, "points": 200, "blind": True}
    ]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bids", "N=5,E=4,S=6,W=1", "--tricks", "N=7,E=0,S=10"], "expected N, E, S"),
        (["--bids", "N=5,E=4,S=6", "--tricks", "N=7,E=0,S=6"], "a hand has 17"),
        (["--bids", "N=5,E=4,S=18", "--tricks", "N=7,E=0,S=10"], "expected a number 1..17"),
        ([*THREE_HAND, "--prior", "NS=0/0"], "expected N, E, S"),
        ([*THREE_HAND, "--hands-played", "-1"], "--hands-played"),
    ],
)
def test_score_three_alone_refuses_what_is_not_that_table(tmp_path, args, message):
    result = score("--variant", house_file(tmp_path, "three-alone", THREE_ALONE), *args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_score_blind_nil_refused_where_the_variant_does_not_allow_it():
    result = score("--variant", "standard", "--bids", "N=3,E=4,S=blind-nil,W=2",
                   "--tricks", "N=4,E=5,S=1,W=3")  # fmt: skip
    assert result.returncode == 2
    assert "S bid blind nil, but this variant does not allow blind nil" in result.stderr


def test_score_names_a_bonus_bid_and_bag_points_taken_back(tmp_path):
    """Ten for 200, bags paid back at 110: North-South on 337 with 7 bags bid 6 + 4 = 10 and
    take 13: 200 + 3, the tenth bag costs 100 + 10: 93 -> 430."""
    variant = house_file(tmp_path, "ten-for-200", {"scoring": {
        "bonus_bid_tricks": 10, "bonus_bid_made": 200, "bonus_bid_set": 100,
        "bag_points_cancelled": True,
    }})  # fmt: skip
    result = score("--variant", variant, "--bids", "N=6,E=1,S=4,W=1",
                   "--tricks", "N=7,E=0,S=6,W=0", "--prior", "NS=337/7")  # fmt: skip
    assert result.returncode == 0, result.stderr
    ns = result.stdout.split("\n\n")[1]
    assert "result          made: +200 (a bonus bid)" in ns
    assert "bag penalty     1 x: -110 (100 and the 10 the bags scored, each time)" in ns
    assert "total           337 -> 430" in ns


def test_score_a_boston_that_wins_the_game(tmp_path):
    """North-South bid 7 + 6 and take all 13 from 20: 150, far behind EW's 400 after their
    set of 20, and the game is won."""
    variant = house_file(tmp_path, "boston-ends-it", {"scoring": {"boston": "wins-game"}})
    result = score("--variant", variant, "--bids", "N=7,E=1,S=6,W=1",
                   "--tricks", "N=7,E=0,S=6,W=0", "--prior", "NS=20/0,EW=420/0")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "game: won by NS: NS bid all 13 tricks and took them (Boston)" in result.stdout


def test_score_hands_played_ends_a_game_of_ten_hands(tmp_path):
    """After nine hands before this one, this is the tenth: the higher total wins."""
    variant = house_file(tmp_path, "ten-hands", {"game_end": {"target": None, "hands": 10}})
    before = score("--variant", variant, *HAND, "--hands-played", "8")
    assert "game: continues: 9 of 10 hands played" in before.stdout, before.stderr
    last = score("--variant", variant, *HAND, "--hands-played", "9")
    # NS: 30 + 2 - 100 = -68; EW 62.
    assert "game: won by EW: all 10 hands have been played; EW wins 62 to -68" in last.stdout


def test_score_shows_the_big_bid_bonus_as_an_item_of_its_own():
    """Fifty for ten or more: North-South bid 5 + 6 = 11 and take 12: 110 + 1 + 50 = 161;
    East-West bid 1 + 1 and take 1: set, -20, and a bonus of 0."""
    result = score("--variant", "big-bid-bonus", "--bids", "N=5,E=1,S=6,W=1",
                   "--tricks", "N=6,E=1,S=6,W=0")  # fmt: skip
    assert result.returncode == 0, result.stderr
    ns, ew = result.stdout.split("\n\n")[1:3]
    assert "big-bid bonus   +50 (50 for 10 or more bid and made)" in ns
    assert "hand points     +161" in ns
    assert "big-bid bonus   +0" in ew and "hand points     -20" in ew


def test_score_a_moon_shot_wins_the_game_unscored():
    """North-South bid 3 + 2 and take all 13 from 120 to 300: the moon, won at once, and no
    total or bag count moves."""
    result = score("--variant", "moon-wins-game", "--bids", "N=3,E=4,S=2,W=3",
                   "--tricks", "N=7,E=0,S=6,W=0", "--prior", "NS=120/4,EW=300/2")  # fmt: skip
    assert result.returncode == 0, result.stderr
    ns, ew = result.stdout.split("\n\n")[1:3]
    assert "moon            took every trick: the hand is not scored" in ns
    assert "total           120 -> 120" in ns and "bags after      4" in ns
    assert "moon            NS took every trick" in ew and "total           300 -> 300" in ew
    assert "game: won by NS: NS took all 13 tricks (shooting the moon)" in result.stdout
