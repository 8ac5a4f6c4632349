"""The `spadespec` command line. Each subcommand lives in its own module and registers itself
through `add_parser(subparsers)`; `run(args)` returns the exit status.

Exit status everywhere: 0 success, 1 the thing checked is wrong (invalid file, failed case),
2 the command was used wrongly or its output could not be written (a full disk, a closed
pipe), 130 interrupted (Ctrl-C), 143 terminated (SIGTERM).
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import FrameType

# Modules that provide subcommands, in the order `--help` lists them.
SUBCOMMAND_MODULES = (
    "spadespec.reference_engine.cli.variants",
    "spadespec.reference_engine.cli.play",
    "spadespec.reference_engine.cli.score",
    "spadespec.conformance.cli",
    "spadespec.conformance.fuzz.cli",
    "spadespec.conformance.adapters.cli",
    "spadespec.conformance.faults.cli",
)

# The module that registers each subcommand, so that `spadespec show` imports only what `show`
# needs; a command missing here still works, through the whole parser.
COMMAND_MODULES = {
    "validate": "spadespec.reference_engine.cli.variants",
    "list": "spadespec.reference_engine.cli.variants",
    "show": "spadespec.reference_engine.cli.variants",
    "play": "spadespec.reference_engine.cli.play",
    "score": "spadespec.reference_engine.cli.score",
    "conform": "spadespec.conformance.cli",
    "fuzz": "spadespec.conformance.fuzz.cli",
    "diff": "spadespec.conformance.fuzz.cli",
    "serve": "spadespec.conformance.adapters.cli",
    "faults": "spadespec.conformance.faults.cli",
}


class UsageError(Exception):
    """The command line asked for something that cannot be done; exit status 2."""


class OutputError(Exception):
    """An output could not be written: the message names it and says why; exit status 2."""


class Terminated(KeyboardInterrupt):
    """The process was sent SIGTERM. Raised wherever the program is, as Ctrl-C raises
    KeyboardInterrupt, so that the same `finally` blocks end engine processes and close
    reports; a KeyboardInterrupt so that what catches Ctrl-C catches it too."""


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated


@contextmanager
def sigterm_raises() -> Iterator[None]:
    """Within the block, SIGTERM raises `Terminated` (in the main thread, where signals go)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


# Errors that writing to a stream gives (a named file's errors name the file): the output.
_OUTPUT_ERRNOS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


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
        with sigterm_raises():
            status = int(args.run(args))
            sys.stdout.flush()  # a full disk or a closed pipe is found here, not as Python exits
        return status
    except (UsageError, OutputError) as exc:
        _complain(f"spadespec {args.command}: {exc}")
        return 2
    except InvalidVariant as exc:
        _complain(f"spadespec {args.command}: {exc}")
        return 1
    except OSError as exc:
        if exc.errno not in _OUTPUT_ERRNOS or exc.filename is not None:
            raise
        why = "the pipe it goes to is closed" if exc.errno == errno.EPIPE else exc.strerror
        _complain(f"spadespec {args.command}: cannot write to stdout: {why}")
        _drop_stdout()
        return 2
    except KeyboardInterrupt as exc:
        terminated = isinstance(exc, Terminated)
        _complain("terminated" if terminated else "interrupted")
        return 143 if terminated else 130


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


if __name__ == "__main__":
    sys.exit(main())
