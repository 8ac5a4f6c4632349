"""Worked examples on a variant's page: its golden cases that score hands, each scored again by
the engine while the site is built, with any erratum beside what the source printed."""

from __future__ import annotations

import logging
from typing import Any

from spadespec.docs_gen.cards import SEAT_NAMES, side_name
from spadespec.docs_gen.hand_diagram import hand_figure
from spadespec.docs_gen.hand_record import HandRecord, replay_hands
from spadespec.docs_gen.variant_data import VariantDoc, reading_after_title

log = logging.getLogger("mkdocs.plugins.spadespec")

# The rows of the itemised score sheet: (label, how to read it from a side's score).
_ITEMS: tuple[tuple[str, Any], ...] = (
    ("contract (sum of numeric bids)", lambda s: s["contract"]),
    ("tricks counted toward it", lambda s: s["tricks"]),
    ("contract made", lambda s: "yes" if s["made"] else "no (set)"),
    ("contract points", lambda s: f"{s['contract_points']:+d}"),
    ("overtricks", lambda s: s["overtricks"]),
    ("overtrick points", lambda s: f"{s['overtrick_points']:+d}"),
    (
        "nil",
        lambda s: (
            "; ".join(
                f"{SEAT_NAMES.get(n['seat'], n['seat'])}"
                f"{' (blind)' if n.get('blind') else ''} took {n['tricks']}: "
                f"{'made' if n['made'] else 'failed'}, {n['points']:+d}"
                for n in s["nils"]
            )
            or "–"
        ),
    ),
    (
        "bags before → added → after",
        lambda s: f"{s.get('bags_before', '?')} → {s['bags_added']} → {s['bags_after']}",
    ),
    ("bag penalty", lambda s: f"{-s['bag_penalty']:+d}" if s["bag_penalty"] else "0"),
    ("points this hand", lambda s: f"**{s['hand_points']:+d}**"),
    ("score before → after", lambda s: f"{s['score_before']} → **{s['score_after']}**"),
)


def load_cases() -> list[Any]:
    """Every golden case, or none while the suite or its loader is not there yet."""
    try:
        from spadespec.conformance.contract.suite.cases import CaseError
        from spadespec.docs_gen.shipped_suite import shipped_suite
    except ImportError:
        return []
    try:
        return list(shipped_suite())
    except CaseError as exc:
        log.warning("golden cases could not be loaded, so no worked examples: %s", exc)
        return []


def example_cases(doc: VariantDoc, cases: list[Any]) -> list[Any]:
    """This variant's cases that score at least one hand, the sources' own examples first.

    Recorded games run to a dozen hands each; one of them shows what a whole game looks like,
    the rest stay in the suite.
    """
    mine = [
        c for c in cases if c.variant == doc.id and (c.expect.get("hands") or c.status == "erratum")
    ]
    recorded = [c for c in mine if c.origin.get("kind") == "recorded"]
    mine = [c for c in mine if c.origin.get("kind") != "recorded"] + sorted(
        recorded, key=lambda c: c.id
    )[:1]
    return sorted(mine, key=lambda c: (c.origin.get("kind") != "source", c.id))


def _heading(case: Any) -> str:
    """A short name for a case, read from its id (`standard.scoring.nil-made-and-nil-failed`:
    "Nil made and nil failed"); its description, in full, is the paragraph under it."""
    parts = case.id.split(".")[1:]
    name = ", ".join(p.replace("-", " ") for p in (parts[1:] or parts))
    return name[:1].upper() + name[1:]


def _sheet(hand: dict[str, Any]) -> str:
    seats = [s for s in SEAT_NAMES if s in hand["bids"] or s in hand["tricks"]]
    bids = " · ".join(f"{SEAT_NAMES[s]} {hand['bids'].get(s, '–')}" for s in seats)
    tricks = " · ".join(f"{SEAT_NAMES[s]} {hand['tricks'].get(s, '–')}" for s in seats)
    sides = list(hand["sides"])
    rows = [
        f"Bids: {bids}. Tricks taken: {tricks}.",
        "",
        "| item | " + " | ".join(side_name(side) for side in sides) + " |",
        "| --- |" + " ---: |" * len(sides),
    ]
    for label, read in _ITEMS:
        rows.append(f"| {label} | " + " | ".join(str(read(hand["sides"][s])) for s in sides) + " |")
    return "\n".join(rows) + "\n"


def _result_line(hands: list[dict[str, Any]]) -> str:
    """What the engine scores, in one line: each side's points for the hand and its new total,
    or for a game of several hands the totals it ends on."""
    last = hands[-1]["sides"]
    if len(hands) > 1:
        ends = " · ".join(f"{side_name(s)} **{v['score_after']}**" for s, v in last.items())
        return f"The engine scores {len(hands)} hands, ending at {ends}."
    parts = " · ".join(
        f"{side_name(s)} **{v['hand_points']:+d}** ({v['score_before']} → {v['score_after']})"
        for s, v in last.items()
    )
    return f"The engine scores it: {parts}."


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, inner in value.items():
            out.update(_flatten(inner, f"{prefix}.{key}" if prefix else str(key)))
        return out
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        out = {}
        for index, inner in enumerate(value):
            out.update(_flatten(inner, f"{prefix}[{index}]"))
        return out
    return {prefix: value}


