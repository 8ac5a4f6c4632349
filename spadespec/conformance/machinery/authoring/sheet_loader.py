"""The hand-worked golden cases, read from their sheets (`sheets/<ruleset>/<file>.yaml`).

A sheet is data: one record per case, with its setup, its log, what it checks and, in its
description, the arithmetic. This module turns each sheet into the case file of the same path under
conformance/contract/cases/, and refuses a sheet (naming file, line and case) where a score line's
items do not add up, a total is not the last hand's score, a searched hand cannot be found, the
independent scorer (`hand_math`) reads a searched hand otherwise, or the variant no longer plays a
rule value the sheet `assumes`.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from spadespec.conformance.machinery.authoring import hand_math
from spadespec.conformance.machinery.authoring.build import (
    case,
    derived,
    nil,
    opts,
    origin_source,
    plays_log,
    setup,
    sheet,
    side,
    variant,
)
from spadespec.conformance.machinery.authoring.deal_search import KEEPS, SearchFailed, find_play
from spadespec.reference_engine.paths import data_dir
from spadespec.reference_engine.seats import side_members
from spadespec.reference_engine.table import table_of
from spadespec.reference_engine.variant import VariantError
from spadespec.reference_engine.variant.yaml_reader import Document, FieldPath, read_document

SHEETS_DIR = Path(__file__).resolve().parent / "sheets"
DEALS_FILE = SHEETS_DIR / "deals.yaml"

Files = dict[str, tuple[str, list[dict[str, Any]]]]


class SheetError(ValueError):
    """A sheet that cannot be read, or whose figures do not hold: the message names the file,
    the line and the field or case."""


def _read(path: Path) -> Document:
    try:
        return read_document(path)
    except VariantError as exc:
        raise SheetError(str(exc)) from None


@cache
def named_deals() -> dict[str, Any]:
    """The deals laid out by hand, by name: PBN text, or each seat's cards as a list."""
    data = _read(DEALS_FILE).data
    return {
        name: hands if isinstance(hands, str) else {s: c.split() for s, c in hands.items()}
        for name, hands in data.items()
    }


def _schema_errors(doc: Document) -> list[str]:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    with (data_dir("schema") / "sheet.schema.json").open(encoding="utf-8") as handle:
        schema = json.load(handle)
    errors = list(Draft202012Validator(schema).iter_errors(doc.data))
    if not errors:
        return []
    error = best_match(errors)
    return [str(doc.problem(error.message, tuple(error.absolute_path)))]


def _place(doc: Document, path: FieldPath, message: str) -> SheetError:
    return SheetError(str(doc.problem(message, path)))


def _rule(v: str, options: dict[str, Any] | None, path: str) -> Any:
    section, name = path.split(".")
    value = getattr(getattr(variant(v, opts(options)).rules, section), name)
    value = getattr(value, "value", value)
    return list(value) if isinstance(value, tuple) else value


def _by_side(values: Any) -> Any:
    return tuple(values) if isinstance(values, list) else values


def _deal(hands: Any) -> dict[str, Any]:
    if isinstance(hands, str):
        hands = named_deals().get(hands, hands)
    elif isinstance(hands, dict):
        hands = {seat: cards.split() for seat, cards in hands.items()}
    return {"action": "deal", "hands": hands}


def _log(v: str, options: Any, start: dict[str, Any], steps: list[Any]) -> list[dict[str, Any]]:
    """The case's actions, step by step; a searched hand follows the log before it."""
    log: list[dict[str, Any]] = []
    for step in steps:
        if "deal" in step:
            log.append(_deal(step["deal"]))
        elif "bids" in step:
            log += [{"action": "bid", "seat": s, "bid": b} for s, b in step["bids"].items()]
        elif "plays" in step:
            log += plays_log(step["plays"])
        elif "redeal" in step:
            log.append({"action": "redeal", "seat": step["redeal"], "call": step["call"]})
        elif "stock" in step:
            log.append({"action": "deal", "stock": step["stock"].split()})
        elif "draws" in step:
            log += [
                {"action": "draw", "seat": seat, "keep": choice == "keep"}
                for seat, choice in (turn.split(":") for turn in step["draws"].split())
            ]
        elif "pass" in step:
            log.append({"action": "pass", "seat": step["pass"], "cards": step["cards"].split()})
        else:
            search = step["search"]
            if log and "dealer" not in search:
                raise ValueError("a searched hand after the first must name its dealer")
            found = find_play(
                variant(v, opts(options)),
                dealer=search.get("dealer", start["dealer"]),
                bids=search["bids"],
                tricks=search["tricks"],
                seed=search["seed"],
                setup=start,
                prefix=log,
                keep=KEEPS[search["keep"]] if "keep" in search else None,
            )
            log += found.actions
    return log


def _line(name: str, typed: dict[str, Any], tricks: dict[str, int]) -> dict[str, Any]:
    """A score line from its sheet form (`build.side` checks that its items add up)."""
    items = dict(typed)
    # a seat alone is its own side (`NE`); a partnership is named by its seats (`NS`, `NE-SW`)
    took = sum(tricks[seat] for seat in side_members(name))
    nils = tuple(
        nil(n["seat"], n["tricks"], n["points"], n.get("blind")) for n in items.pop("nils", [])
    )
    return side(
        name,
        side_tricks=took,
        tricks=items.pop("tricks", took),
        nils=nils,
        bags=tuple(items.pop("bags", (0, 0, 0))),
        score=tuple(items.pop("score")),
        **items,
    )


