"""The page that compares any two rulesets: two lists to pick them from, then each rule they
differ on with its sentence under each and a hand that shows the difference.

Everything is in the page, for the site's script to show (`docs/assets/spadespec.js`): the
rulesets' values and sentences as JSON, each sentence once, and one hand per rule and pair of
values (`pair_witnesses`), hidden until a pair of rulesets that differ on it is picked. The page
needs no server: no file is fetched.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.conformance.contract.suite.tags import rule_value as resolved_value
from spadespec.docs_gen.front_matter import front_matter
from spadespec.docs_gen.matrix import BASE
from spadespec.docs_gen.pair_witnesses import PairHand, all_pair_hands, value_key
from spadespec.docs_gen.rule_names import rule_anchor, rule_label
from spadespec.docs_gen.rulebook import rule_value
from spadespec.docs_gen.sentences import sentence
from spadespec.docs_gen.simulated import EFFECTS_PAGE, house_effects
from spadespec.docs_gen.variant_data import KINDS, VariantDoc
from spadespec.docs_gen.witnesses import witness_body
from spadespec.reference_engine.variant.model import rule_paths

PAGE = "rules/compare.md"


def _grounds(doc: VariantDoc, path: str) -> list[list[str]]:
    """Why a ruleset plays a rule as it does, as the page's script shows it under the rule: a
    line per citation, `[source and section, its address or "", what it says or ""]`; an
    interpretation's choice; or where the rule is moot, that."""
    prov = doc.resolved.provenance.get(path)
    if prov is None:
        return []
    sources = doc.sources
    lines = []
    for cite in prov.citations:
        source = sources.get(cite.source)
        title = source.title if source else cite.source
        lines.append([f"{title}, “{cite.section}”", (source.url or "") if source else "",
                      cite.says or ""])  # fmt: skip
    interp = prov.interpretation
    if interp is not None:
        lines.append([f"Interpretation: {interp.choice}", "", ""])
    if prov.moot:
        lines.append([f"Moot: {prov.moot}", "", ""])
    return lines


def compare_data(docs: list[VariantDoc], hands: list[PairHand]) -> dict[str, Any]:
    """What the page's script reads: for each rule its values as the variant files write them;
    for each ruleset the index of its value, of its sentence and of its grounds (citations or
    interpretation) for every rule; the sentences; the grounds; and, per rule and pair of value
    indexes (`"3:0:2"`), the hand that shows them apart."""
    paths = rule_paths()
    keys: list[list[str]] = [[] for _ in paths]
    shown: list[list[str]] = [[] for _ in paths]
    sentences: dict[str, int] = {}
    grounds: dict[str, int] = {}
    kept: list[list[list[str]]] = []
    rulesets = []
    for doc in docs:
        values, said, why = [], [], []
        for index, path in enumerate(paths):
            found = _grounds(doc, path)
            text_key = json.dumps(found)
            if text_key not in grounds:
                grounds[text_key] = len(kept)
                kept.append(found)
            why.append(grounds[text_key])
            key = value_key(resolved_value(doc.resolved.rules, path))
            if key not in keys[index]:
                keys[index].append(key)
                shown[index].append(rule_value_text(rule_value(doc, path), empty="none"))
            values.append(keys[index].index(key))
            text = sentence(doc.resolved.rules, path, rule_value(doc, path))
            said.append(sentences.setdefault(text, len(sentences)))
        rulesets.append(
            {
                "id": doc.id,
                "title": doc.resolved.title,
                "kind": doc.kind,
                "v": values,
                "s": said,
                "g": why,
            }
        )
    by_pair = {}
    for number, hand in enumerate(hands):
        if hand.item is None:
            continue  # not stored: the script says so where it finds no hand
        index = paths.index(hand.rule)
        one, other = sorted(keys[index].index(value_key(hand.item[k])) for k in ("a", "b"))
        by_pair[f"{index}:{one}:{other}"] = {
            "hand": _hand_id(number),
            "between": [hand.a.id, hand.b.id],
        }
    return {
        "rules": [
            {"path": p, "label": rule_label(p), "anchor": rule_anchor(p), "values": shown[i]}
            for i, p in enumerate(paths)
        ],
        "rulesets": rulesets,
        "sentences": list(sentences),
        "grounds": kept,
        "hands": by_pair,
        "effects": _effects(docs),
        # The effects page as the built site links it from this one (`rules/compare/`).
        "effects_page": f"../{EFFECTS_PAGE.removeprefix('rules/').removesuffix('.md')}/",
    }


