"""The arguments commands share, each defined once: a command's parser with its output options
(`add_command`: `--json`, `--quiet`, `--verbose`), the `--variant V` and `--option K=V`
arguments, and reading them (`parse_options`; numbers with `whole_number`, `seconds` and
`read_shard`, each within its stated limit). Loading the variant they name is
the engine's (`reference_engine.variant.load_for_command`)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Any

from spadespec.command_kit.errors import UsageError

VARIANT_HELP = "variant id or YAML file"


def add_command(
    subparsers: Any,
    name: str,
    *,
    help: str,
    run: Callable[[argparse.Namespace], int],
    description: str | None = None,
    epilog: str | None = None,
    json: str | None = None,
    quiet: str | None = None,
    verbose: str | None = None,
    keeps_parent: bool = False,
) -> argparse.ArgumentParser:
    """The parser of command `name`, which runs `run(args)`, with the output options it takes:
    `--json`, `--quiet` and `--verbose`, each given with its help text where the command has it.

    A description written in lines, or one followed by an epilog of examples, keeps its lines
    in `--help`; a paragraph alone is wrapped to the terminal. With `keeps_parent` (a
    subcommand), an output option left off keeps the value given to its parent command:
    `conform --json list` prints JSON."""
    laid_out = epilog is not None or (description is not None and "\n" in description)
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name,
        help=help,
        description=description,
        epilog=epilog,
        formatter_class=(
            argparse.RawDescriptionHelpFormatter if laid_out else argparse.HelpFormatter
        ),
    )
    default = argparse.SUPPRESS if keeps_parent else False
    for flag, text in (("--json", json), ("--quiet", quiet), ("--verbose", verbose)):
        if text is not None:
            parser.add_argument(flag, action="store_true", default=default, help=text)
    parser.set_defaults(run=run)
    return parser


def add_variant_option(
    parser: argparse.ArgumentParser,
    *,
    required: bool = False,
    default: Any = None,
    metavar: str = "V",
    help: str = VARIANT_HELP,
) -> None:
    """`--variant`: the ruleset a command works under."""
    parser.add_argument("--variant", required=required, default=default, metavar=metavar, help=help)


def add_table_options(
    parser: argparse.ArgumentParser,
    dest: str = "option",
    help: str = "a table option of the variant, e.g. target=300 (repeatable)",
) -> None:
    """`--option K=V` (repeatable): the table options chosen for the variant (`dest` names
    another flag of the same form, such as `--option-b` for a second variant)."""
    flag = "--" + dest.replace("_", "-")
    parser.add_argument(
        flag,
        dest=dest,
        action="append",
        default=[],
        metavar="K=V",
        help=help,
    )


def add_variant_arguments(parser: argparse.ArgumentParser) -> None:
    """`--variant V` (required) and its `--option`s."""
    add_variant_option(parser, required=True)
    add_table_options(parser)


def parse_options(items: list[str], flag: str = "--option") -> dict[str, str]:
    """`["target=300", "nil=allowed"]` as a mapping; a malformed item, or a name given twice
    (which of the two is meant?), is a usage error naming `flag`."""
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UsageError(f"{flag}: expected NAME=VALUE such as target=300, got {item!r}")
        name = key.strip()
        if name in options:
            raise UsageError(
                f"{flag}: {name} is given twice ({name}={options[name]} and {item.strip()}); "
                "give each option once"
            )
        options[name] = value.strip()
    return options


COUNT_LIMIT = 10**12
"""The most games, hands or deals one run (or one shard) may be asked for: a billion games a
shard is a campaign, not a mistake, and a thousand times that is still a number a run counts
without a list; beyond it the number is taken for a typing slip and refused."""

JOBS_LIMIT = 1024
"""The most workers `--jobs` may ask for; commands lower it further to the CPUs they have."""

SHARDS_LIMIT = 1_000_000
"""The most shards a campaign may be split into (`--shard I/N`)."""

SEED_LIMIT = 2**63 - 1
"""The largest seed a command takes: any 64-bit seed a scheduler or a hash hands out, written
into a report as a number every JSON reader of 64-bit integers holds."""

SECONDS_LIMIT = 86_400
"""The most seconds a timeout may be (a day): an engine silent for longer is taken for hung."""

_DIGITS = frozenset("0123456789")
_LONGEST = 40
"""Digits read at most: more than any limit here has, and few enough for `int` to read."""


def ascii_integer(text: str) -> int | None:
    """`text` as an integer when it is ASCII digits with an optional leading minus ("-3",
    "300"); else None. Python's `int` also takes other scripts' digits ("٣"), underscores
    and spaces, which no command means as a number."""
    body = text[1:] if text.startswith("-") else text
    if not body or len(body) > _LONGEST or not set(body) <= _DIGITS:
        return None
    return int(text)


def _shown(text: str) -> str:
    """A value as an error quotes it, cut short when it is long."""
    return repr(text) if len(text) <= 30 else f"{text[:20]!r}... ({len(text)} characters)"


def whole_number(flag: str, text: str, minimum: int, maximum: int = COUNT_LIMIT) -> int:
    """`text`, given for `flag`, as a whole number from `minimum` to `maximum` (by default
    COUNT_LIMIT), written in ASCII digits; else a usage error naming the flag and the bounds."""
    text = str(text)
    body = text[1:] if text.startswith("-") else text
    if body and set(body) <= _DIGITS and len(body) > _LONGEST:
        # Far more digits than any limit: said as the limit it is over, not read.
        side = f"at least {minimum}" if text.startswith("-") else f"at most {maximum}"
        raise UsageError(f"{flag}: expected a whole number of {side}, got {len(body)} digits")
    value = ascii_integer(text)
    if value is None:
        raise UsageError(
            f"{flag}: expected a whole number from {minimum} to {maximum} in digits 0-9, "
            f"got {_shown(text)}"
        )
    if value < minimum:
        raise UsageError(f"{flag}: expected a whole number of at least {minimum}, got {value}")
    if value > maximum:
        raise UsageError(f"{flag}: expected a whole number of at most {maximum}, got {value}")
    return value


def optional_number(
    flag: str, text: str | None, minimum: int, maximum: int = COUNT_LIMIT
) -> int | None:
    """`whole_number` for an option that may be left off (None stays None)."""
    return None if text is None else whole_number(flag, text, minimum, maximum)


def count_argument(flag: str, minimum: int, maximum: int = COUNT_LIMIT) -> Callable[[str], int]:
    """An argparse `type=` for a count: `whole_number`'s reading, its refusal a usage error
    (exit 2) naming the flag and the bound. (argparse prints its usage above the error; a
    command that must say it in one line reads the text with `whole_number` as it runs.)"""

    def read(text: str) -> int:
        try:
            return whole_number(flag, text, minimum, maximum)
        except UsageError as exc:
            raise argparse.ArgumentTypeError(str(exc).removeprefix(f"{flag}: ")) from None

    read.__name__ = "whole number"  # argparse names the type this way in its error
    return read


_DECIMAL = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)


def ascii_decimal(text: str) -> float | None:
    """`text` as a number when it is written in ASCII digits with an optional minus and
    decimal point ("2.5", "-1", ".01"); else None. Python's `float` also takes "inf", "nan",
    "1e999" and other scripts' digits, which no command means as a number of seconds or a
    chance."""
    return float(text) if len(text) <= _LONGEST and _DECIMAL.fullmatch(text) else None


def seconds(flag: str, text: str | None) -> float | None:
    """`text`, given for `flag`, as a number of seconds above 0 and at most SECONDS_LIMIT,
    written in ASCII digits with an optional decimal point ("2.5"); None stays None (the
    option left off). Else a usage error naming the flag."""
    if text is None:
        return None
    text = str(text)
    value = ascii_decimal(text)
    if value is None:
        raise UsageError(
            f"{flag} must be a number of seconds in digits 0-9 (such as 2.5), above 0 and at "
            f"most {SECONDS_LIMIT}, not {_shown(text)}"
        )
    if not value > 0:
        raise UsageError(f"{flag} must be a number of seconds above 0, not {text}")
    if value > SECONDS_LIMIT:
        raise UsageError(f"{flag} must be at most {SECONDS_LIMIT} seconds (a day), not {text}")
    return value


def read_shard(text: str, *, first: int, games: int | None) -> tuple[int, int]:
    """`--shard I/N` read as (I, N): N from 1 to SHARDS_LIMIT, I from `first` to N - 1 +
    `first` (a command counts its shards from 0 or from 1), and no more shards than the
    `games` there are to share (a shard with no game to play is a slip, not a campaign)."""
    index, slash, count = text.partition("/")
    i, n = ascii_integer(index), ascii_integer(count)
    if (
        i is None
        or n is None
        or not slash
        or not 1 <= n <= SHARDS_LIMIT
        or not first <= i < n + first
    ):
        top = "N - 1" if first == 0 else "N"
        raise UsageError(
            f"--shard takes I/N with {first} <= I <= {top} and N at most {SHARDS_LIMIT} "
            f"(e.g. {first + 2}/1000), not {_shown(text)}"
        )
    if games is not None and n > games:
        raise UsageError(f"--shard {text}: more shards than the {games} games to share")
    return i, n
