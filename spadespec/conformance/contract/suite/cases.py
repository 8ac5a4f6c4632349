"""Reading the golden cases: every case file under `conformance/contract/cases/`, checked, as `Case`
records.

This is the one module that turns case data into cases. A case file is JSON,
`{"cases": [case, ...]}`, valid against `schema/case.schema.json`. Beyond the schema the loader
checks what a schema cannot: ids unique across the suite and not retired, tags registered and
agreeing with the variant's rules, the variant and its options loadable, each deal a real deal
of the variant's pack and table.
Every problem names the file, the case id and the field.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError, best_match

from spadespec.command_kit.input_files import MIB, FileProblem, parse_json, read_text
from spadespec.conformance.contract.suite.logs_apart import errors_with_logs_apart
from spadespec.conformance.contract.suite.tags import Registry, registry, rule_value

# Where the suite's modules have always read it; it lives with the variant files, so that the
# served reference engine loads variants without this module's schema checks.
from spadespec.conformance.contract.suite.variant_files import resolved as resolved
from spadespec.reference_engine.actions import parse_stock
from spadespec.reference_engine.deal import check_stock
from spadespec.reference_engine.errors import InvalidActionError
from spadespec.reference_engine.pack import pack_of
from spadespec.reference_engine.paths import data_dir
from spadespec.reference_engine.seats import SEAT_NAMES
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import (
    VariantError,
    schema_memo,
)
from spadespec.reference_engine.variant.checking import DECK_CARDS
from spadespec.reference_engine.variant.model import Rules

PACKAGE_DIR = Path(__file__).resolve().parent.parent
CASES_DIR = PACKAGE_DIR / "cases"
RETIRED_FILE = PACKAGE_DIR / "retired_ids.txt"
SCHEMA_NAME = "case.schema.json"
MAX_CASE_FILE_BYTES = 16 * MIB
"""The largest case file read: the largest shipped one (a variant's recorded games) is about
half a megabyte."""
LEVELS = ("must", "should", "generated")
FAILING_LEVELS = ("must", "generated")
"""A case's level: `must` fails a run, `should` is reported apart, and `generated` is a case the
suite made for a house's variant file (`spadespec.conformance.analysis.house`), reported apart
from the golden ones and failing a run as `must` does."""


@dataclass(frozen=True, slots=True)
class CaseProblem:
    """One thing wrong with a case file: where (file, case id, JSON path of the field) and what."""

    file: str
    message: str
    case_id: str | None = None
    field: str = "$"

    def __str__(self) -> str:
        case = f" case {self.case_id}" if self.case_id else ""
        return f"{self.file}:{case} at {self.field}: {self.message}"


class CaseError(ValueError):
    """The suite could not be loaded; `problems` lists every reason found."""

    def __init__(self, problems: list[CaseProblem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass(frozen=True, slots=True)
class Case:
    """One golden case: a position reached by replaying `actions` from `setup` under a variant,
    and what an engine must answer there (`expect`)."""

    id: str
    description: str
    tags: tuple[str, ...]
    origin: dict[str, Any]
    level: str
    status: str
    variant: str
    options: dict[str, Any]
    setup: dict[str, Any]
    actions: list[dict[str, Any]]
    expect: dict[str, Any]
    source_expect: dict[str, Any] | None
    erratum_reason: str | None
    note: str | None
    file: str
    data: dict[str, Any] = field(repr=False)

    @property
    def asks(self) -> tuple[str, ...]:
        """The observables the case checks, e.g. `legal`, `hands`, `status`."""
        return tuple(self.expect)

    def to_json(self) -> dict[str, Any]:
        """The case exactly as its file writes it."""
        return dict(self.data)


@dataclass(frozen=True, slots=True)
class Suite:
    """Every case, in file order, with a lookup by id."""

    cases: tuple[Case, ...]

    def __iter__(self) -> Iterator[Case]:
        return iter(self.cases)

    def __len__(self) -> int:
        return len(self.cases)

    def by_id(self, case_id: str) -> Case:
        for case in self.cases:
            if case.id == case_id:
                return case
        raise KeyError(case_id)

    def variants(self) -> list[str]:
        return sorted({case.variant for case in self.cases})

    def select(
        self,
        variant: str | None = None,
        pattern: str | None = None,
        level: str | None = None,
    ) -> list[Case]:
        """The cases of one variant, whose id matches a glob, at one level; None means any."""
        return [
            case
            for case in self.cases
            if (variant is None or case.variant == variant)
            and (pattern is None or fnmatchcase(case.id, pattern))
            and (level is None or case.level == level)
        ]


@cache
def case_schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (data_dir("schema") / SCHEMA_NAME).read_text(encoding="utf-8")
    )
    return data


def read_retired(path: Path | None = None) -> set[str]:
    """Ids that were used once and may never be used again: one a line, `#` starts a comment."""
    path = path if path is not None else RETIRED_FILE
    if not path.is_file():
        return set()
    ids = set()
    for line in read_text(path, max_bytes=MAX_CASE_FILE_BYTES).splitlines():
        ident = line.split("#", 1)[0].strip()
        if ident:
            ids.add(ident)
    return ids


def case_variants(root: Path | None = None) -> list[str]:
    """The variants with cases: the folders under `root` (default: the shipped cases), each
    holding one variant's case files. Nothing is read."""
    root = root if root is not None else CASES_DIR
    return sorted(p.name for p in root.iterdir() if p.is_dir() and any(p.glob("*.json")))


def load_suite(
    root: Path | None = None,
    *,
    tags: Registry | None = None,
    retired: Iterable[str] | None = None,
    variants: Iterable[str] | None = None,
) -> Suite:
    """Every case under `root` (default: the shipped cases), checked. Raises CaseError listing
    every problem found; `tags` and `retired` replace the shipped registry and retired list.
    `variants` reads only those variants' folders, for a run that needs no others."""
    root = root if root is not None else CASES_DIR
    reg = tags if tags is not None else registry()
    retired_ids = set(retired) if retired is not None else read_retired()
    problems: list[CaseProblem] = []
    cases: list[Case] = []
    seen: dict[str, str] = {}
    if variants is None:
        paths = sorted(root.rglob("*.json"))
    else:
        paths = sorted(path for v in sorted(set(variants)) for path in (root / v).rglob("*.json"))
    for path in paths:
        shown = _shown(path)
        for case in _read_file(path, shown, problems):
            where = seen.get(case.id)
            if where is not None:
                problems.append(
                    CaseProblem(shown, f"duplicate id; first used in {where}", case.id, "$.id")
                )
                continue
            seen[case.id] = shown
            if case.id in retired_ids:
                problems.append(
                    CaseProblem(
                        shown,
                        f"id is retired ({_shown(RETIRED_FILE)}) and may never be reused;"
                        " choose a new one",
                        case.id,
                        "$.id",
                    )
                )
            problems.extend(_check_case(case, reg))
            cases.append(case)
    if problems:
        raise CaseError(problems)
    return Suite(tuple(cases))


def _shown(path: Path) -> str:
    """A path as a person would type it: relative to the working folder where possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _read_file(path: Path, shown: str, problems: list[CaseProblem]) -> list[Case]:
    try:
        text = read_text(path, max_bytes=MAX_CASE_FILE_BYTES, what="case file")
        data = parse_json(text)
    except FileProblem as exc:
        line = "" if exc.line is None else f" (line {exc.line})"
        problems.append(CaseProblem(shown, f"{exc.message}{line}"))
        return []
    except json.JSONDecodeError as exc:
        problems.append(
            CaseProblem(shown, f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
        )
        return []
    # A file whose exact text passed the schema before needs no second check.
    key = schema_memo.digest("case-file", text, schema=SCHEMA_NAME)
    if schema_memo.passed(key):
        return [case_from_json(raw, shown) for raw in data["cases"]]
    errors = sorted(case_file_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    if not errors:
        schema_memo.remember(key)
    bad_cases: set[int] = set()
    for error in errors:
        problem = _schema_problem(error, data, shown)
        problems.append(problem)
        path_in_file = list(error.absolute_path)
        if len(path_in_file) >= 2 and path_in_file[0] == "cases":
            bad_cases.add(int(path_in_file[1]))
        else:
            return []
    return [
        case_from_json(raw, shown)
        for index, raw in enumerate(data["cases"])
        if index not in bad_cases
    ]


@cache
def _file_validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(case_schema())


def case_file_errors(data: Any) -> Iterator[ValidationError]:
    """Every schema error in a case file, the same ones the whole-file validator reports, each
    case's log checked apart (`logs_apart`)."""
    return errors_with_logs_apart(_file_validator(), data, ("cases", "*", "actions"))


def _schema_problem(error: ValidationError, data: Any, shown: str) -> CaseProblem:
    # For anyOf/oneOf the top error says only "not valid under any"; the best sub-error says why.
    if error.context:
        error = best_match(error.context)
    where = list(error.absolute_path)
    case_id = None
    field_path = where
    if len(where) >= 2 and where[0] == "cases":
        raw = data["cases"][where[1]]
        case_id = raw.get("id") if isinstance(raw, dict) else None
        case_id = case_id if isinstance(case_id, str) else f"#{int(where[1]) + 1} (no id)"
        field_path = where[2:]
    message = error.message
    if error.validator == "not" and field_path == [] and case_id:
        message = "erratum_reason is given but status is not erratum"
    return CaseProblem(shown, message, case_id, _json_path(field_path))


def _json_path(parts: Iterable[Any]) -> str:
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def case_from_json(raw: dict[str, Any], shown: str) -> Case:
    """A case as its JSON writes it (already checked), read from the file `shown`."""
    variant = raw["variant"]
    return Case(
        id=raw["id"],
        description=raw["description"],
        tags=tuple(raw["tags"]),
        origin=raw["origin"],
        level=raw["level"],
        status=raw["status"],
        variant=variant["id"],
        options=dict(variant.get("options", {})),
        setup=raw["setup"],
        actions=raw["actions"],
        expect=raw["expect"],
        source_expect=raw.get("source_expect"),
        erratum_reason=raw.get("erratum_reason"),
        note=raw.get("note"),
        file=shown,
        data=raw,
    )


def _check_case(case: Case, reg: Registry) -> list[CaseProblem]:
    problems: list[CaseProblem] = []

    def problem(message: str, at: str) -> None:
        problems.append(CaseProblem(case.file, message, case.id, at))

    for index, tag in enumerate(case.tags):
        if tag not in reg:
            hint = reg.suggest(tag)
            more = f" (did you mean {hint!r}?)" if hint else ""
            problem(
                f"unknown tag {tag!r}: not in conformance/contract/tags.yaml{more}",
                f"$.tags[{index}]",
            )
    try:
        variant = resolved(case.variant, tuple(sorted(case.options.items())))
    except VariantError as exc:
        problem(f"variant {case.variant!r}: {exc.problems[0].message}", "$.variant")
        variant = None
    if variant is not None:
        for index, tag in enumerate(case.tags):
            if tag in reg and reg[tag].kind == "values":
                rule, value = tag.split("=", 1)
                actual = rule_value(variant.rules, rule)
                if str(actual) != value:
                    problem(
                        f"tag {tag!r} disagrees with the variant:"
                        f" {case.variant} plays {rule}={actual}",
                        f"$.tags[{index}]",
                    )
    if variant is not None:
        sides = list(table_of(variant.rules).sides)
        keyed = [("$.setup.scores", case.setup["scores"]), ("$.setup.bags", case.setup["bags"])]
        keyed += [(f"$.expect.{k}", case.expect[k]) for k in ("totals", "bags") if k in case.expect]
        for at, value in keyed:
            if sorted(value) != sorted(sides):
                problem(
                    f"keyed by {', '.join(value)}, but {case.variant}'s sides are"
                    f" {', '.join(sides)}",
                    at,
                )
    for index, action in enumerate(case.actions):
        if action["action"] == "deal" and "stock" in action:
            reason = stock_problem(action["stock"], variant.rules) if variant else None
            if reason:
                problem(reason, f"$.actions[{index}].stock")
        elif action["action"] == "deal":
            reason = deal_problem(action["hands"], variant.rules if variant else None)
            if reason:
                problem(reason, f"$.actions[{index}].hands")
    return problems


def _seat_order(name: str) -> tuple[int, str]:
    """A seat's place in seat-number order (N, E, S, W, NE, SE, SW, NW), a name that is no seat
    after them all."""
    return (SEAT_NAMES.index(name) if name in SEAT_NAMES else len(SEAT_NAMES), name)


def deal_problem(hands: str | dict[str, list[str]], rules: Rules | None = None) -> str | None:
    """What is wrong with a deal, in PBN or as an object of seats' cards, or None if nothing.

    With the variant's rules the deal must be the variant's: its seats, its cards per seat, no
    card the pack leaves out (removed cards, or jokers in a 52-card pack). Without them (the
    variant did not load) a PBN deal is checked as 13 cards each and an object as equal hands.
    """
    if isinstance(hands, str):
        return pbn_problem(hands, table_of(rules).cards_per_hand if rules else 13)
    table = table_of(rules) if rules else None
    seats = [seat.name for seat in table.seats] if table else list(hands)
    wrong_seats = sorted(set(hands) ^ set(seats), key=_seat_order)
    if wrong_seats:
        return f"the deal names seats {', '.join(hands)}, but {', '.join(seats)} are in play"
    size = table.cards_per_hand if table else len(hands[seats[0]])
    seen: set[str] = set()
    for seat in seats:
        cards = hands[seat]
        if len(cards) != size:
            return f"{seat}'s hand in the deal has {len(cards)} cards, not {size}"
        for card in cards:
            if card in seen:
                return f"card {card} is dealt twice"
            seen.add(card)
    if rules is not None:
        outside = [card for card in sorted(seen) if card not in _pack_cards(rules)]
        if outside:
            return f"card {outside[0]} is not in the variant's pack"
    return None


def stock_problem(cards: list[str], rules: Rules) -> str | None:
    """What is wrong with a stock two players draw from, or None if nothing: it must be laid
    where two players draw, and hold every card of the variant's pack once."""
    try:
        check_stock(parse_stock(cards), pack_of(rules), table_of(rules))
    except InvalidActionError as exc:
        return exc.detail
    return None


def _pack_cards(rules: Rules) -> frozenset[str]:
    """The cards the variant deals: the deck's kind less the cards it removes."""
    return DECK_CARDS[rules.deck.cards.value] - set(rules.deck.removed)


def pbn_problem(hands: str, size: int = 13) -> str | None:
    """What is wrong with a PBN deal (`size` cards each, none twice), or None if nothing."""
    _first, _, rest = hands.partition(":")
    seen: set[str] = set()
    for number, hand in enumerate(rest.split(" "), start=1):
        cards = [
            rank + suit
            for suit, ranks in zip("SHDC", hand.split("."), strict=True)
            for rank in ranks
        ]
        if len(cards) != size:
            return f"hand {number} of the deal has {len(cards)} cards, not {size}"
        doubled = sorted(card for card in cards if card in seen or cards.count(card) > 1)
        if doubled:
            return f"card {doubled[0]} is dealt twice"
        seen.update(cards)
    return None
