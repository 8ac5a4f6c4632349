"""`spadespec conform` reads only the cases it runs, refuses an unknown variant before reading
anything, and lists cases in a table that fits."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

import spadespec.conformance.cli
from spadespec.cli import main
from spadespec.cli.main import build_parser
from spadespec.conformance.cli import ConformSettings, Selection
from spadespec.conformance.contract.suite.cases import case_variants, load_suite


def test_a_variant_run_reads_only_that_variants_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[Any] = []

    def recording(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs.get("variants"))
        return load_suite(*args, **kwargs)

    monkeypatch.setattr(spadespec.conformance.cli, "load_suite", recording)
    assert main(["conform", "list", "--variant", "porchlight", "--json"]) == 0
    assert main(["conform", "list", "--case", "ellington.scoring.*", "--json"]) == 0
    assert main(["conform", "list", "--case", "*.scoring.*", "--json"]) == 0
    assert asked == [["porchlight"], ["ellington"], None]


def test_one_variants_cases_are_that_variants_alone() -> None:
    suite = load_suite(variants=["cutthroat"])
    assert suite.variants() == ["cutthroat"]
    everything = load_suite()
    assert [c.id for c in suite] == [c.id for c in everything if c.variant == "cutthroat"]
    assert set(case_variants()) == set(everything.variants())


def test_an_unknown_variant_is_refused_with_the_near_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("no case should be read for an unknown variant")

    monkeypatch.setattr(spadespec.conformance.cli, "load_suite", never)
    assert main(["conform", "--variant", "standar"]) == 2
    assert "did you mean 'standard'?" in capsys.readouterr().err


def test_the_case_list_has_a_header_and_fits_100_columns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["conform", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["id", "level", "tags"]
    assert max(len(line) for line in lines) <= 100
    # Every id is there whole, whatever the width did to the tags.
    ids = {line.split()[0] for line in lines[2:] if line and not line.startswith(" ")}
    assert ids == {c.id for c in load_suite()}


def test_every_option_of_a_conform_run_is_read_into_its_settings() -> None:
    # A new option left out of ConformSettings would be lost to the run: none is.
    args = build_parser().parse_args(
        ["conform", "--variant", "standard", "--level", "must", "--timeout", "3", "--json"]
    )
    settings = ConformSettings.from_args(args)
    read = {f.name for f in fields(ConformSettings)} - {"selection"}
    read |= {f.name for f in fields(Selection)}
    assert set(vars(args)) - {"command", "run", "conform_action"} == read
    assert settings.selection == Selection(variant="standard", level="must")
    assert settings.timeouts == (("--timeout", 3.0), ("--start-timeout", None))
    assert settings.json and settings.engine == "reference" and settings.report_file is None
