"""A shrunk difference diagnosed, and its case named and tagged by the rule the engine plays
differently (`standard.fuzz.scoring-bag-threshold-11.<digest>`, tagged `scoring.bag_threshold`),
or by its clause where nothing explains it.

The diagnosis sets the case beside the variant's own cases: the engine's answers on them are
what a neighbour of the variant must keep, as in a `conform` run's diagnosis.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from spadespec.conformance.analysis.diagnosis.search import Diagnosis, diagnose
from spadespec.conformance.analysis.fuzz.found_case import load_found_case
from spadespec.conformance.contract.protocol.messages import Engine
from spadespec.conformance.contract.protocol.score_requests import score_id
from spadespec.conformance.contract.runner.run import UNEXPLAINED, run_cases
from spadespec.conformance.contract.suite.cases import load_suite


def diagnose_found(
    case: dict[str, Any], open_engine: Callable[[], Engine]
) -> tuple[str, Diagnosis]:
    """The rule change that explains the engine's answer on a found case (its label), or
    UNEXPLAINED; and the whole diagnosis."""
    found = load_found_case(case)
    own = load_suite(variants=[found.variant]).select(variant=found.variant)
    variant = [c for c in own if c.options == found.options]
    cases = [found, *variant]
    report = run_cases(open_engine(), cases)
    diagnosis = diagnose(report.results, cases, report.engine)
    # A score keeper's answer is graded on the case's score request (`<id>~score`).
    label = diagnosis.rule_of(found.id) or diagnosis.rule_of(score_id(found.id))
    return label or UNEXPLAINED, diagnosis


def named_by_rule(case: dict[str, Any], label: str) -> dict[str, Any]:
    """The case with its id, first tags and description naming the diagnosed rule change."""
    if label == UNEXPLAINED:
        return case
    rules = [part.split("=", 1)[0] for part in label.split(" + ")]
    slug = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
    variant, _, rest = case["id"].split(".", 2)
    digest = rest.rsplit(".", 1)[-1]
    tags = rules + [t for t in case["tags"] if t not in rules]
    return {
        **case,
        "id": f"{variant}.fuzz.{slug}.{digest}",
        "tags": tags,
        "origin": {"kind": "derived", "clause": rules[0]},
        "description": case["description"].replace(
            "Found by fuzzing, then shrunk:",
            f"Found by fuzzing, then shrunk; the engine was diagnosed as playing {label}:",
            1,
        ),
    }
