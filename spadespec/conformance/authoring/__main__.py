"""Regenerate the case files this package owns: `python3 -m spadespec.conformance.authoring
[--check]`."""

from __future__ import annotations

import sys

from spadespec.conformance.authoring.generate import main

sys.exit(main(sys.argv[1:]))
