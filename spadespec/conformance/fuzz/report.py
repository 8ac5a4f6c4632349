"""A fuzz run's JSON-lines report (`spadespec fuzz --report FILE`), written a line at a time:

    {"kind": "start", "run": "fuzz", ...}   the engine, the variant, the seed, the command
    {"kind": "difference", ...}             one per difference found, as soon as it is written
    {"kind": "end", "run": "fuzz", ...}     the counts, when the run got to the end

The lines follow `schema/fuzz-report.schema.json`; a run stopped early keeps every line
already written (the file is flushed line by line, as `conform`'s report is).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spadespec.conformance.protocol.messages import PROTOCOL_VERSION, EngineInfo
from spadespec.conformance.report.jsonl import REPORT_FORMAT, ReportWriter, now

RUN = "fuzz"


class FuzzReport:
    """The report file of one fuzz run."""

    def __init__(self, path: Path) -> None:
        self._writer = ReportWriter(path)
        self.path = path

    def start(self, *, engine_command: str, engine: EngineInfo | None, variant: str,
              options: dict[str, Any], seed: int, command: str, budget: dict[str, int],
              error: str = "", shard: dict[str, int] | None = None) -> None:  # fmt: skip
        line: dict[str, Any] = {
            "kind": "start",
            "run": RUN,
            "report_format": REPORT_FORMAT,
            "protocol": PROTOCOL_VERSION,
            "started": now(),
            "engine_command": engine_command,
            "engine": dict(engine) if engine is not None else None,
            "variant": variant,
            "options": dict(options),
            "seed": seed,
            "budget": budget,
            "command": command,
        }
        if shard is not None:
            line["shard"] = shard
        if error:
            line["engine_error"] = error
        self._writer.line(line)

    def line(self, line: dict[str, Any]) -> None:
        """A line as it is (a merged report's start line)."""
        self._writer.line(line)

    def difference(self, line: dict[str, Any]) -> None:
        self._writer.line({"kind": "difference", **line})

    def end(self, *, seconds: float, games: int, hands: int, requests: int, differences: int,
            ok: bool) -> None:  # fmt: skip
        self._writer.line(
            {
                "kind": "end",
                "run": RUN,
                "finished": now(),
                "seconds": round(seconds, 3),
                "ok": ok,
                "games": games,
                "hands": hands,
                "requests": requests,
                "differences": differences,
            }
        )

    def close(self) -> None:
        self._writer.close()
