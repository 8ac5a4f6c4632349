"""Whether a survivor breaks a rule an engine can be seen to break: the fuzzer plays it.

A change the golden cases pass is either a hole in the cases or a change no engine could be
caught making through the protocol. To tell which, the changed copy is served to
`spadespec fuzz` (random deals and bots, starting positions near the edges of the game, legal
actions asked at every point and illegal ones probed), which compares every answer with the
unchanged reference's. A difference *shows* the change: the cases have a hole, and the fuzzer's
shrunk case is where the missing one starts. No difference in the budget means the change is
*not shown*: evidence, not proof, that nothing an engine is asked depends on it.

How far to trust a "not shown": a seeded share of the changes the cases kill are fuzzed too
(`calibrates`), and the run tells how many of those the fuzzer shows. Its blind spot is known:
it sends only well-formed deals and passes, so a change to how a malformed one is refused is
never reached (the golden cases' probes reach them).

Each change is fuzzed under the shipped rulesets whose fuzzed games make the unchanged copy run
its line (measured once per run, `reach`), a few of them picked by the run's seed; a change on
a line no ruleset's fuzzed games run is *not reached*. The same seed and budget play the same
games, so a ruleset picked for a line does reach it.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from spadespec.conformance.machinery.mutation.mutants import Mutant
from spadespec.conformance.machinery.mutation.workspace import REQUEST_TIMEOUT, RUN_CAP, Workspace

SHOWN, NOT_SHOWN, NOT_REACHED = "shown", "not shown", "not reached"

GAMES = 40
"""Games fuzzed under each ruleset, for the reach and for each change."""

RULESETS_PER_CHANGE = 4
"""How many of the rulesets that reach a change's line it is fuzzed under."""

FUZZ_SEED = 1
"""The fuzzer's seed: the reach and every change play the same games."""

CALIBRATION_SHARE = 0.25
"""The share of killed changes fuzzed too, to measure the fuzzer against the cases."""

Reach = dict[tuple[str, int], list[str]]
"""Per line (module, line number), the shipped rulesets whose fuzzed games run it."""


@dataclass(frozen=True)
class Fuzzed:
    """What the fuzzer made of one survivor: shown, not shown or not reached; the rulesets it
    was fuzzed under; where shown, the ruleset that showed it and the fuzzer's shrunk case."""

    outcome: str
    rulesets: tuple[str, ...] = ()
    shown_by: str | None = None
    case: str | None = None


def _fuzz(workspace: Workspace, engine: str, ruleset: str, out: Path) -> int:
    """Fuzz `engine` under `ruleset`: the fuzzer's exit status (0 no difference, 1 a
    difference or an engine that stopped answering). Raises RuntimeError on any other."""
    status, err = workspace.command(
        "fuzz", "--engine", engine, "--variant", ruleset, "--games", str(GAMES), "--points",
        "all", "--seed", str(FUZZ_SEED), "--quiet", "--no-diagnose", "--out", str(out),
        "--timeout", str(REQUEST_TIMEOUT), "--start-timeout", "30",
        cap=RUN_CAP,
    )  # fmt: skip
    if status is None:
        return 1  # an engine that hangs the fuzzer past the cap is seen by any runner
    if status not in (0, 1):
        last = err.strip().splitlines()[-1:] or ["no message"]
        raise RuntimeError(f"fuzz exited {status} under {ruleset}: {last[0]}")
    return status


def reach(workspace: Workspace, rulesets: Iterable[str]) -> Reach:
    """Fuzz the unchanged copy under each ruleset, recording the lines it runs. Raises
    RuntimeError when the unchanged copy differs from the reference under one."""
    lines: Reach = {}
    for ruleset in rulesets:
        record = workspace.top / "fuzz-reach.jsonl"
        record.unlink(missing_ok=True)
        if _fuzz(workspace, workspace.traced_engine(record), ruleset, workspace.top / "fz") != 0:
            raise RuntimeError(f"the unchanged engine differs from the reference under {ruleset}")
        for module, numbers in workspace.lines_run(record).items():
            for number in numbers:
                lines.setdefault((module, number), []).append(ruleset)
    return lines


def picked(mutant: Mutant, lines: Reach, seed: int) -> tuple[str, ...]:
    """The rulesets a change is fuzzed under: up to RULESETS_PER_CHANGE of those that reach its
    line, drawn by the run's seed and the change's name (the same every run)."""
    reaching = sorted(lines.get((mutant.place.module, mutant.place.line), []))
    count = min(RULESETS_PER_CHANGE, len(reaching))
    return tuple(random.Random(f"{seed}:{mutant.place.name}").sample(reaching, count))


def calibrates(mutant: Mutant, seed: int) -> bool:
    """Whether a change the cases kill is fuzzed too (a seeded share, CALIBRATION_SHARE, the
    same every run)."""
    return random.Random(f"calibrate:{seed}:{mutant.place.name}").random() < CALIBRATION_SHARE


def fuzzed(workspace: Workspace, mutant: Mutant, lines: Reach, seed: int) -> Fuzzed:
    """Serve the copy with this change to the fuzzer under the rulesets picked for it, until
    one shows a difference."""
    rulesets = picked(mutant, lines, seed)
    if not rulesets:
        return Fuzzed(NOT_REACHED)
    out = workspace.top / "fuzz-cases"
    with workspace.changed(mutant):
        for ruleset in rulesets:
            shutil.rmtree(out, ignore_errors=True)
            if _fuzz(workspace, workspace.engine(), ruleset, out) != 0:
                written = sorted(out.rglob("*.json"))
                case = written[0].read_text("utf-8") if written else None
                return Fuzzed(SHOWN, rulesets, ruleset, case)
    return Fuzzed(NOT_SHOWN, rulesets)
