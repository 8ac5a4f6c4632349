"""Exit status across the commands that take a variant: 0 success, 1 something checked is
wrong (an invalid variant file), 2 the command was used wrongly (no such variant, a path that
is not a file, an option not offered, an unknown flag); never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from spadespec.cli import main

ROOT = Path(__file__).resolve().parent.parent
BROKEN = ROOT / "tests" / "data" / "broken_variants"
INVALID = str(BROKEN / "bad-enum.yaml")
HUGE = "1" + "0" * 38

SCORE = ["--bids", "N=3,E=4,S=2,W=2", "--tricks", "N=4,E=5,S=1,W=3"]


def _with_variant(command: str, variant: str, *options: str) -> list[str]:
    """The command line of `command` under `variant`, as each command takes it."""
    chosen = [arg for name in options for arg in ("--option", name)]
    if command == "show":
        return ["show", variant, *chosen]
    if command == "diff":
        return ["diff", variant, "standard", *chosen]
    if command == "score":
        return ["score", "--variant", variant, *chosen, *SCORE]
    return ["play", "--variant", variant, "--seed", "1", "--max-hands", "1", *chosen]


COMMANDS = ["show", "play", "score", "diff"]


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("command", COMMANDS)
def test_an_invalid_variant_file_exits_1(capsys: pytest.CaptureFixture[str], command: str) -> None:
    status, out, err = run(capsys, _with_variant(command, INVALID))
    assert status == 1
    assert f"{INVALID} is not a valid variant:" in err
    assert "bad-enum.yaml:10:14 at rules.deal.dealer_rotation.value" in err
    assert out == ""


def test_validate_and_list_exit_1_for_an_invalid_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, ["validate", INVALID])[0] == 1
    assert run(capsys, ["list", "--dir", str(BROKEN)])[0] == 1


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unknown_variant_exits_2_with_the_near_one(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    status, _, err = run(capsys, _with_variant(command, "porchlite"))
    assert status == 2
    assert "unknown variant 'porchlite'; did you mean 'porchlight'?" in err


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("/dev/null", "/dev/null is not a regular file: it is a character device"),
        (str(BROKEN), "is a folder, not a file"),
        ("no/such/house.yaml", "no such file or folder: no/such/house.yaml"),
    ],
    ids=["device", "folder", "missing"],
)
def test_a_path_that_is_not_a_file_exits_2_saying_what_it_is(
    capsys: pytest.CaptureFixture[str], command: str, path: str, said: str
) -> None:
    status, _, err = run(capsys, _with_variant(command, path))
    assert status == 2
    assert said in err


def test_validate_a_device_exits_2_saying_what_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, ["validate", "/dev/null"])
    assert status == 2
    assert "/dev/null is not a regular file: it is a character device" in err


def test_a_variant_id_written_as_a_missing_file_is_pointed_at_the_id(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, ["show", "standard.yaml"])
    assert status == 2
    assert "did you mean the variant id 'standard'?" in err


@pytest.mark.parametrize(
    ("flag", "said"),
    [
        ("/dev/null", "/dev/null is a character device, not a folder"),
        (str(ROOT / "README.md"), "README.md is a file, not a folder"),
    ],
)
def test_list_dir_that_is_not_a_folder_exits_2(
    capsys: pytest.CaptureFixture[str], flag: str, said: str
) -> None:
    status, _, err = run(capsys, ["list", "--dir", flag])
    assert status == 2
    assert said in err


@pytest.mark.parametrize(
    "argv",
    [
        ["list", "--bogus"],
        ["show", "standard", "--bogus"],
        ["validate", INVALID, "--bogus"],
        ["play", "--variant", "standard", "--bogus"],
        ["score", "--variant", "standard", "--bogus", *SCORE],
        ["diff", "standard", "porchlight", "--bogus"],
        ["no-such-command"],
    ],
)
def test_an_unknown_flag_or_command_exits_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    assert "usage:" in capsys.readouterr().err


@pytest.mark.parametrize("command", COMMANDS)
def test_an_option_target_above_every_choice_names_the_largest(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    status, _, err = run(capsys, _with_variant(command, "porchlight", f"target={HUGE}"))
    assert status == 2
    assert "more than the largest choice, 500; choose one of: 200, 300, 500" in err
    assert HUGE not in err  # a number that long is cut short


def test_a_file_with_a_target_of_ten_to_the_38_is_refused_naming_the_largest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text(
        "id: huge\ntitle: Huge\nrevision: 1\nsummary: Play for ever.\nextends: standard\n"
        "rules:\n  game_end:\n    target:\n"
        f"      value: {HUGE}\n"
        "      interpretation: {question: q, choice: c, why: w, alternative: a}\n"
    )
    status, out, _ = run(capsys, ["validate", str(path)])
    assert status == 1
    assert (
        f"huge.yaml:9:14 at rules.game_end.target.value: {HUGE} is more than 10000, "
        "the largest allowed"
    ) in out
    status, _, err = run(capsys, ["play", "--variant", str(path), "--seed", "1"])
    assert status == 1
    assert "is more than 10000, the largest allowed" in err


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (["show", "/dev/null"], 2),
        (["play", "--variant", INVALID], 1),
        (["diff", "standard", "/dev/null"], 2),
        (["score", "--variant", "porchlight", "--option", f"target={HUGE}", *SCORE], 2),
    ],
)
def test_no_traceback_from_a_fresh_process(argv: list[str], status: int) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "spadespec", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == status
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stderr.startswith(f"spadespec {argv[0]}: ")


@pytest.mark.parametrize("command", ["validate", "list", "show", "play", "score", "diff"])
def test_each_help_states_its_exit_statuses(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "Exit" in text and " 1 " in text and " 2 " in text
    assert "not valid" in text or "invalid" in text or "is not" in text
