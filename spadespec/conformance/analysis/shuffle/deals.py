"""Where deals come from: the reference engine's seeded shuffle, or a file of deals, one a line.

A source of deals is any iterable of `Dealt`: the hands, and the dealer where it is known (the
first leader is found from it under most rules). `check_shuffle` reads one without knowing
where it comes from, so an engine that deals, or recorded games, can be a source too.

A deal file holds JSON lines, each one deal in the case format's notation
(schema/case.schema.json, `deal`): PBN text (`"N:AKQ.T98.765.4322 ..."`), an object of each
seat's cards (`{"N": ["BJ", "AS", ...], ...}`), or an object with the deal as `hands` and,
optionally, who dealt it (`{"hands": "N:...", "dealer": "E"}`; `"action": "deal"` may stand
beside them, so a case log's deal entry is a line as it is). Blank lines are passed over.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from spadespec.command_kit.errors import UsageError
from spadespec.command_kit.input_files import FileProblem, check_file, parse_json, read_lines
from spadespec.reference_engine.deal import Hands, check_deal, deal_from_seed, parse_deal
from spadespec.reference_engine.errors import DealError
from spadespec.reference_engine.pack import Pack, pack_of
from spadespec.reference_engine.plan import plan_of
from spadespec.reference_engine.seats import Seat
from spadespec.reference_engine.table import Table, table_of
from spadespec.reference_engine.variant.model import ResolvedVariant

_LINE_KEYS = frozenset({"hands", "dealer", "action"})


@dataclass(frozen=True, slots=True)
class Dealt:
    """One deal: each seat's hand (N, E, S, W; 0 for a seat not in play) and who dealt it,
    None when the source does not say."""

    hands: Hands
    dealer: Seat | None = None


class DealFileError(ValueError):
    """A line of a deal file that is no deal of the variant: the message names the file and
    line, and what is wrong."""


def reference_deals(variant: ResolvedVariant, seed: int, count: int) -> Iterator[Dealt]:
    """`count` deals shuffled by the reference engine as a game of bots deals them: a random
    source seeded with `seed` picks the first dealer and each deal's seed, and the deal passes
    round the table as the variant says."""
    rules = variant.rules
    plan = plan_of(rules)
    pack, table = pack_of(rules), table_of(rules)
    rng = random.Random(seed)
    dealer = table.seats[rng.randrange(len(table.seats))]
    for _ in range(count):
        yield Dealt(deal_from_seed(rng.getrandbits(64), pack, table), dealer)
        dealer = plan.next_dealer(table, dealer)


def read_deals(
    lines: Iterable[str], where: str, pack: Pack, table: Table, limit: int | None = None
) -> Iterator[Dealt]:
    """The deals of a deal file's lines (at most `limit`), each checked to be a whole deal of
    the pack at the table; `DealFileError` names `where` and the line of the first that is
    not."""
    read = 0
    for number, line in enumerate(lines, 1):
        if limit is not None and read >= limit:
            return
        if not line.strip():
            continue
        try:
            yield _read_line(line, pack, table)
        except (ValueError, DealError) as exc:
            raise DealFileError(f"{where}, line {number}: {_reason(exc)}") from None
        read += 1


def deal_file_lines(path: str) -> Iterator[str]:
    """The lines of the deal file `path` (`-`: standard input), read one at a time.
    `UsageError` at once for a path that is no regular file or cannot be opened (a folder, a
    device such as `/dev/zero`, a named pipe: pipe deals in as `--from -`); `DealFileError`,
    naming the line, for one longer than the reader's limit or not UTF-8."""
    try:
        check_file(path)
    except FileProblem as exc:
        raise UsageError(f"--from {exc}") from None
    return _text_lines(path)


def _text_lines(path: str) -> Iterator[str]:
    try:
        for line in read_lines(path):
            yield line.text
    except FileProblem as exc:
        if exc.line is None:
            raise UsageError(f"--from {exc}") from None
        raise DealFileError(f"{path}, line {exc.line}: {exc.message}") from None


def _read_line(line: str, pack: Pack, table: Table) -> Dealt:
    try:
        value: Any = parse_json(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc.msg} at column {exc.colno})") from None
    dealer = None
    if isinstance(value, dict) and "hands" in value:
        unknown = sorted(set(value) - _LINE_KEYS)
        if unknown:
            raise ValueError(
                f"unknown field {unknown[0]!r}: a line is a deal, or an object of `hands` and "
                "optionally `dealer`"
            )
        if value.get("action", "deal") != "deal":
            raise ValueError(f"action {value['action']!r} is not a deal")
        dealer = _seat(value.get("dealer"), table)
        value = value["hands"]
    hands = parse_deal(value)
    check_deal(hands, pack, table)
    return Dealt(hands, dealer)


def _seat(value: Any, table: Table) -> Seat | None:
    if value is None:
        return None
    name = value.strip().upper() if isinstance(value, str) else ""
    if name not in Seat.__members__ or Seat[name] not in table.seats:
        seats = ", ".join(seat.name for seat in table.seats)
        raise ValueError(f"dealer {value!r} is not a seat at the table ({seats})")
    return Seat[name]


def _reason(exc: Exception) -> str:
    detail = getattr(exc, "detail", None)
    return str(detail if isinstance(detail, str) and detail else exc)
