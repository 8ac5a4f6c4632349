"""The conformance suite: golden cases any Spades engine can be checked against, and the tools
that load, run, export and measure them.

    cases.py              reading and checking the case files under cases/
    casefile.py           writing case files in the suite's layout
    tags.py, tags.yaml    the registry of rule clauses a case may be tagged with
    engine.py             the Protocol an engine under test implements
    reference_adapter.py  the built-in engine behind that Protocol
    compare.py            expected against actual, as differences with JSON paths
    protocol.py           the JSON-lines protocol's messages and their checks
    subprocess_engine.py  an engine in another process, in any language
    serve.py              the reference engine speaking the protocol
    runner.py, report.py  running cases and reporting by variant, clause and level
    run_log.py, junit.py  the JSON-lines report (streamed, resumable) and JUnit XML
    expected.py           an engine's list of known deviations
    progress.py           the progress bar
    export.py             the suite as plain JSON for other runners
    coverage.py           which rules have cases
    cli.py                `spadespec conform`
"""
