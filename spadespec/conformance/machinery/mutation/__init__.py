"""The mutation measure: how much of what an engine can get wrong the golden cases catch.

The reference engine is broken on purpose, one small change at a time (a comparison flipped, a
constant moved by one, a condition negated, a loop that never runs), each broken copy is served
over the protocol exactly as a third-party engine is, and `spadespec conform` judges it. A
change the suite fails is killed; one it passes survived, and is either a hole in the cases or
recorded in `notes.yaml` with the reason it cannot be seen.

`mutants.py` makes the changes (with cosmic-ray's operators), `sample.py` draws a seeded sample,
`workspace.py` serves and judges one broken copy, `notes.py` reads the equivalence notes,
`fuzzing.py` puts a survivor to the fuzzer (shown: a hole; not shown: likely nothing an engine
is asked depends on it), `run.py` runs a sample on every core and `report.py` tells what it
found
(`python benchmarks/mutation.py`; the stored figure: `docs/results/mutation.json`).
"""
