"""Deliberately broken copies of the reference engine, to show the suite catches real mistakes.

Each fault is one rule an engine author could plausibly get wrong, made by overriding one small
rule function of the reference engine for the length of a request: a table entry swapped
(`SET_PENALTY`, `TIE_RULE`, ...), a module function replaced, the plan a game plays from
rewritten, or the game class subclassed in the adapter. A game binds its rules once, in its
variant's plan (`spadespec.reference_engine.plan`), so while a fault is in place every game resolves
its plan afresh and the swapped rule is the one bound. The engine's source files are never edited;
leaving the context undoes the fault.

    from spadespec.conformance.faults import FAULTS, FaultyEngine
    run_cases(FaultyEngine(FAULTS["penalty-at-eleven-bags"]), load_suite())

`spadespec faults check` runs the suite against every fault and lists the cases that
catch each one.
"""

from spadespec.conformance.faults.engine import FaultyEngine, catching_cases
from spadespec.conformance.faults.registry import FAULTS, Fault

__all__ = ["FAULTS", "Fault", "FaultyEngine", "catching_cases"]
