"""The generated files of the npm package (`npm/` in the checkout), for the regenerate command's
`npm` step: the cases of each ruleset, the facts a runner needs, the schemas, the TypeScript
types, and `package.json`, whose version moves when the suite's digest does."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from spadespec.conformance.contract.suite.cases import load_suite
from spadespec.conformance.machinery.npm.suite_data import case_entry, suite_facts
from spadespec.conformance.machinery.npm.typescript import protocol_types
from spadespec.reference_engine.paths import data_dir

PACKAGE = Path(__file__).resolve().parents[4] / "npm"
"""The package's folder in a checkout (it is made from one, never from an installed wheel)."""
NAME = "spadespec-conformance"
FIRST_VERSION = "0.1.0"
SCHEMAS = ("case.schema.json", "protocol.schema.json")


def generated_files() -> dict[Path, str]:
    """Every generated file of the package, by path, with its text."""
    suite = list(load_suite())
    by_variant: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for case in suite:
        by_variant[case.variant].append(case_entry(case))
    facts = suite_facts(suite)
    facts["variants"] = sorted(by_variant)
    files: dict[Path, str] = {PACKAGE / "data" / "suite.json": _json(facts, indent=2)}
    for variant, entries in sorted(by_variant.items()):
        files[PACKAGE / "data" / "cases" / f"{variant}.json"] = _json(entries)
    for name in SCHEMAS:
        files[PACKAGE / "schema" / name] = (data_dir("schema") / name).read_text("utf-8")
    files[PACKAGE / "types" / "protocol.d.ts"] = protocol_types()
    files[PACKAGE / "package.json"] = package_json(facts["suite"]["digest"])
    return files


def package_json(digest: str) -> str:
    """`package.json`: the hand-kept fields of `npm/package.template.json`, with the suite's
    digest and a version that moves (its minor number) whenever the digest does."""
    template = json.loads((PACKAGE / "package.template.json").read_text("utf-8"))
    version = _version_for(digest)
    data = {"name": NAME, "version": version, **template}
    data["spadespec"] = {**data.get("spadespec", {}), "suiteDigest": digest}
    return _json(data, indent=2)


def _version_for(digest: str) -> str:
    """The version the committed `package.json` has when its digest is this one; otherwise
    that version with its minor number moved on (the first version when there is none)."""
    path = PACKAGE / "package.json"
    if not path.is_file():
        return FIRST_VERSION
    current = json.loads(path.read_text("utf-8"))
    version = str(current.get("version", FIRST_VERSION))
    if current.get("spadespec", {}).get("suiteDigest") == digest:
        return version
    match = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)", version)
    if match is None:
        return FIRST_VERSION
    return f"{match[1]}.{int(match[2]) + 1}.0"


def _json(data: Any, indent: int | None = None) -> str:
    if indent is None:  # the case files: one case a line, small and easy to diff
        if isinstance(data, list):
            lines = [json.dumps(item, ensure_ascii=False, sort_keys=True) for item in data]
            return "[\n" + ",\n".join(lines) + "\n]\n"
    return json.dumps(data, indent=indent, ensure_ascii=False) + "\n"
