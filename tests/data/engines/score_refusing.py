"""The example score keeper, refusing every score request of two hands or more (it errs, as a
score pad that cannot score a whole game would): fuzz must report that as a difference, with
a case expecting every figure, not stop with a traceback."""

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "examples" / "score-keeper"))
import score_keeper  # noqa: E402  (found through the path just added)

_answer = score_keeper.answer


def answer(request: dict[str, Any], game_end: bool = True) -> dict[str, Any]:
    if len(request["case"]["hands"]) >= 2:
        return {"errored": {"message": "this keeper scores one hand at a time"}}
    return _answer(request, game_end)


score_keeper.answer = answer
sys.exit(score_keeper.main())
