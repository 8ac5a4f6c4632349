"""`python -m spadespec.regenerate [STEP ...] [--check] [--jobs N] [--quiet] [--json]`."""

from __future__ import annotations

import sys

from spadespec.regenerate.command import main

sys.exit(main())
