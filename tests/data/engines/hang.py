"""An engine that stops answering: on a chosen case it says so on stderr and sleeps."""

import sys
import time

from _misbehave import main


def hang(seq: int, answer: dict) -> None:
    print(f"hang: request {seq}, going to sleep", file=sys.stderr, flush=True)
    time.sleep(3600)


main(hang)
