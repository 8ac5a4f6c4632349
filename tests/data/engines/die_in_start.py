"""An engine that dies as it starts: asked `start`, it says why on stderr and exits 3."""

import os
import sys

from _misbehave import main


def die() -> None:
    print("die_in_start: loading the rules", file=sys.stderr)
    print("die_in_start: cannot open tables.db: no such file", file=sys.stderr, flush=True)
    os._exit(3)


main(at_start=die)
