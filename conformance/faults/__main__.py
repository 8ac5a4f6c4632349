"""`python3 -m conformance.faults`: every fault and the cases that catch it; exit 1 if any
fault goes uncaught (a hole in the suite)."""

from __future__ import annotations

import sys

from conformance.faults import FAULTS, catching_cases
from conformance.suite.cases import load_suite


def main() -> int:
    suite = list(load_suite())
    holes = 0
    for fault in FAULTS.values():
        caught = catching_cases(fault, suite)
        holes += not caught
        print(f"{fault.name}: {len(caught)} case(s)" + ("  <- NOT CAUGHT" if not caught else ""))
        for case_id in caught:
            print(f"    {case_id}")
    print(f"{len(FAULTS)} faults, {holes} not caught by any of {len(suite)} cases")
    return 1 if holes else 0


if __name__ == "__main__":
    sys.exit(main())
