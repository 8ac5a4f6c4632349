"""An engine that answers rightly but slowly: 30 ms a request, so that a test can
stop a run part of the way through."""

import time

from _misbehave import main


def slowly(seq: int, answer: dict) -> None:
    time.sleep(0.03)


main(slowly)
