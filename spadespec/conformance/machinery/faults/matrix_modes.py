"""How each mode of the fault matrix is run for a row, and what it gave read from its output:
each mode is the command a user runs (`spadespec conform --json`, `spadespec fuzz --report`,
`spadespec audit --report`), in a process of its own, bounded by a fixed budget (`BUDGET`) and
a time limit. The engines that are not faults in-process (score keepers, the dealing wrapper)
are the test engines of a checkout (`tests/data/engines/`)."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spadespec.conformance.machinery.faults.matrix import Outcome, Row
from spadespec.conformance.machinery.faults.record import Fault

ENGINES = Path(__file__).resolve().parents[4] / "tests" / "data" / "engines"
"""The test engines of the checkout: score keepers, the dealing wrapper."""

BUDGET: dict[str, int] = {
    "fuzz_games": 60,
    "fuzz_seed": 1,
    "audit_games": 12,
    "audit_hands": 20,
    "own_deals": 6,
    "timeout": 100,
}
"""What each mode is given: games fuzzed (from a fixed seed), games recorded for the audit (bots
sensible and random in turn, hands a game at most), own-deal games, and seconds a mode may run
before its cell breaks as a run that does not end."""

DEALS_SEED = 1
"""The seed of the dealing wrapper's own shuffles and of the bots' play in its own-deal games
(`--own-deals-seed`), so that a cell of that column is the same from run to run."""

RARELY_SHOWN: dict[str, int] = {"spades-broken-by-a-spade-lead": 200}
"""Faults whose games show them rarely, with the games fuzz is given for them (from the same
seed): spades broken by a spade led, not only one played off suit, first differs in game 174."""

NOT_IN_OWN_DEALS: dict[str, str] = {
    "dealer-draws-first": "an engine dealing its own cards deals the two drawn hands, never a "
    "stock, and the cases that lay one down are not sent to it, so who draws first is left to "
    "the engines that do not deal",
}
"""Faults the games from an engine's own deals cannot show, with why."""


@dataclass(frozen=True)
class Conform:
    """`spadespec conform --diagnose` of `engine` on each of `variants`, with `own_deals` games
    from the engine's own deals where it deals."""

    engine: str
    variants: tuple[str, ...]
    own_deals: int = 0


@dataclass(frozen=True)
class Fuzz:
    """`spadespec fuzz --keep-going` of `engine` on `variant`, within the budget."""

    engine: str
    variant: str
    games: int = BUDGET["fuzz_games"]


@dataclass(frozen=True)
class Audit:
    """`spadespec audit` of the records of games bots play on the reference engine with the
    fault, on `variant`; with `end_totals`, each record stripped to the end totals alone."""

    fault: str
    variant: str
    end_totals: bool = False


def _test_engine(script: str, *args: str) -> str:
    return shlex.join([sys.executable, str(ENGINES / script), *args])


def _conform_variants(fault: Fault) -> tuple[str, ...]:
    """The rulesets conform is run on: those the fault's record says it fails, else the one
    whose games show it, else the ruleset of the first case that must catch it."""
    expected = fault.expected
    if expected.diagnosed_as:
        return tuple(expected.diagnosed_as)
    if expected.shown_under is not None:
        return (expected.shown_under,)
    first = expected.caught_by[0].split(".", 1)[0]
    return ("standard" if first == "{ruleset}" else first,)


def fault_plans(fault: Fault) -> dict[str, Any]:
    """How each mode is run for a shipped fault, or why it cannot show it."""
    expected = fault.expected
    where = expected.shown_under
    plans: dict[str, Any] = {"conform": Conform(f"fault:{fault.name}", _conform_variants(fault))}
    if where is None:
        nowhere = "no shipped ruleset's games show it (its record's shown_under)"
        plans.update(fuzz=nowhere, audit=nowhere)
        plans["own-deals"] = nowhere
        return plans
    plans["fuzz"] = (
        Fuzz(f"fault:{fault.name}", where, RARELY_SHOWN.get(fault.name, BUDGET["fuzz_games"]))
        if expected.fuzzed is not None
        else f"fuzzed games cannot show it: {expected.not_fuzzed}"
    )
    plans["audit"] = Audit(fault.name, where)
    dealing = _test_engine("deal_for_itself.py", "--fault", fault.name, "--seed", str(DEALS_SEED))
    plans["own-deals"] = NOT_IN_OWN_DEALS.get(fault.name) or Conform(
        dealing, (where,), BUDGET["own_deals"]
    )
    return plans


