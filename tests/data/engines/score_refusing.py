"""The example score keeper, refusing every score request of two hands or more (it errs, as a
score pad that cannot score a whole game would): fuzz must report that as a difference, with
a case expecting every figure, not stop with a traceback."""

import sys
from typing import Any

from _example_keeper import example_keeper

score_keeper = example_keeper()

_answer = score_keeper.answer


def answer(request: dict[str, Any], game_end: bool = True) -> dict[str, Any]:
    if len(request["case"]["hands"]) >= 2:
        return {"errored": {"message": "this keeper scores one hand at a time"}}
    result: dict[str, Any] = _answer(request, game_end)
    return result


score_keeper.answer = answer
sys.exit(score_keeper.main())
