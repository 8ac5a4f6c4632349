"""One diagnosis in every mode: a rule change is named only where the reference under it gives
the engine's answers and keeps what the engine got right, and a name does not hang on which
other failures a run holds. The same engine gets the same name, or none, from `conform` (the
golden cases) and from fuzz (a shrunk case beside them, `diagnose_found`); a rule named in a
subset run is named in a run that adds an unrelated bug's failures.

The found cases under `tests/data/found/` were shrunk by `spadespec fuzz` from each engine (the
command is in each case's note); the names expected are worked out from each engine's mistake:
a ones-digit display, a target test leaving bag points out and one bag penalty per hand are no
rule's value, a nil bidder's tricks counted for nothing is `scoring.nil_tricks=ignored`."""

from __future__ import annotations

import fnmatch
import json
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from _sweeps import sweep

from spadespec.conformance.analysis.diagnosis.search import diagnose
from spadespec.conformance.analysis.fuzz.naming import diagnose_found
from spadespec.conformance.contract.engines.named import open_engine
from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.protocol.messages import Engine
from spadespec.conformance.contract.runner.run import UNEXPLAINED, run_cases
from spadespec.conformance.contract.suite.cases import Case, load_suite
from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine

ROOT = Path(__file__).resolve().parents[1]
FOUND = ROOT / "tests/data/found"
ENGINES = ROOT / "tests/data/engines"


def _command(script: str, *flags: str) -> Callable[[], Engine]:
    words = [sys.executable, str(ENGINES / script), *flags]
    return lambda: open_engine(shlex.join(words))


def _fault(name: str) -> Callable[[], Engine]:
    return lambda: FaultyEngine(FAULTS[name])


# (the found case, the engine it was found in, the name both modes give)
SHAPES = [
    ("ones-digit-keeper", _command("ones_digit_keeper.py"), UNEXPLAINED),
    ("win-test-ignores-bag-points", _fault("win-test-ignores-bag-points"), UNEXPLAINED),
    ("bag-penalty-paid-once", _fault("bag-penalty-paid-once"), UNEXPLAINED),
    ("nil-tricks-scored-as-nothing", _fault("nil-tricks-scored-as-nothing"),
     "scoring.nil_tricks=ignored"),
    ("double-nil-tricks-ignored",
     _command("house_table.py", "--rule", "scoring.double_nil_tricks=ignored"),
     "scoring.double_nil_tricks=ignored"),
]  # fmt: skip


def _standard(glob: str = "standard.*") -> list[Case]:
    return [c for c in load_suite().select(variant="standard") if fnmatch.fnmatch(c.id, glob)]


def _names(engine: Engine, cases: list[Case]) -> dict[str, str]:
    """Each failure of a `conform` run over `cases` -> the name its diagnosis gives it."""
    report = run_cases(engine, cases)
    found = diagnose(report.results, cases, report.engine)
    bad = [r.case.id for r in report.results if r.verdict in ("fail", "error")]
    return {ident: found.rule_of(ident) or UNEXPLAINED for ident in bad}


# A sweep (tests/_sweeps.py): the test command checks a shape left unexplained and one named.
SWEPT = sweep([s[0] for s in SHAPES], ["ones-digit-keeper", "nil-tricks-scored-as-nothing"])


@pytest.mark.sweep
@pytest.mark.parametrize(("found", "engine", "name"), [s for s in SHAPES if s[0] in SWEPT],
                         ids=SWEPT)  # fmt: skip
def test_conform_and_a_fuzz_found_case_give_the_same_name(
    found: str, engine: Callable[[], Engine], name: str
) -> None:
    conform = _names(engine(), _standard())
    assert conform and set(conform.values()) == {name}
    case = json.loads((FOUND / f"{found}.json").read_text())["cases"][0]
    label, _ = diagnose_found(case, engine)
    assert label == name


def _two_bugs() -> ReferenceEngine:
    """An engine that counts a nil bidder's tricks for nothing (`scoring.nil_tricks=ignored`)
    and pays one bag penalty however many tens a hand's bags pass (no rule's value)."""
    nil = FAULTS["nil-tricks-scored-as-nothing"]
    once = FAULTS["bag-penalty-paid-once"]
    assert nil.change is not None and once.change is not None
    return ReferenceEngine(once.change(nil.change(nil.rulebook)))


NIL_CASE = "standard.scoring.nil-made-and-nil-failed"
TWICE_CASE = "standard.scoring.bag-penalty-twice-in-one-hand"


def test_an_unrelated_unexplained_failure_hides_no_name() -> None:
    alone = _names(_two_bugs(), _standard("standard.scoring.n*"))
    assert alone == {NIL_CASE: "scoring.nil_tricks=ignored",
                     f"{NIL_CASE}~score": "scoring.nil_tricks=ignored"}  # fmt: skip
    # The bag case is written about the bag threshold and touches the nil rules (a later tag):
    # its failure, which no rule explains, leaves the nil rule named as before.
    both = _names(_two_bugs(), _standard("standard.scoring.[nb]*"))
    assert both == {**alone, TWICE_CASE: UNEXPLAINED, f"{TWICE_CASE}~score": UNEXPLAINED}


def test_a_subset_run_names_what_the_full_run_names() -> None:
    full = _names(_two_bugs(), _standard())
    subset = _names(_two_bugs(), _standard("standard.scoring.[nb]*"))
    assert {ident: full[ident] for ident in subset} == subset
    # Every nil failure of the full run is named, however many unlike failures resisted.
    assert {full[i] for i in full if "bag-penalty-twice" not in i} == {"scoring.nil_tricks=ignored"}
