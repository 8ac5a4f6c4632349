"""The conformance suite: golden cases any Spades engine can be checked against, and the tools
that load, run, export and measure them. Each folder holds one step of a run:

    cases/, tags.yaml     the golden cases (data, JSON) and the clause tags they may carry
    suite/                reading, checking, writing, exporting and measuring the case files
    protocol/             what is said to an engine: the messages, building a request from a
                          case, the JSON-lines wire form, and the pipe to an engine's process
    engines/              engines the runner can drive: the built-in reference engine (also
                          served over the protocol) and the engine an `--engine` names
    runner/               putting cases to an engine and grading each answer
    report/               what a run says: the text summary, the JSON-lines report, JUnit
    diagnosis/            the single-rule changes of a variant that explain a run's failures
    fuzz/                 random games against the reference; the witnesses of `spadespec diff`
    audit/                recorded games checked against their ruleset (`spadespec audit`)
    house/                the cases of a house's variant file
    faults/               engines broken on purpose
    authoring/            the generator of the checked-in case files
    adapters/             engines no one here wrote, behind the protocol (OpenSpiel)
    cli.py                `spadespec conform`
    pytest_plugin.py      the cases as tests inside an engine's own test suite

A case flows suite -> protocol (request) -> engines (answer) -> runner (grade) -> report. Each
folder imports only those listed above it (`tests/test_layers.py` has the order, and the folders
on one level, which import neither each other).
"""
