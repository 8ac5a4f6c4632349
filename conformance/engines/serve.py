"""The reference engine speaking the JSON-lines protocol: `spadespec serve`.

A complete engine process in the protocol's terms (docs/protocol.md): it answers `start` with
what the reference engine plays, replays each `run` request's log and answers what it asks,
scores each `score` request's hands, and exits at `stop` or when its input closes. `serve()`
also wraps any in-process engine, so a Python engine gets a protocol front end for free.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from typing import IO, Any

from conformance.protocol.messages import CaseResponse, Engine


def serve(engine: Engine, stdin: IO[str], stdout: IO[str]) -> int:
    """Answer requests from `stdin` on `stdout`, one line each, until `stop`; the exit status."""
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except json.JSONDecodeError as exc:
            # A runner never sends this; say so on stderr and keep the line count in step.
            print(f"serve: not JSON ({exc.msg}): {line[:200]!r}", file=sys.stderr)
            continue
        command = message.get("cmd") if isinstance(message, dict) else None
        if command == "stop":
            break
        if command == "start":
            reply: dict[str, Any] = dict(engine.start())
        elif command == "run":
            reply = _run(engine.run, message)
        elif command == "score":
            reply = _run(getattr(engine, "score", _keeps_no_score), message)
        else:
            print(f"serve: unknown request {line[:200]!r}", file=sys.stderr)
            continue
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
    engine.stop()
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


def wire_answer(response: CaseResponse) -> dict[str, Any]:
    """An in-process response as the protocol's `result`, `skipped` or `errored`."""
    outcome = response["outcome"]
    if outcome == "answered":
        return {"result": response.get("answers", {})}
    if outcome == "skipped":
        return {"skipped": {"reason": response.get("reason", "")}}
    return {"errored": {"message": response.get("message", "")}}


def add_parser(subparsers: Any) -> None:
    """Register `spadespec serve`."""
    parser = subparsers.add_parser(
        "serve",
        help="run the reference engine as a protocol engine on stdin and stdout",
        description=(
            "Run the reference engine as an engine process speaking the JSON-lines protocol "
            "(docs/protocol.md) on stdin and stdout, until `stop` or the end of input. "
            'For instance: spadespec conform --engine "spadespec serve". '
            "`spadespec serve openspiel` serves OpenSpiel's Spades the same way (install "
            "spadespec[openspiel]); `spadespec faults run NAME` serves a named fault. "
            "Exit 0 at the end, 1 a --variant file is not valid, 2 no such file."
        ),
    )
    parser.add_argument(
        "engine",
        nargs="?",
        choices=("reference", "openspiel"),
        default="reference",
        help="the engine to serve: the reference engine (the default) or OpenSpiel's Spades",
    )
    parser.add_argument(
        "--variant", action="append", default=[], metavar="FILE",
        help="the reference engine also declares this variant file's id in `start` "
        "(repeatable); the rules it changes come in each request, from which it configures "
        "itself",
    )  # fmt: skip
    parser.set_defaults(run=lambda args: main(args.engine, args.variant))


def main(engine: str = "reference", files: list[str] | None = None) -> int:
    if engine == "openspiel":
        if files:
            from reference_engine.cli import UsageError

            raise UsageError("--variant declares a variant file for the reference engine only")
        from conformance.adapters.openspiel import main as serve_openspiel

        return serve_openspiel()
    from conformance.engines.reference import ReferenceEngine
    from conformance.suite.variant_files import open_variant_file

    for ref in files or []:
        open_variant_file(ref)
    try:
        return serve(ReferenceEngine(), sys.stdin, sys.stdout)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0


if __name__ == "__main__":
    sys.exit(main())
