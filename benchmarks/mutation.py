"""The mutation measure: how many small breakages of the reference engine the golden cases
catch, the engine served over the protocol as a third-party engine is.

    python benchmarks/mutation.py [--sample N] [--seed N] [--jobs N] [--module PATH]
                                  [--report FILE] [--summary FILE] [--min-caught SHARE]

`--help` says more; the run itself lives in `spadespec/conformance/machinery/mutation/`. The
standard run (800 changes, seed 1) is stored in docs/results/mutation.json by
`python -m spadespec.regenerate mutation`; `.ci/run` runs a small fixed sample that must catch
every change it draws. Needs the `mutation` extra (cosmic-ray).
"""

from __future__ import annotations

import sys

from spadespec.conformance.machinery.mutation.cli import main

if __name__ == "__main__":
    sys.exit(main())
