"""The command-line reference page, read from the `spadespec` argument parsers themselves, so
every command, argument, default and help text on it is the one `--help` prints."""

from __future__ import annotations

import argparse
import os
import textwrap
from collections.abc import Iterator

PAGE = "reference/cli.md"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _subcommands(
    parser: argparse.ArgumentParser,
) -> Iterator[tuple[str, str, argparse.ArgumentParser]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            for name, sub in action.choices.items():
                yield name, helps.get(name, ""), sub


def _argument(action: argparse.Action) -> tuple[str, str]:
    """How the argument is written, and what it does (with its choices and default)."""
    if action.option_strings:
        written = ", ".join(action.option_strings)
        if action.nargs != 0:
            written += f" {action.metavar or action.dest.upper()}"
    else:
        written = str(action.metavar or action.dest)
    what = _cell(str(action.help or "")).replace("%(default)s", str(action.default))
    if action.choices and not isinstance(action, argparse._SubParsersAction):
        what = what.rstrip(".") + f"; one of {', '.join(f'`{c}`' for c in action.choices)}."
    default = action.default
    if default not in (None, False, argparse.SUPPRESS, []) and "default" not in what:
        what += f" Default: `{default}`."
    return f"`{written}`", what


def _section(name: str, summary: str, parser: argparse.ArgumentParser, depth: int) -> list[str]:
    out = [f"{'#' * depth} `{name}` {{#{name.replace(' ', '-')}}}", ""]
    description = " ".join((parser.description or summary).split())
    if description:
        out += [description, ""]
    out += ["```text", parser.format_usage().strip().removeprefix("usage: "), "```", ""]
    rows = [
        _argument(a)
        for a in parser._actions
        if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))
    ]
    if rows:
        out += ["| argument | what it does |", "| --- | --- |"]
        out += [f"| {written} | {what} |" for written, what in rows]
        out.append("")
    if parser.epilog:
        # Epilogs hold examples laid out line by line, as --help prints them.
        out += ["```text", textwrap.dedent(parser.epilog).strip("\n"), "```", ""]
    for sub_name, sub_summary, sub in _subcommands(parser):
        out += _section(f"{name} {sub_name}", sub_summary, sub, min(depth + 1, 4))
    return out


USAGE_WIDTH = "100"
"""The columns a usage line is laid out in: the same wherever the page is written (argparse
otherwise takes the terminal's width)."""


def cli_page() -> str:
    """The page: every `spadespec` command, in the order `spadespec --help` lists them."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = USAGE_WIDTH
    try:
        return _cli_page()
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def _cli_page() -> str:
    from spadespec.cli import build_parser

    root = build_parser()
    out = [
        "# The `spadespec` command",
        "",
        "Every command and argument, read from the command's own argument parsers when these",
        "pages were written; `spadespec COMMAND --help` prints the same. Exit status, for every",
        "command: 0 success, 1 something checked is wrong (an invalid variant file, a failed",
        "case), 2 the command was used wrongly.",
        "",
    ]
    out += [
        f"- [`spadespec {name}`](#spadespec-{name}): {_cell(summary)}"
        for name, summary, _ in _subcommands(root)
    ]
    out.append("")
    for name, summary, sub in _subcommands(root):
        out += _section(f"spadespec {name}", summary, sub, 2)
    return "\n".join(out) + "\n"
