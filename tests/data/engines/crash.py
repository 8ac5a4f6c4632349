"""An engine that dies mid-run: on a chosen case it writes a last word to stderr and exits 3."""

import os
import sys

from _misbehave import main


def crash(seq: int, answer: dict) -> None:
    print(f"crash: request {seq}: out of cheese", file=sys.stderr, flush=True)
    os._exit(3)


main(crash)
