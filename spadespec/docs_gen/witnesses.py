"""The witness page: for every rule where a shipped ruleset differs from the base ruleset, a
hand that shows the difference at the table, drawn with the site's card diagram, what happens
under each ruleset in a sentence, and the score lines side by side.

The witnesses are those `spadespec diff` finds; one that shows the difference on the score
sheet is shown as an ordinary hand where one is found (`spadespec.docs_gen.table_hands`).
"""

from __future__ import annotations

from html import escape
from typing import Any

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.conformance.analysis.fuzz.witness.text import deal_text
from spadespec.docs_gen.cards import SEAT_NAMES, card_short, side_name
from spadespec.docs_gen.front_matter import front_matter
from spadespec.docs_gen.hand_diagram import deal_html, tricks_html
from spadespec.docs_gen.hand_record import HandRecord, replay_hands
from spadespec.docs_gen.rule_names import rule_label
from spadespec.docs_gen.variant_data import VariantDoc
from spadespec.docs_gen.witness_hands import BASE_ID as BASE
from spadespec.docs_gen.witness_hands import differences

_PHASES = {
    "bid": "bid", "play": "play a card", "pass": "pass cards", "deal": "deal",
    "redeal": "call or decline a redeal",
}  # fmt: skip


def witness_anchor(variant_id: str, path: str) -> str:
    """The anchor of one witness on the page, e.g. `ellington-game_end-target_rule`."""
    return f"{variant_id}-{path.replace('.', '-')}"


def witnesses_page(docs: list[VariantDoc]) -> str:
    """The page as Markdown; links are relative to `rules/witnesses.md`."""
    base = next((d for d in docs if d.id == BASE), docs[0])
    out = [
        *front_matter("navigation", "toc"),
        "# What each difference does",
        "",
        f"For every rule on which a ruleset differs from [`{base.id}`]({base.id}.md), a hand "
        "after which something a player sees (whose turn it is, the cards or bids allowed, who "
        "takes a trick, the score sheet, whether the game is over) is not the same under the "
        "two. Each is replayed under both rulesets by the reference engine while this page is "
        "built (the search that found it is stored). The search is the one "
        f"`spadespec diff {base.id} <ruleset>` runs at a terminal; where the difference shows on "
        "the score sheet, this page then looks further, for an ordinary hand: bids of 1 to 6 "
        "or nil, the totals going in well short of the target unless the rule is about the end "
        "of the game. The command shows the first hand its search finds, so for such a rule it "
        "may show another hand than this page, one that shows the same difference.",
        "",
    ]
    for doc in docs:
        if doc.id == base.id:
            continue
        items = differences(base.resolved, doc.resolved)
        if not items:
            continue
        names = ", ".join(rule_label(item["rule"]).lower() for item in items)
        count = f"{len(items)} difference{'s' if len(items) != 1 else ''}"
        # Folded by ruleset: a link to one of its hands (from the comparison page) opens it.
        out += [
            f"## [{doc.resolved.title}]({doc.id}.md) {{ #{doc.id} }}",
            "",
            f'<details class="sp-witnesses" markdown="1"><summary>{count}: {names}</summary>',
            "",
        ]
        for item in items:
            out += _witness(base, doc, item)
        out += ["</details>", ""]
    return "\n".join(out) + "\n"


def _witness(base: VariantDoc, doc: VariantDoc, item: dict[str, Any]) -> list[str]:
    heading = f"### {rule_label(item['rule'])} {{ #{witness_anchor(doc.id, item['rule'])} }}"
    return [heading, "", *witness_body(base, doc, item)]


def witness_body(base: VariantDoc, doc: VariantDoc, item: dict[str, Any]) -> list[str]:
    """One difference as Markdown: both values, the hand that shows it and what happens under
    each ruleset (`base` plays `item["a"]`, `doc` plays `item["b"]`)."""
    path = item["rule"]
    a, b = base.id, doc.id
    out = [
        # As the variant files write the values (`false`, `[2C, 2H]`, `none`).
        f"`{path}`: `{a}` plays `{rule_value_text(item['a'])}`, `{b}` plays "
        f"`{rule_value_text(item['b'])}`.",
        "",
    ]
    witness = item["witness"]
    if witness is None:
        return out + ["No hand was found that shows it.", ""]
    witness = {**witness, "_rulesets": (base.resolved.rules, doc.resolved.rules)}
    deal = next((x for x in witness["actions"] if x["action"] == "deal"), None)
    if deal is None and "probe" in witness:
        # Two rulesets that deal different cards: the witness is a deal one of them refuses.
        return out + [
            f"A deal for {_players(witness['probe'])} is {_allowed(witness['a'])} under `{a}` "
            f"and {_allowed(witness['b'])} under `{b}`: `{deal_text(witness['probe']['hands'])}`.",
            "",
        ]
    hand = _hand(base, doc, witness)
    # The hand beside what it does: the diagram on the left, the sentences and sheet right.
    out += ['<div class="sp-witness" markdown="1">', ""]
    if hand is not None:
        out += ['<div class="sp-witness-hand">', deal_html(hand), "</div>", ""]
    out += ['<div class="sp-witness-text" markdown="1">', "", _start(witness["setup"]), ""]
    out += _what_happens(a, b, witness, hand)
    out += ["</div>", "</div>", ""]
    if hand is not None and hand.tricks:
        out += [
            f'<details class="sp-details"><summary>The {len(hand.tricks)} tricks played '
            "before it shows</summary>",
            "",
            tricks_html(hand),
            "",
            "</details>",
            "",
        ]
    checked = witness["checked"]
    if checked != "both variants":
        out += [f"Checked under {checked}: the hand shows this rule alone.", ""]
    return out


