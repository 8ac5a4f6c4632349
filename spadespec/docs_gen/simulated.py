"""The simulated figures on the ruleset pages, and the page "What each house rule does", both
read from the stored simulation results (`spadespec.docs_gen.simulations`): no game is played
while the site is built."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from spadespec.docs_gen.rule_names import variant_page
from spadespec.docs_gen.sim_charts import PANEL_SIZE, PANELS
from spadespec.docs_gen.simulations import REFRESH, SIM_DIR, stored_result
from spadespec.docs_gen.variant_data import VariantDoc
from spadespec.reference_engine.simulation.intervals import Estimate
from spadespec.reference_engine.simulation.summary import PER_HANDS, Figure, differences, figures

EFFECTS_PAGE = "rules/house-rule-effects.md"
HOW = "../simulation.md"

SHOWN = (
    "hands.mean", "hands.p50", "end.target", "end.floor", "end.fixed-hands", "end.boston",
    "end.moon", "end.capped", "ties", "contract.set", "contract.big.per-game", "nil.per-game",
    f"nil.per-{PER_HANDS}-hands", "nil.made", "blind-nil.per-game", "blind-nil.made",
    "blind-bid.per-game", "paid.big-bid.per-game", "paid.bonus-bid.per-game",
    "paid.boston.per-game", "paid.moon.per-game", "bags", "penalties", "points",
    "dealer-side.won", "leader.won", "comebacks",
)  # fmt: skip
"""The figures a ruleset page shows, in order (those its games never gave are left out)."""

IN_VIEW = ("hands.mean", "contract.set", "nil.made", "bags", "penalties", "points")
"""The key figures a ruleset page shows open, above the folded table of all of them."""


def value_text(kind: str, e: Estimate) -> tuple[str, str]:
    """A figure and its interval as the pages print them."""
    if math.isnan(e.value):
        return "-", ""
    if kind == "share":
        return f"{100 * e.value:.1f}%", f"{100 * e.low:.1f} to {100 * e.high:.1f}%"
    if kind == "quantile":
        return f"{e.value:.0f}", f"{e.low:.0f} to {e.high:.0f}"
    return f"{e.value:.2f}", f"{e.low:.2f} to {e.high:.2f}"


def _small_share(e: Estimate) -> str:
    """A share that is not zero as the pages print it, "under 0.1%" where one decimal would
    show it as nothing."""
    return "under 0.1%" if e.value < 0.0005 else value_text("share", e)[0]


def _shown(found: dict[str, Figure]) -> list[Figure]:
    out = []
    for key in SHOWN:
        figure = found.get(key)
        if figure is None or figure.estimate.n == 0:
            continue
        if key.startswith(("blind-nil", "end.")) and figure.estimate.value == 0:
            continue
        out.append(figure)
    return out


def simulation_section(doc: VariantDoc, folder: Path = SIM_DIR) -> str:
    """The ruleset page's section of simulated figures and charts (raises `StaleSimulation`
    when the variant has no stored result, or a stale one)."""
    stored = stored_result(doc.id, folder)
    entry = stored["variants"][0]
    found = {f.key: f for f in figures(entry["tally"])}
    games = entry["tally"]["games"]
    out = [
        "## What the rules do to a game (simulated) {#simulated}",
        "",
        f"Played by four of spadespec's sensible bots: {games:,} games under these rules "
        f"(seed {stored['seed']}). The bots bid and play a plain, careful game and do not "
        f"seek out what a rule rewards: [what they do, and what the figures therefore mean]"
        f"({HOW}).",
        "",
    ]
    key = [found[k] for k in IN_VIEW if k in found and found[k].estimate.n]
    if key:
        shown = "; ".join(f"{f.label}: **{value_text(f.kind, f.estimate)[0]}**" for f in key)
        out += [f"Key figures: {shown}.", ""]
    out += [
        # Every figure with its interval, and the chart, fold away under the key ones.
        '??? abstract "Every figure, with its 95% interval, and the chart"',
        "",
        "    | figure | value | 95% interval |",
        "    | --- | ---: | --- |",
    ]
    for figure in _shown(found):
        value, interval = value_text(figure.kind, figure.estimate)
        out.append(f"    | {figure.label} | {value} | {interval} |")
    sizes = [f for key, f in found.items() if key.startswith("bid.") and f.estimate.value]
    if sizes:
        shares = ", ".join(f"{f.key.split('.')[1]}: {_small_share(f.estimate)}" for f in sizes)
        out += ["", f"    Numeric bids by size (each size's share of all numeric bids): {shares}."]
    out += [
        "",
        f"    {chart_panels(doc.id)}",
        "",
        f"Made with spadespec {stored['engine']}; bots `{entry['fingerprints']['bots']}`, "
        f"scoring `{entry['fingerprints']['scoring']}`, rules `{entry['fingerprints']['rules']}` "
        f"(the build stops when any of them changes; `{REFRESH}` plays the games again).",
        "",
    ]
    return "\n".join(out)


def chart_panels(variant_id: str) -> str:
    """The ruleset's stored chart as one image per panel, each cut from the drawing, whose
    panels are its thirds (`sim_charts`), so that the stylesheet can set them side by side on a
    wide screen and one under another on a phone."""
    width, height = PANEL_SIZE
    last = len(PANELS) - 1
    return " ".join(
        f"![{title.capitalize()}, for {variant_id}](../results/simulation/{variant_id}.svg)"
        f'{{ .sp-sim-panel style="aspect-ratio: {width} / {height}; '
        f'object-position: {100 * index // last}% 0" }}'
        for index, title in enumerate(PANELS)
    )


def _relative(parent: Figure, diff: Estimate) -> float:
    """How large a difference is: a share's by the points it moves (as a fraction), a mean's
    beside the parent's mean; a figure the parent never had (a mean of 0) comes first."""
    if parent.kind == "share":
        return abs(diff.value)
    base = parent.estimate.value
    return abs(diff.value) / abs(base) if base else math.inf


