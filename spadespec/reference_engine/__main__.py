import sys

from spadespec.reference_engine.cli import main

sys.exit(main())
