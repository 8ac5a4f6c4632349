"""The reference page listing every illegal-action reason code with what it means."""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from spadespec.docs_gen.enum_docs import member_docstrings


def meaning(member: Any, docs: dict[str, str]) -> str:
    """What a code means: its `description` (codes are declared as value and description),
    else a docstring written under the member."""
    return str(getattr(member, "description", "") or docs.get(member.value, ""))


def reason_codes_page(cases: list[dict[str, Any]] | None = None) -> str | None:
    """The page, or None while the engine has no reason-code module."""
    try:
        module = importlib.import_module("spadespec.reference_engine.reason_codes")
    except ImportError:
        return None
    enum_cls = getattr(module, "ReasonCode", None)
    if enum_cls is None:
        return None
    docs = member_docstrings(enum_cls)
    used: dict[str, list[str]] = {}
    for case in cases or []:
        reason = ((case.get("expect") or {}).get("illegal") or {}).get("reason")
        if reason:
            used.setdefault(reason, []).append(case["id"])
    from spadespec.conformance.contract.suite.reason_codes import NOT_PROBED

    out = [
        # Someone searching for a code should land here first, not on a page that uses it.
        "---",
        "search:",
        "  boost: 3",
        "---",
        "",
        "# Illegal-action reason codes",
        "",
        "When an engine refuses a bid, a pass, a play or a deal, it names the reason with one of "
        "these codes. The conformance suite checks the code as well as the refusal. This page is "
        "generated from `reference_engine/reason_codes.py` and the cases.",
        "",
        inspect.getdoc(module) or "",
        "",
        "| code | meaning |",
        "| --- | --- |",
    ]
    out += [f"| [`{m.value}`](#{m.value}) | {meaning(m, docs)} |" for m in enum_cls]
    out.append("")
    for member in enum_cls:
        ids = used.get(member.value, [])
        out += [f"## `{member.value}` {{#{member.value}}}", "", meaning(member, docs), ""]
        if member.value in NOT_PROBED:
            out += [f"**No probe can reach it.** {NOT_PROBED[member.value]}", ""]
        elif ids:
            shown = ", ".join(f"`{i}`" for i in ids[:3])
            more = f" and {len(ids) - 3} more" if len(ids) > 3 else ""
            out += [f"Checked by {shown}{more}.", ""]
        else:
            out += ["No case checks it yet.", ""]
    return "\n".join(out) + "\n"
