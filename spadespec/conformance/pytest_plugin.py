"""The conformance cases as pytest tests, for a Python engine's own test suite.

    pytest --spadespec-engine "mypkg.adapter:Engine" --spadespec-variant standard

collects one test per case (named `spadespec::<case id>`) and runs it against the engine, an object
implementing `spadespec.conformance.contract.protocol.messages.Engine` (or a class or function that
makes one). Each observable a case asks is checked when the engine declares a feature that shows it;
a case asking nothing the engine declares, or of a variant it does not play, is skipped as not
applicable; a failing case shows each expected value beside the one that came back. An engine with a
`score()` method also gets a test per case that completes a hand, `spadespec::<case id>~score`,
putting the case to it as a score request (skipped as not applicable unless the engine declares the
feature `score`). A should-level case that fails is reported as an expected failure, apart from the
must-level ones, as `spadespec conform` does. Without `--spadespec-engine` the plugin does nothing.

Installed with the package through the `pytest11` entry point `spadespec`; in a checkout use
`-p spadespec.conformance.pytest_plugin`.
"""

from __future__ import annotations

import importlib
import shlex
from collections.abc import Iterable
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

import pytest

from spadespec.command_kit.errors import UsageError
from spadespec.conformance.contract.protocol.messages import Engine, EngineInfo
from spadespec.conformance.contract.protocol.score_requests import case_id_of
from spadespec.conformance.contract.runner.run import run_case
from spadespec.conformance.contract.runner.score import keeps_score, score_case, score_results
from spadespec.conformance.contract.runner.verdict import CaseResult
from spadespec.conformance.contract.suite.cases import (
    FAILING_LEVELS,
    LEVELS,
    Case,
    CaseError,
    Suite,
    load_suite,
)
from spadespec.conformance.contract.suite.variant_files import (
    VariantFile,
    forget,
    is_variant_file,
    open_variant_file,
)
from spadespec.reference_engine.variant import InvalidVariant, OptionError, VariantNotFound


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("spadespec", "Spades conformance cases (spadespec)")
    group.addoption(
        "--spadespec-engine",
        metavar="MODULE:NAME",
        help="run the conformance cases against this engine: an Engine object, or a class or"
        " function that makes one ('reference' for the built-in engine)",
    )
    group.addoption(
        "--spadespec-variant", metavar="V",
        help="only the cases of this variant id; or a variant file of your own that extends a"
        " shipped variant (its parents' cases that hold under it, and generated ones)",
    )  # fmt: skip
    group.addoption("--spadespec-case", metavar="GLOB", help="only the cases whose id matches")
    group.addoption("--spadespec-level", choices=LEVELS, help="only the cases at this level")


class CaseFailed(Exception):
    """A case whose answer differs from the expectation, or that the engine could not answer."""

    def __init__(self, result: CaseResult) -> None:
        super().__init__(result.case.id)
        self.result = result


class _Session:
    """The engine under test, started at the first case and stopped when pytest ends."""

    def __init__(self, spec: str, make: Any) -> None:
        self.spec = spec
        self.make = make  # the engine, or the class or function that makes it
        self.engine: Engine | None = None
        self.info: EngineInfo | None = None
        self._broken: str | None = None

    def started(self) -> tuple[Engine, EngineInfo]:
        if self._broken is not None:
            raise pytest.fail.Exception(self._broken, pytrace=False)
        if self.engine is None or self.info is None:
            try:
                engine = self.make() if _is_factory(self.make) else self.make
                self.info = engine.start()
                self.engine = engine
            except Exception as exc:  # every case fails with the same, readable reason
                self._broken = f"engine {self.spec!r} did not start: {type(exc).__name__}: {exc}"
                raise pytest.fail.Exception(self._broken, pytrace=False) from None
        return self.engine, self.info

    def stop(self) -> None:
        if self.engine is not None:
            self.engine.stop()
            self.engine = None


_SESSION = pytest.StashKey[_Session]()
_FILE = pytest.StashKey[VariantFile]()


def _is_factory(target: Any) -> bool:
    # An engine instance has `run`; a class has it too, but unbound, so ask about instances.
    return isinstance(target, type) or not hasattr(target, "run")


def load_engine(spec: str) -> Any:
    """The object `MODULE:NAME` names (`reference` for the built-in engine). Raises
    pytest.UsageError saying what is wrong with the spec."""
    if spec == "reference":
        from spadespec.conformance.contract.engines.reference import ReferenceEngine

        return ReferenceEngine
    module_name, colon, attr = spec.partition(":")
    if not colon or not module_name or not attr:
        raise pytest.UsageError(
            f"--spadespec-engine {spec!r}: expected MODULE:NAME, e.g. mypkg.adapter:Engine"
        )
    try:
        target: Any = importlib.import_module(module_name)
    except ImportError as exc:
        raise pytest.UsageError(
            f"--spadespec-engine {spec!r}: cannot import {module_name}: {exc}"
        ) from None
    for part in attr.split("."):
        if not hasattr(target, part):
            raise pytest.UsageError(f"--spadespec-engine {spec!r}: {module_name} has no {attr}")
        target = getattr(target, part)
    if not callable(target) and not hasattr(target, "run"):
        raise pytest.UsageError(
            f"--spadespec-engine {spec!r}: {attr} is neither an engine nor something that makes one"
        )
    return target


