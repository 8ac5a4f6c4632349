"""An engine that never completes the handshake: it answers `start` in the wrong protocol."""

import json
import sys

for line in sys.stdin:
    if json.loads(line)["cmd"] == "start":
        print("no_start: speaking protocol 99", file=sys.stderr, flush=True)
        sys.stdout.write(
            json.dumps(
                {
                    "name": "future",
                    "version": "9",
                    "language": "python",
                    "protocol": 99,
                    "variants": ["standard"],
                    "features": ["totals"],
                }
            )
            + "\n"
        )
        sys.stdout.flush()
