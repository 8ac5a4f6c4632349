"""The diff as a person reads it (`render_text`): each differing rule, its two values and its
witness, the starting position, the deal and the actions in the short forms of a log."""

from __future__ import annotations

import json
from typing import Any

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.command_kit.tables import fit_text


def render_text(report: dict[str, Any]) -> str:
    """The diff as a person reads it."""
    a, b = report["a"]["id"], report["b"]["id"]
    lines = [f"{a} and {b} differ on {len(report['differences'])} rule(s)."]
    for item in report["differences"]:
        lines += [
            "",
            f"{item['rule']}: {a} {rule_value_text(item['a'])}, {b} {rule_value_text(item['b'])}",
        ]
        witness = item["witness"]
        if witness is None:
            lines.append("  no witness found")
            continue
        lines.append(f"  {setup_text(witness['setup'])}")
        for action in witness["actions"]:
            if action["action"] == "deal":
                lines.append(f"  deal {deal_text(action['hands'])}")
        moves = [_short(x) for x in witness["actions"] if x["action"] != "deal"]
        for start in range(0, len(moves), 12):
            lines.append("  " + " ".join(moves[start : start + 12]))
        if "probe" in witness:
            lines.append(f"  then {_probe_text(witness['probe'])}")
        # Each ruleset's answer wrapped to the output's width, under the other's.
        under = "  " + " " * (len(witness["observable"]) + 6)
        first = f"then {witness['observable']}: {a} {_brief(witness['a'])}"
        lines += fit_text(first, "  ", hang=" " * (len(under) - 2 + len(a) + 1))
        lines += fit_text(f"{b} {_brief(witness['b'])}", under, hang=" " * (len(b) + 1))
        lines.append(f"  (replayed under {witness['checked']})")
    return "\n".join(lines)


def setup_text(setup: dict[str, Any]) -> str:
    """A witness's starting position in words: dealer, totals, bags, hands already played."""
    parts = [f"dealer {setup['dealer']}"]
    for key, word in (("scores", "totals"), ("bags", "bags")):
        if key in setup:
            parts.append(f"{word} " + " ".join(f"{s} {v}" for s, v in setup[key].items()))
    if setup.get("hands_played"):
        parts.append(f"{setup['hands_played']} hands played")
    return ", ".join(parts)


def deal_text(hands: Any) -> str:
    """A deal as a log writes it: PBN, or each seat's cards."""
    if isinstance(hands, str):
        return hands
    return " ".join(f"{seat}:{','.join(cards)}" for seat, cards in hands.items())


def _probe_text(action: dict[str, Any]) -> str:
    """The action a witness asks about, as a person says it."""
    if action["action"] == "deal":
        return f"the deal {deal_text(action['hands'])}"
    return _short(action)


def _short(action: dict[str, Any]) -> str:
    if action["action"] == "bid":
        return f"{action['seat']}:{action['bid']}"
    if action["action"] == "pass":
        return f"{action['seat']}:pass({','.join(action['cards'])})"
    if action["action"] == "redeal":
        return f"{action['seat']}:{'redeal' if action['call'] else 'keep'}"
    return f"{action['seat']}:{action['card']}"


def _brief(value: Any) -> str:
    if isinstance(value, list) and value and isinstance(value[0], dict) and "sides" in value[0]:
        sides = value[-1]["sides"]
        return "; ".join(
            f"{s} " + ", ".join(f"{k} {v}" for k, v in line.items() if k not in ("side", "nils"))
            for s, line in sides.items()
        )
    if isinstance(value, dict) and "reason" in value and "action" in value:
        return "allowed" if value["reason"] is None else f"refused ({value['reason']})"
    return json.dumps(value)
