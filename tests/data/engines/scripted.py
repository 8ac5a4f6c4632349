"""An engine that knows nothing of Spades and does, for each request, what the request's id
tells it: the id is `NAME:DEED`, and every key the request asks is answered with `[NAME, PID]`
(this process's id), so that a test can tell whose answer it is and which process gave it. It
declares `pipelined` (with `score` and `deals`) and reads each request in turn, whatever waits
behind it. It needs nothing but the standard library, so it starts again quickly.

The deeds: `answer`; `late` (the answer 50 ms late); `errored` and `skipped` (the engine's own
failure or refusal, within the protocol); `garbage` (a line that is not JSON, then the answer);
`extra` (the answer, then a line that is not JSON, in the same write); `other-seq` (the answer,
numbered for another request); `broken` (a result with `skipped` beside it: JSON, not the
protocol); `partial` (a result that leaves out the keys asked); `crash` (a last word on stderr,
then exit 3, not answering); `close` (closes its output, then exits); `hang` (answers nothing
more, until its input closes); `spoil-N` (exits 3, not answering, and the next N processes
started with the same `--pid-dir` exit 4 at `start`: an engine that fails to start again).

    scripted.py --pid-dir DIR    # a file named by its process id in DIR, first thing
"""

from __future__ import annotations

import json
import os
import sys
import time

folder = sys.argv[sys.argv.index("--pid-dir") + 1] if "--pid-dir" in sys.argv else None
if folder is not None:
    with open(os.path.join(folder, str(os.getpid())), "w") as file:
        file.write(str(time.monotonic_ns()))
REFUSALS = os.path.join(folder, "refuse-starts") if folder is not None else None
"""How many processes to come are to fail at `start` (a `spoil-N` deed's)."""


def write(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


for line in sys.stdin:
    message = json.loads(line)
    command = message["cmd"]
    if command == "stop":
        break
    if command == "start":
        if REFUSALS is not None and os.path.exists(REFUSALS):
            with open(REFUSALS) as file:
                left = int(file.read()) - 1
            if left:
                with open(REFUSALS, "w") as file:
                    file.write(str(left))
            else:
                os.remove(REFUSALS)
            os._exit(4)
        info = {
            "name": "scripted", "version": "1", "language": "python",
            "protocol": message["protocol"], "variants": ["standard"],
            "features": ["pipelined", "score", "deals"],
        }  # fmt: skip
        write(json.dumps(info) + "\n")
        continue
    seq, case = message["seq"], message["case"]
    name, _, deed = case["id"].partition(":")
    asked = ["dealer", "deal"] if command == "deal" else case["ask"]
    answer: dict[str, object] = {"seq": seq, "result": {k: [name, os.getpid()] for k in asked}}
    if deed == "late":
        time.sleep(0.05)
    elif deed == "errored":
        answer = {"seq": seq, "errored": {"message": f"{name} went wrong"}}
    elif deed == "skipped":
        answer = {"seq": seq, "skipped": {"reason": f"{name} is not played here"}}
    elif deed == "other-seq":
        answer["seq"] = seq + 1000
    elif deed == "broken":
        answer["skipped"] = {"reason": "both at once"}
    elif deed == "partial":
        answer["result"] = {}
    elif deed == "crash":
        print(f"last word of {name}", file=sys.stderr, flush=True)
        os._exit(3)
    elif deed == "close":
        os.close(1)
        os._exit(0)
    elif deed.startswith("spoil-") and REFUSALS is not None:
        with open(REFUSALS, "w") as file:
            file.write(deed.removeprefix("spoil-"))
        os._exit(3)
    elif deed == "hang":
        sys.stdin.buffer.raw.read()  # returns only when the runner closes our input or dies
        os._exit(0)
    # Written with the answer, in one write, so that the runner reads them together.
    before = f"DEBUG {name} \x1b[31m{{not json\n" if deed == "garbage" else ""
    after = f"DEBUG after {name}\n" if deed == "extra" else ""
    write(before + json.dumps(answer) + "\n" + after)
