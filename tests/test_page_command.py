"""`spadespec page`: one ruleset's page, standing alone in a folder. It says what the ruleset
changes against its parent, every rule with its citation or interpretation, the cases the suite
runs for it, and its simulated figures beside its parent's (stored, or played for the page and
said so); bad input is one line on stderr and a non-zero status, never a traceback."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from _cli import run_cli

from spadespec.conformance.analysis.house.suite import house_cases
from spadespec.conformance.contract.suite.variant_files import open_variant_file
from spadespec.conformance.ruleset_page import simulated
from spadespec.reference_engine.simulation.campaign import (
    Settings,
    document,
    dumps,
    run_variant,
    variant_entry,
)
from spadespec.reference_engine.variant import load_variant
from spadespec.reference_engine.variant.model import rule_paths

ROOT = Path(__file__).resolve().parents[1]
PORCH = ROOT / "examples" / "house-rules" / "porch-200.yaml"
BROKEN = ROOT / "tests" / "data" / "broken_variants" / "bad-enum.yaml"
GAMES = "50"
STORED_GAMES = 30


@pytest.fixture
def stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of stored figures holding porchlight's, made now with 30 games as `python -m
    spadespec.regenerate simulations` makes them, and taken as the checkout's."""
    folder = tmp_path / "stored"
    folder.mkdir()
    settings = Settings(STORED_GAMES, 1, "sensible", 200)
    tally = run_variant("porchlight", {}, settings)
    entry = variant_entry("porchlight", load_variant("porchlight"), tally)
    (folder / "porchlight.json").write_text(dumps(document(settings, [entry], None)))
    monkeypatch.setattr(simulated, "STORED_DIR", folder)
    return folder


def _page(*args: str) -> tuple[str, subprocess.CompletedProcess[str]]:
    """The page `spadespec page ARGS` writes (its path is what the command prints)."""
    done = run_cli("page", *args)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return Path(done.stdout.strip()).read_text(encoding="utf-8"), done


def _section(html: str, key: str) -> str:
    """The part of the page under one heading of its table of contents."""
    start = html.index(f'<section id="{key}">')
    return html[start : html.index("</section>", start)]


def _figure_row(html: str, label: str) -> list[str]:
    """The cells of the figures table's row for `label`."""
    row = re.search(rf"<tr[^>]*><td>{re.escape(label)}</td>(.*?)</tr>", html)
    assert row is not None, label
    return re.findall(r"<td>(.*?)</td>", row[1])


def test_the_page_says_what_the_house_file_changes_old_value_then_new(
    tmp_path: Path, stored: Path
) -> None:
    html, _ = _page(str(PORCH), "--out", str(tmp_path / "page"), "--games", GAMES)
    changes = _section(html, "changes")
    assert "it changes 2 rules" in changes
    bag = re.search(r"<code>scoring\.bag_penalty</code></td>(.*?)</tr>", changes)
    target = re.search(r"<code>game_end\.target</code></td>(.*?)</tr>", changes)
    assert bag is not None and target is not None
    assert re.findall(r"<code>(\d+)</code>", bag[1]) == ["100", "50"]
    assert re.findall(r"<code>(\d+)</code>", target[1]) == ["300", "200"]
    # a rule the file leaves alone is not listed as a change
    assert "scoring.bag_threshold" not in changes


