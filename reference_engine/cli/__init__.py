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


class UsageError(Exception):
    """The command line asked for something that cannot be done; exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="spadespec",
        description=(
            "The Spades specification: variant files, a reference engine, a conformance suite."
        ),
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        module.add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.run(args))
    except UsageError as exc:
        print(f"spadespec {args.command}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