def _engine_view(case: Any, doc: VariantDoc) -> tuple[dict[str, Any], list[HandRecord]]:
    """What the engine answers for the case's log: its hands' scores, totals and bags."""
    from spadespec.reference_engine.variant import load_variant

    variant = load_variant(case.variant, dict(case.options)) if case.options else doc.resolved
    hands = replay_hands(variant, case.setup, case.actions)
    scored = [h.score for h in hands if h.score is not None]
    view: dict[str, Any] = {"hands": [s.to_json() for s in scored]}
    if scored:
        last = scored[-1].sides
        view["totals"] = {side: last[side].score_after for side in last}
        view["bags"] = {side: last[side].bags_after for side in last}
    return view, hands


def _origin_line(doc: VariantDoc, case: Any) -> str:
    origin = case.origin
    kind = origin.get("kind")
    if kind == "source":
        src = doc.sources.get(origin.get("source", ""))
        title = src.title if src else origin.get("source", "")
        section = origin.get("section", "")
        return (
            f"A worked example printed in *{title}*{reading_after_title(src)}, section “{section}”."
        )
    if kind == "derived":
        return f"Worked out by hand from the rule `{origin.get('clause', '')}`."
    if kind == "ruleset":
        return f"From the published ruleset *{origin.get('name', '')}*."
    return f"A game the reference engine recorded (seed {origin.get('seed', '?')})."


def _erratum(case: Any, engine: dict[str, Any]) -> str:
    printed = _flatten(case.source_expect or {})
    computed = _flatten(engine)
    rows = ["| item | the source printed | the rules give |", "| --- | ---: | ---: |"]
    for path, value in printed.items():
        rows.append(f"| `{path}` | {value} | {computed.get(path, '(not computed)')} |")
    body = "\n".join("    " + line for line in rows)
    reason = case.erratum_reason or ""
    return f'!!! warning "Erratum: the source\'s own figure is wrong"\n\n    {reason}\n\n{body}\n'


def example_block(doc: VariantDoc, case: Any) -> str:
    """One worked example: where it comes from, the hand if the log deals one, the score sheet."""
    engine, hands = _engine_view(case, doc)
    computed = _flatten(engine)
    mismatch = [
        path
        for path, want in _flatten(
            {k: case.expect[k] for k in ("hands", "totals", "bags") if k in case.expect}
        ).items()
        if computed.get(path) != want
    ]
    if mismatch:
        log.warning(
            "case %s: the engine's score differs from the case at %s",
            case.id,
            ", ".join(mismatch[:5]),
        )
    out = [
        f"### {_heading(case)} {{#case-{case.id.replace('.', '-')}}}",
        "",
        case.description,
        "",
        f"{_origin_line(doc, case)} Case `{case.id}` ({case.level}).",
        "",
    ]
    if case.status == "erratum":
        out += [_erratum(case, engine), ""]
    # The result in a line; the itemised sheet and the cards fold beneath it, so that a page of
    # examples reads as a list of hands rather than a wall of tables.
    if not engine["hands"]:
        return "\n".join(out + ([f"*How it was worked out.* {case.note}", ""] if case.note else []))
    out += [_result_line(engine["hands"]), ""]
    played = [h for h in hands if h.tricks]
    folded = "The itemised score sheet" + (" and the cards as played" if played else "")
    out += [f'<details class="sp-details" markdown="1"><summary>{folded}</summary>', ""]
    for index, hand in enumerate(engine["hands"], start=1):
        if len(engine["hands"]) > 1:
            out += [f"**Hand {index}.**", ""]
        out += ["The score as the engine computes it:", "", _sheet(hand)]
    if played:
        out += [hand_figure(played[0], f"The hand of case {case.id}"), ""]
    out += ["</details>", ""]
    if case.note:
        out += [f"*How it was worked out.* {case.note}", ""]
    return "\n".join(out)


SHOWN = 1
"""Worked examples shown open on a page that has none printed by its source."""


def examples_section(doc: VariantDoc, cases: list[Any]) -> str:
    """All of this variant's worked examples, or an empty string when it has none."""
    chosen = example_cases(doc, cases)
    if not chosen:
        return ""
    others = sum(1 for c in cases if c.variant == doc.id) - len(chosen)
    head = (
        "Each example is a golden case from the conformance suite. The score under it, and the "
        "itemised sheet folded beneath, are computed by the reference engine while this page is "
        "built, never typed in."
    )
    if others:
        cases_word = "case" if others == 1 else "cases"
        head += f" The suite holds {others} more {cases_word} for this ruleset on bidding and play."
    shown = chosen[:SHOWN]  # the source's own example first, where it printed one
    rest = [c for c in chosen if c not in shown]
    out = head + "\n\n" + "\n".join(example_block(doc, c) for c in shown)
    if rest:
        # The rest fold under one line, so that the page stays a few screens long; a link to
        # one of them opens the fold.
        out += (
            f'\n<details class="sp-details sp-more-examples" markdown="1"><summary>{len(rest)} '
            f"more worked example{'s' if len(rest) != 1 else ''}</summary>\n\n"
            + "\n".join(example_block(doc, c) for c in rest)
            + "\n</details>\n"
        )
    return out
