"""The engine results page: what each engine the project knows of answers when the suite is put
to it, by variant and by clause, read from the reports stored in `docs/results/`.

Each stored report is what `spadespec conform --report` writes. A report made with another
suite than the one being built is stale: the build stops, naming the command that refreshes it
(`python -m spadespec.regenerate results`), rather than show figures of an older suite.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from spadespec.conformance.contract.report.jsonl import ReportFileError, parse_report
from spadespec.docs_gen.checkout import DOCS_DIR, REGENERATE, REPO
from spadespec.docs_gen.front_matter import front_matter

PAGE = "engine-results.md"
RESULTS_DIR = DOCS_DIR / "results"
REFRESH = f"{REGENERATE} results"


@dataclass(frozen=True)
class Run:
    """One `spadespec conform` run whose report is stored: the file, and the arguments."""

    report: str
    args: tuple[str, ...]


@dataclass(frozen=True)
class Engine:
    """An engine on the page, with the runs that make its results."""

    key: str
    name: str
    about: str
    runs: tuple[Run, ...]
    needs: str = ""
    """What the engine needs beyond this package, for people (empty: nothing)."""
    program: str = ""
    """A program the engine runs on, looked for on PATH (`node`)."""
    module: str = ""
    """A Python module the engine imports (`pyspiel`)."""
    sources: tuple[str, ...] = ()
    """The engine's own code, as patterns of the checkout's files: when one of them changes,
    the stored reports are stale even though the suite is not (the regenerate command's
    `results` step)."""

    def missing(self) -> str | None:
        """What this machine lacks to run the engine (its `needs`), or None."""
        import importlib.util
        import shutil

        if self.program and shutil.which(self.program) is None:
            return self.needs
        if self.module and importlib.util.find_spec(self.module) is None:
            return self.needs
        return None


ENGINES: tuple[Engine, ...] = (
    Engine(
        "reference",
        "The reference engine",
        "spadespec's own engine, the one every case's answer is checked against when it is "
        "written; it plays every shipped ruleset.",
        (Run("reference.jsonl", ("--engine", "reference")),),
        sources=("spadespec/reference_engine/**/*.py",),
    ),
    Engine(
        "js-example",
        "The JavaScript example",
        "`examples/js-engine/spades.js`, a whole engine in plain JavaScript that speaks the "
        "protocol; it plays the standard ruleset.",
        (Run("js-example.jsonl", ("--engine", "node examples/js-engine/spades.js")),),
        needs="Node.js",
        program="node",
        sources=("examples/js-engine/spades.js", "examples/js-engine/records.js"),
    ),
    Engine(
        "score-keeper",
        "The score keeper example",
        "`examples/score-keeper/score_keeper.py`, told only each hand's bids and tricks; it "
        "keeps totals, bags and the end of the game for the standard ruleset.",
        (Run("score-keeper.jsonl", ("--engine", "python3 examples/score-keeper/score_keeper.py")),),
        sources=("examples/score-keeper/*.py",),
    ),
    Engine(
        "openspiel",
        "OpenSpiel",
        "OpenSpiel's Spades, written in C++ by others, through `spadespec serve openspiel`; "
        "its known failures are listed in `conformance/machinery/expected/`.",
        tuple(
            Run(
                f"openspiel-{variant}.jsonl",
                (
                    "--engine",
                    "spadespec serve openspiel",
                    "--variant",
                    variant,
                    "--expect-fail",
                    f"conformance/machinery/expected/openspiel-{variant}.txt",
                ),
            )  # fmt: skip
            for variant in ("standard", "openspiel")
        ),
        needs="the `openspiel` extra (`pip install -e '.[openspiel]'`)",
        module="pyspiel",
        sources=("spadespec/conformance/machinery/adapters/openspiel.py",),
    ),
)

# How a cell reads: the worst verdict among its cases decides it.
STATES = {
    "fail": ("✗", "fail"),
    "xfail": ("◐", "expected failure"),
    "pass": ("✓", "pass"),
    "skip": ("↷", "skipped by the engine"),
    "none": ("–", "n/a"),
}
_FAILING = ("fail", "error", "xpass")


class StaleReport(RuntimeError):
    """A stored report is missing, unreadable or made with another suite than this one."""


@dataclass
class Tally:
    """Verdict counts of the cases behind one cell."""

    counts: Counter[str] = field(default_factory=Counter)
    ids: dict[str, list[str]] = field(default_factory=dict)
    """The ids of the failing and expected-failure results, by state."""

    def add(self, verdict: str, checked: bool, case_id: str = "") -> None:
        if verdict in _FAILING:
            state = "fail"
        elif verdict == "xfail" or (verdict == "pass" and checked) or verdict == "skip":
            # a listed case that errored was checked on nothing, yet failed as listed
            state = verdict
        else:  # n/a: a variant it does not play, or nothing it declares was asked
            state = "none"
        self.counts[state] += 1
        if state in ("fail", "xfail") and case_id:
            self.ids.setdefault(state, []).append(case_id)

    @property
    def state(self) -> str:
        return next((s for s in ("fail", "xfail", "pass", "skip") if self.counts[s]), "none")

    def cell(self, listed: str = "") -> str:
        """The cell; with `listed`, the anchor of the list of its failing cases' ids, which
        its failing and expected-failure counts link to."""
        symbol, word = STATES[self.state]
        parts = [f"{self.counts[s]} {STATES[s][1]}" for s in STATES if self.counts[s]]
        counts = []
        for s in STATES:
            if self.counts[s]:
                count = f"{STATES[s][0]}{self.counts[s]}"
                if listed and s in self.ids:
                    count = f'<a href="#{listed}">{count}</a>'
                counts.append(count)
        shown = " ".join(counts)
        title = escape(", ".join(parts) or "no case")
        return f'<td class="sp-res sp-res-{self.state}" title="{title}">{shown or symbol}</td>'


@dataclass
class EngineResults:
    """What an engine's stored reports say: its start answer and each result's last line."""

    engine: Engine
    starts: list[dict[str, Any]]
    cases: dict[str, dict[str, Any]]

    def declared(self) -> dict[str, Any]:
        return dict(self.starts[0].get("engine", {})) if self.starts else {}


def current_suite(variant: str | None = None) -> dict[str, Any]:
    """The version, size and digest of the suite being built, as a report's start line has them:
    of the whole suite, or of one variant's cases for a run given `--variant`."""
    from spadespec.conformance.contract.report.jsonl import suite_info
    from spadespec.docs_gen.shipped_suite import variant_cases

    return suite_info(variant_cases(variant))


