"""The `spadespec` command line. Each subcommand lives in its own module and registers itself
through `add_parser(subparsers)`; `run(args)` returns the exit status.

Exit status everywhere: 0 success, 1 the thing checked is wrong (invalid file, failed case),
2 the command was used wrongly.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Modules that provide subcommands, in the order `--help` lists them.
SUBCOMMAND_MODULES = (
    "reference_engine.cli.variants",
    "reference_engine.cli.play",
    "reference_engine.cli.score",
    "conformance.cli",
    "conformance.fuzz.cli",
    "conformance.engines.serve",
)

# The module that registers each subcommand, so that `spadespec show` imports only what `show`
# needs; a command missing here still works, through the whole parser.
COMMAND_MODULES = {
    "validate": "reference_engine.cli.variants",
    "list": "reference_engine.cli.variants",
    "show": "reference_engine.cli.variants",
    "play": "reference_engine.cli.play",
    "score": "reference_engine.cli.score",
    "conform": "conformance.cli",
    "fuzz": "conformance.fuzz.cli",
    "diff": "conformance.fuzz.cli",
    "serve": "conformance.engines.serve",
}


class UsageError(Exception):
    """The command line asked for something that cannot be done; exit status 2."""


class InvalidVariant(Exception):
    """A variant file the command was given is not valid; exit status 1. The message lists
    every problem, one a line."""


def build_parser(modules: Sequence[str] = SUBCOMMAND_MODULES) -> argparse.ArgumentParser:
    """The parser with the subcommands of `modules` (all of them unless told)."""
    return _build(modules)[0]


def _build(modules: Sequence[str]) -> tuple[argparse.ArgumentParser, set[str]]:
    """The parser and the names of the commands it knows."""
    parser = argparse.ArgumentParser(
        prog="spadespec",
        description=(
            "The Spades specification: variant files, a reference engine, a conformance suite."
        ),
        epilog="Exit status: 0 success, 1 something checked is wrong, 2 the command was used "
        "wrongly.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        module.add_parser(subparsers)
    return parser, set(subparsers.choices or ())


def _parser_for(argv: Sequence[str]) -> argparse.ArgumentParser:
    """A parser that knows the command `argv` names, importing only its module where it can;
    `--help`, a mistyped command and a command not in COMMAND_MODULES get the whole parser."""
    module = COMMAND_MODULES.get(argv[0]) if argv else None
    if module is not None:
        parser, known = _build((module,))
        if argv[0] in known:
            return parser
    return build_parser()


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = _parser_for(argv)
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.run(args))
    except UsageError as exc:
        print(f"spadespec {args.command}: {exc}", file=sys.stderr)
        return 2
    except InvalidVariant as exc:
        print(f"spadespec {args.command}: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
