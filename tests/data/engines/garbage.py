"""An engine that prints garbage: on a chosen case a debugging line (and a control character)
goes to stdout before its answer, which a runner must not take for the answer."""

import sys

from _misbehave import main


def garbage(seq: int, answer: dict) -> None:
    sys.stdout.write(f"DEBUG request {seq} \x1b[31mtotals?\x00 {{not json\n")
    sys.stdout.flush()


main(garbage)
