"""The witness page: for every rule where a shipped ruleset differs from the base ruleset, a
hand that shows the difference at the table, found by `spadespec diff` and replayed under both."""

from __future__ import annotations

from typing import Any

from spadespec.conformance.fuzz.witness import deal_text, diff_variants, setup_text, value_text

from _gen.rule_names import rule_label
from _gen.variant_data import VariantDoc

BASE = "standard"


def witness_anchor(variant_id: str, path: str) -> str:
    """The anchor of one witness on the page, e.g. `ellington-game_end-target_rule`."""
    return f"{variant_id}-{path.replace('.', '-')}"


def witnesses_page(docs: list[VariantDoc]) -> str:
    """The page as Markdown; links are relative to `rules/witnesses.md`."""
    base = next((d for d in docs if d.id == BASE), docs[0])
    out = [
        "# What each difference does",
        "",
        f"For every rule on which a ruleset differs from [`{base.id}`]({base.id}.md), a short "
        "hand after which something a player sees (whose turn it is, the legal cards, who took "
        "the trick, the score sheet, the game's status) is different under the two. Each was "
        f"found by `spadespec diff {base.id} <ruleset>` and replayed under both rulesets.",
        "",
    ]
    for doc in docs:
        if doc.id == base.id:
            continue
        report = diff_variants(base.resolved, doc.resolved)
        if not report["differences"]:
            continue
        out += [f"## [{doc.resolved.title}]({doc.id}.md)", ""]
        for item in report["differences"]:
            out += _witness(doc.id, base.id, item)
    return "\n".join(out) + "\n"


def _witness(variant_id: str, base_id: str, item: dict[str, Any]) -> list[str]:
    path = item["rule"]
    out = [
        f"### {rule_label(path)} {{ #{witness_anchor(variant_id, path)} }}",
        "",
        f"`{base_id}`: {value_text(item['a'])}; `{variant_id}`: {value_text(item['b'])}.",
        "",
    ]
    witness = item["witness"]
    if witness is None:
        return out + ["No witness was found.", ""]
    moves = [_move(a) for a in witness["actions"] if a["action"] != "deal"]
    start = setup_text(witness["setup"])
    out += [start[0].upper() + start[1:] + ".", ""]
    deal = next((a["hands"] for a in witness["actions"] if a["action"] == "deal"), None)
    if deal is not None and "probe" in witness:
        probe = witness["probe"]
        # The action asked about, taken under one ruleset and refused under the other.
        moves.append(f"then {_move(probe)}?")
    if deal is None:
        # Two rulesets that deal different cards: the witness is a deal one refuses.
        out += [
            f"The deal `{deal_text(witness['probe']['hands'])}`, put before anything else, is "
            f"{_short(witness['a'])} under `{base_id}` and {_short(witness['b'])} under "
            f"`{variant_id}` (checked under {witness['checked']}).",
            "",
        ]
        return out
    out += [
        f"Deal: `{deal_text(deal)}`",
        "",
        "Then: " + (", ".join(moves) if moves else "nothing yet") + ".",
        "",
        f"Afterwards, `{witness['observable']}` under `{base_id}`: `{_short(witness['a'])}`; "
        f"under `{variant_id}`: `{_short(witness['b'])}` (checked under {witness['checked']}).",
        "",
    ]
    return out


def _move(action: dict[str, Any]) -> str:
    if action["action"] == "pass":
        return f"{action['seat']} passes {' '.join(action['cards'])}"
    return f"{action['seat']} {action.get('bid', action.get('card'))}"


def _short(value: Any) -> str:
    import json

    if isinstance(value, list) and value and isinstance(value[0], dict) and "sides" in value[0]:
        sides = value[-1]["sides"]
        return "; ".join(
            f"{s} {line['hand_points']:+d} (made {str(line['made']).lower()}, "
            f"bags {line['bags_added']})"
            for s, line in sides.items()
        )
    if isinstance(value, dict) and "reason" in value and "action" in value:
        return "allowed" if value["reason"] is None else f"refused ({value['reason']})"
    return json.dumps(value)
