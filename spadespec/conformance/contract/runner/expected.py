"""An engine's list of known deviations (`--expect-fail FILE`).

One case id a line; `#` starts a comment, the place to say why the engine deviates:

    standard.scoring.set-penalty.1   # we charge per trick short; see issue 41
"""

from __future__ import annotations

from pathlib import Path


class ExpectedFailuresError(ValueError):
    """The list cannot be read; the message names the file and line."""


def read_expected_failures(path: Path, *, item: str = "case id") -> dict[str, str]:
    """The listed case ids, each with its comment (empty when there is none). With another
    `item` (a rule change, `a=1 + b=2`), an entry may hold spaces, kept one apart."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ExpectedFailuresError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        number = data.count(b"\n", 0, exc.start) + 1
        byte = data[exc.start]
        raise ExpectedFailuresError(
            f"{path}:{number}: not UTF-8 text (byte 0x{byte:02x}); save the list as UTF-8"
        ) from None
    listed: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        body, _, comment = line.partition("#")
        words = body.split()
        if not words:
            continue
        if len(words) > 1 and item == "case id":
            raise ExpectedFailuresError(
                f"{path}:{number}: one case id a line, with any reason after a '#'"
            )
        listed[" ".join(words)] = comment.strip()
    return listed