def run_staleness(
    run: Run, folder: Path = RESULTS_DIR, suites: dict[str | None, Any] | None = None
) -> str | None:
    """Why the stored report of one run is missing, unreadable or of another suite than the one
    being built (in words that follow its name); None when it is current. `suites` keeps the
    suites already read, by variant."""
    path = folder / run.report
    if not path.is_file():
        return "is missing"
    try:
        start, cases = _read(path)
    except StaleReport as exc:
        return f"cannot be read: {exc}"
    return _other_suite(start, {} if suites is None else suites) or _other_list(start, cases)


def _other_list(start: dict[str, Any], cases: dict[str, dict[str, Any]]) -> str | None:
    """Why a report run with an expected-failure list no longer matches the list as it is now:
    a case it reports failing is listed since, or a case it reports as an expected failure is
    no longer listed (in words that follow the report's name); None when it matches or the run
    had no list."""
    from spadespec.conformance.contract.runner.expected import (
        ExpectedFailuresError,
        read_expected_failures,
    )

    named = start.get("expect_fail")
    if not named:
        return None
    try:
        listed = read_expected_failures(REPO / named)
    except ExpectedFailuresError as exc:
        return f"was run with an expected-failure list that cannot be read now: {exc}"
    changed = sorted(
        case_id
        for case_id, line in cases.items()
        if (line.get("verdict") == "fail" and case_id in listed)
        or (line.get("verdict") == "xfail" and case_id not in listed)
    )
    if not changed:
        return None
    return (
        f"was run with {named} as it was, and {len(changed)} of its cases are listed or "
        f"unlisted there since, such as {changed[0]}"
    )


