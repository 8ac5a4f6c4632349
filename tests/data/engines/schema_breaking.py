"""An engine whose answers are JSON but not the protocol: on a chosen case the result comes
with a `skipped` beside it, and its bags are written as text."""

from _misbehave import main


def break_schema(seq: int, answer: dict) -> None:
    answer["skipped"] = {"reason": "both at once"}
    answer.setdefault("result", {})["bags"] = {"NS": "0", "EW": "0"}


main(break_schema)
