"""The mutation measure's page, made at build from the stored standard run
(`docs/results/mutation.json`, which `python -m spadespec.regenerate mutation` writes): what
the golden cases are known to catch, per module, with the figure and the date. Every figure is
counted from the file, none typed."""

from __future__ import annotations

import html
from typing import Any

from spadespec.conformance.machinery.mutation.notes import FILE_CAP, NOTES, read_notes
from spadespec.conformance.machinery.mutation.report import FORMAT
from spadespec.docs_gen.checkout import REGENERATE, REPO, read_stored

STORE = REPO / "docs" / "results" / "mutation.json"
PAGE = "mutation.md"
REASONS = {
    "equivalent": "the same result on every input",
    "unplayed": "differs only under rule values no shipped ruleset plays",
    "unobservable": "differs only in what the protocol never shows",
}


def read_mutation() -> dict[str, Any] | None:
    """The stored run, or None where it has not been made."""
    return read_stored(STORE, FORMAT)


def _share(part: int, whole: int) -> str:
    return "n/a" if whole == 0 else f"{part / whole:.1%}"


def _percent(share: float | None) -> str:
    return "n/a" if share is None else f"{share:.1%}"


def _caught(row: dict[str, Any]) -> str:
    judged = row["drawn"] - row["marked"]
    return _share(row["killed"] + row["timed out"], judged)


def _cell(text: str) -> str:
    escaped = html.escape(text)
    for mark, entity in (
        ("|", "&#124;"),
        ("[", "&#91;"),
        ("]", "&#93;"),
        ("*", "&#42;"),
        ("_", "&#95;"),
        ("`", "&#96;"),
    ):
        escaped = escaped.replace(mark, entity)
    return escaped