def shape_rows() -> list[Row]:
    """The shapes of mistake no fault of the reference engine makes: score keepers (engines
    that only keep the score), and records that hold only the end totals."""
    no_record = "a score keeper plays no game to record (the records rows audit end totals)"
    no_deals = "a score keeper deals no cards"
    keepers = [
        ("keeper:no-game-end", "a score keeper whose game never ends",
         "game_end.target=none", _test_engine("no_game_end_keeper.py")),
        ("keeper:score-refusing", "a score keeper refusing every score request of 2+ hands",
         None, _test_engine("score_refusing.py")),
        ("keeper:bag-penalty-paid-once", "one bag penalty per hand however many tens",
         None, _test_engine("declaring.py", "--variants", "standard", "--features", "score",
                            "--fault", "bag-penalty-paid-once")),
        ("keeper:ones-digit", "totals shown with the bags as their ones digit below zero",
         None, _test_engine("ones_digit_keeper.py")),
    ]  # fmt: skip
    rows = [
        Row(name, shape, right, {
            "conform": Conform(engine, ("standard",)),
            "fuzz": Fuzz(engine, "standard"),
            "audit": no_record,
            "own-deals": no_deals,
        })
        for name, shape, right, engine in keepers
    ]  # fmt: skip
    from spadespec.conformance.machinery.faults.registry import FAULTS

    not_engine = "a record is not an engine: only the audit reads it"
    for fault in ("set-penalty-per-trick-short", "bags-not-carried"):
        rows.append(
            Row(f"records:end-totals:{fault}", f"records of {fault} holding only end totals",
                FAULTS[fault].rule, {
                    "conform": not_engine, "fuzz": not_engine, "own-deals": not_engine,
                    "audit": Audit(fault, "standard", end_totals=True),
                })
        )  # fmt: skip
    return rows


def run_cell(row: Row, column: str) -> Outcome:
    """What the mode `column` gives for `row`."""
    plan = row.plans[column]
    if isinstance(plan, str):
        return Outcome(not_shown=plan)
    served = isinstance(plan, Conform | Fuzz) and not plan.engine.startswith("fault:")
    if served and not ENGINES.is_dir():
        return Outcome(error=f"the test engines are read from a checkout: no {ENGINES}")
    runners: dict[type, Callable[[Any], Outcome]] = {Conform: _conform, Fuzz: _fuzz, Audit: _audit}
    try:
        return runners[type(plan)](plan)
    except Exception as exc:  # a cell that errs is a broken cell, never the matrix stopped
        return Outcome(error=f"{type(exc).__name__}: {exc}"[:200])


# Running a command.


def _spadespec(args: list[str], cwd: Path) -> tuple[int | None, str, str]:
    """Run `spadespec ARGS`; (exit status, stdout, stderr), the status None where it ran past
    the budget's time (it is then ended, with the engines it started)."""
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    process = subprocess.Popen(
        [sys.executable, "-m", "spadespec", *args], cwd=cwd, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
        env=dict(os.environ, PATH=path), start_new_session=True,
    )  # fmt: skip
    try:
        out, err = process.communicate(timeout=BUDGET["timeout"])
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # its own session: it and its engines alone
        out, err = process.communicate()
        return None, out, err
    return process.returncode, out, err


def _failed_run(code: int | None, err: str) -> Outcome:
    if code is None:
        return Outcome(error=f"did not end within {BUDGET['timeout']} s")
    lines = [line for line in err.splitlines() if line.strip()]
    last = lines[-1].strip() if lines else "no message"
    return Outcome(error=f"exit {code}: {last[:160]}")


# The modes.


def _conform(plan: Conform) -> Outcome:
    outcomes = [_conform_one(plan, variant) for variant in plan.variants]
    if len(outcomes) == 1:
        return outcomes[0]
    errors = [o.error for o in outcomes if o.error]
    if errors:
        return Outcome(error=errors[0])
    shown = [o for o in outcomes if o.passed is None]
    if not shown:
        return Outcome(passed="; ".join(o.passed or "" for o in outcomes))
    names = tuple(dict.fromkeys(n for o in shown for n in o.names))
    return Outcome(
        names, any(o.unexplained for o in shown), detail="; ".join(o.detail for o in outcomes)
    )


def _conform_one(plan: Conform, variant: str) -> Outcome:
    args = ["conform", "--engine", plan.engine, "--variant", variant, "--json", "--diagnose"]
    args += ["--own-deals", str(plan.own_deals), "--own-deals-seed", str(DEALS_SEED)]
    with tempfile.TemporaryDirectory(prefix="fault-matrix-") as folder:
        code, out, err = _spadespec(args, Path(folder))
    if code not in (0, 1):
        return _failed_run(code, err)
    try:
        report = json.loads(out)
    except ValueError:
        return _failed_run(code, err)
    results = report.get("results", [])
    failing = [r for r in results if r.get("verdict") in ("fail", "error")]
    own = [r for r in results if str(r.get("id", "")).startswith("own-deals.")]
    detail = f"{variant}: {len(failing)} of {len(results)} checks fail"
    if own:
        differ = sum(r.get("verdict") in ("fail", "error") for r in own)
        detail += f", {differ} of {len(own)} own-deal games differ"
    if report.get("ok") and not failing:
        return Outcome(passed=f"{variant}: passed ({detail.split(': ', 1)[1]})")
    diagnosis = report.get("diagnosis") or {}
    # A group's first neighbour is the one conform names ("diagnosed:"); the rest tie with it.
    names = tuple(
        dict.fromkeys(
            group["neighbours"][0]["label"]
            for group in diagnosis.get("groups", [])
            if group.get("neighbours")
        )
    )
    explained = {case for group in diagnosis.get("groups", []) for case in group.get("cases", [])}
    unexplained = bool(diagnosis.get("unexplained")) or any(
        r.get("id") not in explained for r in failing
    )
    return Outcome(names, unexplained, detail=detail)


