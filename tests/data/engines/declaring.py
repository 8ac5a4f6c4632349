"""The reference engine (or a named fault of it) behind the protocol, declaring at `start` only
the variants and features it is told, and holding the runner to them: a request for a variant it
did not declare (and that extends none it did, when it declares `house_files`), or asking
anything it did not declare, is answered `errored`, so a test sees the runner overstep.

    declaring.py --variants standard --features score.totals,score.bags [--fault NAME]
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.engines.serve import serve_stdio
from spadespec.conformance.contract.protocol.messages import (
    SCORE,
    CaseRequest,
    CaseResponse,
    EngineInfo,
    ScoreRequest,
)
from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine


class Declaring:
    """An engine answering as `inner` does, within what it declared."""

    def __init__(
        self, inner: ReferenceEngine | FaultyEngine, variants: list[str], features: list[str]
    ) -> None:
        self.inner = inner
        self.variants = variants
        self.features = features

    def start(self) -> EngineInfo:
        info = self.inner.start()
        return {**info, "name": "declaring", "variants": self.variants, "features": self.features}

    def _overstep(self, variant: dict[str, Any], ask: list[str], kind: str) -> str | None:
        ident = variant["id"]
        if ident not in self.variants:
            if "house_files" not in self.features or variant.get("extends") not in self.variants:
                return f"variant {ident!r} was not declared"
        prefix = f"{SCORE}." if kind == SCORE else ""
        undeclared = [key for key in ask if prefix + key not in self.features]
        if kind == SCORE and SCORE in self.features:
            undeclared = []
        if undeclared:
            return f"asked {', '.join(undeclared)}, not declared"
        return None

    def run(self, request: CaseRequest) -> CaseResponse:
        wrong = self._overstep(dict(request["variant"]), request["ask"], "run")
        if wrong:
            return {"outcome": "errored", "message": wrong}
        return self.inner.run(request)

    def score(self, request: ScoreRequest) -> CaseResponse:
        wrong = self._overstep(dict(request["variant"]), request["ask"], SCORE)
        if wrong:
            return {"outcome": "errored", "message": wrong}
        return self.inner.score(request)

    def stop(self) -> None:
        self.inner.stop()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--variants", default="standard")
    parser.add_argument("--features", default=SCORE)
    parser.add_argument("--fault", help="a named fault in place of the reference engine")
    args = parser.parse_args()
    inner = FaultyEngine(FAULTS[args.fault]) if args.fault else ReferenceEngine()
    engine = Declaring(inner, args.variants.split(","), args.features.split(","))
    return serve_stdio(engine)


if __name__ == "__main__":
    sys.exit(main())
