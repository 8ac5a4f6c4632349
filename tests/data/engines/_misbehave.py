"""The reference engine behind the protocol, misbehaving on chosen cases: the shared loop of
the engines in this folder. `--on GLOB` (repeatable) picks the cases by id (default: all)."""

from __future__ import annotations

import argparse
import fnmatch
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from conformance.engines.reference import ReferenceEngine  # noqa: E402
from conformance.engines.serve import wire_answer  # noqa: E402

Misdeed = Callable[[int, dict[str, Any]], None]
"""Given the request's seq and its answer, misbehaves: hangs, exits, writes garbage, ...
or returns None to let the answer go out as it is."""


def send(message: Any) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main(misdeed: Misdeed) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--on", action="append", help="misbehave on cases whose id matches (repeatable)"
    )
    args = parser.parse_args()
    engine = ReferenceEngine()
    for line in sys.stdin:
        message = json.loads(line)
        if message["cmd"] == "stop":
            return
        if message["cmd"] == "start":
            info = engine.start()
            # These engines misbehave on cases; score requests are checked elsewhere.
            info["features"] = [f for f in info["features"] if f != "score"]
            send(info)
            continue
        answer = {"seq": message["seq"], **wire_answer(engine.run(message["case"]))}
        if any(fnmatch.fnmatchcase(message["case"]["id"], g) for g in args.on or ["*"]):
            misdeed(message["seq"], answer)
        send(answer)
