"""Does `spadespec audit` catch every fault that standard games exercise, and name its rule?

    python3 benchmarks/audit_faults.py [--games N] [--hands N]

For each named fault (`spadespec faults list`), games are played between bots (sensible and
random, in turn) on the reference engine made with the fault, and recorded with the figures the
broken engine worked out. A fault is exercised when a record shows it, checked without the
audit: the log does not replay on the reference engine, or a hand's tricks, totals or bags are
not the reference's. For every exercised fault the audit must flag each record that shows it, and
where the fault is a rule change (`Fault.rule`), name that rule: as the rule its first illegal
action breaks, or as the diagnosis of its wrong figures. It prints a line per fault and exits 1
if any exercised fault is missed or not named; faults standard games never show (house rules,
three players) are listed as not exercised.
"""

from __future__ import annotations

import argparse
import sys
import time

from spadespec.conformance.analysis.audit.recording import differs_from_rules, record_game
from spadespec.conformance.analysis.audit.run import Auditor
from spadespec.conformance.analysis.audit.stream import RawRecord
from spadespec.conformance.analysis.diagnosis.search import matches_rule
from spadespec.conformance.machinery.faults import FAULTS
from spadespec.reference_engine.variant import load_variant


def named(rule: str, names: set[str]) -> bool:
    """Whether the audit named `rule` (`scoring.set_penalty=per-trick-short`, or the rule
    alone where its value depends on the variant) among its clauses and diagnoses."""
    return any(
        matches_rule(name, rule) if "=" in name else name == rule.split("=", 1)[0] for name in names
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="games per fault (default 12)")
    parser.add_argument("--hands", type=int, default=20, help="hands per game at most")
    args = parser.parse_args()
    variant = load_variant("standard")
    missed: list[str] = []
    exercised = 0
    for fault in FAULTS.values():
        started = time.perf_counter()
        records = [
            record_game(variant, seed, bots="random" if seed % 2 else "sensible",
                        rulebook=fault.rulebook, misread=fault.misread, max_hands=args.hands)
            for seed in range(args.games)
        ]  # fmt: skip
        showing = [differs_from_rules(variant, record) for record in records]
        if not any(showing):
            print(f"{fault.name:40} not exercised by standard games")
            continue
        exercised += 1
        auditor = Auditor()
        raws = (RawRecord(fault.name, n, r) for n, r in enumerate(records, start=1))
        results = list(auditor.audit(raws))
        totals = auditor.finish()
        flagged = all(r.verdict != "ok" for r, shows in zip(results, showing, strict=True) if shows)
        names = set(totals.by_rule) | set(totals.diagnosed.by_rule() if totals.diagnosed else ())
        ok_name = fault.rule is None or named(fault.rule, names)
        diagnosed = sorted(n for n in names if "=" in n) or ["unexplained"]
        verdict = "ok" if flagged and ok_name else "MISSED"
        print(f"{fault.name:40} {verdict}: {sum(showing)} of {len(records)} records show it; "
              f"named {', '.join(diagnosed)} ({time.perf_counter() - started:.1f} s)")  # fmt: skip
        if verdict != "ok":
            missed.append(fault.name)
    print(f"{exercised} faults exercised by standard games; missed or not named: "
          f"{', '.join(missed) or 'none'}")  # fmt: skip
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
