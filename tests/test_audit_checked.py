"""`spadespec audit` says what each game was checked on and passes nothing it did not check: a
record with no figure to compare is `not-checked` and fails the run; answers a record carries
(`differed`: a `legal` list, a refused action) are checked; an ok game is never listed as a
problem; every distinct problem (a cluster of its fingerprint) gets a diagnosis; and records
whose only figures are the game's end are diagnosed from the whole game."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from _sweeps import sweep

from spadespec.cli import main
from spadespec.conformance.analysis.audit.clusters import MAX_CLUSTERS, Clusters
from spadespec.conformance.analysis.audit.diagnose import Diagnosed
from spadespec.conformance.analysis.audit.record import RecordError, read_record
from spadespec.conformance.analysis.audit.recording import record_game
from spadespec.conformance.analysis.audit.report import diagnosis_lines
from spadespec.conformance.analysis.audit.run import Auditor, GameResult, Totals
from spadespec.conformance.analysis.audit.stream import RawRecord
from spadespec.conformance.analysis.diagnosis.search import matches_rule
from spadespec.conformance.contract.engines.observables import legal
from spadespec.conformance.contract.runner.run import UNEXPLAINED
from spadespec.conformance.contract.suite.cases import load_suite
from spadespec.conformance.machinery.faults import FAULTS, Fault
from spadespec.reference_engine.game import Game
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import Rules, with_rule

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "schema" / "game-record.schema.json").read_text())
STANDARD = load_variant("standard")
HAND = "standard.scoring.made-and-set"


def _actions_only() -> dict[str, Any]:
    """The golden case HAND as a record of its log alone, as conform writes a game that
    differed in an answer no figure shows."""
    case = load_suite().by_id(HAND)
    return {"variant": {"id": "standard"}, "setup": case.setup, "actions": case.actions}


def _audit(records: list[Any], diagnose: bool = True) -> tuple[list[GameResult], Totals]:
    auditor = Auditor(diagnose=diagnose)
    raws = (RawRecord("r.jsonl", n, r) for n, r in enumerate(records, 1))
    results = list(auditor.audit(raws))
    return results, auditor.finish()


def _write(path: Path, records: list[Any]) -> str:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return str(path)


def test_a_record_with_no_figure_is_not_checked_and_a_run_of_them_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results, totals = _audit([_actions_only()])
    assert results[0].verdict == "not-checked" and results[0].audit.actions == 57
    assert not totals.ok and totals.diagnosed is None
    assert main(["audit", _write(tmp_path / "r.jsonl", [_actions_only()] * 3)]) == 1
    out = capsys.readouterr().out
    assert "checked on: 57 actions replayed; no figure recorded to compare" in out
    assert out.rstrip().endswith(
        "3 games: 3 not-checked. FAILED (nothing was checked: no game recorded a figure to compare)"
    )


def test_one_game_not_checked_fails_a_run_whose_other_games_are_right(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    right = {**_actions_only(), "totals": {"NS": 72, "EW": -50}}  # worked by hand in the case
    assert main(["audit", _write(tmp_path / "r.jsonl", [right, _actions_only()])]) == 1
    out = capsys.readouterr().out
    assert "figures compared: end totals 2" not in out  # the ok game is not listed
    assert out.rstrip().endswith(
        "2 games: 1 ok, 1 not-checked. FAILED (1 game not checked: no figure recorded to compare)"
    )
    assert "recorded figures compared (end totals 2)" in out


def _at_first_bid() -> tuple[dict[str, Any], list[Any]]:
    """The record of HAND's log, and the legal bids for East, who bids first, after the deal."""
    record = _actions_only()
    game = Game.replay(STANDARD, record["setup"], record["actions"][:1])
    return record, legal(game)


def test_a_legal_list_short_of_12_and_13_is_a_wrong_answer() -> None:
    record, bids = _at_first_bid()
    assert 12 in bids and 13 in bids  # standard lets a seat bid every trick
    record["differed"] = [{"at": 1, "legal": [b for b in bids if b not in (12, 13)]}]
    assert jsonschema.Draft202012Validator(SCHEMA).is_valid(record)
    results, totals = _audit([record])
    assert results[0].verdict == "wrong-answer"
    (found,) = results[0].audit.differences
    assert (found.hand, found.figure, found.key) == (1, "legal", "E")
    assert "12" in str(found) and "13" in str(found) and "missing" in str(found)
    assert totals.by_rule == {"legal actions": 1}


def test_a_refused_legal_bid_is_a_wrong_answer_and_a_refusal_the_rules_make_is_right() -> None:
    record, _ = _at_first_bid()
    thirteen = {"action": "bid", "seat": "E", "bid": 13}
    record["differed"] = [{"at": 1, "refused": {"action": thirteen, "reason": None}}]
    results, _totals = _audit([record])
    assert results[0].verdict == "wrong-answer"
    assert str(results[0].audit.differences[0]) == (
        "hand 1 refused E bid 13: recorded refused, the rules give allowed"
    )
    out_of_turn = {"action": "bid", "seat": "S", "bid": 3}
    record["differed"] = [{"at": 1, "refused": {"action": out_of_turn, "reason": "not-your-turn"}}]
    results, totals = _audit([record])
    assert results[0].verdict == "ok" and dict(results[0].audit.compared) == {"refused": 1}
    assert totals.ok


