"""The steps of `python -m spadespec.regenerate`, in the order they depend on each other: each
one a record of what it reads, what it writes, how its staleness is judged and how it makes
its files again. A new kind of generated file is one more entry in `STEPS`; a generator that
returns each file's path and text (`dict[Path, str]`) needs only `traced_step` or
`rendered_step`."""

from __future__ import annotations

import importlib
import importlib.util
import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spadespec.docs_gen.checkout import REGENERATE
from spadespec.docs_gen.refresh_results import conform_command, conform_env, report_path, reported
from spadespec.docs_gen.results import ENGINES, Engine, Run, run_staleness
from spadespec.docs_gen.shipped_suite import shipped_suite
from spadespec.docs_gen.simulations import SIM_DIR, staleness
from spadespec.reference_engine.variant.catalog import shipped_variant_ids
from spadespec.regenerate.fingerprints import (
    ROOT,
    Record,
    changed,
    fingerprint,
    hidden,
    read_manifest,
    write_record,
)


@dataclass(frozen=True)
class Stale:
    """A generated file (or a folder of them) that is stale, and why."""

    path: str
    why: str


@dataclass(frozen=True)
class Job:
    """One command that makes stale files again, run from the root of the checkout; `lacks`
    names what this machine lacks to run it (the job is then left undone), `finish` reads its
    output and answers what went wrong (None: nothing)."""

    label: str
    argv: list[str]
    finish: Callable[[subprocess.CompletedProcess[str]], str | None]
    env: dict[str, str] | None = None
    lacks: str | None = None


@dataclass(frozen=True)
class Step:
    """One kind of generated file. `stale` judges from fingerprints alone (no game played, no
    engine run); `jobs(stale, cores)` are the commands that make the stale files again."""

    name: str
    reads: str
    writes: str
    fingerprint: str
    stale: Callable[[], list[Stale]]
    jobs: Callable[[list[Stale], int], list[Job]]
    after: tuple[str, ...] = field(default=())
    """The steps whose files this one reads."""

    @property
    def command(self) -> str:
        """The command line that makes this step's stale files again."""
        return f"{REGENERATE} {self.name}"


def _child(*args: str) -> list[str]:
    return [sys.executable, "-m", "spadespec.regenerate.child", *args]


def _succeeded(done: subprocess.CompletedProcess[str]) -> str | None:
    return None if done.returncode == 0 else f"exit {done.returncode}"


# Steps whose generator returns each file's path and text.


def traced_step(
    name: str, reads: str, writes: str, generator: str, after: tuple[str, ...] = ()
) -> Step:
    """A step whose generator (`MODULE:FUNCTION`) plays games or searches, too dear to run for a
    check: it runs in a child that records what it read and wrote (`fingerprints.json`), and the
    step is stale when any of those files has changed since."""

    def stale() -> list[Stale]:
        record = read_manifest().get(name)
        if record is None:
            return [Stale(writes, "not yet made by this command")]
        out = []
        inputs = changed(record.inputs)
        if inputs:
            shown = ", ".join(inputs[:3]) + (
                f" and {len(inputs) - 3} more" if len(inputs) > 3 else ""
            )
            out.append(Stale(writes, f"read {shown}, which changed since"))
        for output in changed(record.outputs):
            gone = not (ROOT / output).is_file()
            out.append(Stale(output, "is missing" if gone else "is not the text this step wrote"))
        return out

    def finish(done: subprocess.CompletedProcess[str]) -> str | None:
        if done.returncode != 0:
            return f"exit {done.returncode}"
        data = json.loads(done.stdout)
        record = Record(data["inputs"], data["outputs"])
        before = read_manifest().get(name)
        for gone in set(before.outputs if before else ()) - set(record.outputs):
            (ROOT / gone).unlink(missing_ok=True)  # a file the generator no longer makes
        write_record(name, record)
        return None

    def jobs(stale: list[Stale], cores: int) -> list[Job]:
        return [Job(writes, _child("files", generator), finish)]

    how = "the digests of every file it read and wrote when it last ran (fingerprints.json)"
    return Step(name, reads, writes, how, stale, jobs, after)


