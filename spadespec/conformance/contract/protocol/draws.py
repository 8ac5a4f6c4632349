"""Two players drawing their hands card by card over the protocol (the feature `draws`).

Where two players draw their hands (`table.players: 2`), a deal may lay down the stock, top
card first, `{"action": "deal", "stock": ["7H", "AS", ...]}`, and each turn at it is an action
of its own, `{"action": "draw", "seat": "S", "keep": true}` (false: the top card is thrown out
and the next kept); while a player draws, `to_act` answers the phase `draw` and `legal` answers
`[true, false]`. An engine that plays the draw declares `draws`; one that does not is sent no
case holding a stock, a draw or the phase `draw`: those are not applicable to it, and every
other case, a deal of the two drawn hands among them, is sent as it always was.
"""

from __future__ import annotations

from typing import Any

from spadespec.conformance.contract.protocol.case_search import in_case
from spadespec.conformance.contract.protocol.messages import DRAWS, EngineInfo
from spadespec.conformance.contract.suite.cases import Case

NOT_APPLICABLE = (
    f"the case holds two players drawing from a stock (a stock, a draw action or phase), and "
    f"the engine does not declare {DRAWS}"
)


def declared(info: EngineInfo) -> bool:
    """Whether the engine plays the draw card by card."""
    return DRAWS in info["features"]


def holds_draw(case: Case) -> bool:
    """Whether a draw is anywhere in the case: a stock or a draw action in its log or probe,
    or the phase `draw` in an answer it expects."""
    return in_case(case, _is_draw)


def _is_draw(value: Any) -> bool:
    return isinstance(value, dict) and (
        "stock" in value or value.get("action") == "draw" or value.get("phase") == "draw"
    )


def not_applicable(info: EngineInfo, case: Case) -> str | None:
    """Why the case is not applicable to the engine for want of `draws`, or None."""
    if declared(info) or not holds_draw(case):
        return None
    return NOT_APPLICABLE
