"""Output that fits: tables and lines no wider than the terminal, 100 columns when the output
is not a terminal, every listing under a header, and the full text in `--json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spadespec.cli import main
from spadespec.command_kit.tables import (
    PIPED_WIDTH,
    cut,
    fit_table,
    fit_text,
    output_width,
)
from spadespec.reference_engine.bots.table import play_game
from spadespec.reference_engine.commands.play import render_table
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.catalog import variant_files, variants_dir

BROKEN = Path(__file__).parent / "data" / "broken_variants"


def _lines(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    main(list(argv))
    return capsys.readouterr().out.splitlines()


def test_output_that_is_not_a_terminal_is_100_columns() -> None:
    # Under pytest the output is captured, not a terminal.
    assert output_width() == PIPED_WIDTH == 100


@pytest.mark.parametrize(
    "argv",
    [
        ["list"],
        ["list", "--dir", str(BROKEN)],
        ["show", "standard"],
        ["show", "porchlight", "--option", "target=500"],
        ["play", "--variant", "cutthroat", "--seed", "3", "--max-hands", "4"],
        ["play", "--variant", "standard", "--seed", "3", "--max-hands", "4"],
        ["faults"],
        ["diff", "standard", "ellington"],
    ],
)
def test_no_line_is_wider_than_100_when_piped(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    lines = _lines(capsys, *argv)
    assert lines
    assert max(map(len, lines)) <= 100


def test_list_has_a_header_and_a_line_starting_with_each_id(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = _lines(capsys, "list", "--dir", str(BROKEN))
    assert lines[0].split() == ["ID", "TITLE", "EXTENDS", "SOURCES"]
    assert set(lines[1]) == {"-", " "}
    for folder in (variants_dir(), BROKEN):
        for path in variant_files(folder):
            assert any(line.startswith(path.stem + " ") for line in lines), path.stem


def test_list_json_keeps_what_the_table_wraps(capsys: pytest.CaptureFixture[str]) -> None:
    rows = {row["id"]: row for row in json.loads("\n".join(_lines(capsys, "list", "--json")))}
    text = "\n".join(_lines(capsys, "list"))
    standard = [s["key"] for s in rows["standard"]["sources"]]
    assert ", ".join(standard) not in text  # too long for one line of the table
    assert all(key in text for key in standard)  # but every key is shown, wrapped


def test_table_keeps_its_name_column_and_fits_the_width() -> None:
    rows = [["joker-joker-deuce-deuce", "x " * 60, "-"], ["a", "short", "-"]]
    table = fit_table(["ID", "TITLE", "EXTENDS"], rows, width=60, keep=(0,), wrap=(1,))
    lines = table.splitlines()
    assert max(map(len, lines)) <= 60
    assert lines[2].startswith("joker-joker-deuce-deuce  x x") and lines[2].endswith("  -")
    # The title is wrapped, not cut: every word of it is on the lines of its row.
    assert sum(line.split().count("x") for line in lines[2:-1]) == 60
    assert lines[-1].split() == ["a", "short", "-"]


def test_table_cuts_a_cell_it_does_not_wrap() -> None:
    rows = [["id", "a long title that will not fit in the narrow column at all"]]
    lines = fit_table(["ID", "TITLE"], rows, width=30).splitlines()
    assert lines[2] == "id  a long title that will..."
    assert all(len(line) <= 30 for line in lines)


def test_table_breaks_hyphenated_words_before_cutting_them() -> None:
    rows = [["standard", "illustrated-table, strategy-guide, playingcardgames"]]
    lines = fit_table(["ID", "SOURCES"], rows, width=30, wrap=(1,)).splitlines()
    assert [line[10:] for line in lines[2:]] == [
        "illustrated-table,",
        "strategy-guide,",
        "playingcardgames",
    ]


def test_cut_and_fit_text() -> None:
    assert cut("abcdef", 6) == "abcdef"
    assert cut("abcdefgh", 6) == "abc..."
    assert fit_text("one two three four", "  ", width=12) == ["  one two", "    three", "    four"]
    assert fit_text("short", "  ", width=12) == ["  short"]


def test_score_sheet_leaves_out_hand_points_where_it_would_not_fit() -> None:
    variant = load_variant("cutthroat")
    dealers: list[str] = []
    result = play_game(variant, "sensible", 3, 3, on_deal=dealers.append)
    wide = render_table(variant, result, dealers, width=100).splitlines()
    narrow = render_table(variant, result, dealers, width=80).splitlines()
    assert "pts" in wide[3] and max(map(len, wide)) <= 100
    assert "pts" not in narrow[3] and max(map(len, narrow)) <= 80
    # The running totals are the same either way.
    assert [line.split()[-2] for line in wide[4:]] == [line.split()[-2] for line in narrow[4:]]
