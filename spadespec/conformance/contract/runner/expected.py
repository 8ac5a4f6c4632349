"""An engine's list of known deviations (`--expect-fail FILE`).

One case id a line; `#` starts a comment, the place to say why the engine deviates:

    standard.scoring.set-penalty.1   # we charge per trick short; see issue 41
"""

from __future__ import annotations

from pathlib import Path

from spadespec.command_kit.input_files import MIB, FileProblem, read_lines

MAX_LIST_BYTES = 16 * MIB
"""The largest list read: every case of the suite listed, with a long reason each, is well
under a megabyte."""

MAX_ENTRY_CHARS = 400
"""The longest entry taken: a case id is under a hundred characters, a rule change of several
rules a few hundred; anything longer is no entry, and is refused rather than echoed back."""


class ExpectedFailuresError(ValueError):
    """The list cannot be read; the message names the file and line."""


def read_expected_failures(path: Path, *, item: str = "case id") -> dict[str, str]:
    """The listed case ids, each with its comment (empty when there is none). With another
    `item` (a rule change, `a=1 + b=2`), an entry may hold spaces, kept one apart."""
    listed: dict[str, str] = {}
    try:
        for line in read_lines(path, max_bytes=MAX_LIST_BYTES, what="list"):
            body, _, comment = line.text.partition("#")
            words = body.split()
            if not words:
                continue
            if len(words) > 1 and item == "case id":
                raise ExpectedFailuresError(
                    f"{path}:{line.number}: one case id a line, with any reason after a '#'"
                )
            entry = " ".join(words)
            if len(entry) > MAX_ENTRY_CHARS:
                raise ExpectedFailuresError(
                    f"{path}:{line.number}: an entry of {len(entry)} characters is no {item} "
                    f"(at most {MAX_ENTRY_CHARS})"
                )
            listed[entry] = comment.strip()
    except FileProblem as exc:
        raise ExpectedFailuresError(str(exc)) from None
    return listed
