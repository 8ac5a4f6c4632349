"""Auditing recorded games: a game record (`schema/game-record.schema.json`) replayed on the
reference engine, every action checked for legality and every figure the engine recorded checked
against what the rules give.

    record.py     a record read and its fields checked (unknown ones refused by name)
    stream.py     records read one at a time from files, folders or stdin
    replay.py     one record audited: the first illegal action, every figure that differs
    answers.py    the answers a record says the engine gave (`differed`), checked where given
    rules.py      the rule clause each refusal reason breaks
    clusters.py   problems clustered by fingerprint: what differs and how
    diagnose.py   a bounded sample of each cluster put to the neighbour search
    report.py     the JSON-lines and JUnit reports, and the summary
    recording.py  records written from games the reference engine (or a broken one) plays
    cli.py        `spadespec audit`
"""
