"""The `--variant V --option K=V` arguments that several subcommands share, and loading the
variant they name with the exit status each kind of problem calls for."""

from __future__ import annotations

import argparse
from typing import Any

from spadespec.reference_engine.cli import InvalidVariant, UsageError
from spadespec.reference_engine.variant import (
    OptionError,
    ResolvedVariant,
    VariantError,
    VariantNotFound,
    load_variant,
)


def add_variant_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", required=True, metavar="V", help="variant id or YAML file")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="K=V",
        help="a table option of the variant, e.g. target=300 (repeatable)",
    )


def parse_options(items: list[str]) -> dict[str, str]:
    """`["target=300", "nil=allowed"]` as a mapping; a malformed item is a usage error."""
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UsageError(f"--option: expected NAME=VALUE such as target=300, got {item!r}")
        options[key.strip()] = value.strip()
    return options


def load_or_refuse(ref: str, options: dict[str, Any]) -> ResolvedVariant:
    """The variant `ref` with the table options chosen.

    A variant that does not exist, a path that is no file, or an option the variant does not
    offer is the command used wrongly (UsageError, exit status 2); a variant file that breaks
    the rules is something checked that is wrong (InvalidVariant, exit status 1)."""
    try:
        return load_variant(ref, options)
    except (VariantNotFound, OptionError) as exc:
        raise UsageError("\n".join(str(p) if p.line else p.message for p in exc.problems)) from None
    except VariantError as exc:
        lines = [f"{ref} is not a valid variant:"] + [f"  {p}" for p in exc.problems]
        raise InvalidVariant("\n".join(lines)) from None


def load_variant_from_args(args: argparse.Namespace) -> ResolvedVariant:
    """The variant named by `--variant` with its `--option`s applied (see load_or_refuse)."""
    return load_or_refuse(args.variant, parse_options(args.option))
