"""`python3 -m spadespec.conformance.machinery.faults`, the same as `spadespec faults check`:
every fault and the cases that catch it; exit 1 if any fault goes uncaught (a hole in the suite)."""

from __future__ import annotations

import sys

from spadespec.conformance.machinery.faults.cli import check

if __name__ == "__main__":
    sys.exit(check())
