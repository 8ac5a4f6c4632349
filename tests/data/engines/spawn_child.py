"""An engine that starts a helper process of its own (as an engine in a scripting language
may start its solver) and then hangs on a chosen request: the runner must end the helper too.
The helper's process id goes into the --pid-dir folder beside the engine's."""

import subprocess
import sys
from pathlib import Path

from _misbehave import main

if "--pid-dir" in sys.argv:
    helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    (Path(sys.argv[sys.argv.index("--pid-dir") + 1]) / str(helper.pid)).touch()


def hang(seq: int, answer: dict) -> None:
    print(f"spawn_child: request {seq}, not answering", file=sys.stderr, flush=True)
    sys.stdin.buffer.raw.read()
    sys.exit(0)


main(hang)