def rendered_step(
    name: str,
    reads: str,
    writes: str,
    generator: str,
    after: tuple[str, ...] = (),
    left_over: str | None = None,
) -> Step:
    """A step whose generator (`MODULE:FUNCTION`) plays no game and is cheap: the check runs it
    and compares its text with the files. `left_over` (`MODULE:FUNCTION`, where given) names the
    files the step once wrote that its generator no longer makes: they are stale, and the step
    deletes them once the generator has run."""

    def called(spec: str) -> Any:
        module, function = spec.split(":")
        return getattr(importlib.import_module(module), function)()

    def gone() -> list[Path]:
        found: list[Path] = [] if left_over is None else called(left_over)
        return found

    def stale() -> list[Stale]:
        out = []
        made: dict[Path, str] = called(generator)
        for path, text in made.items():
            current = path.read_text(encoding="utf-8") if path.is_file() else None
            if current != text:
                why = "is missing" if current is None else "is not what its generator writes"
                out.append(Stale(path.resolve().relative_to(ROOT).as_posix(), why))
        for path in gone():
            why = "was written by this step and is no longer made"
            out.append(Stale(path.resolve().relative_to(ROOT).as_posix(), why))
        return out

    def finish(done: subprocess.CompletedProcess[str]) -> str | None:
        failed = _succeeded(done)
        if failed is None:
            for path in gone():
                path.unlink(missing_ok=True)
        return failed

    def jobs(stale: list[Stale], cores: int) -> list[Job]:
        return [Job(writes, _child("files", generator), finish)]

    return Step(name, reads, writes, "the generator's text beside the file's", stale, jobs, after)


# The engines' stored reports: stale when the suite is not the one they were run on, or when
# the engine's own code (`Engine.sources`) is not what made them (its digests, as they were when
# the run began, are kept in fingerprints.json under `results REPORT`).


def _results_stale() -> list[Stale]:
    shipped_suite.cache_clear()  # the cases may have just been made again
    suites: dict[str | None, object] = {}
    records = read_manifest()
    return [
        Stale(report_path(run).as_posix(), why)
        for engine in ENGINES
        for run in engine.runs
        if (why := run_staleness(run, suites=suites) or _other_code(engine, run, records))
        is not None
    ]


def _engine_code(engine: Engine) -> dict[str, str]:
    """The digest of each file of the engine's own code, by its name in the checkout."""
    names = {
        path.relative_to(ROOT).as_posix()
        for pattern in engine.sources
        for path in ROOT.glob(pattern)
        if path.is_file() and not any(hidden(part) for part in path.relative_to(ROOT).parts)
    }
    return {name: fingerprint(name) for name in sorted(names)}


def _other_code(engine: Engine, run: Run, records: dict[str, Record]) -> str | None:
    """Why the run's report is not of the engine's code as it is now (`records`: the
    manifest's), or None."""
    record = records.get(f"results {run.report}")
    if record is None:
        return "has no record of the engine's code that made it"
    now = _engine_code(engine)
    differ = sorted(name for name in record.inputs.keys() | now.keys()
                    if record.inputs.get(name) != now.get(name))  # fmt: skip
    if not differ:
        return None
    shown = ", ".join(differ[:3]) + (f" and {len(differ) - 3} more" if len(differ) > 3 else "")
    return f"was made by the engine's code before {shown} changed"


def _results_jobs(stale: list[Stale], cores: int) -> list[Job]:
    paths = {s.path for s in stale}
    return [
        Job(f"{engine.key}: {run.report}", conform_command(run),
            _reported(run, _engine_code(engine)), conform_env(), engine.missing())
        for engine in ENGINES
        for run in engine.runs
        if report_path(run).as_posix() in paths
    ]  # fmt: skip


def _reported(
    run: Run, code: dict[str, str]
) -> Callable[[subprocess.CompletedProcess[str]], str | None]:
    """The job's finish: the report was made, and the engine's code (`code`, its digests when
    the job was made) is recorded as what made it."""

    def finish(done: subprocess.CompletedProcess[str]) -> str | None:
        if not reported(run, done.returncode):
            return f"no report (exit {done.returncode})"
        path = report_path(run).as_posix()
        write_record(f"results {run.report}", Record(code, {path: fingerprint(path)}))
        return None

    return finish


# The stored simulations.


