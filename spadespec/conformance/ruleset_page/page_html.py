"""The whole page of one ruleset, as one HTML document that needs no network: what it changes,
its table options, its rules, its cases, its simulated figures beside its parent's, and its
sources. It is styled by the site's own stylesheet (`spadespec.css`) over a small one standing
in for the site's theme (`page.css`), both written beside it."""

from __future__ import annotations

import math
from html import escape
from pathlib import Path

from spadespec.command_kit.rule_value_text import rule_value_text
from spadespec.conformance.ruleset_page.cases import PageCases
from spadespec.conformance.ruleset_page.rules_html import (
    changes_html,
    options_html,
    prose,
    rules_html,
    sources_html,
)
from spadespec.conformance.ruleset_page.simulated import Column, Simulated
from spadespec.reference_engine import __version__
from spadespec.reference_engine.paths import data_dir
from spadespec.reference_engine.simulation.intervals import Estimate
from spadespec.reference_engine.simulation.summary import Figure, differences
from spadespec.reference_engine.variant import ResolvedVariant

STYLESHEETS = {
    "page.css": Path(__file__).resolve().parent / "page.css",
    "spadespec.css": data_dir("docs") / "assets" / "spadespec.css",
}
"""The stylesheets the page links to, in order, each written beside it from where it is kept:
the theme's stand-in, then the site's own (a wheel carries a copy of the checkout's
`docs/assets/spadespec.css`)."""

BOTS_SAY = {
    "sensible": (
        "They bid the tricks a hand is likely to take and play a plain, careful game, the same "
        "whatever the scoring rewards: a figure that turns on a player's choice (how often nil "
        "is bid, say) is what the bots do, not what people at a table would."
    ),
    "random": "They play legal moves at random.",
}

NOTE = (
    "Shares are in percent; each figure has its 95% interval in brackets. Contracts made size "
    "by size, and ways to end a game that no game took, are left out."
)
DIFFERENCES_NOTE = (
    "Differences of shares are in percentage points. A difference is told apart from chance "
    "when its interval leaves out 0; the intervals treat the two sets of games as independent, "
    "though game i of each is dealt from the same seed, so they err on the wide side."
)


def page_html(
    variant: ResolvedVariant,
    parent: ResolvedVariant | None,
    cases: PageCases,
    sim: Simulated,
    command: str,
) -> str:
    """The page; `command` is the one that makes it again, said at its foot."""
    lineage = " → ".join(escape(v) for v in variant.lineage)
    every_rule = (
        "<p>Each rule with its value and where the value comes from: the source and section "
        "that state it, or the interpretation made where the sources are silent or unclear.</p>\n"
        + rules_html(variant, parent)
    )
    sections = (
        ("changes", "What it changes", changes_html(variant, parent)),
        ("table-options", "Table options", options_html(variant)),
        ("cases", "Its conformance cases", cases_html(cases)),
        ("simulated", "What the rules do to a game (simulated)", figures_html(sim)),
        ("rules", "Every rule", every_rule),
        ("sources", "Sources cited", sources_html(variant)),
    )
    body = [
        f"<h1>{escape(variant.title)}</h1>",
        f"<p>{prose(variant.summary)}</p>",
        f"<p>Ruleset <code>{escape(variant.id)}</code>, revision {variant.revision}"
        + (f", from <code>{escape(variant.file)}</code>" if variant.file else "")
        + f". Lineage: {lineage}.</p>",
        '<nav class="sp-page-toc"><strong>On this page:</strong> '
        + " · ".join(f'<a href="#{key}">{title}</a>' for key, title, _ in sections)
        + "</nav>",
    ]
    body += [
        f'<section id="{key}">\n<h2>{title}</h2>\n{html}\n</section>'
        for key, title, html in sections
    ]
    body.append(
        f'<p class="spadespec-note">Made by <code>{escape(command)}</code> with spadespec '
        f"{escape(__version__)}.</p>"
    )
    links = "\n".join(f'<link rel="stylesheet" href="{name}">' for name in STYLESHEETS)
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(variant.title)} ({escape(variant.id)}) · spadespec</title>",
        links,
        "</head>",
        "<body>",
        '<header class="sp-page-header">spadespec · a ruleset of Spades</header>',
        '<main><article class="md-typeset">',
        *body,
        "</article></main>",
        "</body>",
        "</html>",
        "",
    ])  # fmt: skip


