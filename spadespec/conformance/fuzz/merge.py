"""`spadespec fuzz merge`: the reports of the shards of one fuzz campaign joined into one.

A campaign is a seed, an engine, a variant and a number of games; `fuzz --shard I/N` plays the
I-th of N disjoint runs of its games, so that any batch scheduler can spread it over machines.
Merging checks that the reports are shards of the same campaign, keeps each difference once
(by the rule change it was diagnosed as, else by its case id; the one from the lowest game
first), adds up the counts, and says which shards are missing. The found cases can be gathered
into one folder, one file per kept difference.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema.exceptions import best_match

from spadespec.conformance.protocol.wire import definition_validator, json_path
from spadespec.conformance.runner.run import UNEXPLAINED

CAMPAIGN = ("engine_command", "variant", "options", "seed", "budget")
"""What the shards of one campaign share, as their start lines give it."""


class MergeError(ValueError):
    """The reports cannot be merged; the message names the file (and line)."""


@dataclass(slots=True)
class Merged:
    """The campaign's start line, its distinct differences, the shards' counts."""

    start: dict[str, Any]
    differences: list[dict[str, Any]] = field(default_factory=list)
    counts: dict[str, Any] = field(default_factory=dict)
    shards: list[int] = field(default_factory=list)
    count: int = 1
    unfinished: list[str] = field(default_factory=list)

    @property
    def missing(self) -> list[int]:
        return [i for i in range(1, self.count + 1) if i not in self.shards]


KINDS = ("start", "difference", "end")
"""The kinds of line a fuzz report holds, each a definition of its schema."""


def _line_problem(line: Any) -> str | None:
    """What is wrong with one report line under the fuzz report's schema, or None."""
    if not isinstance(line, dict):
        return f"a report line is a JSON object, not {type(line).__name__}"
    kind = line.get("kind")
    if kind not in KINDS:
        return f"its kind is {kind!r}, not one of: {', '.join(KINDS)}"
    # Each kind against its own definition, so that what is wrong is said of the line it is,
    # not of the closest other kind.
    lines = definition_validator("fuzz-report.schema.json", kind)
    error = best_match(lines.iter_errors(line))
    if error is None:
        return None
    return f"the {kind} line, at {json_path(error)}: {error.message}"


def _lines(path: Path) -> list[dict[str, Any]]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MergeError(f"{path}: cannot read: {getattr(exc, 'strerror', exc)}") from None
    lines: list[dict[str, Any]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise MergeError(f"{path}:{number}: not JSON ({exc.msg})") from None
        first = not lines
        if first and not (
            isinstance(line, dict) and line.get("kind") == "start" and line.get("run") == "fuzz"
        ):
            raise MergeError(f"{path}:{number}: not a fuzz report (its first line is no fuzz "
                             "start line)")  # fmt: skip
        problem = _line_problem(line)
        if problem:
            raise MergeError(f"{path}:{number}: {problem}")
        if first and "merged" in line:
            shards = ", ".join(map(str, line["merged"]))
            raise MergeError(f"{path}:{number}: a merged report (of shards {shards}), not a "
                             "shard: merge the shards' own reports")  # fmt: skip
        lines.append(line)
    if not lines:
        raise MergeError(f"{path}: empty, not a fuzz report")
    return lines


def _key(line: dict[str, Any]) -> str:
    rule = line.get("rule", UNEXPLAINED)
    return rule if rule != UNEXPLAINED else str(line.get("case") or line["differences"][:1])


def merge_reports(paths: list[Path]) -> Merged:
    """The shards' reports joined. Raises MergeError for a report that is not a fuzz report or
    belongs to another campaign, or a shard given twice."""
    merged: Merged | None = None
    seen: dict[str, dict[str, Any]] = {}
    totals = {"seconds": 0.0, "games": 0, "hands": 0, "requests": 0}
    ok = True
    for path in paths:
        lines = _lines(path)
        start = lines[0]
        shard = start.get("shard") or {"index": 1, "count": 1}
        if merged is None:
            merged = Merged(start, count=shard["count"])
        for key in CAMPAIGN:
            if start.get(key) != merged.start.get(key):
                raise MergeError(
                    f"{path}: another campaign: its {key} is {start.get(key)!r}, not "
                    f"{merged.start.get(key)!r} as in {paths[0]}"
                )
        if shard["count"] != merged.count:
            raise MergeError(f"{path}: a shard of {shard['count']}, not of {merged.count}")
        if shard["index"] in merged.shards:
            raise MergeError(f"{path}: shard {shard['index']}/{merged.count} given twice")
        merged.shards.append(shard["index"])
        end = next((line for line in lines if line.get("kind") == "end"), None)
        if end is None:
            merged.unfinished.append(str(path))
            ok = False
        else:
            ok = ok and bool(end["ok"])
            for key in totals:
                totals[key] += end[key]
        for line in lines:
            if line.get("kind") != "difference":
                continue
            key = _key(line)
            if key not in seen or line["game"] < seen[key]["game"]:
                seen[key] = line
    if merged is None:
        raise MergeError("no report to merge")
    merged.differences = sorted(seen.values(), key=lambda line: line["game"])
    merged.counts = {
        **totals, "seconds": round(totals["seconds"], 3), "differences": len(seen),
        "ok": ok and not seen and not merged.missing,
    }  # fmt: skip
    merged.shards.sort()
    return merged


def gather_cases(merged: Merged, out: Path) -> list[str]:
    """Copy each kept difference's case file under `out/<variant>/`; what could not be
    copied, said in words."""
    trouble = []
    for line in merged.differences:
        source = line.get("file")
        if not source:
            continue
        target = out / Path(source).parent.name / Path(source).name
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        except OSError as exc:
            trouble.append(f"{source}: {exc.strerror}")
            continue
        line["file"] = str(target)
    return trouble
