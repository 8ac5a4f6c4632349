import sys

from reference_engine.cli import main

sys.exit(main())