def test_every_rule_shows_its_value_and_its_citation_or_interpretation(
    tmp_path: Path, stored: Path
) -> None:
    html, _ = _page(str(PORCH), "--out", str(tmp_path / "page"), "--games", GAMES)
    rules = _section(html, "rules")
    # every rule of the model has its heading
    headings = re.findall(r'<h3 id="(rule-[a-z-]+)">', rules)
    assert len(headings) == len(set(headings)) == len(rule_paths())
    # an inherited rule: its value, where it comes from, the source by title and section, and
    # what the cited passage says
    first = html[html.index('<h3 id="rule-bidding-first-bidder">') :]
    first = first[: first.index("<h3 ", 1)]
    assert "<code>bidding.first_bidder</code> = <code>left-of-dealer</code>" in first
    assert "Inherited from porchlight" in first
    assert "<em>Porchlight, How to play Spades</em></a>, section “Setting up”" in first
    says = load_variant("porchlight").provenance["bidding.first_bidder"].citations[0].says
    assert says and escape(says) in first
    # the file's own rule: its interpretation, open, with question, choice and why
    bag = html[html.index('<h3 id="rule-scoring-bag-penalty">') :]
    bag = bag[: bag.index("<h3 ", 1)]
    assert "porchlight has <code>100</code>" in bag and "Set by porch-200" in bag
    assert '<details class="question" open>' in bag
    assert "What do ten bags cost at our table?" in bag
    assert "<strong>Why.</strong> Games to 200 are short" in bag
    # a seed file has no address: its citation links to its row of the page's sources
    assert 'href="#source-porchlight"' in rules
    assert '<tr id="source-porchlight">' in _section(html, "sources")


def test_a_cited_source_with_an_address_is_linked_to_it(tmp_path: Path) -> None:
    html, _ = _page("bid-thirteen-wins-game", "--out", str(tmp_path), "--games", "10")
    url = next(s.url for s in load_variant("bid-thirteen-wins-game").sources if s.url)
    assert url and f'<a href="{url}">' in _section(html, "rules")


def test_the_cases_the_suite_makes_for_the_house_file_are_listed(
    tmp_path: Path, stored: Path
) -> None:
    html, _ = _page(str(PORCH), "--out", str(tmp_path / "page"), "--games", GAMES)
    cases = _section(html, "cases")
    for made in ("porch-200.generated.scoring.bag_penalty", "porch-200.generated.game_end.target"):
        assert f"<td><code>{made}</code></td><td>generated</td>" in cases
    assert "porch-200 plays scoring.bag_penalty otherwise than porchlight" in cases
    assert f"spadespec conform --variant {PORCH}" in cases
    # every case `conform --variant` runs for the file, inherited ones included, and no other
    made = house_cases(open_variant_file(str(PORCH)))
    assert len(made.inherited) > 50
    for case in made.suite:
        assert f"<td><code>{case.id}</code></td><td>{case.level}</td>" in cases
    assert len(re.findall(r"<td><code>porch-200\.", cases)) == len(made.suite)
    assert f"<p>{len(made.suite)} cases, run against an engine by" in cases


def test_the_figures_stand_beside_the_parents_stored_ones_with_the_bots_named(
    tmp_path: Path, stored: Path
) -> None:
    html, done = _page(str(PORCH), "--out", str(tmp_path / "page"), "--games", GAMES)
    figures = _section(html, "simulated")
    assert "<code>porchlight</code><br><small>stored: 30 games, seed 1</small>" in figures
    assert "<code>porch-200</code><br><small>played for this page: 50 games, seed 1</small>" in (
        figures
    )
    assert "four of spadespec's <strong>sensible</strong> bots" in figures
    assert "played here too" not in figures
    theirs, mine, difference, apart = _figure_row(figures, "hands per game (mean)")
    # porch-200 ends at 200, porchlight at 300: shorter games, told apart even in 50 games
    assert float(mine.split()[0]) < float(theirs.split()[0])
    assert difference.startswith("-") and apart == "true"
    assert "porch-200: 50 games" in done.stderr and "porchlight:" not in done.stderr


def test_without_stored_figures_the_parent_is_played_too_and_the_page_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(simulated, "STORED_DIR", tmp_path / "no-checkout")
    html, done = _page(str(PORCH), "--out", str(tmp_path / "page"), "--games", "20")
    figures = _section(html, "simulated")
    assert "The parent was played here too:</strong> no stored figures are at hand" in figures
    assert "<code>porchlight</code><br><small>played for this page: 20 games" in figures
    assert "porchlight: 20 games" in done.stderr


def test_stored_figures_made_under_other_rules_are_not_used(tmp_path: Path, stored: Path) -> None:
    path = stored / "porchlight.json"
    doc = json.loads(path.read_text())
    doc["variants"][0]["fingerprints"]["rules"] = "0" * 16
    path.write_text(json.dumps(doc))
    html, _ = _page(str(PORCH), "--out", str(tmp_path / "page"), "--games", "20")
    assert "were made with other rules than these" in _section(html, "simulated")


