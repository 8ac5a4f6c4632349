"""`spadespec show` of each source ruleset, line for line as recorded and reviewed.

tests/data/source_show/ holds what `spadespec show <id>` prints (only the `file:` line is made
relative). The files cite their source for a rule without its value, name the section where
their source is silent and standard's interpretation stands (shown as standard's, arising from
that section), and write `moot: true` where their other rules make a rule mean nothing (shown
with what axes.yaml says of it). A change to any of that shows here, to be read in the diff.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spadespec.cli import main

SHOWN = Path(__file__).parent / "data" / "source_show"
SOURCE_FILES = sorted(p.stem for p in SHOWN.glob("*.txt"))


def test_every_source_ruleset_has_its_recorded_show() -> None:
    assert SOURCE_FILES == [
        "ellington",
        "illustrated-table",
        "openspiel",
        "playingcardgames",
        "porchlight",
        "strategy-guide",
    ]


@pytest.mark.parametrize("variant", SOURCE_FILES)
def test_show_prints_the_recorded_rules_and_provenance(
    variant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", variant]) == 0
    out = capsys.readouterr().out
    out = re.sub(r"(?m)^file: .*/variants/", "file: variants/", out)
    assert out == (SHOWN / f"{variant}.txt").read_text(encoding="utf-8")
