"""`python3 -m spadespec`: the `spadespec` command."""

import sys

from spadespec.reference_engine.cli import main

sys.exit(main())
