"""A game record as an engine in production keeps it: the variant, the setup, the game's log
(deals, bids, passes, plays) and the figures the engine itself recorded. The format is
`schema/game-record.schema.json`; this module reads one and refuses, by its path, any field the
format does not know (anything under `meta` is the engine's own and is never looked at).

The checks here are the schema's, written out, so that a stream of records is read at the
speed of the engine replaying it; `tests/test_audit_records.py` holds the two to each other.
The log's entries are read by the engine itself (`action_from_json`), which names a malformed
one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from spadespec.reference_engine.seats import NAMED_SIDES, SEAT_NAMES

RECORD_FORMAT = 1
"""The record format's version, which a record may state as `format`."""

TOP_FIELDS = ("format", "variant", "setup", "actions", "hands", "totals", "bags", "outcome",
              "differed", "meta")  # fmt: skip
REQUIRED = ("variant", "setup", "actions")
VARIANT_FIELDS = ("id", "file", "options")
SETUP_FIELDS = ("dealer", "scores", "bags", "hands_played")
HAND_FIELDS = ("dealer", "tricks", "points", "totals", "bags")
"""What an engine may record of each hand: who dealt it, each seat's tricks, and each side's
points for the hand, running total and bags after it."""
OUTCOME_FIELDS = ("status", "winner")
DIFFERED_FIELDS = ("at", "legal", "refused", "allowed")
"""What an engine may record of an answer it gave during the game: where (`at`: after how many
of the actions), its list of legal actions there, an action it refused there, an action it said
it would allow there."""
REFUSED_FIELDS = ("action", "reason")
STATUSES = ("continues", "won", "tie")
SEATS = SEAT_NAMES
"""Every seat a record may name: N, E, S, W, and NE, SE, SW, NW at a table of five to eight
(which of them the game's table has is checked when the game is replayed)."""
SIDES = tuple(dict.fromkeys(("NS", "EW", *SEAT_NAMES, *NAMED_SIDES)))


class RecordError(ValueError):
    """A record that cannot be read as one: `path` is the JSON path of the field at fault."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}")


@dataclass(frozen=True, slots=True)
class VariantRef:
    """The ruleset the game was played under: a shipped id or a variant file, with options."""

    id: str | None
    file: str | None
    options: dict[str, Any]

    @property
    def name(self) -> str:
        return self.id if self.id is not None else str(self.file)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id} if self.id is not None else {"file": self.file}
        if self.options:
            out["options"] = dict(self.options)
        return out


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One recorded game: what was played, and what the engine said of it."""

    variant: VariantRef
    setup: dict[str, Any]
    actions: list[Any]
    hands: list[dict[str, Any]] = field(default_factory=list)
    """Each completed hand's recorded figures, in order (any of HAND_FIELDS, or none)."""
    totals: dict[str, int] | None = None
    bags: dict[str, int] | None = None
    outcome: dict[str, Any] | None = None
    meta: Any = None
    differed: list[dict[str, Any]] = field(default_factory=list)
    """Answers the engine gave during the game that no figure shows, each at its position
    (`at`), in the order of the log."""


def read_record(data: Any) -> GameRecord:
    """The record `data` (a parsed JSON value), its fields checked; raises RecordError."""
    if not isinstance(data, dict):
        raise RecordError("$", f"a record is a JSON object, not {_kind(data)}")
    _only(data, TOP_FIELDS, "$")
    for key in REQUIRED:
        if key not in data:
            raise RecordError("$", f"missing {key!r}")
    if "format" in data and data["format"] != RECORD_FORMAT:
        raise RecordError(
            "$.format", f"this is record format {RECORD_FORMAT}, not {data['format']!r}"
        )
    actions = data["actions"]
    if not isinstance(actions, list):
        raise RecordError("$.actions", f"expected a list of actions, not {_kind(actions)}")
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        raise RecordError("$.hands", f"expected a list, one entry per hand, not {_kind(hands)}")
    for number, hand in enumerate(hands):
        _hand(hand, f"$.hands[{number}]")
    outcome = data.get("outcome")
    if outcome is not None:
        _outcome(outcome)
    differed = _differed(data.get("differed", []), len(actions))
    return GameRecord(
        _variant(data["variant"]),
        _setup(data["setup"]),
        actions,
        hands,
        _figures(data.get("totals"), "$.totals", SIDES, signed=True),
        _figures(data.get("bags"), "$.bags", SIDES, signed=False),
        outcome,
        data.get("meta"),
        differed,
    )


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "true or false"}
    if value is None:
        return "null"
    return names.get(type(value), "a number" if isinstance(value, int | float) else "that")


def _only(data: Mapping[str, Any], known: tuple[str, ...], path: str) -> None:
    for key in data:
        if key not in known:
            raise RecordError(
                f"{path}.{key}",
                f"unknown field {key!r} (a record has {', '.join(known)}; put anything of the "
                "engine's own under 'meta')"
                if path == "$"
                else f"unknown field {key!r} (expected {', '.join(known)})",
            )