@dataclass(frozen=True)
class HouseEffects:
    """A house rule against the ruleset it extends, in their stored simulated games: each figure
    the games tell apart from chance (label, the parent's value, the house rule's, the change
    with its interval), largest change first; how large the largest is; and how many other
    figures show no difference."""

    rows: list[tuple[str, str, str, str]]
    largest: float
    quiet: int


def house_effects(doc: VariantDoc, parent_id: str, folder: Path = SIM_DIR) -> HouseEffects:
    """The figures that tell `doc`'s stored games apart from its parent's (raises
    `StaleSimulation` as `stored_result` does)."""
    mine, theirs = stored_result(doc.id, folder), stored_result(parent_id, folder)
    base = figures(theirs["variants"][0]["tally"])
    found = {f.key: f for f in base}
    told = []
    compared = differences(base, figures(mine["variants"][0]["tally"]))
    for figure, diff, apart in compared:
        # Contracts size by size are in each ruleset's chart; here, all sizes together.
        if apart and not figure.key.startswith("contract.made."):
            told.append((_relative(found[figure.key], diff), figure, diff))
    told.sort(key=lambda t: -t[0])
    rows = []
    for _, figure, diff in told:
        before, _ = value_text(found[figure.key].kind, found[figure.key].estimate)
        after, _ = value_text(figure.kind, figure.estimate)
        rows.append((figure.label, before, after, _change_text(figure.kind, diff)))
    quiet = sum(
        1 for f, _, apart in compared if not apart and not f.key.startswith("contract.made.")
    )
    return HouseEffects(rows, told[0][0] if told else 0.0, quiet)


def effects_page(docs: list[VariantDoc], folder: Path = SIM_DIR) -> str:
    """Each house rule against the ruleset it extends: the figures the simulated games tell
    apart from chance, largest effect first, and the house rules in order of their largest."""
    by_id = {doc.id: doc for doc in docs}
    rows: list[tuple[float, VariantDoc, str, HouseEffects]] = []
    for doc in docs:
        if doc.kind != "house" or doc.parent is None:
            continue
        if doc.parent.id not in by_id:
            continue
        effects = house_effects(doc, doc.parent.id, folder)
        rows.append((effects.largest, doc, doc.parent.id, effects))
    rows.sort(key=lambda r: (-r[0], r[1].id))
    out = [
        "# What each house rule does",
        "",
        "Each house rule against the ruleset it extends, in simulated games between "
        f"spadespec's sensible bots ([how]({HOW})): the figures that differ by more than chance "
        "would give (the 95% interval of the difference leaves out 0), largest first, a share "
        "by the points it moves, a mean by its change. House rules come in "
        "order of their largest change, one that brings in what the parent never had (blind "
        "nils, say) first; each ruleset's chart has its contracts made size by size.",
        "",
        # Folded under a title that says it, so that the page of house rules stays short on a
        # phone.
        '??? note "Bots\' games: they play alike whatever the scoring rewards"',
        "    The bots bid and play the same way whatever the scoring rewards: they never aim for "
        "a Boston or a moon, nor bid a big contract for a bonus, so a rule that rewards a choice "
        "changes little here, though people chasing the reward would see more. A difference "
        f"between two rulesets played by the same bots on the same deals is the figure to trust "
        f"most ([what the bots do]({HOW})).",
        "",
    ]
    for _, doc, parent, effects in rows:
        out += [
            f"## [{doc.resolved.title}]({variant_page(doc.id).removeprefix('rules/')}) "
            f"against [{parent}]({variant_page(parent).removeprefix('rules/')})"
            " { .sp-effect }",
            "",
        ]
        if effects.rows:
            # Folded under its largest change, so that on a phone the page is a few screens of
            # house rules, each table opened where the reader wants it.
            out += [
                f'??? note "{_largest_change(effects)}"',
                "",
                f"    | figure | {parent} | {doc.id} | difference (95% interval) |",
                "    | --- | ---: | ---: | --- |",
                *(f"    | {' | '.join(row)} |" for row in effects.rows),
                "",
                f"    {effects.quiet} other figures show no difference these games can tell "
                "from chance.",
                "",
            ]
        else:
            out += [
                f"None of the {effects.quiet} figures compared differs by more than chance would "
                "give in these games.",
                "",
            ]
    return "\n".join(out)


def _largest_change(effects: HouseEffects) -> str:
    """What a house rule's folded table says while it is closed: its largest change, and how
    many more figures differ."""
    label, _, _, change = effects.rows[0]
    said = f"Largest change: {label}, {change}"
    more = len(effects.rows) - 1
    if more == 1:
        return f"{said}; 1 more figure differs"
    return f"{said}; {more} more figures differ" if more else said


def _change_text(kind: str, diff: Estimate) -> str:
    if kind == "share":
        return f"{100 * diff.value:+.1f} points ({100 * diff.low:+.1f} to {100 * diff.high:+.1f})"
    return f"{diff.value:+.2f} ({diff.low:+.2f} to {diff.high:+.2f})"
