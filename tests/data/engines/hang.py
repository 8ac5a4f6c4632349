"""An engine that stops answering: on a chosen case it says so on stderr and waits, reading
nothing more, until its input closes (so it never outlives the runner that started it)."""

import sys

from _misbehave import main


def hang(seq: int, answer: dict) -> None:
    print(f"hang: request {seq}, not answering", file=sys.stderr, flush=True)
    sys.stdin.buffer.raw.read()  # returns only when the runner closes our input or dies
    sys.exit(0)


main(hang)
