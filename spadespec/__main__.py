"""`python3 -m spadespec`: the `spadespec` command."""

import sys

from spadespec.cli import main

sys.exit(main())
