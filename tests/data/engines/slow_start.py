"""An engine slow to start: it waits `$SLOW_START_SECONDS` (default 0) before answering
`start`, without reading its input, so a long wait is an engine hung in `start` that the
runner has to end itself."""

import os
import time

from _misbehave import main


def slow_start() -> None:
    time.sleep(float(os.environ.get("SLOW_START_SECONDS", "0")))


main(at_start=slow_start)