def _expect(v: str, options: Any, typed: dict[str, Any]) -> dict[str, Any]:
    expect = dict(typed)
    if "hands" not in expect:
        return expect
    total = table_of(variant(v, opts(options)).rules).cards_per_hand
    expect["hands"] = [
        sheet(
            h["bids"],
            h["tricks"],
            *(_line(name, line, h["tricks"]) for name, line in h["sides"].items()),
            total=total,
        )
        for h in typed["hands"]
    ]
    last = expect["hands"][-1]["sides"]
    for key, item in (("totals", "score_after"), ("bags", "bags_after")):
        for name, figure in expect.get(key, {}).items():
            if last[name][item] != figure:
                raise ValueError(
                    f"{key} {name} is {figure}, but the last hand ends on {last[name][item]}"
                )
    return expect


def _cross_check(
    v: str, options: Any, start: dict[str, Any], steps: list[Any], expect: dict[str, Any]
) -> None:
    """Score each searched hand again with `hand_math`, which shares no code with the engine,
    and refuse figures it reads otherwise."""
    if not steps or any("search" not in step for step in steps):
        return
    rules = variant(v, opts(options)).rules
    score, bags = dict(start["scores"]), dict(start["bags"])
    played = start.get("hands_played", 0)
    boston = moon = None
    for index, step in enumerate(s["search"] for s in steps):
        bid, took = step["bids"], step["tricks"]
        for name in hand_math.sides_of(rules):
            mine = hand_math.score_side(rules, name, bid, took, score[name], bags[name])
            typed = expect["hands"][index]["sides"][name] if "hands" in expect else {}
            wrong = {k: (t, mine[k]) for k, t in typed.items() if k != "nils" and mine[k] != t}
            if wrong:
                raise ValueError(
                    f"hand {index + 1} {name}: hand_math reads (typed, its own) {wrong}"
                )
            score[name], bags[name] = mine["score_after"], mine["bags_after"]
        played += 1
        boston, moon = hand_math.boston_side(rules, bid, took), hand_math.moon_side(rules, took)
    found = {
        "totals": score,
        "bags": bags,
        "status": hand_math.status_after(rules, score, played, boston, moon),
    }
    for key, mine in found.items():
        if key in expect and expect[key] != mine:
            raise ValueError(f"{key} typed {expect[key]}, hand_math gives {mine}")


def _case(doc: Document, index: int) -> dict[str, Any]:
    data, rec = doc.data, doc.data["cases"][index]
    v, options = rec.get("variant", data["variant"]), rec.get("options")
    s = rec["setup"]
    start = setup(
        s["dealer"],
        _by_side(s.get("scores", (0, 0))),
        _by_side(s.get("bags", (0, 0))),
        s.get("hands_played"),
    )
    if "clause" in rec:
        origin = derived(rec["clause"])
    elif rec["origin"]["kind"] == "source" and "file" not in rec["origin"]:
        origin = origin_source(v, rec["origin"]["source"], rec["origin"]["section"])
    else:
        origin = rec["origin"]
    expect = _expect(v, options, rec["expect"])
    _cross_check(v, options, start, rec["log"], expect)
    return case(
        rec["id"],
        variant_id=v,
        description=rec["description"],
        tags=rec["tags"],
        origin=origin,
        start=start,
        actions=_log(v, options, start, rec["log"]),
        expect=expect,
        options=options,
        level=rec.get("level", "must"),
        note=rec.get("note", data.get("note")),
        source_expect=rec.get("source_expect"),
        erratum_reason=rec.get("erratum_reason"),
    )


def read_sheet(path: Path) -> tuple[str, list[dict[str, Any]]]:
    """A sheet's case file: its description and cases, or SheetError saying where it is wrong."""
    doc = _read(path)
    problems = _schema_errors(doc)
    if problems:
        raise SheetError("\n".join(problems))
    v = doc.data["variant"]
    for rule, wanted in doc.data.get("assumes", {}).items():
        got = _rule(v, None, rule)
        if got != wanted:
            raise _place(
                doc, ("assumes", rule), f"{v} plays {rule}={got!r}; the sheet assumes {wanted!r}"
            )
    cases = []
    for index, rec in enumerate(doc.data["cases"]):
        try:
            cases.append(_case(doc, index))
        except (ValueError, SearchFailed) as exc:
            raise _place(doc, ("cases", index), f"case {rec['id']}: {exc}") from None
    return doc.data["description"], cases


def sheet_paths() -> list[Path]:
    """Every sheet, in path order (the deals file is none)."""
    return sorted(p for p in SHEETS_DIR.rglob("*.yaml") if p != DEALS_FILE)


def files() -> Files:
    """Each case file the sheets write (its path under conformance/contract/cases/) and its
    contents."""
    return {
        path.relative_to(SHEETS_DIR).with_suffix(".json").as_posix(): read_sheet(path)
        for path in sheet_paths()
    }