def _simulations_stale() -> list[Stale]:
    folder = SIM_DIR.relative_to(ROOT).as_posix()
    return [
        Stale(f"{folder}/{name}.json", why)
        for name in shipped_variant_ids()
        if (why := staleness(name)) is not None
    ]


def _simulations_jobs(stale: list[Stale], cores: int) -> list[Job]:
    names = sorted({Path(s.path).stem for s in stale})
    lacks = None
    if importlib.util.find_spec("matplotlib") is None:
        lacks = "matplotlib, for the charts: the `results` extra (`pip install -e '.[results]'`)"
    # Variants side by side; when fewer are stale than there are cores, each plays on several.
    each = max(1, cores // max(1, len(names)))
    return [
        Job(name, _child("simulation", name, str(each)), _succeeded, lacks=lacks) for name in names
    ]


STEPS: tuple[Step, ...] = (
    rendered_step(
        "schema",
        reads="the rules model (spadespec/reference_engine/variant/model.py) and axes.yaml",
        writes="schema/variant.schema.json",
        generator="spadespec.reference_engine.variant.schema_rules:generated_files",
    ),
    traced_step(
        "cases",
        reads="the sheets and specs of spadespec/conformance/machinery/authoring/, the rulesets, "
        "and the reference engine, which plays the recorded games and finds the searched hands",
        writes="spadespec/conformance/contract/cases/",
        generator="spadespec.conformance.machinery.authoring.generate:rendered",
        after=("schema",),
    ),
    Step(
        "results",
        reads="the golden cases, through each engine on the engine results page (Node.js for "
        "the JavaScript example, the `openspiel` extra for OpenSpiel)",
        writes="docs/results/*.jsonl",
        fingerprint="the suite's version and digest in each report's first line, beside the "
        "suite's now (what the site build checks); and the digests of the engine's own code "
        "when its report was made (fingerprints.json), beside its code's now",
        stale=_results_stale,
        jobs=_results_jobs,
        after=("cases",),
    ),
    rendered_step(
        "npm",
        reads="the golden cases, the case and protocol schemas, and npm/package.template.json",
        writes="npm/data/, npm/schema/, npm/types/protocol.d.ts and npm/package.json",
        generator="spadespec.conformance.machinery.npm.package:generated_files",
        after=("cases",),
    ),
    traced_step(
        "witnesses",
        reads="the shipped rulesets and the reference engine, which searches for each hand",
        writes="docs/witnesses/",
        generator="spadespec.docs_gen.witness_store:generated_files",
        after=("schema",),
    ),
    traced_step(
        "fault-matrix",
        reads="every named fault and test engine, through conform, fuzz, audit and own deals "
        "(the whole package, the golden cases and the rulesets)",
        writes="docs/results/fault-matrix.json",
        generator="spadespec.conformance.machinery.faults.matrix_run:generated_files",
        after=("cases",),
    ),
    traced_step(
        "mutation",
        reads="the reference engine broken one change at a time, each copy served to conform, "
        "each survivor then to fuzz (the whole package, the golden cases, the rulesets and "
        "the equivalence notes)",
        writes="docs/results/mutation.json",
        generator="spadespec.conformance.machinery.mutation.stored:generated_files",
        after=("cases",),
    ),
    Step(
        "simulations",
        reads="the shipped rulesets, the bots and the scoring, playing 10,000 games a ruleset "
        "(matplotlib, the `results` extra, draws the charts)",
        writes="docs/results/simulation/",
        fingerprint="the bots', scoring's and rules' fingerprints each stored result records, "
        "beside theirs now (what the site build checks)",
        stale=_simulations_stale,
        jobs=_simulations_jobs,
    ),
    rendered_step(
        "pages",
        reads="the rulesets, the golden cases, the schemas and every stored result above (engine "
        "reports, witnesses, the fault matrix, mutation, simulations), through the site's "
        "generators (spadespec/docs_gen/)",
        writes="the generated pages under docs/ (rules/, reference/, and the results pages) and "
        "the navigation of their sections in mkdocs.yml; it deletes a page it no longer makes",
        generator="spadespec.docs_gen.written_pages:generated_files",
        left_over="spadespec.docs_gen.written_pages:left_over_files",
        after=(
            "schema",
            "cases",
            "results",
            "witnesses",
            "fault-matrix",
            "mutation",
            "simulations",
        ),
    ),
)