def _other_suite(start: dict[str, Any], suites: dict[str | None, Any]) -> str | None:
    """Why a report of this start line is of another suite than the one being built (the whole
    suite, or the variant its run selected), in words that follow the report's name; None when
    it is of this one."""
    variant = (start.get("selection") or {}).get("variant")
    if variant not in suites:
        suites[variant] = current_suite(variant)
    suite, made = suites[variant], start.get("suite", {})
    if (made.get("version"), made.get("digest")) == (suite["version"], suite["digest"]):
        return None
    of = f"{variant}'s cases" if variant else "the suite"
    return (
        f"was made with {of} at version {made.get('version')}, digest "
        f"{made.get('digest')} ({made.get('cases')} cases), not as they are now "
        f"({suite['version']}, digest {suite['digest']}, {suite['cases']} cases)"
    )


def read_results(folder: Path = RESULTS_DIR) -> list[EngineResults]:
    """Every engine's stored reports, each checked to be of the suite being built (the whole
    suite, or the variant its run selected); StaleReport names the command that makes a missing
    or stale one again."""
    suites: dict[str | None, dict[str, Any]] = {}
    out = []
    for engine in ENGINES:
        starts: list[dict[str, Any]] = []
        cases: dict[str, dict[str, Any]] = {}
        for run in engine.runs:
            path = folder / run.report
            fix = f"run `{REFRESH}`" + (f" (it needs {engine.needs})" if engine.needs else "")
            if not path.is_file():
                raise StaleReport(f"no stored report {path}: {fix}")
            start, lines = _read(path)
            why = _other_suite(start, suites)
            if why is not None:
                raise StaleReport(f"{path} {why}: {fix}")
            starts.append(start)
            cases.update(lines)
        out.append(EngineResults(engine, starts, cases))
    return out


def _read(path: Path) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """A stored report's start line and case lines, read as `conform --resume` reads one."""
    try:
        report = parse_report(path)
    except ReportFileError as exc:
        raise StaleReport(str(exc)) from None
    return report.start, report.cases


def _tallies(
    results: list[EngineResults], variants: list[str]
) -> tuple[dict[tuple[str, str], Tally], dict[tuple[str, str, str], Tally]]:
    """Per (engine, variant) and per (engine, variant, clause): the verdicts behind the cell.
    A case counts under a clause only when something checked can show that clause, as in the
    run's own summary (`RunReport.summary`)."""
    from spadespec.conformance.contract.runner.checking import shown_by

    by_variant: dict[tuple[str, str], Tally] = {}
    by_clause: dict[tuple[str, str, str], Tally] = {}
    for res in results:
        for variant in variants:
            by_variant[res.engine.key, variant] = Tally()
        for line in res.cases.values():
            checked = set(line.get("checked") or [])
            variant = line["variant"]
            by_variant.setdefault((res.engine.key, variant), Tally()).add(
                line["verdict"], bool(checked), str(line.get("id", ""))
            )
            for tag in line.get("tags", []):
                # Counted under a clause only where a check shows it, as `conform` counts its
                # clauses seen; a clause no engine's checks show has no row.
                if checked & shown_by(tag):
                    key = (res.engine.key, variant, tag)
                    by_clause.setdefault(key, Tally()).add(line["verdict"], True)
    return by_variant, by_clause


