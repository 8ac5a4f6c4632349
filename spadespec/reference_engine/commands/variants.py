"""`spadespec validate`, `list` and `show`: checking variant files and reading resolved rules."""

from __future__ import annotations

import argparse
import json
import textwrap
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from spadespec.command_kit.arguments import add_command, add_table_options, parse_options
from spadespec.command_kit.errors import UsageError
from spadespec.command_kit.input_files import not_a_file, not_a_folder
from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.command_kit.tables import fit_table, fit_text, output_width
from spadespec.reference_engine.variant import load_for_command
from spadespec.reference_engine.variant.catalog import load_variant, variant_files, variants_dir
from spadespec.reference_engine.variant.errors import VariantError
from spadespec.reference_engine.variant.model import SECTIONS, Provenance, ResolvedVariant


def add_parser(subparsers: Any) -> None:
    """Register `validate`, `list` and `show`."""
    validate = add_command(
        subparsers,
        "validate",
        help="check variant files: schema, extends chain, rules that contradict each other",
        run=run_validate,
        description=textwrap.dedent(
            """\
            Check variant files. Each file is read safely, checked against
            schema/variant.schema.json, followed up its `extends` chain, and its rules checked
            against each other (a nil value when nil can be bid, a losing floor below every
            target, a first-lead card that exists, option defaults among their choices, cards
            set aside and top trumps that are cards of the pack, a pack that deals out evenly,
            bids no higher than a hand, partner-only rules only for partners, a game that ends).
            Every problem is printed as FILE:LINE:COLUMN at FIELD: MESSAGE, most useful first.

            Exit status: 0 every file is valid, 1 some file is not, 2 a path that is not a
            file or folder (missing, or a device such as /dev/null) or another usage mistake."""
        ),
        json="print the results as JSON",
    )
    validate.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="a variant file, or a folder whose *.yaml files are all checked",
    )

    listing = add_command(
        subparsers,
        "list",
        help="list the shipped variants: id, title, parent, sources",
        run=run_list,
        description=textwrap.dedent(
            """\
            List the variants: each one's id (what `show` and `extends` take), title, the
            variant it extends, and the source documents it cites, one line each, under a
            header. The table fits the terminal (100 columns when the output is not a
            terminal): a title or list of sources too long for it is wrapped onto the next
            lines; `--json` gives each row as one record.

            Exit status: 0 every listed file is valid, 1 some file is not (run `spadespec
            validate` on it to see why), 2 a --dir that is not a folder or another usage
            mistake."""
        ),
        json="print the list as JSON",
    )
    listing.add_argument(
        "--dir",
        type=Path,
        action="append",
        default=[],
        metavar="FOLDER",
        help="also list the variant files in FOLDER (may be repeated)",
    )

    show = add_command(
        subparsers,
        "show",
        help="print every rule of a variant with where it comes from",
        run=run_show,
        description=textwrap.dedent(
            """\
            Print a variant's resolved rules: every rule's value and where it comes from
            (this file, a parent variant, a table option the table chose, or an option's
            default), with the source section that states it, the interpretation made
            where the sources are silent, or, for a rule the others make mean nothing,
            "moot" and why. Lines are wrapped to the terminal's width (100 columns when the
            output is not a terminal).

            Example: spadespec show porchlight --option target=500

            Exit status: 0 shown, 1 the variant file is not valid, 2 no such variant, a path
            that is not a file, an option the variant does not offer, or another usage
            mistake."""
        ),
        json="print the resolved variant as JSON",
    )
    show.add_argument("variant", metavar="VARIANT", help="a variant id (see `list`) or a file path")
    add_table_options(show)


# validate ---------------------------------------------------------------------------------


def _files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            found = variant_files(path)
            if not found:
                raise UsageError(f"no variant files (*.yaml) in {text}")
            files += found
            continue
        wrong = not_a_file(path)
        if wrong is not None:
            raise UsageError(wrong)
        files.append(path)
    return files


