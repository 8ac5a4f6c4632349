"""An engine that says more than it is asked: on a chosen case a debugging line follows its
answer, written with it at once, or with `--late S` that many seconds after it."""

import argparse
import sys
import threading

from _misbehave import main

parser = argparse.ArgumentParser()
parser.add_argument("--late", type=float, default=0.0)
late = parser.parse_known_args()[0].late


def write(line: str) -> None:
    sys.stdout.write(line)
    sys.stdout.flush()


def extra_line(seq: int) -> str:
    line = f"DEBUG answered request {seq}\n"
    if not late:
        return line
    threading.Timer(late, write, [line]).start()
    return ""


main(after=extra_line)
