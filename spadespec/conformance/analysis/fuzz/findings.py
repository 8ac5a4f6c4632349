"""What a fuzz run does with each game that differs, as the games are counted in order.

An engine that gave no answer is recorded as a failure of its own (restarted with its next
request, at most MAX_RESTARTS times, then the run stops). Otherwise the game is judged once
(`campaign`): a difference a known rule change explains, or whose cause was met before, is
counted with it, with no shrink and no diagnosis; a new one is shrunk (keeping the observable
it differs in), diagnosed, written as a case and reported. A difference a rule change explains
(found, listed or just named) has its game judged on from where it differed, under that
change, so that it hides no other; each change at most once in a game and at most MAX_NAMED
in one, so a game is never shrunk or written again for what it was already found to show. A
case shrunk to the very case of a difference already written is counted with it. A score
keeper's difference is shrunk to the fewest hands and written as a case like any other.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from spadespec.command_kit.errors import OutputError
from spadespec.command_kit.tables import output_width
from spadespec.conformance.analysis.fuzz.campaign import (
    Campaign,
    Known,
    cause_key,
    first_observable,
)
from spadespec.conformance.analysis.fuzz.cause import earliest_differences
from spadespec.conformance.analysis.fuzz.checker import Divergence, GameChecker, expected_variant
from spadespec.conformance.analysis.fuzz.config import FuzzConfig
from spadespec.conformance.analysis.fuzz.differences import engine_failed
from spadespec.conformance.analysis.fuzz.found_case import FoundCase, build_case, write_found_case
from spadespec.conformance.analysis.fuzz.naming import diagnose_found, named_by_rule
from spadespec.conformance.analysis.fuzz.report import FuzzReport
from spadespec.conformance.analysis.fuzz.score_shrink import (
    ScoreJudge,
    score_divergence,
    shrink_score,
)
from spadespec.conformance.analysis.fuzz.shrink import Judge, NewDifferenceJudge, shrink
from spadespec.conformance.contract.protocol.score_requests import score_id
from spadespec.conformance.contract.runner.run import UNEXPLAINED
from spadespec.conformance.contract.suite.variant_files import is_variant_file
from spadespec.reference_engine.variant import load_variant

MAX_RESTARTS = 3
"""Times a run goes on past an engine that gave no answer (restarting it) before it stops."""

MAX_NAMED = 4
"""Rule changes a game is put again under, at most: each a new difference found in it."""


class Findings:
    """Told each differing game in order (`run_fuzz`'s `found`); says when the run stops."""

    def __init__(
        self, config: FuzzConfig, campaign: Campaign, *, out: Path, rerun: str,
        diagnose: bool, keep_going: bool, max_differences: int, report: FuzzReport | None,
    ) -> None:  # fmt: skip
        self.config = config
        self.campaign = campaign
        self.out = out
        self.rerun = rerun
        self.diagnose = diagnose
        self.keep_going = keep_going
        self.max_differences = max_differences
        self.report = report
        self._checker: GameChecker | None = None
        self.stopped_by_failures = False

    def checker(self, run: GameChecker | None) -> GameChecker:
        """An engine to put games again to: the run's own, idle while this runs, or one
        started once for the whole run."""
        checker = run
        if checker is None:
            if self._checker is None:
                self._checker = GameChecker(self.config)
            checker = self._checker
        # The answers expected under known changes, from the reference that tried them: a
        # game is replayed under a change once, when tried, then played on.
        checker.reference = self.campaign.reference
        return checker

    def stop(self) -> None:
        if self._checker is not None:
            self._checker.stop()
            self._checker = None

    def __call__(self, found: Divergence, run: GameChecker | None) -> bool:
        if engine_failed(found.differences):
            return self._failure(found)
        named: list[str] = []
        """The rule changes that explain the game's differences so far, in order."""
        counted: set[str] = set()
        """The differences this game was counted with: each once."""
        current = found
        while True:
            known = self.campaign.explaining(current, named)
            explained = known is not None
            fresh = False
            if known is None:
                cause = cause_key(self._earliest(current, run, named))
                known = self.campaign.with_cause(cause)
            if known is None:
                known, fresh = self._new(current, named, cause)
                explained = fresh
            if known.key in counted:
                return False
            counted.add(known.key)
            known.seen += 1
            if fresh and not self.keep_going:
                return True
            new = len(self.campaign.rule_differences())
            if fresh and self.max_differences and new >= self.max_differences:
                return True
            # Judged on under the change, from where it differed: a cause met before that no
            # change explains, or a change not explaining the game, ends it.
            if not explained or known.neighbour is None or len(named) >= MAX_NAMED:
                return False
            named.append(known.key)
            under = self.campaign.under(named)
            if under is None:
                return False
            checker = self.checker(run)
            game = current.game or checker.play(found.number)
            again = checker.check(game, expected=under, after=current)
            if again is None:
                return False
            if engine_failed(again.differences):
                return self._failure(again)
            current = again

    def _earliest(
        self, found: Divergence, run: GameChecker | None, named: list[str]
    ) -> tuple[str, ...]:
        """What differs where the game first goes wrong (`cause`), under the rule changes
        already named in it."""
        variant = self.campaign.under(named)
        if found.record is not None or variant is None:
            return found.differences  # an engine's own deals: no other process can be given them
        checker = self.checker(run)
        game = found.game or checker.play(found.number)
        return earliest_differences(checker, variant, game, found)

    def _new(self, found: Divergence, named: list[str], cause: str) -> tuple[Known, bool]:
        """A difference no known one explains: shrunk, diagnosed, written and reported (or,
        diagnosed as one already met or listed, counted with it); and whether it is new."""
        config = replace(self.config, known=tuple(named))
        line = report_difference(
            config, found, out=self.out, rerun=self.rerun, diagnose=self.diagnose,
            met=self._met,
        )  # fmt: skip
        line["cause"] = cause
        near = line.pop("_neighbour", None)
        same = self._same_case(line)
        if same is not None:
            return same, False
        before = len(self.campaign.known)
        known = self.campaign.record(line, near, cause)
        created = len(self.campaign.known) > before
        if self.report is not None and created and not known.listed:
            self.report.difference(line)
        return known, created

    def _same_case(self, line: dict[str, Any]) -> Known | None:
        """The difference already written as the very case `line` was shrunk to (the same
        digest): one case file, one name."""
        if "case" not in line:
            return None
        digest = str(line["case"]).rsplit(".", 1)[-1]
        for known in self.campaign.known:
            if known.line and str(known.line.get("case", "")).rsplit(".", 1)[-1] == digest:
                return known
        return None

    def _met(self, label: str) -> str:
        """Why a difference diagnosed as `label` is not written: it is listed, or was met
        before in the run (its case already written); "" when it is new."""
        if self.campaign.listed(label):
            return "listed in --expect-differ: passed over"
        if any(k.key == label and k.line is not None for k in self.campaign.known):
            return "met before in this run: counted with it"
        return ""

    def _failure(self, found: Divergence) -> bool:
        line = report_difference(
            self.config, found, out=self.out, rerun=self.rerun, diagnose=self.diagnose,
            met=self._met,
        )  # fmt: skip
        before = len(self.campaign.known)
        known = self.campaign.record(line, None, cause_key(found.differences))
        known.seen += 1
        if self.report is not None and len(self.campaign.known) > before:
            self.report.difference(line)
        failures = self.campaign.failures()
        if failures > MAX_RESTARTS:
            print(f"the engine failed to answer {failures} times: the run stops here")
            self.stopped_by_failures = True
            return True
        say(
            f"the engine was restarted ({failures} of {MAX_RESTARTS} restarts); the run goes "
            "on with the next game"
        )
        return False


def say(text: str) -> None:
    """A line of what happened, under the difference it is about, wrapped to the output."""
    print(textwrap.fill(text, output_width(), initial_indent="  ", subsequent_indent="    "))


def report_difference(
    config: FuzzConfig, found: Divergence, *, out: Path, rerun: str, diagnose: bool,
    met: Callable[[str], str],
) -> dict[str, Any]:  # fmt: skip
    """Say what differs, shrink it, diagnose it and write its case; the report's line for it
    (with the explaining neighbour under `_neighbour`, taken off before it is written)."""
    where = "at the end of its log" if found.at is None else f"after action {found.at}"
    print(f"difference in game {found.number}, {where}:")
    for text in found.differences[:5]:
        print(f"  {text}")
    line: dict[str, Any] = {
        "game": found.number, "at": found.at, "differences": list(found.differences),
        "observable": first_observable(found.differences), "rule": UNEXPLAINED,
    }  # fmt: skip
    failed = engine_failed(found.differences)
    if failed:
        line["engine_failed"] = True
        if diagnose:
            print("  not diagnosed: the engine gave no answer, which no rule of the game explains")
        if not failed_afresh(config, found):
            reason = (
                "asked afresh, the engine answers that position: its failure hangs on the "
                "requests before it (the seed replays the game)"
            )
            say(f"no case written: {reason}")
            return {**line, "not_written": reason}
    if found.record is not None:
        return {**line, **write_record(found, out, config.variant)}
    try:
        result = shrink_and_write(
            config, found, out, rerun, diagnose=diagnose and not failed, met=met
        )
    except RuntimeError as exc:
        say(f"no case written: {exc}")
        return {**line, "not_written": str(exc)}
    if result.path is None:
        print(f"  diagnosed: {result.rule}, {met(str(result.rule))}")
        return {**line, "rule": result.rule, "_neighbour": result.neighbour}
    print(f"shrunk to {len(result.case['actions'])} actions; case {result.case['id']}")
    print(f"  wrote {result.path}")
    print(f"  reference: {result.reference_verdict}; engine under test: {result.engine_verdict}")
    if result.engine_verdict == "pass":
        say("asked afresh, the engine passes it: its mistake hangs on what it was asked before")
    line.update(
        observable=next(iter(result.case["expect"]), line["observable"]),
        case=result.case["id"], file=str(result.path), actions=len(result.case["actions"]),
        reference_verdict=result.reference_verdict, engine_verdict=result.engine_verdict,
    )  # fmt: skip
    if result.diagnosis is not None:
        line["rule"] = result.rule
        line["diagnosis"] = result.diagnosis.to_json()
        line["_neighbour"] = result.neighbour
        print(f"  diagnosed: {result.rule}")
    if not is_variant_file(config.variant):
        print(f"  to keep it, move it under conformance/contract/cases/{config.variant}/")
    return line


def write_record(found: Divergence, out: Path, variant: str) -> dict[str, str]:
    """A game from an engine's own deals, written as a game record rather than shrunk (no other
    engine process can be given its deals): the report line's `record` and `not_written`."""
    name = Path(variant).stem if is_variant_file(variant) else variant
    path = out / f"{name}-game-{found.number}.record.jsonl"
    try:
        out.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(found.record) + "\n", encoding="utf-8")
    except OSError as exc:
        raise OutputError(f"--out: cannot write the record {path}: {exc.strerror}") from None
    reason = "the engine deals its own cards, so the game is not shrunk"
    say(f"{reason}; wrote it as a game record, {path}: `spadespec audit {path}` replays it")
    return {"record": str(path), "not_written": reason}


