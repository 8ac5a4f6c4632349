"""One JSON value as one line of the protocol, as the runner and `spadespec serve` write them.

Written by orjson, at a seventh of the standard library's cost: a fuzzed game's whole log is
sent once a game, and its answers come back the same way. A value orjson cannot write (an
integer beyond 64 bits) is written by the standard library. A float that is not a number,
which no message holds, is written `null`, since JSON has no such value.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_LINE = orjson.OPT_APPEND_NEWLINE | orjson.OPT_NON_STR_KEYS


def json_line(value: Any) -> bytes:
    """`value` as compact JSON, UTF-8, newline-terminated.

    >>> json_line({"seq": 1, "result": {"legal": ["2C", "AS"]}})
    b'{"seq":1,"result":{"legal":["2C","AS"]}}\\n'
    >>> json_line(2**70), json_line(float("nan"))
    (b'1180591620717411303424\\n', b'null\\n')
    """
    try:
        return orjson.dumps(value, option=_LINE)
    except TypeError:  # orjson.JSONEncodeError: beyond what orjson writes
        return (json.dumps(value, separators=(",", ":"), ensure_ascii=False) + "\n").encode()
