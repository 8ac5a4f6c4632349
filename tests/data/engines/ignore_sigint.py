"""An engine deaf to Ctrl-C: it ignores SIGINT (as a server started with `nohup`-like care
does), so only the runner ending it can stop it; then it hangs on a chosen request."""

import signal
import sys

from _misbehave import main

signal.signal(signal.SIGINT, signal.SIG_IGN)


def hang(seq: int, answer: dict) -> None:
    print(f"ignore_sigint: request {seq}, not answering", file=sys.stderr, flush=True)
    sys.stdin.buffer.raw.read()
    sys.exit(0)


main(hang)