def failed_afresh(config: FuzzConfig, found: Divergence) -> bool:
    """Whether a new engine fails again to answer at the position where one failed: only then
    does a case of that position show the failure."""
    checker = GameChecker(config)
    try:
        again = checker.check(checker.play(found.number), only=found)
    finally:
        checker.stop()
    return again is not None and engine_failed(again.differences)


def shrink_and_write(
    config: FuzzConfig, found: Divergence, out: Path, command: str, *, diagnose: bool = False,
    met: Callable[[str], str] = lambda label: "",
) -> FoundCase:  # fmt: skip
    """Shrink the difference found in a run and write its case: the written FoundCase, with
    the diagnosis of the shrunk case when `diagnose` (the case then named and tagged by the
    rule change that explains it). A difference diagnosed as one `met` gives a reason not to
    write (listed, or met before) is not written: its FoundCase has no path. Under rule
    changes named before it in its game (`config.known`), a position counts only if it shows
    a new difference, in a way a case of the variant itself can show."""
    checker = GameChecker(config)
    try:
        base = load_variant(config.variant, dict(config.options))
        game = checker.play(found.number)
        if found.score:
            scorer = ScoreJudge(checker, base, cause_key(found.differences))
            shrunk = shrink_score(scorer, game)
            if shrunk is None:
                raise RuntimeError(
                    "the score keeper's difference does not show again from the start of the "
                    "game or of a hand; the seed replays the game"
                )
            judge = Judge(checker, base)
            verdict = score_divergence(shrunk, found)
        else:
            keep = {first_observable([text]) for text in found.differences}
            expected = expected_variant(config)
            judge = (
                NewDifferenceJudge(checker, base, expected, keep)
                if config.known
                else Judge(checker, base, keep)
            )
            verdict = shrink(judge, game, found)
        case = build_case(judge, verdict, command=command, seed=config.seed, game=found.number)
    finally:
        checker.stop()

    if not diagnose:
        return _write(case, out, config.open())
    label, diagnosis = diagnose_found(case, config.open)
    ids = (case["id"], score_id(case["id"]))
    near = next((g.best for g in diagnosis.groups if any(i in g.cases for i in ids)), None)
    if met(label):
        return FoundCase(None, case, "", "", label, diagnosis, near)
    written = _write(named_by_rule(case, label), out, config.open())
    return replace(written, rule=label, diagnosis=diagnosis, neighbour=near)


def _write(case: dict[str, Any], out: Path, engine: Any) -> FoundCase:
    try:
        return write_found_case(case, out, engine)
    except OSError as exc:
        raise OutputError(f"--out: cannot write the case under {out}: {exc.strerror}") from None