def _variant(data: Any) -> VariantRef:
    path = "$.variant"
    if not isinstance(data, dict):
        raise RecordError(path, f"expected an object with 'id' or 'file', not {_kind(data)}")
    _only(data, VARIANT_FIELDS, path)
    if ("id" in data) == ("file" in data):
        raise RecordError(path, "give either 'id' (a shipped variant) or 'file' (a variant file)")
    ref = data.get("id", data.get("file"))
    if not isinstance(ref, str) or not ref:
        key = "id" if "id" in data else "file"
        raise RecordError(f"{path}.{key}", f"expected a non-empty string, not {_kind(ref)}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(f"{path}.options", f"expected an object, not {_kind(options)}")
    return VariantRef(data.get("id"), data.get("file"), options)


def _setup(data: Any) -> dict[str, Any]:
    path = "$.setup"
    if not isinstance(data, dict):
        raise RecordError(path, f"expected an object, not {_kind(data)}")
    _only(data, SETUP_FIELDS, path)
    if "dealer" not in data:
        raise RecordError(path, "missing 'dealer' (who dealt the first hand)")
    return data


def _figures(data: Any, path: str, keys: tuple[str, ...], *, signed: bool) -> dict[str, int] | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise RecordError(
            path, f"expected an object keyed by {_keys_text(keys)}, not {_kind(data)}"
        )
    for key, value in data.items():
        if key not in keys:
            raise RecordError(f"{path}.{key}", f"unknown key {key!r} (expected {_keys_text(keys)})")
        if isinstance(value, bool) or not isinstance(value, int) or (not signed and value < 0):
            wanted = "a whole number" if signed else "a whole number, 0 or more"
            raise RecordError(f"{path}.{key}", f"expected {wanted}, not {value!r}")
    return data


def _keys_text(keys: tuple[str, ...]) -> str:
    if keys is SIDES:
        return "sides (NS, EW; or seats playing alone)"
    return (
        "seats (N, E, S, W; N, S at two; N, NE, SE, SW, NW at five; N, NE, E, SE, SW, W, NW at "
        "seven)"
    )


def _hand(data: Any, path: str) -> None:
    if not isinstance(data, dict):
        raise RecordError(path, f"expected an object of the hand's figures, not {_kind(data)}")
    _only(data, HAND_FIELDS, path)
    if "dealer" in data and data["dealer"] not in SEATS:
        seats = ", ".join(SEATS)
        raise RecordError(f"{path}.dealer", f"expected a seat ({seats}), not {data['dealer']!r}")
    _figures(data.get("tricks"), f"{path}.tricks", SEATS, signed=False)
    _figures(data.get("points"), f"{path}.points", SIDES, signed=True)
    _figures(data.get("totals"), f"{path}.totals", SIDES, signed=True)
    _figures(data.get("bags"), f"{path}.bags", SIDES, signed=False)


def _outcome(data: Any) -> None:
    path = "$.outcome"
    if not isinstance(data, dict):
        raise RecordError(path, f"expected an object with 'status' and 'winner', not {_kind(data)}")
    _only(data, OUTCOME_FIELDS, path)
    if data.get("status") not in STATUSES:
        raise RecordError(f"{path}.status", f"expected one of {', '.join(STATUSES)}")
    winner = data.get("winner")
    if data["status"] == "won" and winner not in SIDES:
        raise RecordError(f"{path}.winner", "a won game names its winner (a side)")
    if data["status"] != "won" and winner is not None:
        raise RecordError(f"{path}.winner", f"a game that is {data['status']} has no winner")


def _differed(data: Any, actions: int) -> list[dict[str, Any]]:
    path = "$.differed"
    if not isinstance(data, list):
        raise RecordError(path, f"expected a list of the engine's answers, not {_kind(data)}")
    last = 0
    for number, entry in enumerate(data):
        where = f"{path}[{number}]"
        if not isinstance(entry, dict):
            raise RecordError(where, f"expected an object with 'at', not {_kind(entry)}")
        _only(entry, DIFFERED_FIELDS, where)
        at = entry.get("at")
        if isinstance(at, bool) or not isinstance(at, int) or not last <= at <= actions:
            raise RecordError(
                f"{where}.at",
                f"expected the number of actions played before the answer, {last} to {actions} "
                f"(after the entry before it, within the log), not {at!r}",
            )
        last = at
        if not {"legal", "refused", "allowed"} & set(entry):
            raise RecordError(
                where, "give 'legal' (the engine's legal actions), 'refused' or 'allowed'"
            )
        if "legal" in entry and not isinstance(entry["legal"], list):
            raise RecordError(f"{where}.legal", f"expected a list, not {_kind(entry['legal'])}")
        if "refused" in entry:
            _refused(entry["refused"], f"{where}.refused")
        if "allowed" in entry:
            _allowed(entry["allowed"], f"{where}.allowed")
    return data


def _allowed(data: Any, path: str) -> None:
    if not isinstance(data, dict):
        raise RecordError(path, f"expected an object with 'action', not {_kind(data)}")
    _only(data, ("action",), path)
    if not isinstance(data.get("action"), dict):
        raise RecordError(f"{path}.action", "expected the action allowed, as the log writes it")


def _refused(data: Any, path: str) -> None:
    if not isinstance(data, dict):
        raise RecordError(path, f"expected an object with 'action', not {_kind(data)}")
    _only(data, REFUSED_FIELDS, path)
    if not isinstance(data.get("action"), dict):
        raise RecordError(f"{path}.action", "expected the action refused, as the log writes it")
    reason = data.get("reason")
    if reason is not None and not isinstance(reason, str):
        raise RecordError(f"{path}.reason", f"expected a reason code or null, not {_kind(reason)}")