def _players(deal: dict[str, Any]) -> str:
    hands = deal["hands"]
    count = len(hands) if isinstance(hands, dict) else len(hands.split(" "))
    return f"{count} players"


def _allowed(answer: dict[str, Any]) -> str:
    return "played" if answer["reason"] is None else f"refused (`{answer['reason']}`)"


def _start(setup: dict[str, Any]) -> str:
    parts = [f"{SEAT_NAMES.get(setup['dealer'], setup['dealer'])} deals"]
    scores = setup.get("scores")
    if scores:
        totals = ", ".join(f"{side_name(s)} {v}" for s, v in scores.items())
        bags = setup.get("bags") or {}
        if any(bags.values()):
            totals += " (bags " + ", ".join(f"{side_name(s)} {v}" for s, v in bags.items()) + ")"
        parts.append(f"the totals going in are {totals}")
    if setup.get("hands_played"):
        parts.append(f"{setup['hands_played']} hands have been played")
    return "; ".join(parts) + "."


def _hand(base: VariantDoc, doc: VariantDoc, witness: dict[str, Any]) -> HandRecord | None:
    """The witness's last hand as dealt and played so far, replayed under whichever ruleset
    takes its log."""
    for variant in (base.resolved, doc.resolved):
        try:
            hands = replay_hands(variant, witness["setup"], witness["actions"])
        except (ValueError, KeyError, TypeError):
            continue
        if hands:
            return hands[-1]
    return None


def _what_happens(a: str, b: str, witness: dict[str, Any], hand: HandRecord | None) -> list[str]:
    name, one, other = witness["observable"], witness["a"], witness["b"]
    probe = witness.get("probe")
    if name == "illegal" and probe is not None:
        return [
            f"Then {_action(probe)}: {_allowed(one)} under `{a}`, {_allowed(other)} under `{b}`.",
            "",
        ]
    if name == "to_act":
        return [f"Next, under `{a}`: {_turn(one)}. Under `{b}`: {_turn(other)}.", ""]
    if name == "legal":
        only_a = [x for x in one if x not in other]
        only_b = [x for x in other if x not in one]
        said = []
        if only_a:
            said.append(f"under `{a}` {_choices(only_a)} may be chosen, which `{b}` forbids")
        if only_b:
            said.append(f"under `{b}` {_choices(only_b)} may be chosen, which `{a}` forbids")
        return [f"Next, {_turn_of(hand, witness)}: " + "; ".join(said) + ".", ""]
    if name == "trick_winners":
        return [_tricks(a, b, one, other), ""]
    if name == "hands":
        return _score_lines(a, b, one[-1], other[-1])
    if name == "status":
        return [f"After the hand, under `{a}` {_status(one)}; under `{b}` {_status(other)}.", ""]
    # totals or bags: the figures side by side.
    row = " | ".join(f"{one.get(s, '–')} | {other.get(s, '–')}" for s in one)
    head = " | ".join(f"{side_name(s)} under `{a}` | under `{b}`" for s in one)
    return [f"After the hand, the {name}:", "", f"| {head} |", "|" + " ---: |" * 2 * len(one),
            f"| {row} |", ""]  # fmt: skip


def _turn_of(hand: HandRecord | None, witness: dict[str, Any]) -> str:
    """Whose turn it is where the witness stops, in words, from a ruleset that replays it."""
    from spadespec.conformance.contract.engines.observables import to_act
    from spadespec.reference_engine.game import Game

    for rules in witness.get("_rulesets", ()):
        try:
            return _turn(to_act(Game.replay(rules, witness["setup"], witness["actions"])))
        except (ValueError, KeyError, TypeError):
            continue
    return "at this point"


