"""`spadespec`: the command hub. It builds the parser from the commands the engine and the
conformance suite provide (`registry`), runs the one asked for, and turns what goes wrong into
one line on stderr and an exit status.

Exit status everywhere: 0 success, 1 the thing checked is wrong (invalid file, failed case),
2 the command was used wrongly or its output could not be written (a full disk, a closed
pipe), 130 interrupted (Ctrl-C), 143 terminated (SIGTERM).
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType

from spadespec.cli.engines import open_engine
from spadespec.cli.registry import PROVIDERS, provider_of
from spadespec.cli.signals import Terminated, sigterm_raises
from spadespec.command_kit.errors import DataFileError, OutputError, UsageError, WorkerLost

OK, WRONG, MISUSED, INTERRUPTED, TERMINATED = 0, 1, 2, 130, 143
"""The exit statuses, as the module's docstring gives them."""

# Errors that writing to a stream gives (a named file's errors name the file): the output.
_OUTPUT_ERRNOS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def build_parser() -> argparse.ArgumentParser:
    """The parser with every command."""
    return _build(load for _, load in PROVIDERS)[0]


def _build(
    providers: Iterable[Callable[[], ModuleType]],
) -> tuple[argparse.ArgumentParser, set[str]]:
    """The parser with the commands of `providers`, and the names of the commands it knows."""
    parser = argparse.ArgumentParser(
        prog="spadespec",
        description=(
            "The Spades specification: variant files, a reference engine, a conformance suite."
        ),
        epilog="Exit status: 0 success, 1 something checked is wrong, 2 the command was used "
        "wrongly.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for load in providers:
        load().add_parser(subparsers)
    # A command whose `--engine` takes a named fault opens its engine with this (`engines`).
    parser.set_defaults(open_engine=open_engine)
    return parser, set(subparsers.choices or ())


def _parser_for(argv: Sequence[str]) -> argparse.ArgumentParser:
    """A parser that knows the command `argv` names, importing only its module; `--help` and a
    mistyped command get the whole parser."""
    load = provider_of(argv[0]) if argv else None
    if load is not None:
        return _build((load,))[0]
    return build_parser()


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        # From the start: the command's modules take a while to load, and a run may be stopped
        # meanwhile.
        with sigterm_raises():
            return _main(argv)
    except KeyboardInterrupt as exc:
        terminated = isinstance(exc, Terminated)
        _complain("terminated" if terminated else "interrupted")
        return TERMINATED if terminated else INTERRUPTED


def _main(argv: list[str]) -> int:
    from spadespec.reference_engine.variant import InvalidVariant, OptionError, VariantNotFound

    try:
        parser = _parser_for(argv)  # a command's modules load the project's own data files
    except DataFileError as exc:
        _complain(f"spadespec: {exc}")
        return MISUSED
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return MISUSED
    try:
        status = int(args.run(args))
        sys.stdout.flush()  # a full disk or a closed pipe is found here, not as Python exits
        return status
    except (UsageError, OutputError, WorkerLost, DataFileError) as exc:
        _complain(f"spadespec {args.command}: {exc}")
        return MISUSED
    except (VariantNotFound, OptionError) as exc:
        _complain(f"spadespec {args.command}: {exc.briefly()}")
        return MISUSED
    except InvalidVariant as exc:
        _complain(f"spadespec {args.command}: {exc}")
        return WRONG
    except OSError as exc:
        if exc.errno not in _OUTPUT_ERRNOS or exc.filename is not None:
            raise
        why = "the pipe it goes to is closed" if exc.errno == errno.EPIPE else exc.strerror
        _complain(f"spadespec {args.command}: cannot write to stdout: {why}")
        _drop_stdout()
        return MISUSED


def _complain(message: str) -> None:
    """One line on stderr, if stderr can still be written to."""
    try:
        print(message, file=sys.stderr, flush=True)
    except OSError:
        pass


def _drop_stdout() -> None:
    """Send what is left in stdout's buffer nowhere, so that Python's own flush at exit does
    not fail again with a traceback (the recipe in Python's `signal` documentation)."""
    stdout = sys.__stdout__
    if stdout is None or sys.stdout is not stdout:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
    except (OSError, ValueError):
        pass
