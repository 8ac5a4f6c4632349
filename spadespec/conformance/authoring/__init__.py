"""Tools that write the golden cases' data: deals found to produce a source's trick counts,
whole games recorded from the reference engine, and the builders the case specs use.

`python3 -m spadespec.conformance.authoring` regenerates every case file this package owns, the same
bytes every time; `--check` only compares.
"""
