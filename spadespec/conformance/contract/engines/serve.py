"""The reference engine speaking the JSON-lines protocol (`spadespec serve`, whose command line
is in `conformance/machinery/adapters/cli.py`).

A complete engine process in the protocol's terms (docs/protocol.md): it answers `start` with
what the reference engine plays, replays each `run` request's log and answers what it asks,
scores each `score` request's hands, and exits at `stop` or when its input closes. `serve()`
also wraps any in-process engine, so a Python engine gets a protocol front end for free, a
`deal` request included for one that deals its own cards.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from typing import IO, Any

from spadespec.command_kit.input_files import parse_json
from spadespec.conformance.contract.protocol.json_line import json_line
from spadespec.conformance.contract.protocol.messages import (
    PIPELINED,
    CaseResponse,
    Dealer,
    Engine,
    ScoreKeeper,
)


def serve(engine: Engine, stdin: IO[str], stdout: IO[str]) -> int:
    """Answer requests from `stdin` on `stdout`, one line each, until `stop`; the exit status.
    Answers are written as UTF-8 whatever the locale, to the stream's bytes when it has them."""
    raw: IO[bytes] | None = getattr(stdout, "buffer", None)
    score = engine.score if isinstance(engine, ScoreKeeper) else _keeps_no_score
    deal = engine.deal if isinstance(engine, Dealer) else _deals_not
    if raw is not None:
        stdout.flush()
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = parse_json(line)
        except json.JSONDecodeError as exc:
            # A runner never sends this; say so on stderr and keep the line count in step.
            print(f"serve: not JSON ({exc.msg}): {line[:200]!r}", file=sys.stderr)
            continue
        command = message.get("cmd") if isinstance(message, dict) else None
        if command == "stop":
            break
        if command == "start":
            reply: dict[str, Any] = dict(engine.start())
            # This loop answers one line after another, whatever waits behind it.
            if PIPELINED not in reply["features"]:
                reply["features"] = [*reply["features"], PIPELINED]
        elif command == "run":
            reply = _run(engine.run, message)
        elif command == "score":
            reply = _run(score, message)
        elif command == "deal":
            reply = _run(deal, message)
        else:
            print(f"serve: unknown request {line[:200]!r}", file=sys.stderr)
            continue
        if raw is not None:
            raw.write(json_line(reply))
            raw.flush()
        else:
            stdout.write(json_line(reply).decode())
            stdout.flush()
    engine.stop()
    return 0


def serve_stdio(engine: Engine) -> int:
    """`serve` on this process's stdin and stdout, as an engine process: a closed pipe or an
    interrupt ends it quietly, with status 0."""
    try:
        return serve(engine, sys.stdin, sys.stdout)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0


def _run(answer: Callable[[Any], CaseResponse], message: dict[str, Any]) -> dict[str, Any]:
    seq = message.get("seq")
    try:
        response = answer(message["case"])
    except Exception as exc:  # the engine's failure is this case's error, not the process's end
        return {
            "seq": seq,
            "errored": {
                "message": f"{type(exc).__name__}: {exc}",
                "context": traceback.format_exc(),
            },
        }
    return {"seq": seq, **wire_answer(response)}


def _keeps_no_score(request: Any) -> CaseResponse:
    # Sent only to an engine declaring `score`; one that does without `score()` says so.
    return {"outcome": "errored", "message": "this engine declares score but has no score()"}


def _deals_not(request: Any) -> CaseResponse:
    # Sent only to an engine declaring `deals`; one that does without `deal()` says so.
    return {"outcome": "errored", "message": "this engine declares deals but has no deal()"}


def wire_answer(response: CaseResponse) -> dict[str, Any]:
    """An in-process response as the protocol's `result`, `skipped` or `errored`."""
    outcome = response["outcome"]
    if outcome == "answered":
        return {"result": response.get("answers", {})}
    if outcome == "skipped":
        return {"skipped": {"reason": response.get("reason", "")}}
    return {"errored": {"message": response.get("message", "")}}