def pytest_configure(config: pytest.Config) -> None:
    spec = config.getoption("spadespec_engine", None)
    if not spec:
        return
    config.addinivalue_line(
        "markers", "spadespec(variant, level, tags): a conformance case from spadespec"
    )
    config.stash[_SESSION] = _Session(spec, load_engine(spec))
    ref = config.getoption("spadespec_variant", None)
    if ref and is_variant_file(ref):
        try:
            config.stash[_FILE] = open_variant_file(ref)
        except (VariantNotFound, OptionError) as exc:
            raise pytest.UsageError(f"--spadespec-variant {ref}: {exc.briefly()}") from None
        except (UsageError, InvalidVariant) as exc:
            raise pytest.UsageError(f"--spadespec-variant {ref}: {exc}") from None


def pytest_unconfigure(config: pytest.Config) -> None:
    session = config.stash.get(_SESSION, None)
    if session is not None:
        session.stop()
    house = config.stash.get(_FILE, None)
    if house is not None:
        forget(house.id)  # the file was this session's; a later one in the process may differ


def pytest_report_header(config: pytest.Config) -> str | None:
    session = config.stash.get(_SESSION, None)
    if session is None:
        return None
    variant = config.getoption("spadespec_variant") or "every variant"
    return f"spadespec: conformance cases ({variant}) against engine {session.spec}"


@pytest.hookimpl(tryfirst=True)  # before -k and -m deselect, so they apply to the cases too
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    if _SESSION not in config.stash:
        return
    suite = SpadespecSuite.from_parent(session, name="spadespec", nodeid="spadespec")
    # Collected through the hooks, so the count, collection errors and -x all see the cases.
    suite.ihook.pytest_collectstart(collector=suite)
    report: pytest.CollectReport = suite.ihook.pytest_make_collect_report(collector=suite)
    suite.ihook.pytest_collectreport(report=report)
    if report.passed:
        items.extend(node for node in report.result if isinstance(node, pytest.Item))


class SpadespecSuite(pytest.Collector):
    """The conformance cases chosen by the command line's options."""

    def collect(self) -> Iterable[pytest.Item]:
        option = self.config.getoption
        house = self.config.stash.get(_FILE, None)
        try:
            suite = load_suite() if house is None else _house_suite(house)
        except CaseError as exc:
            raise self.CollectError(f"the conformance cases do not load:\n{exc}") from None
        pattern = option("spadespec_case")
        # A score request's id (`<case id>~score`) picks the case it comes from.
        chosen = suite.select(
            option("spadespec_variant") if house is None else house.id,
            None if pattern is None else case_id_of(pattern),
            option("spadespec_level"),
        )
        scoring = _may_keep_score(self.config.stash[_SESSION].make)
        items: list[pytest.Item] = []
        for case in chosen:
            graded = score_case(case) if scoring else None
            for each, source in ((case, None), (graded, case)):
                if each is None or (pattern is not None and not fnmatchcase(each.id, pattern)):
                    continue
                item = CaseItem.from_parent(self, name=each.id, case=each, source=source)
                item.add_marker(pytest.mark.spadespec(case.variant, case.level, case.tags))
                item.extra_keyword_matches.update({case.variant, case.level, *case.tags})
                items.append(item)
        return items


def _house_suite(house: VariantFile) -> Suite:
    """A variant file's cases: its parents' that hold under it, and those generated for it."""
    from spadespec.conformance.analysis.house.suite import house_cases

    return house_cases(house).suite


def _may_keep_score(target: Any) -> bool:
    """Whether the engine may answer score requests: it has `score()`, or it is made by a
    function, which says nothing until it is called (its `start` then tells)."""
    return hasattr(target, "score") or not (isinstance(target, type) or hasattr(target, "run"))


class CaseItem(pytest.Item):
    """One conformance case run against the engine under test; or, with `source`, that case's
    score request (`case` is then the request as it is graded, `<case id>~score`)."""

    def __init__(self, *, case: Case, source: Case | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        self.source = source

    def runtest(self) -> None:
        engine, info = self.config.stash[_SESSION].started()
        if self.source is None:
            result = run_case(engine, info, self.case)
        elif not keeps_score(info):
            pytest.skip("not applicable: the engine does not declare the feature score")
        else:
            (result,) = score_results(engine, info, self.source)
        if result.verdict == "n/a":
            pytest.skip(f"not applicable: {result.message}")
        if result.verdict == "skip":
            pytest.skip(f"the engine skipped it: {result.message}")
        if result.bad and self.case.level not in FAILING_LEVELS:
            pytest.xfail(f"{self.case.level}-level case failed:\n{_explain(result)}")
        if result.bad:
            raise CaseFailed(result)

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None
    ) -> str | Any:
        if isinstance(excinfo.value, CaseFailed):
            return self._describe(excinfo.value.result)
        return super().repr_failure(excinfo, style)

    def _describe(self, result: CaseResult) -> str:
        case = self.case
        spec = self.config.stash[_SESSION].spec
        rerun = shlex.join(["pytest", "--spadespec-engine", spec, "--spadespec-case", case.id])
        return "\n".join(
            [
                f"case {case.id} ({case.variant}, {case.level}): {case.description}",
                f"from {case.file}",
                _explain(result),
                f"rerun: {rerun}",
            ]
        )

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return Path(self.case.file), None, f"spadespec case {self.case.id}"


def _explain(result: CaseResult) -> str:
    if result.verdict == "error":
        return f"  the engine could not answer: {result.message}"
    return "\n".join(f"  {difference}" for difference in result.differences)