def _fuzz(plan: Fuzz) -> Outcome:
    with tempfile.TemporaryDirectory(prefix="fault-matrix-") as folder:
        report = Path(folder) / "report.jsonl"
        args = [
            "fuzz", "--engine", plan.engine, "--variant", plan.variant, "--keep-going",
            "--games", str(plan.games), "--seed", str(BUDGET["fuzz_seed"]),
            "--jobs", "1", "--quiet", "--out", str(Path(folder) / "cases"),
            "--report", str(report),
        ]  # fmt: skip
        code, _, err = _spadespec(args, Path(folder))
        lines = _json_lines(report)
    ends = [line for line in lines if line.get("kind") == "end"]
    if code not in (0, 1) or not ends:
        return _failed_run(code, err)
    end = ends[-1]
    differences = [line for line in lines if line.get("kind") == "difference"]
    if not differences:
        return Outcome(passed=f"no difference in {end.get('games')} games")
    # A difference no rule change explains carries `unexplained (likely a bug)` as its rule.
    rules = [str(d.get("rule") or "") for d in differences]
    names = tuple(dict.fromkeys(rule for rule in rules if "=" in rule))
    detail = (
        f"{len(differences)} differences written in {end.get('games')} games "
        f"({end.get('hands')} hands)"
    )
    return Outcome(names, any("=" not in rule for rule in rules), detail=detail)


def _audit(plan: Audit) -> Outcome:
    from spadespec.conformance.analysis.audit.recording import differs_from_rules, record_game
    from spadespec.conformance.machinery.faults.registry import FAULTS
    from spadespec.reference_engine.errors import IllegalActionError
    from spadespec.reference_engine.variant import load_variant

    fault = FAULTS[plan.fault]
    variant = load_variant(plan.variant)
    records = []
    for seed in range(BUDGET["audit_games"]):
        try:
            record = record_game(
                variant, seed, bots="random" if seed % 2 else "sensible",
                rulebook=fault.rulebook, misread=fault.misread, max_hands=BUDGET["audit_hands"],
            )  # fmt: skip
        except IllegalActionError as exc:
            # The broken rules refuse what their own bots play: no game of it can be recorded.
            return Outcome(not_shown=f"its bots cannot play a game under it to record ({exc})")
        records.append(_end_totals(record) if plan.end_totals else record)
    showing = [differs_from_rules(variant, record) for record in records]
    if not any(showing):
        return Outcome(not_shown=f"none of its {len(records)} recorded games shows it")
    with tempfile.TemporaryDirectory(prefix="fault-matrix-") as folder:
        path = Path(folder) / "records.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        report = Path(folder) / "audit.jsonl"
        code, _, err = _spadespec(
            ["audit", str(path), "--quiet", "--report", str(report)], Path(folder)
        )
        lines = _json_lines(report)
    ends = [line for line in lines if line.get("kind") == "end"]
    if code not in (0, 1) or not ends:
        return _failed_run(code, err)
    games = [line for line in lines if line.get("kind") == "game"]
    missed = sum(
        g.get("verdict") == "ok" for g, shows in zip(games, showing, strict=False) if shows
    )
    if missed == sum(showing):
        return Outcome(passed=f"ok on all {missed} records that show it")
    names = tuple(n for n in (ends[-1].get("diagnosed") or {}) if "=" in n)
    detail = f"{sum(showing)} of {len(records)} records show it"
    if missed:
        return Outcome(passed=f"ok on {missed} of the {sum(showing)} records that show it")
    return Outcome(names, not names, detail=detail)


def _end_totals(record: dict[str, Any]) -> dict[str, Any]:
    """A record as an engine that keeps only the end totals writes it."""
    kept = ("format", "variant", "setup", "actions", "totals")
    return {key: record[key] for key in kept if key in record}


def _json_lines(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            data = json.loads(line)
        except ValueError:
            continue  # a line cut short by a run ended from outside
        if isinstance(data, dict):
            out.append(data)
    return out
