"""The example score keeper, refusing every score request of two hands or more (it errs, as a
score pad that cannot score a whole game would): fuzz must report that as a difference, with
a case expecting every figure, not stop with a traceback."""

import importlib.util
import sys
from pathlib import Path
from typing import Any

_EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "score-keeper" / "score_keeper.py"
_spec = importlib.util.spec_from_file_location("score_keeper", _EXAMPLE)
assert _spec is not None and _spec.loader is not None
score_keeper = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score_keeper)

_answer = score_keeper.answer


def answer(request: dict[str, Any], game_end: bool = True) -> dict[str, Any]:
    if len(request["case"]["hands"]) >= 2:
        return {"errored": {"message": "this keeper scores one hand at a time"}}
    result: dict[str, Any] = _answer(request, game_end)
    return result


score_keeper.answer = answer
sys.exit(score_keeper.main())
