"""Regenerate the case files this package owns: `python3 -m
spadespec.conformance.machinery.authoring [--check]`."""

from __future__ import annotations

import sys

from spadespec.conformance.machinery.authoring.generate import main

sys.exit(main(sys.argv[1:]))
