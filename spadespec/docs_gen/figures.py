"""Counts the hand-written pages give in their prose, computed from the suite when the site is
built, or read from the results a benchmark stored (`shuffle.*`). A page writes
`{{ cases.standard }}`; a name that is not here fails the build."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from spadespec.conformance.analysis.house.suite import house_cases
from spadespec.conformance.contract.runner.expected import read_expected_failures
from spadespec.conformance.contract.runner.score import offered
from spadespec.conformance.contract.suite.variant_files import open_variant_file
from spadespec.docs_gen.checkout import REPO
from spadespec.docs_gen.npm_figures import npm_figures
from spadespec.docs_gen.shipped_suite import shipped_suite
from spadespec.reference_engine.variant.catalog import MAX_CHAIN
from spadespec.reference_engine.variant.yaml_reader import MAX_BYTES, MAX_DEPTH, MAX_NODES

EXPECTED_DIR = REPO / "conformance" / "machinery" / "expected"
SHUFFLE_RESULTS = REPO / "docs" / "results" / "shuffle-bias.json"
OWN_DEALS_RESULTS = REPO / "docs" / "results" / "own-deals-reach.json"
SITE_BUILDS = REPO / "docs" / "results" / "site-builds.json"
HOUSE_DIR = REPO / "examples" / "house-rules"
PLACEHOLDER = re.compile(r"\{\{ ([a-z0-9_.-]+) \}\}")


class FigureError(KeyError):
    """A page names a figure the build does not compute."""


@cache
def figures() -> Mapping[str, int]:
    """Figure name -> its value:

    - `cases`: the whole suite; `cases.<variant>` and `cases.<variant>.<level>`;
    - `cases.<variant>.score`: the score requests its cases offer (`offered`, as `conform` sends
      them to an engine that keeps score); `checks.<variant>`: cases and score requests, what
      `conform --variant <variant>` counts for such an engine; `checks` and `score` for the suite;
    - `cases.<variant>.asking.<observable>`: the cases that ask it;
    - `expected.<list>`: the ids in conformance/machinery/expected/<list>.txt;
    - `limits.bytes`, `limits.values`, `limits.depth`, `limits.chain`: the variant loader's;
    - `simulation.games`, `simulation.blind-nil-behind`, `simulation.comeback`,
      `simulation.big_contract`, `simulation.per_hands`: the
      simulations' (`_simulation_figures`); `page.games`, the games `spadespec page` plays by
      default;
    - `npm.tarball-kb`, `npm.unpacked-kb`, `npm.files`: the npm package's (`npm_figures`);
    - `house.<file>.<count>`, for a file of `examples/house-rules/`, made only when a page
      names one (`house_figures`).
    """
    suite = shipped_suite()
    out: dict[str, int] = {"cases": len(suite), "score": len(offered(suite))}
    out["checks"] = out["cases"] + out["score"]
    for variant in suite.variants():
        cases = suite.select(variant=variant)
        out[f"cases.{variant}"] = len(cases)
        for level in ("must", "should", "may"):
            out[f"cases.{variant}.{level}"] = sum(c.level == level for c in cases)
        out[f"cases.{variant}.score"] = len(offered(cases))
        out[f"checks.{variant}"] = len(cases) + len(offered(cases))
        for observable in sorted({o for c in cases for o in c.asks}):
            asking = sum(observable in c.asks for c in cases)
            out[f"cases.{variant}.asking.{observable}"] = asking
    for path in sorted(EXPECTED_DIR.glob("*.txt")):
        out[f"expected.{path.stem}"] = len(read_expected_failures(path))
    out.update({"limits.bytes": MAX_BYTES, "limits.values": MAX_NODES,
                "limits.depth": MAX_DEPTH, "limits.chain": MAX_CHAIN})  # fmt: skip
    out.update(_simulation_figures())
    out.update(npm_figures())
    return out


def _simulation_figures() -> dict[str, int]:
    """`simulation.games` (stored games per shipped variant), `simulation.blind-nil-behind`
    (how far behind a sensible bot bids blind nil), `simulation.comeback` (the deficit a
    comeback is counted from), `simulation.big_contract` (the least contract counted big),
    `simulation.per_hands` (the hands nil bids are counted per)."""
    from spadespec.conformance.ruleset_page.cli import DEFAULT_GAMES
    from spadespec.docs_gen.simulations import GAMES
    from spadespec.reference_engine.bots.bidding import BLIND_NIL_BEHIND
    from spadespec.reference_engine.simulation.summary import PER_HANDS
    from spadespec.reference_engine.simulation.tally import BIG_CONTRACT, COMEBACK

    return {"simulation.games": GAMES, "simulation.blind-nil-behind": BLIND_NIL_BEHIND,
            "simulation.comeback": COMEBACK, "simulation.big_contract": BIG_CONTRACT,
            "simulation.per_hands": PER_HANDS, "page.games": DEFAULT_GAMES}  # fmt: skip


@cache
def house_figures(stem: str) -> Mapping[str, int]:
    """The cases `conform --variant` runs for `examples/house-rules/<stem>.yaml`, by where they
    come from (`house.<stem>.inherited`, `.derived`, `.dropped`, `.generated`), and how many
    of them reach the play of the cards (`.play`) against its parents' cases (`.parent-play`);
    nothing for a file that is not there."""
    path = HOUSE_DIR / f"{stem}.yaml"
    if not path.is_file():
        return {}
    made = house_cases(open_variant_file(str(path)))
    mine, theirs = made.reaching_play()
    counts = {"inherited": len(made.inherited), "derived": len(made.derived),
              "dropped": len(made.dropped), "generated": len(made.generated),
              "play": mine, "parent-play": theirs}  # fmt: skip
    return {f"house.{stem}.{key}": value for key, value in counts.items()}


@cache
def shuffle_figures() -> Mapping[str, int | str]:
    """The deals the shuffle test needs to flag each biased shuffle, as
    `benchmarks/shuffle_bias.py --write` stored them in docs/results/shuffle-bias.json:

    - `shuffle.<bias>.<dealing>`: the deals (`hands`: dealt a hand at a time, `round`: round
      the table), or "more than N" for one not flagged up to the most tried;
    - `shuffle.start`, `shuffle.runs`, `shuffle.flagged-in`: the first count tried, the runs per
      count, and how many must be flagged;
    - `shuffle.reference.deals`, `.runs`, `.flagged`: the reference engine's shuffle tested;
    - `shuffle.measured`: the day it was measured;
    - `shuffle.min-deals`, `shuffle.min-expected`, `shuffle.alpha`: the command's fewest deals,
      fewest expected in a chi-square bin, and default family-wise alpha.
    """
    from spadespec.conformance.analysis.shuffle.cli import MIN_DEALS
    from spadespec.conformance.analysis.shuffle.thresholds import DEFAULT_ALPHA, MIN_EXPECTED

    stored = json.loads(SHUFFLE_RESULTS.read_text(encoding="utf-8"))
    out: dict[str, int | str] = {
        "shuffle.min-deals": MIN_DEALS,
        "shuffle.min-expected": int(MIN_EXPECTED),
        "shuffle.alpha": f"{DEFAULT_ALPHA:g}",
        "shuffle.benchmark-alpha": f"{stored['alpha']:g}",
        "shuffle.runs": stored["runs"],
        "shuffle.flagged-in": stored["flagged_in"],
        "shuffle.measured": stored["measured"],
        "shuffle.start": stored["start"],
    }
    for key in ("deals", "runs", "flagged"):
        out[f"shuffle.reference.{key}"] = stored["reference"][key]
    for bias, by_dealing in stored["needed"].items():
        for dealing, count in by_dealing.items():
            most = stored["max_deals"][dealing]
            out[f"shuffle.{bias}.{dealing}"] = count if count else f"more than {most:,}"
    return out


@cache
def own_deals_figures() -> Mapping[str, int | str]:
    """`own-deals.<figure>`: the clauses `conform --own-deals` reached with the JavaScript
    example dealing for itself, as `benchmarks/own_deals_reach.py --write` stored them in
    docs/results/own-deals-reach.json (games, seed, reached, clauses, percent, seconds,
    measured)."""
    return _stored("own-deals", OWN_DEALS_RESULTS)


@cache
def site_build_figures() -> Mapping[str, int | str]:
    """`site.<builder>.<figure>`: the site built by MkDocs and by Zensical, as
    `benchmarks/site_builds.py --write` stored them in docs/results/site-builds.json (pages,
    warnings, seconds, figures-as-written, outputs-empty, version), and `site.measured`."""
    return _stored("site", SITE_BUILDS)


def _stored(prefix: str, path: Path) -> dict[str, int | str]:
    """The figures a benchmark stored in `path` (a JSON object), each named `<prefix>.<key>`: a
    whole number as a number, anything else (a share, a date, true) as its text."""
    stored = json.loads(path.read_text(encoding="utf-8"))
    return {
        f"{prefix}.{key}": value if type(value) is int else str(value)
        for key, value in stored.items()
    }


def fill_figures(markdown: str, where: str) -> str:
    """The page with every `{{ name }}` replaced by the figure's value."""

    def fill(match: re.Match[str]) -> str:
        name = match[1]
        known: Mapping[str, int | str] = figures()
        if name.startswith("house.") and name.count(".") == 2:
            known = {**known, **house_figures(name.split(".")[1])}
        if name.startswith("shuffle."):
            known = {**known, **shuffle_figures()}
        if name.startswith("own-deals."):
            known = {**known, **own_deals_figures()}
        if name.startswith("site."):
            known = {**known, **site_build_figures()}
        if name not in known:
            raise FigureError(f"{where}: no figure named {name!r}; known: {', '.join(known)}")
        value = known[name]
        return f"{value:,}" if isinstance(value, int) else value

    return PLACEHOLDER.sub(fill, markdown)
