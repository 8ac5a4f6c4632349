"""The answers a record says the engine gave during the game, where no figure shows them
(`differed`: at a position of the log, its list of legal actions, an action it refused, or one
it said it would allow),
each checked against the rules at that position, as conform checks the same answers live.

A record that `spadespec conform --own-deals-records` writes for a game that differed in such
an answer (a legal bid refused, a `legal` list short of 12 and 13) carries it here; without it
the record's figures may all be right and the game would show nothing wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.conformance.contract.engines.observables import legal
from spadespec.conformance.contract.runner.grade import compare
from spadespec.reference_engine.actions import action_from_json
from spadespec.reference_engine.errors import IllegalActionError
from spadespec.reference_engine.game import Game

ALLOWED = "allowed"
"""What the rules say of an action they do not refuse."""
REFUSED = "refused"
"""What a record says of an action the engine refused without a reason code."""


@dataclass(frozen=True, slots=True)
class Checked:
    """One answer checked: the observable as a case asks it (`legal`, or `illegal` for a
    refused action), the rules' answer and the engine's, and whether they differ."""

    figure: str
    """`legal`, `refused` or `allowed`."""
    key: str
    """Whose turn it was, or the action refused (`E bid 13`)."""
    expected: Any
    recorded: Any
    differs: bool
    detail: str = ""
    """How a `legal` list differs: what it leaves out and what it adds."""
    case_expect: dict[str, Any] | None = None
    """The observable as a case expects it: `{"legal": [...]}`, `{"illegal": {...}}`."""
    answers: dict[str, Any] | None = None
    """The engine's answer, as the observable it is graded on."""
    checked: tuple[str, ...] = ()
    """The feature it is graded on (`refusal` where the engine gave no reason code)."""


def check_answers(game: Game, entry: dict[str, Any]) -> list[Checked]:
    """The answers of one `differed` entry, checked on `game` at its position."""
    out: list[Checked] = []
    seat = game.to_act.name if game.to_act is not None else "nobody"
    if "legal" in entry:
        rules = legal(game)
        given = list(entry["legal"])
        found = compare({"legal": rules}, {"legal": given})
        detail = found[0].detail if found else ""
        out.append(Checked("legal", seat, rules, given, bool(found), detail, {"legal": rules},
                           {"legal": given}, ("legal",)))  # fmt: skip
    if "refused" in entry:
        action = entry["refused"]["action"]
        said = entry["refused"].get("reason")
        reason = _reason(game, action)
        differs = reason is None or (said is not None and said != reason)
        if said is None:  # refused with no reason code: graded on the refusal alone
            answers: dict[str, Any] = {"refusal": {"refused": True}}
            checked: tuple[str, ...] = ("refusal",)
        else:
            answers, checked = {"illegal": {"action": action, "reason": said}}, ("illegal",)
        expect = {"illegal": {"action": action, "reason": reason}}
        out.append(Checked("refused", action_text(action), reason or ALLOWED, said or REFUSED,
                           differs, "", expect, answers, checked))  # fmt: skip
    if "allowed" in entry:
        action = entry["allowed"]["action"]
        reason = _reason(game, action)
        expect = {"illegal": {"action": action, "reason": reason}}
        allowed = {"illegal": {"action": action, "reason": None}}
        out.append(Checked("allowed", action_text(action), reason or ALLOWED, ALLOWED,
                           reason is not None, "", expect, allowed, ("illegal",)))  # fmt: skip
    return out


def _reason(game: Game, action: Any) -> str | None:
    """The reason code the rules refuse `action` with at this position; None where allowed."""
    try:
        game.verify(action_from_json(action))
    except IllegalActionError as exc:  # an action that cannot be read is refused too
        return str(exc.reason)
    return None


def action_text(action: Any) -> str:
    """An action as a line says it: `E bid 13`, `N play QS`."""
    if not isinstance(action, dict):
        return rule_value_text(action)
    what = action.get("bid", action.get("card", action.get("cards", "")))
    return f"{action.get('seat', '?')} {action.get('action', '?')} {rule_value_text(what)}"
