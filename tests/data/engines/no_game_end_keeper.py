"""The example score keeper as a score pad that never says the game is over, yet declares every
figure (`score`): its status is always "continues" and it always names the next dealer. A run
must end within its games and name the missing end of game (`game_end.target=none`), not shrink
and write the same game again and again."""

import importlib.util
import sys
from pathlib import Path
from typing import Any

_EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "score-keeper" / "score_keeper.py"
_spec = importlib.util.spec_from_file_location("score_keeper", _EXAMPLE)
assert _spec is not None and _spec.loader is not None
score_keeper = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score_keeper)

_keep_score = score_keeper.keep_score


def answer(request: dict[str, Any], game_end: bool = True) -> dict[str, Any]:
    """Every figure asked, scored as a pad with no end of game scores them."""
    case = request["case"]
    if case["variant"]["id"] != "standard" or case["variant"].get("options"):
        return {"skipped": {"reason": "this score keeper keeps standard, with no table options"}}
    try:
        figures = _keep_score(case["setup"], case["hands"], False)
    except (KeyError, TypeError, ValueError) as exc:
        return {"errored": {"message": f"cannot score these hands: {exc!r}"}}
    return {"result": {key: figures[key] for key in case["ask"]}}


score_keeper.answer = answer
sys.exit(score_keeper.main())
