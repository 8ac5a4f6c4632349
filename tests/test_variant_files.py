"""A house's variant file everywhere a variant id is taken: `conform`, `fuzz`, the pytest
plugin and `serve`. The request names the file's id, the shipped variant it extends and every
rule it changes; an engine configures itself from that alone; a file that takes a shipped id
or extends nothing shipped is refused at its line."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from spadespec.cli import main
from spadespec.conformance.contract.engines.reference import variant_of
from spadespec.conformance.contract.protocol.requests import request_for
from spadespec.conformance.contract.protocol.wire import problem
from spadespec.conformance.contract.suite.variant_files import (
    changed_rules,
    open_variant_file,
    variant_ref,
)
from spadespec.reference_engine.variant import load_variant, shipped_variant_ids
from spadespec.reference_engine.variant.catalog import variants_dir
from spadespec.reference_engine.variant.resolve import with_values

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = str(ROOT / "examples" / "house-rules" / "porch-200.yaml")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_request_names_the_shipped_parent_and_each_rule_the_file_changes() -> None:
    house = open_variant_file(EXAMPLE)
    assert variant_ref(house.id, {}) == {
        "id": "porch-200", "options": {}, "extends": "porchlight",
        "rules": {"scoring.bag_penalty": 50, "game_end.target": 200},
    }  # fmt: skip
    # With an option chosen, the rules carry its value: Porchlight's default target is 300.
    assert variant_ref(house.id, {"target": 300})["rules"] == {"scoring.bag_penalty": 50}


def test_the_run_request_for_a_files_case_is_valid_under_the_protocol_schema() -> None:
    from spadespec.conformance.analysis.house.suite import house_cases

    made = house_cases(open_variant_file(EXAMPLE))
    for case in (made.inherited[0], made.generated[0]):
        request = request_for(case)
        assert request["variant"]["extends"] == "porchlight"
        assert problem("caseRequest", request) is None
    bad = dict(request_for(made.generated[0]), variant={"id": "porch-200", "extends": "x"})
    assert problem("caseRequest", bad) is not None  # `extends` without `rules`


@pytest.mark.parametrize("options", [{}, {"target": 500}])
def test_the_reference_engine_configured_from_the_request_plays_the_files_rules(
    options: dict[str, int],
) -> None:
    house = open_variant_file(EXAMPLE)
    ref = variant_ref(house.id, options)
    assert variant_of(ref).rules == load_variant(EXAMPLE, options).rules  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "ref",
    [{"id": "SHIPPED"}, {"id": "porch-200", "extends": "SHIPPED", "rules": {}}],
    ids=["id", "extends"],
)
def test_the_served_engine_declines_a_file_path_for_a_variant_and_opens_nothing(
    ref: dict[str, object],
) -> None:
    from spadespec.conformance.contract.engines.reference import ReferenceEngine

    # A shipped file given by its path would load if the engine followed it: it must not.
    shipped = str(variants_dir() / "standard.yaml")
    ref = {key: shipped if value == "SHIPPED" else value for key, value in ref.items()}
    request = {"variant": ref, "setup": {"dealer": "W"}, "actions": [], "ask": ["to_act"]}
    answer = ReferenceEngine().run(request)  # type: ignore[arg-type]  # a request off the schema
    assert answer["outcome"] == "skipped"
    assert "is a file path, not a variant id" in answer["reason"]


def test_a_whole_number_written_with_a_point_in_a_requests_rules_is_read_as_that_number() -> None:
    # JSON has one kind of number: 100.0 is the integer 100 to the protocol's schema, so an
    # engine's answers under it are the integers they are under 100.
    ref = {"id": "h", "extends": "standard", "rules": {"scoring.nil_bonus": 100.0}}
    bonus = variant_of(ref).rules.scoring.nil_bonus  # type: ignore[arg-type]
    assert bonus == 100 and type(bonus) is int


def test_rules_made_afresh_for_each_request_each_get_their_own_plan() -> None:
    from spadespec.reference_engine.plan import plan_of

    # Each house request's rules are a new object, freed after it is answered: the next one is
    # often made at the same address, so a plan known by identity alone would be another's.
    base = load_variant("standard").rules
    addresses = set()
    for number in range(64):
        rules = with_values(base, {"scoring.nil_bonus": 50 if number % 2 else 100})
        addresses.add(id(rules))
        assert plan_of(rules).rules == rules, number
        del rules  # freed before the next is made, as a request's are
    assert len(addresses) < 64  # an address was reused: the case this test is about was met


def test_every_shipped_ruleset_is_its_parent_with_the_rules_it_changes() -> None:
    # What a request tells an engine rebuilds the ruleset, on every rule axis the model has.
    for ident in shipped_variant_ids():
        variant = load_variant(ident)
        if len(variant.lineage) < 2:
            continue
        parent = load_variant(variant.lineage[1]).rules
        assert with_values(parent, changed_rules(variant.rules, parent)) == variant.rules, ident


def test_a_file_that_takes_a_shipped_id_is_refused_at_its_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "standard.yaml"
    path.write_text(
        "extends: porchlight\nid: standard\ntitle: Ours\nrevision: 1\nsummary: Ours.\n",
        encoding="utf-8",
    )
    status, _, err = _run(capsys, "conform", "--variant", str(path))
    assert status == 1
    assert f"{path}:2:" in err and "at id" in err and "a shipped variant's" in err


def test_a_copy_of_the_shipped_rulesets_elsewhere_is_valid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A checkout's `variants/` beside an installed package holds the shipped files' very bytes.
    copy = tmp_path / "variants"
    copy.mkdir()
    for path in variants_dir().iterdir():
        (copy / path.name).write_bytes(path.read_bytes())
    status, out, err = _run(capsys, "validate", str(copy))
    assert status == 0, err
    assert f"{len(shipped_variant_ids())} files checked, 0 invalid" in out


def test_a_changed_copy_of_a_shipped_ruleset_is_refused_at_its_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = (variants_dir() / "porchlight.yaml").read_bytes()
    path = tmp_path / "porchlight.yaml"
    path.write_bytes(raw + b"\n")
    status, out, _ = _run(capsys, "validate", str(path))
    assert status == 1
    assert f"{path}:4:5 at id:" in out and "'porchlight' is a shipped variant's" in out


def test_a_file_that_extends_nothing_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (variants_dir() / "standard.yaml").read_text(encoding="utf-8")
    path = tmp_path / "ours.yaml"
    path.write_text(text.replace("id: standard", "id: ours", 1), encoding="utf-8")
    status, _, err = _run(capsys, "conform", "--variant", str(path))
    assert status == 1
    assert str(path) in err and "extends nothing" in err


def test_a_missing_file_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(capsys, "conform", "--variant", "no/such/table.yaml")
    assert status == 2
    assert "no/such/table.yaml" in err and "Traceback" not in err


def test_a_bad_file_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ours.yaml"
    path.write_text(
        "extends: porchlight\nid: ours\ntitle: Ours\nrevision: 1\nsummary: Ours.\n"
        "rules:\n  scoring:\n    bag_penalty:\n      value: lots\n",
        encoding="utf-8",
    )
    argv = ["fuzz", "--engine", "reference", "--variant", str(path), "--games", "1"]
    status, _, err = _run(capsys, *argv)
    assert status == 1
    assert f"{path}:9:" in err and "scoring.bag_penalty" in err


def test_conform_runs_the_files_inherited_and_generated_cases_against_an_engine_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    serve = shlex.join([sys.executable, "-m", "spadespec", "serve", "--variant", EXAMPLE])
    status, out, err = _run(capsys, "conform", "--engine", serve, "--variant", EXAMPLE, "--json")
    assert status == 0, err
    assert "inherited from porchlight, standard" in err
    levels = {line["level"] for line in json.loads(out)["results"]}
    assert levels == {"must", "should", "generated"}


def test_coverage_names_the_rules_of_the_file_that_no_case_reaches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = _run(capsys, "conform", "coverage", "--variant", EXAMPLE, "--json")
    report = json.loads(out)
    assert status == 0 and report["uncovered"] == []
    assert set(report["rules"]) >= {"scoring.bag_penalty", "game_end.target"}
    assert all(report["rules"].values())
    assert any(d["tag_gap"] for d in report["dropped"])


def test_fuzz_plays_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["fuzz", "--variant", EXAMPLE, "--engine", "fault:bags-not-carried", "--games", "20"]
    status, out, _ = _run(capsys, *argv, "--seed", "1", "--out", str(tmp_path))
    assert status == 1, out  # the broken engine is found out under the file's rules
    assert [p.parent.name for p in tmp_path.rglob("*.json")] == ["porch-200"]


def test_dropped_cases_are_counted_and_listed_only_when_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("conform", "--variant", EXAMPLE, "--case", "porch-200.porchlight.bidding.*")
    status, _, err = _run(capsys, *argv)
    assert status == 0
    head = [line for line in err.splitlines() if not line.startswith("conform:")]
    assert head[0].startswith("porch-200 (porch-200.yaml, extends porchlight):")
    assert "tag gaps)" in head[0]
    assert head[1:] == ["  (--verbose lists each dropped case and why)"]
    status, _, err = _run(capsys, *argv, "--verbose")
    assert status == 0
    assert "\n  tag gap: " in err and "\n  dropped: " in err
