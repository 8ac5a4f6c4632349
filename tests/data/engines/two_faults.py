"""The reference engine with two named faults at once, behind the protocol: an engine with two
bugs, each of which the diagnosis must name (or leave unexplained) as it does alone.

    two_faults.py FAULT FAULT     e.g. nil-tricks-scored-as-nothing bag-penalty-paid-once

Each fault must change the rulebook (`change` in faults.yaml), not the reading of the variant.
"""

from __future__ import annotations

import argparse
import sys

from spadespec.conformance.contract.engines.reference import ReferenceEngine
from spadespec.conformance.contract.engines.serve import serve_stdio
from spadespec.conformance.machinery.faults import FAULTS


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("faults", nargs=2, metavar="FAULT")
    args = parser.parse_args()
    first, second = (FAULTS.get(name) for name in args.faults)
    for name, fault in zip(args.faults, (first, second), strict=True):
        if fault is None or fault.change is None:
            parser.error(f"{name}: no fault of that name changes the rulebook")
    assert first is not None and second is not None and second.change is not None
    engine = ReferenceEngine(second.change(first.rulebook))
    return serve_stdio(engine)


if __name__ == "__main__":
    sys.exit(main())
