"""What a command tells its user went wrong with how it was used, or with where it writes.

Raised by the commands of the engine and of the conformance suite alike; the `spadespec` hub
(`spadespec.cli`) turns each into one line on stderr and an exit status.
"""

from __future__ import annotations


class UsageError(Exception):
    """The command line asked for something that cannot be done; exit status 2."""


class OutputError(Exception):
    """An output could not be written: the message names it and says why; exit status 2."""


class WorkerLost(Exception):
    """A worker ended before it was told to: killed from outside (by the out-of-memory killer,
    a `kill -9`), since a worker's own failures are caught in it. The run cannot be finished;
    the command says so in one line, exit status 2, as for a run whose results are not
    trusted."""


class DataFileError(ValueError):
    """A file the project itself ships (the faults file, say) does not read: the message names
    the file and the record; exit status 2, since nothing the command was asked can be done."""
