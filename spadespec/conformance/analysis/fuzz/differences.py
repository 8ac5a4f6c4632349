"""How an engine's answers differ from the reference's: to the letter where they agree (the usual
case, and cheap), in words where they do not (`spadespec.conformance.contract.runner.grade`); a
difference that is the engine giving no answer at all told apart from one a rule may explain."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson

from spadespec.conformance.contract.protocol.messages import CaseResponse
from spadespec.conformance.contract.runner.grade import compare

NO_ANSWER = "the engine could not answer"
"""How a difference begins where the engine gave no answer at all (it exited, hung, wrote
what is not an answer)."""


REFUSED = "the engine refused the log"
"""How a difference begins where the engine answered that it cannot replay the log (an
`errored` answer of its own): a difference like any other, which a rule may explain."""


def engine_failed(found: Sequence[str]) -> bool:
    """Whether a difference is the engine giving no answer: a failure of the engine, which no
    rule of the game explains, so it is not diagnosed as one."""
    return bool(found) and found[0].startswith(NO_ANSWER)


def differences(expected: dict[str, Any], response: CaseResponse) -> list[str]:
    """How the engine's response differs from the reference's answers; [] when it agrees or
    declined (`skipped`: nothing to compare, counted by the asker)."""
    outcome = response["outcome"]
    if outcome == "skipped":
        return []
    if outcome == "errored" and response.get("failed"):
        return [f"{NO_ANSWER}: {response.get('message', '')}"]
    if outcome == "errored":
        return [f"{REFUSED}: {response.get('message', '')}"]
    answers = response.get("answers", {})
    if agrees(expected, answers):
        return []
    return [str(d) for d in compare(expected, answers)]


def agrees(wanted: Any, got: Any) -> bool:
    """Whether the answers are the reference's to the letter: every key it gives (others may
    be added), lists in its order, and each value of the same JSON type (`true` is not `1`).
    Answers that agree this way are the same under `compare`, which is only needed, at many
    times the cost, to say what differs or to allow another order of the legal actions."""
    return _written_alike(wanted, got) or _agrees(wanted, got)


def _written_alike(wanted: Any, got: Any) -> bool:
    """The usual case at a fraction of `_agrees`' cost: equal, and written as the same JSON
    text, keys in the same order. Equal alone would let `1.0` or `true` stand for `1`; the
    same text alone would let a float that is not a number stand for `null`."""
    try:
        return bool(wanted == got) and orjson.dumps(wanted) == orjson.dumps(got)
    except TypeError:  # an integer beyond 64 bits: compared the long way
        return False


def _agrees(wanted: Any, got: Any) -> bool:
    kind = type(wanted)
    if kind is dict:
        if type(got) is not dict:
            return False
        for key, value in wanted.items():
            if key not in got or not _agrees(value, got[key]):
                return False
        return True
    if kind is list:
        return type(got) is list and len(got) == len(wanted) and all(map(_agrees, wanted, got))
    return type(got) is kind and got == wanted
