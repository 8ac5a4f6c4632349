"""The `spadespec` command: the hub above the engine and the conformance suite.

`main` runs a command; `registry` says which module provides each; `signals` makes SIGTERM end
a command as Ctrl-C does; `engines` opens the engine an `--engine` names, a named fault
(`fault:NAME`) included, for the commands that take one. The engine
(`spadespec.reference_engine.commands`) and the suite (`spadespec.conformance.cli` and the `cli`
module of each tool) provide the commands and never import this package.
"""

from spadespec.cli.main import build_parser, main

__all__ = ["build_parser", "main"]
