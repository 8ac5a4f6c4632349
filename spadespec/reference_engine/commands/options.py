"""The `--variant V` and `--option K=V` arguments that several commands share, defined once
here, and the variant they name, loaded for a command (`variant.load_for_command`)."""

from __future__ import annotations

import argparse
from typing import Any

from spadespec.reference_engine.commands.errors import UsageError
from spadespec.reference_engine.variant import ResolvedVariant, load_for_command

VARIANT_HELP = "variant id or YAML file"


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


def parse_options(items: list[str]) -> dict[str, str]:
    """`["target=300", "nil=allowed"]` as a mapping; a malformed item is a usage error."""
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UsageError(f"--option: expected NAME=VALUE such as target=300, got {item!r}")
        options[key.strip()] = value.strip()
    return options


def load_variant_from_args(args: argparse.Namespace) -> ResolvedVariant:
    """The variant named by `--variant` with its `--option`s applied."""
    return load_for_command(args.variant, parse_options(args.option))


def whole_number(flag: str, text: str, minimum: int) -> int:
    """`text`, given for `flag`, as a whole number of at least `minimum`; else a usage error
    naming the flag."""
    try:
        value = int(text)
    except (TypeError, ValueError):
        raise UsageError(f"{flag}: expected a whole number, got {text!r}") from None
    if value < minimum:
        raise UsageError(f"{flag}: expected a whole number of at least {minimum}, got {value}")
    return value
