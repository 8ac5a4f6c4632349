"""The `spadespec` commands: which module of the engine or of the conformance suite provides
each, in the order `--help` lists them.

Each module registers its commands through `add_parser(subparsers)`, setting `run(args)`, which
returns the exit status. A module is imported only when one of its commands runs (or when the
whole list is needed: `--help`, a mistyped command), so that `spadespec show` loads only what
`show` needs; each import is written out below, where a reader and the tools can follow it.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType


def _variants() -> ModuleType:
    from spadespec.reference_engine.commands import variants

    return variants


def _play() -> ModuleType:
    from spadespec.reference_engine.commands import play

    return play


def _simulate() -> ModuleType:
    from spadespec.reference_engine.commands import simulate

    return simulate


def _score() -> ModuleType:
    from spadespec.reference_engine.commands import score

    return score


def _conform() -> ModuleType:
    from spadespec.conformance import cli

    return cli


def _fuzz() -> ModuleType:
    from spadespec.conformance.analysis.fuzz import cli

    return cli


def _audit() -> ModuleType:
    from spadespec.conformance.analysis.audit import cli

    return cli


def _shuffle_test() -> ModuleType:
    from spadespec.conformance.analysis.shuffle import cli

    return cli


def _serve() -> ModuleType:
    from spadespec.conformance.machinery.adapters import cli

    return cli


def _page() -> ModuleType:
    from spadespec.conformance.ruleset_page import cli

    return cli


def _faults() -> ModuleType:
    from spadespec.conformance.machinery.faults import cli

    return cli


PROVIDERS: tuple[tuple[tuple[str, ...], Callable[[], ModuleType]], ...] = (
    (("validate", "list", "show"), _variants),
    (("play",), _play),
    (("score",), _score),
    (("simulate",), _simulate),
    (("page",), _page),
    (("conform",), _conform),
    (("fuzz", "diff"), _fuzz),
    (("audit",), _audit),
    (("shuffle-test",), _shuffle_test),
    (("serve",), _serve),
    (("faults",), _faults),
)
"""Each provider: the commands it registers, and how to import it."""


def provider_of(command: str) -> Callable[[], ModuleType] | None:
    """How to import the module that registers `command`; None for a name no module has."""
    return next((load for names, load in PROVIDERS if command in names), None)
