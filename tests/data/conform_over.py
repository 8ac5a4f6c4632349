"""`spadespec conform` over the case files under one folder: `conform_over.py DIR ARGS...`.

For tests that run the command in a process of its own, to signal it or close its output:
checking a few cases on load takes a fraction of the time the whole suite does."""

import sys
from pathlib import Path

import spadespec.conformance.cli
from spadespec.cli import main
from spadespec.conformance.contract.suite.cases import Suite, load_suite


def the_cases(**_: object) -> Suite:
    return load_suite(Path(sys.argv[1]))


# The command reads its cases through this name, as the tests' monkeypatching does.
spadespec.conformance.cli.load_suite = the_cases  # type: ignore[attr-defined, assignment]
sys.exit(main(["conform", *sys.argv[2:]]))
