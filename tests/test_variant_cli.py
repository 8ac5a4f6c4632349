"""`spadespec validate`, `list` and `show`: exit status and what they print."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spadespec.cli import main
from spadespec.reference_engine.variant.catalog import variant_files, variants_dir
from spadespec.reference_engine.variant.model import rule_paths

BROKEN = Path(__file__).parent / "data" / "broken_variants"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_validate_shipped_folder_is_all_ok(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "validate", str(variants_dir()))
    assert status == 0
    assert out.count("ok   ") == len(variant_files(variants_dir()))
    assert "0 invalid" in out


def test_validate_one_broken_file_prints_place_and_exits_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "validate", str(BROKEN / "typo-field.yaml"))
    assert status == 1
    assert "typo-field.yaml:9:5 at rules.bidding.nill: unknown field 'nill'" in out
    assert "did you mean 'nil'?" in out


def test_validate_mixed_paths_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "validate", str(variants_dir() / "standard.yaml"), str(BROKEN / "empty.yaml")
    )
    assert status == 1
    assert "2 files checked, 1 invalid" in out


def test_validate_json_lists_problems(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "validate", "--json", str(BROKEN / "duplicate-key.yaml"))
    assert status == 1
    (result,) = json.loads(out)
    assert result["valid"] is False
    assert result["problems"][0]["line"] == 7 and result["problems"][0]["path"] == "title"


def test_validate_missing_path_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "validate", "no/such/file.yaml")
    assert status == 2
    assert "no such file or folder: no/such/file.yaml" in err


def test_validate_empty_folder_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, err = run(capsys, "validate", str(tmp_path))
    assert status == 2
    assert "no variant files" in err


def test_list_shows_every_shipped_variant(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "list")
    assert status == 0
    header = out.splitlines()[0].split()
    assert header == ["ID", "TITLE", "EXTENDS", "SOURCES"]
    for path in variant_files(variants_dir()):
        assert any(line.startswith(path.stem + " ") for line in out.splitlines())


def test_list_json_gives_parent_and_sources(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "list", "--json")
    assert status == 0
    rows = {row["id"]: row for row in json.loads(out)}
    assert rows["standard"]["extends"] is None
    assert len(rows["standard"]["sources"]) == 5
    assert rows["porchlight"]["extends"] == "standard"
    assert [s["key"] for s in rows["porchlight"]["sources"]] == ["porchlight"]


def test_list_with_a_broken_folder_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "list", "--dir", str(BROKEN))
    assert status == 1
    assert "INVALID" in out


def test_show_prints_each_rule_with_where_it_came_from(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", "porchlight", "--option", "target=500")
    assert status == 0
    assert "target = 500 (chosen; choices 200, 300, 500" in out
    assert "from table option target (chosen)" in out
    assert "from table option nil (its default)" in out
    assert 'cited: porchlight (004_5ff62179fc09e9bb.txt), section "Setting up"' in out
    assert "Question:" in out and "Alternative:" in out
    for rule in rule_paths():
        assert f"  {rule.split('.')[1]}: " in out


def test_show_json_has_every_rule_with_provenance(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", "standard", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["lineage"] == ["standard"]
    shown = [f"{s}.{f}" for s, fields in data["rules"].items() for f in fields]
    assert shown == rule_paths()
    assert data["rules"]["game_end"]["target"]["value"] == 500
    assert data["rules"]["game_end"]["target"]["origin"] == "file"
    assert data["rules"]["play"]["first_lead"]["interpretation"]["question"]


def test_show_parent_origin(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    child = tmp_path / "plain.yaml"
    child.write_text(
        "id: plain\ntitle: Plain\nrevision: 1\nsummary: Nothing new.\nextends: standard\n"
    )
    status, out, _ = run(capsys, "show", str(child))
    assert status == 0
    assert "from parent variant standard" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["show", "porchlite"], "did you mean 'porchlight'?"),
        (["show", "porchlight", "--option", "target=400"], "choose one of: 200, 300, 500"),
        (["show", "porchlight", "--option", "target"], "--option: expected NAME=VALUE"),
        (["show", "porchlight", "--option", "targte=300"], "did you mean 'target'?"),
    ],
)
def test_show_usage_mistakes_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert message in err


def test_show_invalid_file_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "show", str(BROKEN / "bad-enum.yaml"))
    assert status == 1
    assert "is not one of: clockwise" in err


def test_help_explains_each_command(capsys: pytest.CaptureFixture[str]) -> None:
    for command, phrase in (("validate", "Exit status"), ("list", "title"), ("show", "default")):
        with pytest.raises(SystemExit) as done:
            main([command, "--help"])
        assert done.value.code == 0
        assert phrase in capsys.readouterr().out


def test_show_writes_card_lists_and_published_sources_as_a_file_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    child = tmp_path / "jokers.yaml"
    cite = "      cite: [{source: pagat, section: Jokers}]\n"
    child.write_text(
        "id: jokers\ntitle: Jokers\nrevision: 1\nsummary: Jokers high.\nextends: standard\n"
        "sources:\n  - key: pagat\n    title: Spades at pagat.com\n"
        "    url: https://www.pagat.com/auctionwhist/spades.html\n"
        "rules:\n  deck:\n    cards:\n      value: jokers-54\n" + cite
        + "    removed:\n      value: [2c, 2d]\n" + cite
        + "    top_trumps:\n      value: [BJ, LJ]\n" + cite
    )  # fmt: skip
    status, out, _ = run(capsys, "show", str(child))
    assert status == 0
    assert "  removed: [2C, 2D]\n" in out and "  top_trumps: [BJ, LJ]\n" in out
    assert 'cited: pagat (https://www.pagat.com/auctionwhist/spades.html), section "Jokers"' in out
    status, out, _ = run(capsys, "show", str(child), "--json")
    assert json.loads(out)["rules"]["deck"]["removed"]["value"] == ["2C", "2D"]
