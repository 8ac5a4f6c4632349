"""`spadespec show` of each source ruleset: the same rules and provenance, line for line, as
before the files stopped restating the values they share with `standard`.

tests/data/source_show/ holds what `spadespec show <id>` printed while each source file still
wrote out all 52 values (only the `file:` line is made relative). The files now cite their
source for a rule without its value; a reader of `show` must not see any difference.
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
def test_show_prints_the_provenance_it_printed_when_every_value_was_written(
    variant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", variant]) == 0
    out = capsys.readouterr().out
    out = re.sub(r"(?m)^file: .*/variants/", "file: variants/", out)
    assert out == (SHOWN / f"{variant}.txt").read_text(encoding="utf-8")
