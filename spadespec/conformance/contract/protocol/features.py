"""What an engine's `start` answer declares, read once for every tool that drives it: the
features it may name, the score figures it answers, and the variants it plays (its own ids, and
with `house_files` any house's variant file built on one of them)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from spadespec.conformance.contract.protocol.messages import (
    HOUSE_FILES,
    KNOWN_FEATURES,
    SCORE,
    SCORE_FIGURE_FEATURES,
    SCORE_FIGURES,
    EngineInfo,
)
from spadespec.conformance.contract.suite.variant_files import variant_file


def unknown_features(features: Iterable[str]) -> str | None:
    """Why a list of declared features is refused: each name no suite asks about, with the
    known name it is likely a slip for; None when every name is known."""
    problems = []
    for name in features:
        if name in KNOWN_FEATURES:
            continue
        close = difflib.get_close_matches(name, KNOWN_FEATURES, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        problems.append(f"{name!r}{hint}")
    if not problems:
        return None
    noun = "feature" if len(problems) == 1 else "features"
    return (
        f"the engine declares the unknown {noun} {', '.join(problems)}; the features are "
        f"{', '.join(KNOWN_FEATURES)} (docs/protocol.md)"
    )


def figures_answered(features: Iterable[str]) -> tuple[str, ...]:
    """The score figures an engine answers, in the order a request asks them: all five with
    `score`, else those whose feature (`score.totals`, ...) it declares."""
    declared = set(features)
    if SCORE in declared:
        return SCORE_FIGURES
    return tuple(
        figure
        for figure, feature in zip(SCORE_FIGURES, SCORE_FIGURE_FEATURES, strict=True)
        if feature in declared
    )


def figure_feature(figure: str) -> str:
    """The feature a score figure is checked as: `score.totals` for `totals`."""
    return f"{SCORE}.{figure}"


def keeps_score(features: Iterable[str]) -> bool:
    """Whether an engine declaring `features` is sent score requests."""
    return bool(figures_answered(features))


def plays(info: EngineInfo, variant: str) -> bool:
    """Whether the engine plays a variant: an id it declares, or, when it declares
    `house_files`, a house's variant file whose shipped base (the request's `extends`) it
    declares."""
    if variant in info["variants"]:
        return True
    if HOUSE_FILES not in info["features"]:
        return False
    entry = variant_file(variant)
    return entry is not None and entry.base in info["variants"]
