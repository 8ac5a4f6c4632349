"""Running the steps: the check, which judges every step from fingerprints, and the refresh,
which makes the stale files of each step again once the steps it reads from are done, the
commands of all steps sharing `jobs` processes."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from spadespec.regenerate.fingerprints import ROOT
from spadespec.regenerate.steps import Job, Stale, Step

Say = Callable[[str], None]
"""Where the progress lines go (nowhere with `--quiet`)."""


@dataclass
class Outcome:
    """What became of one step: the files found stale, those made again, those left stale
    (with why), and the time it took."""

    step: Step
    stale: list[Stale] = field(default_factory=list)
    refreshed: list[str] = field(default_factory=list)
    left: list[Stale] = field(default_factory=list)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step.name,
            "command": self.step.command,
            "stale": [{"path": s.path, "why": s.why} for s in self.stale],
            "refreshed": self.refreshed,
            "left_stale": [{"path": s.path, "why": s.why} for s in self.left],
            "seconds": round(self.seconds, 1),
        }


def check(steps: list[Step], say: Say) -> list[Outcome]:
    """What each step would refresh. A step that reads a stale step's files is stale too, and
    is not asked what else it would change: its generator may refuse inputs that are stale (a
    page generator refuses a stored report made with other cases), as `refresh` waits for them."""
    out: list[Outcome] = []
    left: dict[str, list[Stale]] = {}
    for step in steps:
        start = time.perf_counter()
        waits = [before for before in step.after if left.get(before)]
        if waits:
            outcome = Outcome(step, [Stale(step.writes, f"waits for {', '.join(waits)}, stale")])
        else:
            outcome = Outcome(step, step.stale())
        outcome.left = outcome.stale
        left[step.name] = outcome.left
        outcome.seconds = time.perf_counter() - start
        state = f"{len(outcome.stale)} stale" if outcome.stale else "fresh"
        say(f"{step.name}: {state}" + (f" (waits for {', '.join(waits)})" if waits else ""))
        out.append(outcome)
    return out


def refresh(steps: list[Step], jobs: int, say: Say, quiet: bool) -> list[Outcome]:
    """Each step in a thread of its own, waiting for the steps it reads from; their commands
    run on a shared pool of `jobs`."""
    outcomes = {step.name: Outcome(step) for step in steps}
    done = {step.name: threading.Event() for step in steps}
    with ThreadPoolExecutor(max_workers=jobs) as pool:

        def run(step: Step) -> None:
            try:
                _refresh(step, outcomes, done, pool, jobs, say, quiet)
            finally:
                done[step.name].set()

        threads = [threading.Thread(target=run, args=(step,)) for step in steps]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    return [outcomes[step.name] for step in steps]


def _refresh(
    step: Step,
    outcomes: dict[str, Outcome],
    done: dict[str, threading.Event],
    pool: Executor,
    jobs: int,
    say: Say,
    quiet: bool,
) -> None:
    outcome = outcomes[step.name]
    for before in step.after:
        if before in done:
            done[before].wait()
            if outcomes[before].left:
                outcome.left = [Stale(step.writes, f"waits for {before}, left stale")]
                say(f"{step.name}: not refreshed: {before} is still stale")
                return
    start = time.perf_counter()
    outcome.stale = step.stale()
    if not outcome.stale:
        say(f"{step.name}: fresh")
        return
    work = step.jobs(outcome.stale, jobs)
    say(f"{step.name}: {len(outcome.stale)} stale; {len(work)} to run")
    failures: list[Stale] = []
    running = []
    for job in work:
        if job.lacks is not None:
            failures.append(Stale(job.label, f"not refreshed: this machine lacks {job.lacks}"))
            say(f"{step.name}: {job.label}: not refreshed: this machine lacks {job.lacks}")
        else:
            running.append((job, pool.submit(_run, job, quiet)))
    for job, future in running:
        problem = future.result()
        if problem is None:
            outcome.refreshed.append(job.label)
            say(f"{step.name}: {job.label}: done ({time.perf_counter() - start:.0f} s)")
        else:
            failures.append(Stale(job.label, problem))
            say(f"{step.name}: {job.label}: failed: {problem}")
    outcome.left = failures or step.stale()
    outcome.seconds = time.perf_counter() - start
    state = f"{len(outcome.left)} left stale" if outcome.left else "fresh"
    say(f"{step.name}: {state} after {outcome.seconds:.0f} s")


def _run(job: Job, quiet: bool) -> str | None:
    """Run one command; what went wrong, or None. Its own progress lines go to stderr unless
    quiet, when they are shown only if it fails."""
    done = subprocess.run(
        job.argv,
        cwd=ROOT,
        env=job.env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE if quiet else None,
        text=True,
        check=False,
    )
    problem = job.finish(done)
    if problem is not None and quiet and done.stderr:
        problem += "\n" + done.stderr.rstrip()
    return problem
