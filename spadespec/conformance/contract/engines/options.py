"""The `--engine`, `--timeout` and `--start-timeout` arguments of the commands that drive an
engine (`conform`, `fuzz`), defined once here; `named.open_engine` starts what they name."""

from __future__ import annotations

import argparse

from spadespec.command_kit.arguments import SECONDS_LIMIT
from spadespec.conformance.contract.protocol.subprocess_engine import (
    DEFAULT_START_TIMEOUT,
    DEFAULT_TIMEOUT,
)


def add_engine_option(
    parser: argparse.ArgumentParser, *, default: str | None = None, faults: bool = False
) -> None:
    """`--engine`: the engine under test (`faults`: a named fault may be given too)."""
    built_in = "'reference' (the built-in engine" + (", the default)" if default else ")")
    fault = ", 'fault:NAME' (the reference engine with one named mistake)" if faults else ""
    parser.add_argument(
        "--engine",
        default=default,
        metavar="ENGINE",
        help=f"the engine to check: {built_in}{fault}, or the command that starts an engine "
        "speaking the JSON-lines protocol (docs/protocol.md), e.g. "
        '"node examples/js-engine/spades.js"',
    )


def add_timeout_options(parser: argparse.ArgumentParser, *, start_note: str = "") -> None:
    """`--timeout` and `--start-timeout`: the seconds an engine process has to answer."""
    # Read as the command starts (`command_kit.arguments.seconds`), to refuse in one line.
    parser.add_argument(
        "--timeout",
        metavar="S",
        default=None,
        help=f"seconds an engine process has to answer each request (default {DEFAULT_TIMEOUT:g}; "
        f"at most {SECONDS_LIMIT})",
    )
    parser.add_argument(
        "--start-timeout",
        metavar="S",
        default=None,
        help="seconds an engine process has to answer `start`, apart from --timeout "
        f"(default {DEFAULT_START_TIMEOUT:g}{start_note})",
    )