def _action(action: dict[str, Any]) -> str:
    seat = SEAT_NAMES.get(action.get("seat", ""), action.get("seat", ""))
    if action["action"] == "bid":
        return f"{seat} bids {action['bid']}"
    if action["action"] == "pass":
        return f"{seat} passes {', '.join(card_short(c) for c in action['cards'])}"
    if action["action"] == "play":
        return f"{seat} plays {card_short(action['card'])}"
    if action["action"] == "redeal":
        return f"{seat} {'calls a redeal' if action['call'] else 'keeps the hand'}"
    return "the deal"


def _turn(value: dict[str, Any]) -> str:
    if value.get("seat") is None:
        return "nobody is to act (the game is over)" if value.get("phase") == "over" else "—"
    seat = SEAT_NAMES.get(value["seat"], value["seat"])
    return f"{seat} is to {_PHASES.get(value['phase'], value['phase'])}"


def _choices(values: list[Any]) -> str:
    shown = []
    for v in values:
        text = str(v)
        if len(text) in (2, 3) and text[-1] in "SHDC" and not text.isdigit():
            shown.append(card_short(text))
        elif text == "blind-nil":
            shown.append("blind nil")
        elif isinstance(v, bool):
            shown.append("call the redeal" if v else "keep the hand")
        else:
            shown.append(f"a bid of {text}" if text.isdigit() else text)
    return ", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0]


def _tricks(a: str, b: str, one: list[list[str]], other: list[list[str]]) -> str:
    mine, theirs = one[-1], other[-1]
    for index, (x, y) in enumerate(zip(mine, theirs, strict=False), start=1):
        if x != y:
            return (
                f"Trick {index} is taken by {SEAT_NAMES.get(x, x)} under `{a}` and by "
                f"{SEAT_NAMES.get(y, y)} under `{b}`."
            )
    return f"The tricks are taken as {mine} under `{a}` and {theirs} under `{b}`."


def _status(value: dict[str, Any]) -> str:
    if value.get("status") == "continues":
        return "the game goes on"
    if value.get("winner"):
        return f"the game is over, won by {side_name(value['winner'])}"
    return "the game is over, drawn"


_LINES: tuple[tuple[str, Any], ...] = (
    ("contract", lambda s: s["contract"]),
    ("tricks counted", lambda s: s["tricks"]),
    ("made", lambda s: "yes" if s["made"] else "no (set)"),
    ("contract points", lambda s: f"{s['contract_points']:+d}"),
    ("overtricks", lambda s: f"{s['overtricks']} ({s['overtrick_points']:+d})"),
    (
        "nil",
        lambda s: (
            "; ".join(
                f"{SEAT_NAMES.get(n['seat'], n['seat'])} {'made' if n['made'] else 'failed'} "
                f"{n['points']:+d}"
                for n in s["nils"]
            )
            or "–"
        ),
    ),
    ("bags added", lambda s: s["bags_added"]),
    ("bag penalty", lambda s: f"{-s['bag_penalty']:+d}" if s["bag_penalty"] else "0"),
    ("points this hand", lambda s: f"**{s['hand_points']:+d}**"),
    ("total after", lambda s: f"{s['score_before']} → **{s['score_after']}**"),
)


def _score_lines(a: str, b: str, one: dict[str, Any], other: dict[str, Any]) -> list[str]:
    """A sentence of what each side scores under each ruleset, and the sheets side by side."""
    said = []
    for rules, sheet in ((a, one), (b, other)):
        points = ", ".join(
            f"{side_name(s)} {line['hand_points']:+d}" for s, line in sheet["sides"].items()
        )
        said.append(f"under `{rules}` the hand scores {points}")
    sides = list(dict.fromkeys([*one["sides"], *other["sides"]]))
    head = " | ".join(f"{side_name(s)}, `{a}` | {side_name(s)}, `{b}`" for s in sides)
    rows = [f"| | {head} |", "| --- |" + " ---: |" * 2 * len(sides)]
    for label, read in _LINES:
        cells = []
        shown = [
            tuple(str(read(h["sides"][s])) if s in h["sides"] else "–" for h in (one, other))
            for s in sides
        ]
        if label not in ("points this hand", "total after") and all(x == y for x, y in shown):
            continue  # the same under both: the full sheet is on the ruleset's page
        for s in sides:
            x, y = (str(read(h["sides"][s])) if s in h["sides"] else "–" for h in (one, other))
            cells += [x, y if y == x else f'<span class="spadespec-differs">{escape(y)}</span>']
        rows.append(f"| {label} | " + " | ".join(cells) + " |")
    return ["After the hand, " + "; ".join(said) + ".", "", *rows, ""]
