"""Deliberately broken copies of the reference engine, to show the suite catches real mistakes.

Each fault is one rule an engine author could plausibly get wrong, held as a value: the
standard rulebook (`spadespec.reference_engine.rulebook`) with one entry replaced, a table's
rows (`set_penalty`, `tie_rule`, ...) or one function (`overtrick_points`, `follow`, the
`verdict` on a check), and where the mistake is a misreading of the variant, a rewrite of its
rules applied before the plan is resolved. The broken engine is the reference engine made with
that rulebook and that reading (`FaultyEngine`); nothing is patched, and the standard engine
is the same while a fault plays beside it.

Each fault is one record in `faults.yaml`: its mistake, the function that breaks the rulebook
(in `play_faults.py`, `scoring_faults.py` or `house_faults.py`), and what is expected of it,
the cases and score requests that catch it, the clause and ruleset fuzzing finds it under and
more (`record.Expected`). The tests loop over the records.

    from spadespec.conformance.machinery.faults import FAULTS, FaultyEngine
    run_cases(FaultyEngine(FAULTS["penalty-at-eleven-bags"]), load_suite())

`spadespec faults check` runs the suite against every fault and lists the cases that
catch each one.
"""

from spadespec.conformance.machinery.faults.engine import FaultyEngine, catching_cases
from spadespec.conformance.machinery.faults.record import Fault
from spadespec.conformance.machinery.faults.registry import FAULTS

__all__ = ["FAULTS", "Fault", "FaultyEngine", "catching_cases"]