def results_page(results: list[EngineResults], suite: dict[str, Any]) -> str:
    """The page as Markdown around HTML tables (links written as the built site has them)."""
    from spadespec.conformance.contract.runner.score import offered
    from spadespec.docs_gen.shipped_suite import shipped_suite

    loaded = shipped_suite()
    variants = sorted(loaded.variants(), key=lambda v: (v != "standard", v))
    by_variant, by_clause = _tallies(results, variants)
    legend = " · ".join(
        f'<span class="sp-res sp-res-{s}">{sym}</span> {word}' for s, (sym, word) in STATES.items()
    )
    out = [
        *front_matter("navigation"),
        "# Engine results",
        "",
        f"What each engine answers when the conformance suite is put to it: the suite of "
        f"version {suite['version']}, {suite['cases']:,} [cases](glossary.md#case) (digest "
        f"`{suite['digest']}`) and, for an engine that keeps score, "
        f"{len(offered(loaded)):,} [score requests](glossary.md#score-request): "
        f"{suite['cases'] + len(offered(loaded)):,} [checks](glossary.md#check). "
        "The page is built from the reports `spadespec conform --report` wrote, stored in "
        "`docs/results/`; a report made with another suite stops the build, naming the command "
        "that refreshes it. A cell counts the results behind it (a score request counts apart "
        "from its case) and takes the colour of the worst: a failure (a wrong answer, an error, "
        "or a listed failure that passed), then an expected failure, then a pass, then a case "
        "the engine declined. A check is n/a, as `conform` says, when the engine does not play "
        "its variant or declares nothing it asks; each engine's count below is of the whole "
        "suite, so the engines are counted alike.",
        "",
        f'<p class="sp-res-legend">{legend}</p>',
        "",
        "## The engines",
        "",
        *_engines_table(results, suite["cases"] + len(offered(loaded))),
        "",
        "## By variant {#by-variant}",
        "",
        *_variant_table(results, variants, by_variant),
        "",
        "## By clause {#by-clause}",
        "",
        "A clause is a rule, or a rule at one value, that a case is tagged as checking "
        "(`scoring.nil_bonus=100`); see the [case schema](reference/case-schema.md). Each "
        "variant's clauses fold under it.",
        "",
        *_clause_tables(results, variants, by_clause),
        *_listed(results, variants, by_variant),
        "## Refreshing the reports {#refresh}",
        "",
        "After a change to the cases, or to an engine, make the reports again from the root of "
        "the checkout and commit them (with every other generated file; the command runs only "
        "the engines whose reports are stale):",
        "",
        "```sh",
        REFRESH,
        "```",
        "",
        "It runs, for each engine, the command its report's first line records:",
        "",
        *_commands(results),
        "",
    ]
    return "\n".join(out)


def _engines_table(results: list[EngineResults], total: int) -> list[str]:
    """A row per engine; `total`, the suite's checks (cases and score requests)."""
    rows = [
        "| engine | what it is | declares | results | stored report |",
        "| --- | --- | --- | --- | --- |",
    ]
    for res in results:
        declared = res.declared()
        plays = declared.get("variants", [])
        features = ", ".join(f"`{f}`" for f in declared.get("features", []))
        tally = Tally()
        for line in res.cases.values():
            tally.add(line["verdict"], bool(line.get("checked")))
        # One denominator for every engine: the suite's checks, of which those its variants and
        # features allow apply to it; the rest (its reports hold only the variants it plays)
        # are n/a, as `conform` says.
        applies = sum(n for s, n in tally.counts.items() if s != "none")
        shown = [f"{tally.counts[s]:,} {STATES[s][1]}" for s in STATES if s != "none"
                 and tally.counts[s]]  # fmt: skip
        counts = f"{applies:,} of {total:,} checks apply to it: {', '.join(shown) or 'none'}"
        if total > applies:
            counts += f"; {total - applies:,} n/a"
        version = f"{declared.get('name', '?')} {declared.get('version', '?')}"
        reports = ", ".join(f"[{r.report}](results/{r.report})" for r in res.engine.runs)
        rows.append(
            f"| **{res.engine.name}** ({version}) | {res.engine.about} | "
            f"{len(plays)} variant{'s' if len(plays) != 1 else ''}; {features} | {counts} | "
            f"{reports} |"
        )
    return rows


