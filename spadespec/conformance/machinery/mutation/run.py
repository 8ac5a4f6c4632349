"""A mutation run: the sample drawn, each change judged in a worker's copy (one worker a core),
each result handed on as it comes (so a report is written as it goes), and the run's results."""

from __future__ import annotations

import queue
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass

from spadespec.conformance.machinery.mutation.fuzzing import (
    Fuzzed,
    Reach,
    calibrates,
    fuzzed,
    reach,
)
from spadespec.conformance.machinery.mutation.mutants import (
    Mutant,
    Place,
    Wanted,
    made,
    module_places,
)
from spadespec.conformance.machinery.mutation.notes import Note, note_for
from spadespec.conformance.machinery.mutation.sample import drawn
from spadespec.conformance.machinery.mutation.scope import judged as judged_modules
from spadespec.conformance.machinery.mutation.workspace import Judgement, Workspace
from spadespec.reference_engine.variant.catalog import shipped_variant_ids


@dataclass(frozen=True)
class Result:
    """One change and what the suite made of it; `note` is set when it survived and is marked."""

    mutant: Mutant
    judgement: Judgement
    note: Note | None
    ran: bool = True
    """Whether the served engine ran the changed line on the unchanged suite (a survivor on a
    line it never ran is a change no case reaches)."""
    fuzzed: Fuzzed | None = None
    """What the fuzzer made of a survivor not marked, or of a killed change drawn to calibrate
    it (`fuzzing.py`), where the run fuzzed."""

    @property
    def outcome(self) -> str:
        """killed, survived, timed out, or marked (survived, with a note)."""
        return "marked" if self.note is not None else self.judgement.outcome


@dataclass(frozen=True)
class Plan:
    """What a run judges: the modules the served engine ran, every place in those the measure
    draws from (`scope.py`), and the sample drawn."""

    modules: list[str]
    population: list[Place]
    mutants: list[Mutant]
    ran: dict[str, set[int]]
    """Per module, the lines the served engine ran on the unchanged suite."""
    checked: int
    """How many cases the unchanged engine had something checked on: each change is held to
    it."""

    def reached(self, mutant: Mutant) -> bool:
        """Whether the served engine ran the line of this change on the unchanged suite."""
        return mutant.place.line in self.ran.get(mutant.place.module, set())


def planned(
    workspace: Workspace,
    size: int,
    seed: int,
    modules: list[str] | None,
    again: set[Wanted] | None = None,
    among: set[Wanted] | None = None,
) -> Plan:
    """The modules the served engine runs (only those matching `modules` where given), every
    place in them, and `size` changes drawn by `seed` (a place that makes no change is skipped
    and the next drawn in its stead); or, with `again`, the changes it names, wherever they
    are in the source now; or, with `among`, `size` drawn by `seed` from the changes it
    names."""
    served = workspace.served()
    chosen = [
        module
        for module in judged_modules(served.modules)
        if modules is None or any(module.startswith(prefix) for prefix in modules)
    ]
    population = module_places(workspace.package, chosen)
    sources = {module: (workspace.package / module).read_text("utf-8") for module in chosen}
    if again is not None:
        named = changes_named(population, sources, again)
        return Plan(served.modules, population, named, served.ran, served.checked)
    if among is not None:
        found = changes_named(population, sources, among)
        kept = set(drawn([mutant.place for mutant in found], size, seed))
        among_found = [m for m in found if m.place in kept]
        return Plan(served.modules, population, among_found, served.ran, served.checked)
    mutants: list[Mutant] = []
    unmade: set[Place] = set()
    while len(mutants) < size:
        left = [place for place in population if place not in unmade]
        picked = drawn(left, size, seed)
        mutants = []
        for place in picked:
            mutant = made(place, sources[place.module])
            if mutant is None:
                unmade.add(place)
            else:
                mutants.append(mutant)
        if len(picked) < size or len(mutants) == len(picked):
            break
    return Plan(served.modules, population, mutants, served.ran, served.checked)