def mutation_page(data: dict[str, Any] | None) -> str:
    """The page: the figure, the table per module, then every change not caught; or, where no
    run is stored, how to make one."""
    if data is None:
        return (
            "# What the suite catches: the mutation measure\n\n"
            "No standard run is stored in this checkout: "
            f"`{REGENERATE} mutation` makes it.\n"
        )
    counts = data["counts"]
    sample = data["sample"]
    judged = sample - counts["marked"]
    caught = counts["killed"] + counts["timed out"]
    minutes = data.get("seconds", 0) / 60
    out = [
        "# What the suite catches: the mutation measure",
        "",
        "The golden cases are worth what they catch. To measure it, the reference engine is "
        "broken on purpose, one small change at a time (a comparison turned round or its "
        "boundary moved, a constant moved by one, a condition negated, a loop that never runs, "
        "a handler dropped), each broken copy is served over the protocol exactly as an engine "
        "of yours is, and `spadespec conform` judges it, held to the count of cases the unchanged "
        "engine had something checked on (`--min-checked`), so that a copy that declines cases "
        "it played before fails too. A change the run fails is *killed*; one "
        "that makes the engine stop answering is *timed out* (any runner fails it too); one "
        "the suite passes *survived*: a mistake an engine could make and still pass.",
        "",
        f"**Measured {data['date']}:** of {sample} changes drawn by seed {data['seed']} from "
        f"{data['places']} places, the suite caught {caught} of the {judged} not marked "
        f"(**{_share(caught, judged)}**): {counts['killed']} killed, {counts['timed out']} "
        f"timed out, {counts['survived']} survived ({counts['never run']} of them on a line no "
        f"case makes the engine run), and {counts['marked']} marked as changes "
        f"no engine could be caught making. Of the changes not marked on a line the suite "
        f"makes the engine run, it caught {_percent(data.get('caught_where_run'))}. The run "
        f"took {minutes:.0f} minutes on {data.get('workers', 1)} workers.",
        "",
        *_fuzzed_paragraph(data),
        "## Per module",
        "",
        "A survivor *never run* is on a line the served engine did not run while the whole "
        "suite was put to the unchanged engine: no case reaches it (the code may serve only "
        "the bots or the commands, or a case is missing). The others ran and were not caught. "
        "A survivor *shown* is one the fuzzer shows differing from the reference: a hole.",
        "",
        "| module | drawn | killed | timed out | survived | of them never run | of them shown "
        "| marked | caught |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in data["rows"]:
        cells = (
            f"{row['killed']} | {row['timed out']} | {row['survived']} | {row['never run']} | "
            f"{row['shown']} | {row['marked']}"
        )
        out.append(f"| `{row['module']}` | {row['drawn']} | {cells} | {_caught(row)} |")
    out += [
        "",
        "## What is drawn from, and what is left out",
        "",
        "The changes are drawn from every module the reference engine runs when it is served "
        "(the run measures which, at its start), with a floor for the deal check, reading "
        "a table's options, the phases of a hand and the rules of play. Left out: the modules "
        "that check a variant file a house writes (every case runs on a shipped ruleset, so "
        "nothing they refuse is asked of an engine), places inside a type annotation (never "
        "run) and inside an f-string (a message's words: refusals are judged by their reason "
        "codes). The served modules are:",
        "",
        ", ".join(f"`{module}`" for module in data["modules"]) + ".",
        "",
        "## Marked changes",
        "",
        "A survivor that cannot change what any engine is asked is recorded once, with its "
        "reason, in `conformance/machinery/mutation/notes.yaml`, and a run counts it apart. "
        "Marks are capped at a tenth of the sample, so that marking is never the way out of "
        "writing a case. The reasons: "
        + "; ".join(f"*{name}* ({what})" for name, what in REASONS.items())
        + ".",
        "",
    ]
    marked = [s for s in data["survivors"] if s["outcome"] == "marked"]
    survived = [s for s in data["survivors"] if s["outcome"] == "survived"]
    notes = read_notes(NOTES)
    out.append(
        f"This run marked {len(marked)} of its {sample} changes. The file holds "
        f"{len(notes)} notes (at most {FILE_CAP}):"
    )
    if notes:
        out += [
            "",
            "| module | the line | changed to | reason | why |",
            "| --- | --- | --- | --- | --- |",
        ]
        out += [
            f"| `{n.module}` | <code>{_cell(n.before)}</code> | <code>{_cell(n.after)}</code> | "
            f"{n.reason} | "
            f"{_cell(n.why)} |"
            for n in notes
        ]
    out += ["", "## Survivors", ""]
    if not survived:
        out.append("Every change not marked was caught.")
    else:
        out.append(
            f"Each of the {len(survived)} changes below passed the suite. One the fuzzer shows "
            "is a hole a case should close; one it does not show is likely a change no engine "
            "could be caught making, until a case shows otherwise. Run "
            "`python benchmarks/mutation.py --help` to measure again."
        )
        for entry in survived:
            fuzz = _fuzz_words(entry.get("fuzz"))
            out += ["", f"`{entry['name']}`{fuzz}", "", "```diff", entry["diff"], "```"]
    return "\n".join(out) + "\n"


def _fuzz_words(fuzz: dict[str, Any] | None) -> str:
    """What the fuzzer made of one survivor, after its name."""
    if fuzz is None:
        return ""
    if fuzz["shown_by"] is not None:
        return f": **shown** by the fuzzer under `{fuzz['shown_by']}`"
    if not fuzz["rulesets"]:
        return ": no ruleset's fuzzed games run its line"
    return ": not shown under " + ", ".join(f"`{name}`" for name in fuzz["rulesets"])


def _shown_words(shown: int) -> str:
    """How many survivors the fuzzer showed, as the start of a sentence."""
    if shown == 0:
        return "It showed **none** of them differing"
    return f"It showed **{shown}** of them differing (each a hole, marked *shown* below)"


def _fuzzed_paragraph(data: dict[str, Any]) -> list[str]:
    """The fuzzer's verdict on the survivors, and the share caught of the changes shown to
    break a rule (nothing where the run did not fuzz)."""
    fuzzed = data.get("fuzzed")
    if fuzzed is None:
        return []
    calibration = data["calibration"]
    of_shown = _percent(data.get("caught_of_shown"))
    return [
        "A survivor may be a hole in the cases or a change no engine could be caught making "
        "(the words of a message, a second check behind a quicker one, a cache). To tell them "
        "apart, each survivor not marked was served to `spadespec fuzz`, which plays random "
        "games under the shipped rulesets whose fuzzed games run the changed line, asks the "
        "legal actions at every point, probes illegal ones, and compares every answer with the "
        f"unchanged reference. {_shown_words(fuzzed['shown'])}, did not show "
        f"{fuzzed['not shown']}, and "
        f"{fuzzed['not reached']} are on lines no ruleset's fuzzed games run (the fuzzer sends "
        "only well-formed deals and passes, so the refusal of a malformed one is the golden "
        "cases' probes' alone). **Of the changes shown to break a rule (caught by the cases or "
        f'shown by the fuzzer), the cases caught {of_shown}.** How far a "not shown" goes: '
        f"of {calibration['fuzzed']} changes the cases killed, drawn by the seed and fuzzed "
        f"the same way, the fuzzer showed {calibration['shown']} "
        f"({_share(calibration['shown'], calibration['fuzzed'])}): a change it does not show "
        "is not proved harmless, only not seen. The killed changes it missed show where it "
        "is blind:",
        "",
        *_missed_table(data.get("fuzzer_missed", [])),
    ]


def _caught_by(case: str | None) -> str:
    """The case that caught a change, or that it was caught by the count of cases checked."""
    return "fewer cases checked" if case is None else f"`{case}`"


def _missed_table(missed: list[dict[str, Any]]) -> list[str]:
    """The killed changes the fuzzer did not show: each with the case that caught it."""
    if not missed:
        return ["(none)", ""]
    rows = [
        "| change | changed to | the case that caught it | the fuzzer |",
        "| --- | --- | --- | --- |",
    ]
    rows += [
        f"| `{entry['name']}` | <code>{_cell(entry['after'].strip())}</code> | "
        f"{_caught_by(entry['caught_by'])} | {entry['fuzz']} |"
        for entry in missed
    ]
    return [*rows, ""]
