"""A ruleset's simulation charts, drawn with matplotlib as SVG when the results are refreshed
(never at site build): how many hands games last, how they end, and how often contracts of
each size are made, each share with its 95% interval.

The three panels sit side by side in one drawing, each exactly a third of its width, so that a
page can show each panel on its own (`simulated.chart_panels`): side by side on a wide screen,
one under another on a phone, where side by side their labels would be too small to read."""

from __future__ import annotations

import io
from typing import Any

from spadespec.reference_engine.simulation import intervals
from spadespec.reference_engine.simulation.summary import contract_sizes, histogram
from spadespec.reference_engine.simulation.tally import END_REASONS

PANELS = ("hands per game", "how games end", "contracts made, by size")
"""The panels, left to right, by their titles."""
PANEL_SIZE = (3.4, 2.8)
"""One panel's width and height, in inches: the drawing is three of them side by side."""


def draw_chart(doc: dict[str, Any]) -> str:
    """Three panels side by side, each a third of the drawing, as an SVG document that is the
    same for the same figures."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    entry = doc["variants"][0]
    tally: dict[str, int] = entry["tally"]
    plt.rcParams.update({"svg.hashsalt": "spadespec", "font.size": 9, "svg.fonttype": "none"})
    width, height = PANEL_SIZE
    fig = plt.figure(figsize=(len(PANELS) * width, height), layout="constrained")
    # Each panel laid out within its own third, its labels included.
    thirds = fig.subfigures(1, len(PANELS), squeeze=False)[0]
    hands_ax, end_ax, made_ax = (third.subplots() for third in thirds)
    hist = histogram(tally, "hands")
    games = max(1, tally.get("games", 0))
    xs = sorted(hist)
    hands_ax.bar(xs, [100 * hist[x] / games for x in xs], color="#4a6fa5", width=0.8)
    hands_ax.set_title(PANELS[0])
    hands_ax.set_xlabel("hands")
    hands_ax.set_ylabel("% of games")
    reasons = [r for r in END_REASONS if tally.get(f"end.{r}", 0)]
    shares = [intervals.share(tally.get(f"end.{r}", 0), games) for r in reasons]
    end_ax.barh(
        reasons,
        [100 * s.value for s in shares],
        xerr=[
            [100 * (s.value - s.low) for s in shares],
            [100 * (s.high - s.value) for s in shares],
        ],
        color="#6a9a58",
    )
    end_ax.set_title(PANELS[1])
    end_ax.set_xlabel("% of games")
    end_ax.set_xlim(0, 100)
    sizes = [s for s in contract_sizes(tally) if tally.get(f"contract.bid.{s}", 0) >= 20]
    made = [
        intervals.share(tally.get(f"contract.made.{s}", 0), tally[f"contract.bid.{s}"])
        for s in sizes
    ]
    made_ax.errorbar(
        sizes,
        [100 * m.value for m in made],
        yerr=[[100 * (m.value - m.low) for m in made], [100 * (m.high - m.value) for m in made]],
        fmt="o-", color="#a5504a", capsize=2,
    )  # fmt: skip
    made_ax.set_title(PANELS[2])
    made_ax.set_xlabel("tricks bid by the side")
    made_ax.set_ylabel("% made")
    made_ax.set_ylim(0, 100)
    for ax in (hands_ax, made_ax):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    return out.getvalue()