def run_validate(args: argparse.Namespace) -> int:
    """Check each file; print OK or its problems."""
    results = []
    for path in _files(args.paths):
        try:
            variant = load_variant(str(path))
        except VariantError as exc:
            results.append(
                {"file": str(path), "valid": False, "problems": [p.to_json() for p in exc.problems]}
            )
            if not args.json:
                count = len(exc.problems)
                print(f"FAIL {path}: {count} problem{'s' if count != 1 else ''}")
                for problem in exc.problems:
                    print(f"  {problem}")
            continue
        results.append({"file": str(path), "valid": True, "id": variant.id, "problems": []})
        if not args.json:
            print(f"ok   {path} ({variant.id}, revision {variant.revision})")
    invalid = sum(not r["valid"] for r in results)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"{len(results)} file{'s' if len(results) != 1 else ''} checked, {invalid} invalid")
    return 1 if invalid else 0


# list -------------------------------------------------------------------------------------


def _row(path: Path) -> dict[str, Any]:
    try:
        variant = load_variant(str(path))
    except VariantError as exc:
        return {
            "id": path.stem,
            "title": f"INVALID: {exc.problems[0].message}",
            "extends": None,
            "sources": [],
            "file": str(path),
            "valid": False,
        }
    own = [s for s in variant.sources if s.key in _cited_here(variant)]
    return {
        "id": variant.id,
        "title": variant.title,
        "extends": variant.lineage[1] if len(variant.lineage) > 1 else None,
        "sources": [
            {"key": s.key, "file": s.file or None, "url": s.url, "title": s.title} for s in own
        ],
        "file": str(path),
        "valid": True,
    }


def _cited_here(variant: ResolvedVariant) -> set[str]:
    """The keys of the sources this variant's own file cites (not its parents')."""
    keys: set[str] = set()
    for prov in variant.provenance.values():
        if prov.variant != variant.id:
            continue
        keys.update(c.source for c in prov.citations)
        if prov.interpretation is not None and prov.interpretation.source:
            keys.add(prov.interpretation.source)
    return keys


def run_list(args: argparse.Namespace) -> int:
    """Print one row per variant."""
    folders = [variants_dir()]
    for folder in args.dir:
        wrong = not_a_folder(folder)
        if wrong is not None:
            raise UsageError(f"--dir: {wrong}")
        folders.append(folder)
    rows = [_row(path) for folder in folders for path in variant_files(folder)]
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        table = [
            [
                row["id"],
                row["title"],
                row["extends"] or "-",
                ", ".join(s["key"] for s in row["sources"]) or "-",
            ]
            for row in rows
        ]
        # Ids are never cut (they are what `show` takes); titles and sources wrap.
        print(fit_table(["ID", "TITLE", "EXTENDS", "SOURCES"], table, keep=(0, 2), wrap=(1, 3)))
    return 0 if all(r["valid"] for r in rows) else 1


# show -------------------------------------------------------------------------------------


def _origin(variant: ResolvedVariant, prov: Provenance) -> str:
    if prov.origin == "file":
        return "this file"
    if prov.origin == "parent":
        return f"parent variant {prov.variant}"
    if prov.origin == "option":
        return f"table option {prov.option} (chosen)"
    return f"table option {prov.option} (its default)"


PROSE_WIDTH = 92
"""Widest a paragraph is set, even on a wide terminal, to be read comfortably."""


def _wrap(text: str, indent: str) -> list[str]:
    """A paragraph set at the prose width (or the terminal's, where narrower)."""
    width = min(PROSE_WIDTH, output_width())
    return textwrap.wrap(
        " ".join(text.split()), width=width, initial_indent=indent, subsequent_indent=indent + "  "
    )


def _fit(line: str) -> list[str]:
    """A line of `show` no wider than the output, continued two places further in."""
    indent = line[: len(line) - len(line.lstrip())]
    return fit_text(line.lstrip(), indent)


