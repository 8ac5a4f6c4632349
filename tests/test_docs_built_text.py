"""The built site's text as a reader sees it: no markdown escape shows through, and every figure
a page gives was computed when the site was built."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from conftest import GeneratedPages

from spadespec.docs_gen.written_pages import is_written

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def article_text(built_site: Path) -> dict[str, str]:
    """Each built page (site path) -> the text of its article, entities decoded."""
    texts = {}
    for path in built_site.rglob("index.html"):
        page = path.read_text(encoding="utf-8")
        match = re.search(r"<article[^>]*>(.*)</article>", page, re.S)
        if match:
            # Block ends break the text; inline tags (a highlighted command's spans) do not.
            blocks = re.sub(r"</(?:p|li|td|th|h\d|pre|div|tr)>|<br\s*/?>", "\n", match.group(1))
            texts[path.parent.relative_to(built_site).as_posix()] = html.unescape(
                re.sub(r"<[^>]+>", "", blocks)
            )
    return texts


def test_no_page_shows_an_escaped_pipe(article_text: dict[str, str]) -> None:
    shown = [page for page, text in article_text.items() if "\\|" in text]
    assert len(article_text) > 20
    assert shown == [], f"a literal \\| shows on {shown}"


# A count, verdict tally or timing as the runner, pytest or the fuzzer print one.
TYPED_FIGURE = re.compile(
    r"\b\d[\d,]* (?:cases?|pass|fail|xfail|xpass|errors?|n/a|passed|failed|deselected|clauses"
    r"|items|games|hands|requests|checks)\b"
    r"|\b(?:tests|failures)=\"\d+\"|\"cases\": \d+|\bchecked \d+ of|\bin \d+(?:\.\d+)? ?s\b"
)
OUTPUT_BLOCK = re.compile(r"^<!-- output .*? -->\n```[a-z]*\n.*?^```$", re.S | re.M)


def _hand_written_pages() -> dict[str, str]:
    """Every page under docs/ but those `python -m spadespec.regenerate pages` wrote."""
    docs = ROOT / "docs"
    pages = {
        p.relative_to(docs).as_posix(): p.read_text(encoding="utf-8") for p in docs.rglob("*.md")
    }
    return {name: text for name, text in pages.items() if not is_written(text)}


def test_no_hand_written_page_types_a_count_in() -> None:
    typed = []
    for name, text in _hand_written_pages().items():
        # A block the build fills by running its command holds what the command prints today.
        for number, line in enumerate(OUTPUT_BLOCK.sub("", text).splitlines(), 1):
            if TYPED_FIGURE.search(line):
                typed.append(f"{name}:{number}: {line.strip()[:100]}")
    assert typed == [], "counts typed into pages, not computed:\n" + "\n".join(typed)


def test_the_figures_and_command_output_on_the_pages_are_todays(
    article_text: dict[str, str],
) -> None:
    from spadespec.docs_gen.figures import figures

    counts = figures()
    assert not [page for page, text in article_text.items() if "{{" in text]
    # The example engine passes every standard case; its run says so with today's count, the
    # score requests included.
    run = counts["cases.standard"] + counts["cases.standard.score"]
    assert run == counts["checks.standard"]
    assert f"{run} checks (" in article_text["quickstart"]
    assert f"): {run} pass. OK" in article_text["quickstart"]
    openspiel = article_text["compat/openspiel"]
    for variant in ("standard", "openspiel"):
        listed = counts[f"expected.openspiel-{variant}"]
        assert f"{variant} {counts[f'cases.{variant}']} {listed}" in " ".join(openspiel.split())


def _readme_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme[readme.index("## Set up and run") :]
    setup = setup[: setup.index("\n## ", 4)]
    return re.findall(r"```sh\n(.*?)\n```", setup, re.S)


def test_the_home_page_opens_with_the_readmes_two_commands(article_text: dict[str, str]) -> None:
    commands = _readme_commands()
    assert len(commands) == 2
    home = article_text["."]
    first_section = home.find("Where to start")
    for command in commands:
        assert 0 <= home.find(command) < first_section, f"not before the first section: {command}"
    assert commands[0] in article_text["quickstart"]


def test_spadespec_is_installed_one_way_on_every_page() -> None:
    # From a checkout, into its .venv, as the README says: `pip install .` or with extras.
    ways = set()
    for name, text in _hand_written_pages().items():
        for install in re.findall(r"pip install [^&\n`]*", text):
            ways.add(install.split("#")[0].strip())
            assert "spadespec" not in install, f"{name}: {install}"
    assert ways <= {
        "pip install .",
        'pip install -e ".[test]"',
        'pip install ".[openspiel]"',
        'pip install ".[stats]"',
        'pip install ".[results]"',
    }


def test_the_command_reference_has_every_command_and_argument(
    generated_docs: GeneratedPages,
) -> None:
    import argparse

    from spadespec.cli import build_parser

    page = generated_docs.pages["reference/cli.md"]
    commands = []

    def check(parser: argparse.ArgumentParser, name: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub_name, sub in action.choices.items():
                    command = f"{name} {sub_name}"
                    commands.append(command)
                    assert f"`{command}` {{#{command.replace(' ', '-')}}}" in page
                    check(sub, command)
            for option in set(action.option_strings) - {"-h", "--help"}:
                assert f"`{option}" in page or f", {option}" in page, f"{name} {option}"

    check(build_parser(), "spadespec")
    assert {"spadespec conform", "spadespec conform coverage", "spadespec fuzz"} <= set(commands)


def test_each_reason_code_has_its_section_and_says_how_it_is_checked(
    generated_docs: GeneratedPages,
) -> None:
    from spadespec.conformance.contract.suite.reason_codes import NOT_PROBED
    from spadespec.reference_engine.reason_codes import ReasonCode

    page = generated_docs.pages["reference/reason-codes.md"]
    sections = dict(
        re.findall(r"^## `([a-z-]+)` \{#[a-z-]+\}\n\n(.*?)(?=^## |\Z)", page, re.S | re.M)
    )
    assert set(sections) == {code.value for code in ReasonCode}
    for code, text in sections.items():
        if code in NOT_PROBED:
            assert "No probe can reach it." in text, code
        else:
            assert "Checked by `" in text, f"{code}: no case"


def test_search_finds_rule_keys_and_reason_codes(built_site: Path) -> None:
    import json

    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    separator = re.compile(index["config"]["separator"])
    # A rule key is a word of its own, so searching `nil_penalty` finds the rule.
    assert "nil_penalty" in separator.split("scoring.nil_penalty = 100")
    sections = {doc["location"]: doc for doc in index["docs"]}
    for code in ("bid-out-of-range", "must-follow-suit", "malformed-action"):
        section = sections[f"reference/reason-codes/#{code}"]
        assert code in section["title"] and section.get("boost", 1) > 1
    assert any("nil_penalty" in doc["text"] for loc, doc in sections.items() if "rules/" in loc)


def _conform(variant: str | None, capsys: pytest.CaptureFixture[str]) -> dict[str, int]:
    """What `spadespec conform` (the reference engine, which keeps score) counts for a selection:
    its checks, cases, score requests and the clauses seen."""
    from spadespec.cli import main

    capsys.readouterr()
    assert main(["conform", *(["--variant", variant] if variant else [])]) == 0
    out = capsys.readouterr().out
    run = re.search(r"^(\d+) checks \((\d+) cases, (\d+) score requests\): ", out, re.M)
    clauses = re.search(r"^(\d+) of (\d+) clauses seen", out, re.M)
    assert run and clauses, out[-500:]
    checks, cases, score = map(int, run.groups())
    return {"checks": checks, "cases": cases, "score": score, "clauses": int(clauses[2])}


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def test_each_count_on_each_page_is_the_one_conform_gives_for_the_same_selection(
    article_text: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    standard = _conform("standard", capsys)
    assert standard["checks"] == standard["cases"] + standard["score"]
    flat = {page: " ".join(text.split()) for page, text in article_text.items()}
    said = f"{standard['checks']} checks ({standard['cases']} cases, {standard['score']} score"
    for page in ("quickstart", "glossary"):
        assert said in flat[page], page
    glossary = flat["glossary"]
    assert f"standard has {standard['cases']}." in glossary
    assert (
        f"{standard['checks']:,} for standard ({standard['cases']} cases and "
        f"{standard['score']} score requests)"
    ) in glossary
    engines = flat["python-engines"]
    assert (
        f"({standard['cases']} cases, and the {standard['score']} of them that complete a hand "
        f"again as score requests: {standard['checks']} checks.)"
    ) in engines
    assert f"standard {standard['cases']} " in flat["compat/openspiel"]
    assert f"of the {standard['cases']} standard cases" in flat["expected-failures"]
    assert f"{standard['cases']} cases were not run" in flat["protocol"]
    # The engine results: the whole suite (counted by the functions `conform` selects and
    # offers with), and each variant's clauses as the reference engine's run sees them.
    from spadespec.conformance.contract.runner.score import offered
    from spadespec.conformance.contract.suite.cases import load_suite

    suite = load_suite()
    cases, score = len(suite), len(offered(suite))
    results = flat["engine-results"]
    assert f"{cases:,} cases (digest" in results
    assert f"{score:,} score requests: {cases + score:,} checks." in results
    total = cases + score
    assert f"{total:,} of {total:,} checks apply to it: {total:,} pass" in results  # the reference
    # Every engine is counted against the whole suite: OpenSpiel's reports hold two variants.
    assert re.search(rf"[\d,]+ of {total:,} checks apply to it: [^|]*; [\d,]+ n/a", results)
    assert f"standard: {standard['clauses']} clauses seen;" in results
    porchlight = _conform("porchlight", capsys)
    assert f"porchlight: {porchlight['clauses']} clauses seen;" in results


def test_search_finds_words_and_leaves_out_grids_and_card_strings(built_site: Path) -> None:
    import json

    docs = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    entries = docs["docs"]
    # "sandbag" finds the rulesets whose own pages state bag rules.
    found = {e["location"].split("#")[0] for e in entries if "sandbag" in e["text"].lower()}
    for page in ("rules/standard/", "rules/five-bags-fifty/", "rules/minus-110/"):
        assert page in found, sorted(found)
    # The card diagrams, the comparison grid and the results grid are not indexed.
    cards = re.compile(r"[♠♥♦♣]\s*(?:[AKQJT2-9]\s*){3,}")
    assert not [e["location"] for e in entries if cards.search(e["text"])]
    grids = [e for e in entries if e["location"].startswith(("engine-results/", "rules/matrix/"))]
    # Neither a results cell (✓12) nor a row of the comparison grid (`jokers-54` beside
    # `standard-52`, 34 columns of them) is in the index.
    cells = re.compile(r"[✓✗◐]\d|standard-52 standard-52")
    assert grids and not [e["location"] for e in grids if cells.search(e["text"])]
    # A ruleset's summary is searchable.
    assert any("Porchlight online room" in e["text"] for e in entries)
