"""`spadespec serve`: an engine served over the JSON-lines protocol on stdin and stdout: the
reference engine (declaring any house's variant files too) or OpenSpiel's Spades through its
adapter. `spadespec.conformance.contract.engines.serve` holds the protocol loop itself."""

from __future__ import annotations

from typing import Any

from spadespec.command_kit.arguments import add_command
from spadespec.conformance.contract.engines.serve import serve_stdio


def add_parser(subparsers: Any) -> None:
    """Register `spadespec serve`."""
    parser = add_command(
        subparsers,
        "serve",
        help="run the reference engine as a protocol engine on stdin and stdout",
        run=lambda args: main(args.engine, args.variant),
        description=(
            "Run the reference engine as an engine process speaking the JSON-lines protocol "
            "(docs/protocol.md) on stdin and stdout, until `stop` or the end of input. It "
            "declares the feature house_files: it plays any house's variant file extending a "
            "shipped variant, configured from each request's `extends` and `rules`; and the "
            "feature pipelined: it answers requests in order while more wait, so a runner may "
            "send several at once (spadespec fuzz sends a few games' requests together). "
            'For instance: spadespec conform --engine "spadespec serve". '
            "`spadespec serve openspiel` serves OpenSpiel's Spades the same way (install "
            "spadespec[openspiel]); `spadespec faults run NAME` serves a named fault. "
            "Exit 0 at the end, 1 a --variant file is not valid, 2 no such file."
        ),
    )
    parser.add_argument(
        "engine",
        nargs="?",
        choices=("reference", "openspiel"),
        default="reference",
        help="the engine to serve: the reference engine (the default) or OpenSpiel's Spades",
    )
    parser.add_argument(
        "--variant", action="append", default=[], metavar="FILE",
        help="the reference engine also declares this variant file's id in `start` "
        "(repeatable); not needed to be sent the file, since it declares house_files and "
        "configures itself from the rules each request carries",
    )  # fmt: skip


def main(engine: str = "reference", files: list[str] | None = None) -> int:
    if engine == "openspiel":
        if files:
            from spadespec.command_kit.errors import UsageError

            raise UsageError("--variant declares a variant file for the reference engine only")
        from spadespec.conformance.machinery.adapters.openspiel import main as serve_openspiel

        return serve_openspiel()
    from spadespec.conformance.contract.engines.kept_games import SERVED_KEEP
    from spadespec.conformance.contract.engines.reference import ReferenceEngine
    from spadespec.conformance.contract.suite.variant_files import open_variant_file

    for ref in files or []:
        open_variant_file(ref)
    return serve_stdio(ReferenceEngine(keep=SERVED_KEEP))
