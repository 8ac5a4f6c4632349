"""A line chart of both partnerships' running scores, as inline SVG (no script needed)."""

from __future__ import annotations

from html import escape

_COLOURS = {"NS": "#1565c0", "EW": "#c62828"}
_W, _H = 640, 320
_LEFT, _RIGHT, _TOP, _BOTTOM = 56, 90, 20, 40


def _nice_step(span: float) -> int:
    for step in (10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 8:
            return step
    return 2000


def score_chart_svg(
    totals: list[dict[str, int]],
    target: int | None = None,
    floor: int | None = None,
    title: str = "",
) -> str:
    """`totals[i]` is each side's score after hand i (totals[0] the start)."""
    values = [t[s] for t in totals for s in ("NS", "EW")] + [
        v for v in (target, floor) if v is not None
    ]
    low, high = min(values + [0]), max(values + [0])
    step = _nice_step(high - low or 1)
    low, high = (low // step) * step, -(-high // step) * step
    hands = max(len(totals) - 1, 1)
    plot_w, plot_h = _W - _LEFT - _RIGHT, _H - _TOP - _BOTTOM

    def x(i: int) -> float:
        return _LEFT + plot_w * i / hands

    def y(v: float) -> float:
        return _TOP + plot_h * (high - v) / ((high - low) or 1)

    out = [
        f'<svg class="sp-chart" viewBox="0 0 {_W} {_H}" role="img" '
        'xmlns="http://www.w3.org/2000/svg" '
        f'aria-label="{escape(title or "running scores")}">',
        f"<title>{escape(title or 'running scores')}</title>",
    ]
    for v in range(int(low), int(high) + 1, step):
        out.append(
            f'<line x1="{_LEFT}" x2="{_LEFT + plot_w}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
            f'stroke="#ccc" stroke-width="{1.5 if v == 0 else 0.5}"/>'
            f'<text x="{_LEFT - 6}" y="{y(v) + 4:.1f}" text-anchor="end" font-size="11">{v}</text>'
        )
    for i in range(hands + 1):
        if hands <= 20 or i % 5 == 0:
            out.append(
                f'<text x="{x(i):.1f}" y="{_H - _BOTTOM + 16}" text-anchor="middle" '
                f'font-size="11">{i}</text>'
            )
    out.append(
        f'<text x="{_LEFT + plot_w / 2:.1f}" y="{_H - 6}" text-anchor="middle" '
        'font-size="12">hands played</text>'
    )
    for value, label in ((target, "target"), (floor, "losing floor")):
        if value is not None:
            out.append(
                f'<line x1="{_LEFT}" x2="{_LEFT + plot_w}" y1="{y(value):.1f}" y2="{y(value):.1f}" '
                f'stroke="#555" stroke-dasharray="6 4"/>'
                f'<text x="{_LEFT + plot_w + 4}" y="{y(value) + 4:.1f}" '
                f'font-size="11">{label} {value}</text>'
            )
    for side, colour in _COLOURS.items():
        points = " ".join(f"{x(i):.1f},{y(t[side]):.1f}" for i, t in enumerate(totals))
        out.append(
            f'<polyline class="sp-line-{side}" points="{points}" fill="none" '
            f'stroke="{colour}" stroke-width="2.5"/>'
        )
        for i, t in enumerate(totals):
            out.append(
                f'<circle cx="{x(i):.1f}" cy="{y(t[side]):.1f}" r="3" fill="{colour}">'
                f"<title>{side} after hand {i}: {t[side]}</title></circle>"
            )
        last = totals[-1][side]
        out.append(
            f'<text x="{x(len(totals) - 1) + 6:.1f}" y="{y(last) - 6:.1f}" font-size="12" '
            f'fill="{colour}" '
            f'font-weight="bold">{side} {last}</text>'
        )
    out.append("</svg>")
    return "".join(out)
