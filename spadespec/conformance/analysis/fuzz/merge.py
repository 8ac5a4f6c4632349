"""`spadespec fuzz merge`: the reports of the shards of one fuzz campaign joined into one.

A campaign is a seed, an engine, a variant and a number of games; `fuzz --shard I/N` plays the
I-th of N disjoint runs of its games, so that any batch scheduler can spread it over machines.
Merging checks that the reports are shards of the same campaign, keeps each difference once
(by the rule change it was diagnosed as, else by its case id; the one from the lowest game
first), adds up the counts, and says which shards are missing. The found cases can be gathered
into one folder, one file per kept difference.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spadespec.command_kit.arguments import SHARDS_LIMIT
from spadespec.command_kit.input_files import MIB
from spadespec.conformance.analysis.fuzz.report import FuzzReportError, report_lines
from spadespec.conformance.contract.runner.run import UNEXPLAINED

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
        given = set(self.shards)
        return [i for i in range(1, self.count + 1) if i not in given]


MAX_SHARD_BYTES = 256 * MIB
"""The largest shard's report merged: a run writes a progress line (some 300 bytes) a second at
most, so a shard's week of fuzzing writes under 200 MB."""


@dataclass(slots=True)
class _Shard:
    """What a merge keeps of a shard's report: its start line, its differences and its end
    line (None if it did not finish). Progress lines, most of a long run's report, are read
    and checked one at a time and dropped, so a merge's memory does not grow with them."""

    start: dict[str, Any]
    differences: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None


def _read_shard(path: Path) -> _Shard:
    """A shard's report read and checked; a merged report is refused. What is no regular file
    (a folder, a device, a named pipe) or is too large is refused before a byte is read."""
    shard: _Shard | None = None
    try:
        for line in report_lines(path, max_bytes=MAX_SHARD_BYTES, what="shard's report"):
            if shard is None:
                shard = _Shard(line)
                if "merged" in line:
                    shards = ", ".join(map(str, line["merged"]))
                    raise MergeError(f"{path}:1: a merged report (of shards {shards}), not a "
                                     "shard: merge the shards' own reports")  # fmt: skip
            elif shard.end is not None:
                raise MergeError(f"{path}: not one run's report: its end line is not its last line")
            elif line["kind"] == "difference":
                shard.differences.append(line)
            elif line["kind"] == "end":
                shard.end = line
    except FuzzReportError as exc:  # a file that cannot be read among them
        raise MergeError(str(exc)) from None
    assert shard is not None  # report_lines refuses an empty report
    return shard


def shard_games(games: int, index: int, count: int) -> range:
    """The numbers of the games shard `index` of `count` (from 1) plays of a campaign of `games`
    games: the I-th of N runs of them, one after the other."""
    return range((index - 1) * games // count, index * games // count)


def _checked_shard(path: Path, shard: _Shard) -> tuple[int, int]:
    """The shard a report's start line says it is, as (index, count), once its lines agree it
    is one: an index from 1 to a count of at most SHARDS_LIMIT and the campaign's games, and no
    more games, in its end line and its differences, than its share."""
    place = shard.start.get("shard") or {"index": 1, "count": 1}
    index, count = place["index"], place["count"]
    games = shard.start["budget"].get("games")
    most = SHARDS_LIMIT if games is None else min(games, SHARDS_LIMIT)
    if not 1 <= index <= count <= most:
        raise MergeError(
            f"{path}:1: shard {index}/{count} is no shard of a campaign of "
            f"{games or 'a budget of hands, not'} games (an index from 1 to the count, a count "
            f"from 1 to the games and at most {SHARDS_LIMIT})"
        )
    if games is None:
        return index, count
    share = shard_games(games, index, count)
    if shard.end is not None and shard.end["games"] > len(share):
        raise MergeError(
            f"{path}: its end line counts {shard.end['games']} games, where shard "
            f"{index}/{count} of {games} games plays {len(share)}"
        )
    for line in shard.differences:
        if line["game"] not in share:
            raise MergeError(
                f"{path}: a difference in game {line['game']}, where shard {index}/{count} plays "
                f"games {share.start} to {share.stop - 1}"
            )
    return index, count


def difference_key(line: dict[str, Any]) -> str:
    """What a difference is known by across shards: its rule change, or its cause (a line
    written before causes were, by its case)."""
    rule = line.get("rule", UNEXPLAINED)
    if rule != UNEXPLAINED:
        return str(rule)
    if line.get("cause") and not line.get("engine_failed"):
        return f"cause {line['cause']}"
    return str(line.get("case") or line["differences"][:1])


def merge_reports(paths: list[Path]) -> Merged:
    """The shards' reports joined. Raises MergeError for a report that is not a fuzz report or
    belongs to another campaign, or a shard given twice."""
    merged: Merged | None = None
    seen: dict[str, dict[str, Any]] = {}
    totals = {"seconds": 0.0, "games": 0, "hands": 0, "requests": 0}
    ok = True
    for path in paths:
        shard = _read_shard(path)
        start = shard.start
        index, count = _checked_shard(path, shard)
        if merged is None:
            merged = Merged(start, count=count)
        for key in CAMPAIGN:
            if start.get(key) != merged.start.get(key):
                raise MergeError(
                    f"{path}: another campaign: its {key} is {start.get(key)!r}, not "
                    f"{merged.start.get(key)!r} as in {paths[0]}"
                )
        if count != merged.count:
            raise MergeError(f"{path}: a shard of {count}, not of {merged.count}")
        if index in merged.shards:
            raise MergeError(f"{path}: shard {index}/{merged.count} given twice")
        merged.shards.append(index)
        end = shard.end
        if end is None:
            merged.unfinished.append(str(path))
            ok = False
        else:
            ok = ok and bool(end["ok"])
            for key in totals:
                totals[key] += end[key]
        for line in shard.differences:
            key = difference_key(line)
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