def _rule_lines(variant: ResolvedVariant, rule: str, value: Any) -> list[str]:
    prov = variant.provenance[rule]
    lines = [
        f"  {rule.split('.', 1)[1]}: {rule_value_text(value)}",
        f"      from {_origin(variant, prov)}",
    ]
    for cite in prov.citations:
        lines.append(f'      cited: {cite.source} ({cite.file}), section "{cite.section}"')
        if cite.says:
            lines += _wrap(f"says: {cite.says}", "        ")
    if prov.moot:
        lines += _wrap(f"moot: {prov.moot}", "      ")
    interp = prov.interpretation
    if interp is not None:
        whose = f", as in {interp.as_in}" if interp.as_in else ""
        # Beside a citation, the interpretation reads what the source says; alone, it fills a
        # silence.
        kind = "how the cited text is read" if prov.citations else "the sources leave this open"
        lines.append(f"      interpretation ({kind}){whose}:")
        for label, text in (
            ("Question", interp.question),
            ("Choice", interp.choice),
            ("Why", interp.why),
            ("Alternative", interp.alternative),
        ):
            lines += _wrap(f"{label}: {text}", "        ")
        if interp.source:
            file = next(
                (s.file or s.url or "" for s in variant.sources if s.key == interp.source), ""
            )
            where = f', section "{interp.section}"' if interp.section else ""
            lines.append(f"        Arises from: {interp.source} ({file}){where}")
        if interp.could_not_check:
            lines += _wrap(f"Could not be checked: {interp.could_not_check}", "        ")
    if prov.note:
        lines += _wrap(f"note: {prov.note}", "      ")
    return lines


def show_text(variant: ResolvedVariant) -> str:
    """The resolved rules as a card player reads them."""
    lines = [f"{variant.title} ({variant.id}, revision {variant.revision})"]
    if len(variant.lineage) > 1:
        lines.append("extends: " + " -> ".join(variant.lineage[1:]))
    lines.append(f"file: {variant.file}")
    summary_width = min(PROSE_WIDTH, output_width())
    lines += [""] + textwrap.wrap(" ".join(variant.summary.split()), width=summary_width)
    lines += ["", "Sources"]
    lines += [
        f"  {s.key}: {s.title}{f', {s.edition}' if s.edition else ''} ({s.file or s.url})"
        for s in variant.sources
    ]
    if variant.options:
        lines += ["", "Table options"]
        for opt in variant.options:
            value = variant.chosen[opt.name]
            how = "chosen" if variant.provenance[opt.rule].origin == "option" else "default"
            choices = ", ".join(rule_value_text(c) for c in opt.choices)
            shown = rule_value_text(value)
            lines.append(f"  {opt.name} = {shown} ({how}; choices {choices}; decides {opt.rule})")
            lines += _wrap(opt.description, "      ")
    for section in SECTIONS:
        lines += ["", section.replace("_", " ").capitalize()]
        rules = getattr(variant.rules, section)
        for field in fields(SECTIONS[section]):
            lines += _rule_lines(variant, f"{section}.{field.name}", getattr(rules, field.name))
    return "\n".join(fitted for line in lines for fitted in _fit(line) or [""])


def show_json(variant: ResolvedVariant) -> dict[str, Any]:
    """The resolved variant as JSON: rules by section, each with value and provenance."""
    rules: dict[str, dict[str, Any]] = {}
    for section in SECTIONS:
        values = getattr(variant.rules, section)
        rules[section] = {}
        for field in fields(SECTIONS[section]):
            prov = asdict(variant.provenance[f"{section}.{field.name}"])
            rules[section][field.name] = {"value": getattr(values, field.name), **prov}
    return {
        "id": variant.id,
        "title": variant.title,
        "revision": variant.revision,
        "summary": variant.summary,
        "file": variant.file,
        "lineage": list(variant.lineage),
        "sources": [asdict(s) for s in variant.sources],
        "options": [{**asdict(o), "value": variant.chosen[o.name]} for o in variant.options],
        "rules": rules,
    }


def run_show(args: argparse.Namespace) -> int:
    """Print a variant's resolved rules with their provenance."""
    variant = load_for_command(args.variant, parse_options(args.option))
    if args.json:
        print(json.dumps(show_json(variant), indent=2))
    else:
        print(show_text(variant))
    return 0
