"""An audit run: records read one at a time, each read, its variant loaded (once per variant and
options) and its game audited; the counts kept as it goes, so nothing grows with the stream but
the few problems the diagnosis samples."""

from __future__ import annotations

import json
from collections import Counter, OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spadespec.conformance.analysis.audit.diagnose import Diagnosed, Sample
from spadespec.conformance.analysis.audit.record import (
    GameRecord,
    RecordError,
    VariantRef,
    read_record,
)
from spadespec.conformance.analysis.audit.replay import VERDICTS, GameAudit, audit_game
from spadespec.conformance.analysis.audit.stream import RawRecord
from spadespec.conformance.analysis.audit.variant_folder import OutsideFolder, allowed_path
from spadespec.reference_engine.variant import ResolvedVariant, VariantError, load_variant

VARIANTS_KEPT = 32
"""Loaded variants kept for the records that follow (by reference and options)."""


@dataclass(slots=True)
class GameResult:
    """One record's audit, with where it was read."""

    raw: RawRecord
    record: GameRecord | None
    audit: GameAudit

    @property
    def verdict(self) -> str:
        return self.audit.verdict

    @property
    def variant(self) -> str:
        return self.record.variant.name if self.record is not None else ""

    def problems(self) -> list[str]:
        """Every problem found, as a person reads it, in game order."""
        audit = self.audit
        if audit.unreadable is not None:
            return [audit.unreadable]
        if audit.verdict == "not-checked":
            return ["not checked: the record gives no figure to compare, so nothing the engine "
                    "worked out was checked (its actions were replayed, all legal)"]  # fmt: skip
        lines = [str(d) for d in audit.differences]
        if audit.illegal is not None:
            lines.append(f"illegal: {audit.illegal}")
            if audit.unchecked_actions:
                lines.append(f"{audit.unchecked_actions} actions after it not replayed")
        return lines

    def rules(self) -> list[str]:
        """The clauses of the problems, one each, in game order."""
        audit = self.audit
        if audit.unreadable is not None:
            return ["record"]
        found = [d.rule for d in audit.differences]
        if audit.illegal is not None:
            found.append(audit.illegal.rule)
        return list(dict.fromkeys(found))

    def to_json(self) -> dict[str, Any]:
        audit = self.audit
        out: dict[str, Any] = {"kind": "game", "file": self.raw.file, "line": self.raw.line}
        if self.record is not None:
            out["variant"] = self.record.variant.to_json()
            if self.record.meta is not None:
                out["meta"] = self.record.meta
        out.update(
            verdict=audit.verdict, hands=audit.hands, actions=audit.actions, figures=audit.figures,
            compared=dict(audit.compared),
        )  # fmt: skip
        if audit.unreadable is not None:
            out["problem"] = audit.unreadable
            if self.raw.truncated:
                out["truncated"] = True
        if audit.illegal is not None:
            out["illegal"] = audit.illegal.to_json()
            out["unchecked_actions"] = audit.unchecked_actions
        if audit.differences:
            out["differences"] = [d.to_json() for d in audit.differences]
        return out


@dataclass(slots=True)
class Totals:
    """What the run has checked and found so far."""

    games: int = 0
    hands: int = 0
    actions: int = 0
    figures: int = 0
    compared: Counter[str] = field(default_factory=Counter)
    """Figures compared by kind (`totals`, `legal`, ...), all games together."""
    verdicts: Counter[str] = field(default_factory=Counter)
    by_rule: Counter[str] = field(default_factory=Counter)
    """Clause -> games with a problem under it."""
    diagnosed: Diagnosed | None = None

    @property
    def ok(self) -> bool:
        """Every game checked, and right: a game with no figure to compare fails the run as a
        wrong one does, since nothing the engine worked out was checked."""
        return self.games > 0 and self.verdicts["ok"] == self.games

    @property
    def not_checked(self) -> int:
        return self.verdicts["not-checked"]

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.hands += result.audit.hands
        self.actions += result.audit.actions
        self.figures += result.audit.figures
        self.compared.update(result.audit.compared)
        self.verdicts[result.verdict] += 1
        if result.verdict not in ("ok", "not-checked"):
            self.by_rule.update(result.rules())

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": "end", "ok": self.ok, "games": self.games, "hands": self.hands,
            "actions": self.actions, "figures": self.figures, "compared": dict(self.compared),
            "verdicts": {v: self.verdicts[v] for v in VERDICTS},
            "by_rule": dict(self.by_rule.most_common()),
        }  # fmt: skip
        if self.diagnosed is not None:
            out["diagnosed"] = self.diagnosed.by_rule()
        return out


class Auditor:
    """Audits records one at a time, keeping the counts and the diagnosis's sample."""

    def __init__(self, *, diagnose: bool = True, variants_from: Path | None = None) -> None:
        self.totals = Totals()
        self.variants_from = variants_from
        """The folder records' variant files are read under (None: each records file's own)."""
        self.sample = Sample() if diagnose else None
        self._variants: OrderedDict[str, ResolvedVariant | str] = OrderedDict()

    def audit(self, raws: Iterable[RawRecord]) -> Iterator[GameResult]:
        for raw in raws:
            result = self.audit_one(raw)
            self.totals.add(result)
            yield result

    def audit_one(self, raw: RawRecord) -> GameResult:
        if raw.problem is not None:
            return GameResult(raw, None, GameAudit(unreadable=raw.problem))
        try:
            record = read_record(raw.data)
        except RecordError as exc:
            return GameResult(raw, None, GameAudit(unreadable=str(exc)))
        ref = record.variant
        if ref.id is not None:
            path = ref.id
        else:
            try:
                path = str(allowed_path(str(ref.file), self.variants_from or raw.folder))
            except OutsideFolder as exc:
                return GameResult(raw, record, GameAudit(unreadable=f"$.variant.file: {exc}"))
        variant = self._variant(ref, path)
        if isinstance(variant, str):
            return GameResult(raw, record, GameAudit(unreadable=variant))
        sink = None
        if self.sample is not None:
            if ref.id is not None:
                sink = self.sample.for_game(raw.where, ref.id, ref.options)
            else:
                sink = self.sample.for_file(raw.where, path, ref.options)
        return GameResult(raw, record, audit_game(record, variant, sink))

    def _variant(self, ref: VariantRef, path: str) -> ResolvedVariant | str:
        """The variant a record names, a shipped id or the file at `path`, loaded; or why it
        cannot be (a message naming the field)."""
        key = json.dumps([path, ref.options], sort_keys=True)
        found = self._variants.get(key)
        if found is None:
            try:
                found = load_variant(path, ref.options)
            except VariantError as exc:
                field = "$.variant.id" if ref.id is not None else "$.variant.file"
                found = f"{field}: {_first_line(str(exc))}"
            self._variants[key] = found
            if len(self._variants) > VARIANTS_KEPT:
                self._variants.popitem(last=False)
        return found

    def finish(self) -> Totals:
        """The counts, with the diagnosis of the sampled problems."""
        if self.sample is not None:
            self.totals.diagnosed = self.sample.diagnose()
        return self.totals


def _first_line(text: str) -> str:
    lines = text.strip().splitlines()
    return " ".join(lines[:3]) if lines else text
