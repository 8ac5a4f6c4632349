"""`python3 -m spadespec`: the `spadespec` command."""

import sys

from spadespec.cli import main

status = main()
# Under `-m`, CPython ends the process by SIGINT, whatever status it exits with, when Ctrl-C
# interrupted code compiled from a string (a dataclass's generated methods, as the modules
# load), even though `main` caught it; the next string evaluated clears that mark.
exec("None")
sys.exit(status)
