"""The example score keeper as a score pad that never says the game is over, yet declares every
figure (`score`): its status is always "continues" and it always names the next dealer. A run
must end within its games and name the missing end of game (`game_end.target=none`), not shrink
and write the same game again and again."""

import sys
from typing import Any

from _example_keeper import example_keeper

score_keeper = example_keeper()

_keep_score = score_keeper.keep_score


def keep_score(setup: dict[str, Any], hands: list[dict[str, Any]],
               game_end: bool = True) -> dict[str, Any]:  # fmt: skip
    """Every figure, scored as a pad with no end of game scores them."""
    figures: dict[str, Any] = _keep_score(setup, hands, False)
    return figures


score_keeper.keep_score = keep_score
sys.exit(score_keeper.main())