@pytest.mark.parametrize(
    ("differed", "path"),
    [
        ([{"at": 58, "legal": []}], "$.differed[0].at"),
        ([{"at": 3, "legal": []}, {"at": 2, "legal": []}], "$.differed[1].at"),
        ([{"at": 1}], "$.differed[0]"),
        ([{"at": 1, "refused": {"action": 13}}], "$.differed[0].refused.action"),
        ([{"at": 1, "legal": [], "why": 1}], "$.differed[0].why"),
    ],
)
def test_a_differed_entry_out_of_place_is_refused_by_its_path(differed: Any, path: str) -> None:
    with pytest.raises(RecordError) as caught:
        read_record({**_actions_only(), "differed": differed})
    assert caught.value.path == path


def test_an_ok_game_recording_one_side_is_never_listed_as_a_problem() -> None:
    record = _actions_only()
    record["hands"] = [{"totals": {"NS": 72}, "bags": {"NS": 2}}]  # East-West left out
    results, totals = _audit([record])
    assert results[0].verdict == "ok" and totals.ok
    assert totals.diagnosed is None  # nothing went wrong, so nothing was put to the search


def _misread(*changes: tuple[str, Any]) -> Callable[[Rules], Rules]:
    def misread(rules: Rules) -> Rules:
        for path, value in changes:
            rules = with_rule(rules, path, value)
        return rules

    return misread


def test_two_rules_played_otherwise_are_each_named_whichever_shows_first() -> None:
    # One engine that scores no overtricks and charges a set only for the tricks short: its
    # games ordered so that the first several show the overtricks first, which a sample of the
    # first few problems of a kind took alone.
    misread = _misread(("scoring.overtrick_points", 0), ("scoring.set_penalty", "per-trick-short"))
    records = [record_game(STANDARD, seed, misread=misread, max_hands=6) for seed in range(6)]
    firsts = [result.audit.differences[0] for result in _audit(records, diagnose=False)[0]]
    order = sorted(range(len(records)), key=lambda i: firsts[i].expected > firsts[i].recorded)
    results, totals = _audit([records[i] for i in order])
    assert all(r.verdict == "wrong-figure" for r in results)
    assert totals.diagnosed is not None
    named = totals.diagnosed.games_by_rule()
    assert "scoring.overtrick_points=0" in named
    # The set charged short is named alone, or with the overtricks where a hand shows both.
    assert any("scoring.set_penalty=per-trick-short" in rule for rule in named)
    assert all(rule == UNEXPLAINED or "overtrick" in rule or "set_penalty" in rule
               for rule in named)  # fmt: skip
    ok = {r.raw.where for r in results if r.verdict == "ok"}
    assert not ok & {g for _, games in named.values() for g in games}
    assert len(totals.diagnosed.clusters) <= MAX_CLUSTERS


def _end_totals_only(fault: Fault, games: int) -> list[dict[str, Any]]:
    """The bots' games under `fault` as `benchmarks/audit_faults.py` plays them, each record
    stripped to its log and the totals it ends with: no hand's figures, no bags, no outcome."""
    records = []
    for seed in range(games):
        bots = "random" if seed % 2 else "sensible"
        record = record_game(STANDARD, seed, bots=bots, rulebook=fault.rulebook,
                             misread=fault.misread, max_hands=12)  # fmt: skip
        records.append({key: record[key] for key in ("variant", "setup", "actions", "totals")})
    return records


def _named_right(fault: Fault, records: list[dict[str, Any]]) -> set[str]:
    """What the audit names for the records; each name the fault's rule or unexplained."""
    results, totals = _audit(records)
    assert all(r.verdict in ("ok", "wrong-figure", "illegal-action") for r in results)
    assert all(set(r.audit.compared) <= {"end totals"} for r in results)
    names = set(totals.diagnosed.games_by_rule()) if totals.diagnosed is not None else set()
    for name in names:
        assert name == UNEXPLAINED or matches_rule(name, fault.rule or "-"), (fault.name, name)
    return names


@pytest.mark.parametrize(
    ("fault", "named"),
    [
        ("set-penalty-per-trick-short", True),
        ("overtricks-not-scored", True),
        ("bags-not-carried", False),
    ],
)
def test_records_of_end_totals_alone_are_diagnosed_from_the_whole_game(
    fault: str, named: bool
) -> None:
    names = _named_right(FAULTS[fault], _end_totals_only(FAULTS[fault], 6))
    assert names, fault  # something differed, and was put to the search
    assert (names != {UNEXPLAINED}) is named


@pytest.mark.sweep
@pytest.mark.parametrize("fault", sweep(sorted(FAULTS), ["set-penalty-per-trick-short"]))
def test_every_fault_in_end_totals_alone_is_named_right_or_unexplained(fault: str) -> None:
    _named_right(FAULTS[fault], _end_totals_only(FAULTS[fault], 8))


def test_clusters_split_by_amount_a_few_times_and_stop_at_the_cap_saying_so() -> None:
    clusters = Clusters()
    coarse = ("standard", "totals", "up", ("made",))
    first, second, third = (clusters.place(coarse, (*coarse, n)) for n in (100, 3, 7))
    assert first is not None and second is not None and third is not None
    assert first.key == (*coarse, 100) and third.key == (*coarse, "other")
    assert clusters.place(coarse, (*coarse, 9)) is third  # the rest of the amounts together
    for n in range(MAX_CLUSTERS - 3):
        other = ("standard", "bags", "up", (str(n),))
        assert clusters.place(other, (*other, 1)) is not None
    late = ("standard", "status", "other", ("moon",))
    assert clusters.place(late, (*late, None)) is None
    told = Diagnosed({}, {}, {}, {}, (), beyond=4, beyond_games=2)
    assert told.cap_line() == (
        f"4 more problems in 2 games differ in ways past the first {MAX_CLUSTERS} clusters: "
        "counted, not diagnosed"
    )
    assert f"  {told.cap_line()}" in diagnosis_lines(told)