def cases_html(cases: PageCases) -> str:
    """Each group of cases as a table of id, level and description."""
    out = [
        f"<p>{cases.count:,} cases, run against an engine by "
        f'<code>{escape(cases.command)} --engine "YOUR ENGINE"</code>.</p>'
    ]
    for group in cases.groups:
        rows = "".join(
            f"<tr><td><code>{escape(c.id)}</code></td><td>{escape(c.level)}</td>"
            f"<td>{prose(c.description)}</td></tr>"
            for c in group.cases
        )
        table = (
            "<table><thead><tr><th>case</th><th>level</th><th>what it checks</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
        )
        head = f"{escape(group.title)}: {len(group.cases):,}"
        if group.folded:
            out.append(f"<details><summary>{head}</summary><p>{prose(group.about)}</p>"
                       f"{table}</details>")  # fmt: skip
        else:
            out += [f"<h3>{head}</h3>", f"<p>{prose(group.about)}</p>", table]
    out += [f'<p class="spadespec-note">{prose(note)}</p>' for note in cases.notes]
    return "\n".join(out)


def _estimate(kind: str, e: Estimate) -> str:
    if math.isnan(e.value):
        return "–"
    if kind == "share":
        return f"{100 * e.value:.1f}% ({100 * e.low:.1f}–{100 * e.high:.1f})"
    if kind == "quantile":
        return f"{e.value:.0f} ({e.low:.0f}–{e.high:.0f})"
    return f"{e.value:.2f} ({e.low:.2f}–{e.high:.2f})"


def _difference(kind: str, d: Estimate) -> str:
    scale, unit, places = (100, " pts", 1) if kind == "share" else (1, "", 2)
    return (f"{scale * d.value:+.{places}f}{unit} ({scale * d.low:+.{places}f} to "
            f"{scale * d.high:+.{places}f})")  # fmt: skip


def _shown(figure: Figure, columns: list[Column]) -> bool:
    """Whether a figure has a row: no contract size by size, no way to end that no game took."""
    if figure.key.startswith("contract.made."):
        return False
    if figure.key.startswith("end."):
        return any(f.key == figure.key and f.estimate.value for c in columns for f in c.figures)
    return True


def _column_head(column: Column) -> str:
    how = "stored" if column.stored else "played for this page"
    return (f"<code>{escape(column.variant_id)}</code><br><small>{how}: {column.games:,} games, "
            f"seed {column.seed}</small>")  # fmt: skip


def figures_html(sim: Simulated) -> str:
    """The figures of the ruleset's games beside its parent's, and the differences."""
    columns = [c for c in (sim.parent, sim.mine) if c is not None]
    out = [
        f"<p>Bots: every game was played by four of spadespec's <strong>{escape(sim.bots)}"
        f"</strong> bots (<code>spadespec simulate --bots {escape(sim.bots)}</code>), at most "
        f"{sim.max_hands} hands a game. {escape(BOTS_SAY.get(sim.bots, ''))}</p>"
    ]
    if sim.parent_played_because and sim.parent is not None:
        out.append(
            f"<p><strong>The parent was played here too:</strong> "
            f"{escape(sim.parent_played_because)}; so {escape(sim.parent.variant_id)} was played "
            f"for this page with the same {sim.parent.games:,} games, seed and bots.</p>"
        )
    diffs: dict[str, tuple[str, bool]] = {}
    if sim.parent is not None:
        for figure, diff, apart in differences(list(sim.parent.figures), list(sim.mine.figures)):
            diffs[figure.key] = (_difference(figure.kind, diff), apart)
    theirs = {f.key: f for f in sim.parent.figures} if sim.parent else {}
    head = "".join(f"<th>{_column_head(c)}</th>" for c in columns)
    if sim.parent is not None:
        head += "<th>difference (95% interval)</th><th>told apart</th>"
    rows = []
    for figure in sim.mine.figures:
        if not _shown(figure, columns):
            continue
        cells = []
        if sim.parent is not None:
            other = theirs.get(figure.key)
            cells.append(_estimate(figure.kind, other.estimate) if other else "–")
        cells.append(_estimate(figure.kind, figure.estimate))
        found = diffs.get(figure.key)
        if sim.parent is not None:
            # A percentile has no standard error: no difference is worked out for it.
            cells += [found[0], rule_value_text(found[1])] if found else ["–", "–"]
        row = "".join(f"<td>{escape(c)}</td>" for c in cells)
        style = ' class="spadespec-differs"' if found and found[1] else ""
        rows.append(f"<tr{style}><td>{escape(figure.label)}</td>{row}</tr>")
    out.append(
        f'<table class="sp-figures"><thead><tr><th>figure</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    note = NOTE if sim.parent is None else f"{NOTE} {DIFFERENCES_NOTE}"
    out.append(f'<p class="spadespec-note">{prose(note)}</p>')
    return "\n".join(out)