def test_a_parent_that_is_a_file_of_ones_own_is_played_and_its_rules_compared(
    tmp_path: Path, stored: Path
) -> None:
    shutil.copy(PORCH, tmp_path / "porch-200.yaml")
    child = tmp_path / "porch-200-bags-at-five.yaml"
    child.write_text(
        "extends: porch-200\nid: porch-200-bags-at-five\ntitle: Bags at five\nrevision: 1\n"
        "summary: Porch 200 with the bag penalty at five bags.\nrules:\n  scoring:\n"
        "    bag_threshold:\n      value: 5\n      interpretation:\n"
        "        question: How many bags cost the penalty?\n        choice: Five.\n"
        "        why: Short games.\n        alternative: Ten, as Porchlight.\n"
    )
    html, _ = _page(str(child), "--out", str(tmp_path / "page"), "--games", "20")
    assert "it changes 1 rule:" in _section(html, "changes")
    assert "porch-200 is not a shipped ruleset" in _section(html, "simulated")


def test_the_page_needs_no_network_its_stylesheets_are_written_beside_it(
    tmp_path: Path, stored: Path
) -> None:
    out = tmp_path / "page"
    html, _ = _page(str(PORCH), "--out", str(out), "--games", "10")

    class Links(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.found: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag in ("link", "script", "img"):
                self.found += [v or "" for k, v in attrs if k in ("href", "src")]

    links = Links()
    links.feed(html)
    assert sorted(links.found) == ["page.css", "spadespec.css"]
    assert all((out / name).is_file() for name in links.found)
    site = (ROOT / "docs" / "assets" / "spadespec.css").read_text(encoding="utf-8")
    assert (out / "spadespec.css").read_text(encoding="utf-8") == site


def test_the_stored_figures_are_read_from_the_checkouts_results() -> None:
    assert simulated.STORED_DIR == ROOT / "docs" / "results" / "simulation"


@pytest.mark.parametrize(
    ("args", "status", "says"),
    [
        (["no-such-file.yaml"], 2, "no such file or folder: no-such-file.yaml"),
        (["no-such-ruleset"], 2, "unknown variant 'no-such-ruleset'"),
        ([str(BROKEN)], 1, "rules.deal.dealer_rotation.value"),
        ([str(PORCH), "--games", "0"], 2, "--games: expected a whole number of at least 1"),
        ([str(PORCH), "--games", "many"], 2, "--games: expected a whole number"),
        ([str(PORCH), "--games", "-5"], 2, "--games: expected a whole number of at least 1"),
        ([str(PORCH), "--seed", "x"], 2, "--seed: expected a whole number"),
    ],
)
def test_bad_input_is_a_line_naming_the_file_or_field_and_a_non_zero_status(
    tmp_path: Path, args: list[str], status: int, says: str
) -> None:
    out = tmp_path / "page"
    done = run_cli("page", *args, "--out", str(out))
    assert done.returncode == status
    assert done.stderr.startswith("spadespec page: ") and says in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert not out.exists()  # refused before anything was written


def test_an_out_that_is_a_file_is_refused_before_anything_runs(tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("mine")
    done = run_cli("page", str(PORCH), "--out", str(taken))
    assert done.returncode == 2
    assert (
        done.stderr
        == f"spadespec page: --out: cannot write files under {taken}: it is not a folder\n"
    )
    assert taken.read_text() == "mine"


def test_a_missing_file_is_one_line_from_the_installed_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spadespec", "page", "missing.yaml", "--out", "unused"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr == "spadespec page: no such file or folder: missing.yaml\n"


def test_help_says_what_the_page_holds_and_its_options() -> None:
    done = run_cli("page", "--help")
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    for said in ("--out DIR", "--games N", "--seed S", "changes against the ruleset it extends",
                 "interpretation",
                 "conformance cases", "stored for its parent", "Exit status"):  # fmt: skip
        assert said in text, said