def _head(results: list[EngineResults], first: str) -> str:
    cols = "".join(
        f'<th scope="col" title="{escape(r.engine.about.replace("`", ""))}">'
        f"{escape(r.engine.name)}</th>"
        for r in results
    )
    return f'<thead><tr><th scope="col">{first}</th>{cols}</tr></thead>'


def _variant_table(
    results: list[EngineResults], variants: list[str], tallies: dict[tuple[str, str], Tally]
) -> list[str]:
    rows = []
    for variant in variants:
        cells = "".join(
            tallies[r.engine.key, variant].cell(listed_anchor(r.engine.key, variant))
            for r in results
        )
        rows.append(
            f'<tr><th scope="row"><a href="#clauses-{variant}">{variant}</a></th>{cells}</tr>'
        )
    return [
        '<div class="sp-res-box" data-search-exclude><table class="sp-res-table">',
        _head(results, "variant"),
        "<tbody>",
        *rows,
        "</tbody></table></div>",
    ]


def _clause_tables(
    results: list[EngineResults],
    variants: list[str],
    tallies: dict[tuple[str, str, str], Tally],
) -> list[str]:
    out = []
    for variant in variants:
        clauses = sorted({tag for (_, v, tag) in tallies if v == variant})
        states = Counter(
            tallies[r.engine.key, variant, tag].state
            for r in results
            for tag in clauses
            if (r.engine.key, variant, tag) in tallies
        )
        said = ", ".join(f"{states[s]} {STATES[s][1]}" for s in STATES if states[s])
        rows = []
        for tag in clauses:
            cells = "".join(
                tallies.get((r.engine.key, variant, tag), Tally()).cell(
                    listed_anchor(r.engine.key, variant)
                )
                for r in results
            )
            rows.append(f'<tr><th scope="row"><code>{escape(tag)}</code></th>{cells}</tr>')
        out += [
            f'<details class="sp-res-clauses" id="clauses-{variant}">',
            f"<summary><strong>{variant}</strong>: {len(clauses)} "
            f'<a href="../glossary/#clause">clauses</a> seen; {said}</summary>',
            '<div class="sp-res-box" data-search-exclude><table class="sp-res-table">',
            _head(results, "clause"),
            "<tbody>",
            *rows,
            "</tbody></table></div>",
            "</details>",
            "",
        ]
    return out


def listed_anchor(engine: str, variant: str) -> str:
    """The anchor of an engine's failing cases of one variant, e.g. `cases-openspiel-standard`."""
    return f"cases-{engine}-{variant}"


def _listed(
    results: list[EngineResults], variants: list[str], tallies: dict[tuple[str, str], Tally]
) -> list[str]:
    """The ids behind every failing and expected-failure count, by engine and variant."""
    out = [
        "## The failing cases {#failing-cases}",
        "",
        "The ids behind each failing and expected-failure count above (a score request's id "
        "ends `~score`); `spadespec conform --case ID` runs one again.",
        "",
    ]
    found = False
    for res in results:
        for variant in variants:
            tally = tallies.get((res.engine.key, variant))
            if tally is None or not tally.ids:
                continue
            found = True
            out += [
                f"### {res.engine.name}, {variant} {{#{listed_anchor(res.engine.key, variant)}}}"
            ]
            out += [""]
            for state in ("fail", "xfail"):
                for case_id in sorted(tally.ids.get(state, [])):
                    out.append(f"- `{case_id}`: {STATES[state][1]}")
            out.append("")
    if not found:
        out += ["No engine fails a case, and none is expected to.", ""]
    return out


def _commands(results: list[EngineResults]) -> list[str]:
    out = ["```sh"]
    for res in results:
        for start in res.starts:
            out.append(str(start.get("command", "")))
    out.append("```")
    return out
