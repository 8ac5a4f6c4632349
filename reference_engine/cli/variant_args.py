"""The `--variant V --option K=V` arguments that several subcommands share."""

from __future__ import annotations

import argparse

from reference_engine.cli import UsageError
from reference_engine.variant import ResolvedVariant, VariantError, load_variant


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


def load_variant_from_args(args: argparse.Namespace) -> ResolvedVariant:
    """The variant named by `--variant` with its `--option`s applied; any problem is a usage
    error naming what was wrong."""
    try:
        return load_variant(args.variant, parse_options(args.option))
    except VariantError as exc:
        raise UsageError(str(exc)) from None