def changes_named(
    population: list[Place], sources: dict[str, str], again: set[Wanted]
) -> list[Mutant]:
    """The changes `again` names (by module, operator, line before and after, and the count of
    earlier lines alike), made where they are in `sources` now: only places on a line that reads
    as a named one are changed."""
    wanted_places = {(module, operator, before) for module, operator, before, _, _ in again}
    lines = {module: source.splitlines() for module, source in sources.items()}
    found = []
    for place in population:
        before = lines[place.module][place.line - 1].strip()
        if (place.module, place.short_operator, before) not in wanted_places:
            continue
        mutant = made(place, sources[place.module])
        if mutant is not None and mutant.wanted in again:
            found.append(mutant)
    return found


def judged(
    plan: Plan,
    notes: list[Note],
    workers: list[Workspace],
    each: Callable[[Result], None],
    cases: str | None = None,
    fuzz: tuple[Reach, int] | None = None,
) -> list[Result]:
    """Judge every change, one worker's copy at a time each, calling `each` as results come;
    with `fuzz` (the lines each ruleset's fuzzed games reach, and the run's seed), a survivor
    not marked, and a seeded share of the killed changes, are put to the fuzzer too."""
    free: queue.Queue[Workspace] = queue.Queue()
    for workspace in workers:
        free.put(workspace)

    def judge(mutant: Mutant) -> Result:
        workspace = free.get()
        try:
            judgement = workspace.judge(mutant, cases, None if cases else plan.checked)
            survived = judgement.outcome == "survived"
            note = note_for(mutant, notes) if survived else None
            shown = None
            if fuzz is not None and (
                (survived and note is None)
                or (judgement.outcome == "killed" and calibrates(mutant, fuzz[1]))
            ):
                shown = fuzzed(workspace, mutant, *fuzz)
        finally:
            free.put(workspace)
        return Result(mutant, judgement, note, plan.reached(mutant), shown)

    results: list[Result] = []
    with ThreadPoolExecutor(max_workers=len(workers)) as pool:
        futures = [pool.submit(judge, mutant) for mutant in plan.mutants]
        for future in as_completed(futures):
            result = future.result()
            results.append(result)
            each(result)
    return sorted(results, key=lambda result: result.mutant.place)


def reached_by_fuzzing(workers: list[Workspace]) -> Reach:
    """The lines each shipped ruleset's fuzzed games make the unchanged copy run, the rulesets
    shared among the workers."""
    rulesets = shipped_variant_ids()
    lines: Reach = {}
    with ThreadPoolExecutor(max_workers=len(workers)) as pool:
        shares = [rulesets[index :: len(workers)] for index in range(len(workers))]
        for part in pool.map(reach, workers, shares):
            for line, names in part.items():
                lines.setdefault(line, []).extend(names)
    return lines


def measured(
    size: int,
    seed: int,
    jobs: int,
    notes: list[Note],
    each: Callable[[Result], None],
    modules: list[str] | None = None,
    drew: Callable[[Plan], None] = lambda plan: None,
    again: set[Wanted] | None = None,
    among: set[Wanted] | None = None,
    fuzz: bool = False,
) -> tuple[Plan, list[Result]]:
    """A whole run: `jobs` workers' copies made, the sample planned (`drew` is told of it) and
    judged, each result handed to `each` as it comes (with `fuzz`, each survivor not marked is
    put to the fuzzer); the copies removed at the end. Raises RuntimeError when the unchanged
    engine fails the suite or differs from the reference under the fuzzer."""
    workers: list[Workspace] = []
    try:
        workers = [Workspace() for _ in range(jobs)]
        plan = planned(workers[0], size, seed, modules, again, among)
        drew(plan)
        lines = (reached_by_fuzzing(workers), seed) if fuzz else None
        return plan, judged(plan, notes, workers, each, fuzz=lines)
    finally:
        for workspace in workers:
            workspace.close()