def _effects(docs: list[VariantDoc]) -> dict[str, dict[str, Any]]:
    """For each house rule whose parent is shipped, its simulated differences from the parent
    (as the house-rule effects page gives them), shown when the two are picked."""
    ids = {doc.id for doc in docs}
    out = {}
    for doc in docs:
        if doc.kind != "house" or doc.parent is None or doc.parent.id not in ids:
            continue
        effects = house_effects(doc, doc.parent.id)
        out[doc.id] = {
            "parent": doc.parent.id,
            "rows": [list(row) for row in effects.rows],
            "quiet": effects.quiet,
        }
    return out


def _hand_id(number: int) -> str:
    return f"sp-hand-{number}"


def _picker(docs: list[VariantDoc], name: str, chosen: str, label: str) -> str:
    groups = []
    for kind, heading in KINDS.items():
        options = "".join(
            f'<option value="{d.id}"{" selected" if d.id == chosen else ""}>'
            f"{d.id} ({escape(d.resolved.title)})</option>"
            for d in docs
            if d.kind == kind
        )
        if options:
            groups.append(f'<optgroup label="{escape(heading)}">{options}</optgroup>')
    return (
        f'<label class="sp-cmp-pick">{label} <select id="{name}" aria-label="{label} ruleset">'
        f"{''.join(groups)}</select></label>"
    )


def _script_json(data: dict[str, Any]) -> str:
    """JSON safe inside a script element: no `<` that could close it."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")


def compare_page(docs: list[VariantDoc]) -> str:
    """The page as Markdown around its HTML; links are relative to `rules/compare.md`."""
    hands = all_pair_hands(docs)
    second = next((d.id for d in docs if d.kind == "source"), docs[-1].id)
    out = [
        *front_matter("navigation", "toc"),
        "# Compare two rulesets",
        "",
        "Pick two rulesets to see every rule they play differently: the rule as each of them "
        "says it, and a hand that shows the difference at the table. "
        "`spadespec diff <first> <second>` lists the same differences at a terminal, each with "
        "the first hand its search finds; a hand here is, where the score sheet shows the "
        "difference, an ordinary one searched for after that, so the two may differ. A hand is "
        "stored for each "
        "pair of values a rule takes, so the one shown may have been found between two other "
        "rulesets that play the same two values; it says which. The "
        "[matrix](matrix.md) shows every rule of every ruleset at once.",
        "",
        '<div class="sp-cmp" data-search-exclude>',
        '<div class="sp-cmp-picks">',
        _picker(docs, "sp-cmp-a", BASE, "First"),
        _picker(docs, "sp-cmp-b", second, "Second"),
        "</div>",
        '<p id="sp-cmp-summary" aria-live="polite"><noscript>This page needs JavaScript to '
        "compare the rulesets you pick; <code>spadespec diff &lt;first&gt; &lt;second&gt;</code> "
        "prints the same at a terminal.</noscript></p>",
        '<div id="sp-cmp-effects"></div>',
        '<div id="sp-cmp-list"></div>',
        "</div>",
        "",
        '<script type="application/json" id="sp-cmp-data">'
        f"{_script_json(compare_data(docs, hands))}</script>",
        "",
        # The hands, drawn once each, hidden until the script shows one under a rule.
        '<div class="sp-cmp-hands" data-search-exclude markdown="1">',
        "",
    ]
    for number, hand in enumerate(hands):
        if hand.item is None:
            continue
        out += [f'<div class="sp-cmp-hand" id="{_hand_id(number)}" markdown="1">', ""]
        out += witness_body(hand.a, hand.b, hand.item)
        out += ["</div>", ""]
    out += ["</div>", ""]
    return "\n".join(out)
