"""The reference engine behind the protocol, misbehaving on chosen cases: the shared loop of
the engines in this folder. `--on GLOB` (repeatable) picks the cases by id (default: all);
`--pid-file FILE` has the process write its id there first (`--pid-dir DIR`: a file named by
it in DIR), so a test can tell whether the runner left it running; `--from-request N` holds the
misdeed back until the N-th request; `--pipelined` declares that feature (requests may come
before the answers to earlier ones, which this loop reads in turn)."""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.engines.serve import wire_answer

Misdeed = Callable[[int, dict[str, Any]], None]
"""Given the request's seq and its answer, misbehaves: hangs, exits, writes garbage, ...
or returns None to let the answer go out as it is."""

After = Callable[[int], str]
"""Given the request's seq, what to write right behind its answer, in the same write."""


def send(message: Any, then: str = "") -> None:
    sys.stdout.write(json.dumps(message) + "\n" + then)
    sys.stdout.flush()


def main(
    misdeed: Misdeed | None = None,
    *,
    after: After | None = None,
    at_start: Callable[[], None] | None = None,
) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--on", action="append", help="misbehave on cases whose id matches (repeatable)"
    )
    parser.add_argument("--pid-file", help="write the process id here first")
    parser.add_argument(
        "--pid-dir",
        help="make a file named by the process id in this folder first (for runs "
        "that start several engines)",
    )
    parser.add_argument(
        "--from-request",
        type=int,
        default=1,
        metavar="N",
        help="misbehave only from the N-th request on (its seq), so mid-game under fuzz",
    )
    parser.add_argument("--pipelined", action="store_true", help="declare the feature")
    args, _ = parser.parse_known_args()
    if args.pid_file:
        Path(args.pid_file).write_text(str(os.getpid()))
    if args.pid_dir:
        (Path(args.pid_dir) / str(os.getpid())).touch()
    engine = ReferenceEngine()
    for line in sys.stdin:
        message = json.loads(line)
        if message["cmd"] == "stop":
            return
        if message["cmd"] == "start":
            if at_start is not None:
                at_start()
            info = engine.start()
            # These engines misbehave on cases; score requests are checked elsewhere.
            info["features"] = [f for f in info["features"] if f != "score"]
            if args.pipelined:
                info["features"].append("pipelined")
            send(info)
            continue
        answer = {"seq": message["seq"], **wire_answer(engine.run(message["case"]))}
        chosen = message["seq"] >= args.from_request and any(
            fnmatch.fnmatchcase(message["case"]["id"], g) for g in args.on or ["*"]
        )
        if chosen and misdeed is not None:
            misdeed(message["seq"], answer)
        send(answer, after(message["seq"]) if chosen and after is not None else "")
