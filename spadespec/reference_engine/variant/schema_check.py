"""Checking a variant file against schema/variant.schema.json, in words a rules writer can act on.

jsonschema finds every problem; this module ranks them with jsonschema's own relevance key (the
one `best_match` uses), places each at the line and column where it was written, and rewrites
the messages a person would otherwise have to decode ("did you mean 'nil'?" for a typo).

jsonschema is imported only when a value has to be checked: a value that passed before is
known by its digest (schema_memo), and most runs meet no other.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from spadespec.reference_engine.paths import data_dir
from spadespec.reference_engine.variant import schema_memo
from spadespec.reference_engine.variant.errors import Problem
from spadespec.reference_engine.variant.yaml_reader import Document, FieldPath, format_path

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

_KINDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "array": "a list",
    "object": "a mapping of fields",
    "boolean": "true or false",
    "null": "null",
}


@lru_cache(maxsize=1)
def variant_schema() -> dict[str, Any]:
    """The JSON Schema every variant file must satisfy."""
    path = data_dir("schema") / "variant.schema.json"
    with path.open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(variant_schema())


def rule_value_schema(rule: str) -> dict[str, Any]:
    """The schema for one rule's value, `rule` written as `section.field`."""
    section, name = rule.split(".", 1)
    # The rules are the generated `$defs` (schema_rules), which the file's `rules` refers to.
    fields = variant_schema()["$defs"]["rules"]["properties"][section]["properties"]
    schema: dict[str, Any] = fields[name]["properties"]["value"]
    return schema


def value_problems(rule: str, value: Any) -> list[str]:
    """Why `value` cannot be the value of `rule` (empty when it can)."""
    key = schema_memo.digest(rule, value)
    if schema_memo.passed(key):
        return []
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import relevance

    validator = Draft202012Validator(rule_value_schema(rule))
    found = [_message(error) for error in sorted(validator.iter_errors(value), key=relevance)]
    if not found:
        schema_memo.remember(key)
    return found


def schema_problems(doc: Document) -> list[Problem]:
    """Every way `doc` breaks the schema, the most relevant first."""
    key = schema_memo.digest("", doc.data)
    if schema_memo.passed(key):
        return []
    from jsonschema.exceptions import relevance

    errors = sorted(_validator().iter_errors(doc.data), key=relevance, reverse=True)
    if not errors:
        schema_memo.remember(key)
        return []
    problems: list[Problem] = []
    suggested: set[FieldPath] = set()
    for error in errors:
        for problem, suggestion in _explain(doc, error):
            problems.append(problem)
            if suggestion is not None:
                suggested.add(suggestion)
    # A typo'd field also shows up as the real field "missing"; the typo message says it all.
    kept = [p for p in problems if not _is_missing_of(p, suggested)]
    # jsonschema reports a `required` list once per missing name; each name is said once.
    return list(dict.fromkeys(kept))


def _is_missing_of(problem: Problem, suggested: set[FieldPath]) -> bool:
    return problem.message.startswith("missing") and any(
        format_path(path) == problem.path for path in suggested
    )


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "a mapping"


def _show(value: Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _did_you_mean(word: str, candidates: list[str]) -> str:
    close = difflib.get_close_matches(word, candidates, n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _explain(doc: Document, error: ValidationError) -> Iterator[tuple[Problem, FieldPath | None]]:
    """One or more problems for one schema error, with the field each suggests (if any)."""
    path: FieldPath = tuple(error.absolute_path)
    keyword = error.validator
    # jsonschema leaves these unset only on an error no keyword raised; every error here has one.
    schema: Any = error.schema
    expected: Any = error.validator_value
    if keyword == "additionalProperties" and isinstance(error.instance, dict):
        allowed = sorted(schema.get("properties", {}))
        for key in error.instance:
            if key in allowed:
                continue
            close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
            hint = (
                f"; did you mean {close[0]!r}?"
                if close
                else f"; allowed here: {', '.join(allowed)}"
            )
            where = format_path(path) or "the top level"
            yield (
                doc.problem(f"unknown field {key!r} in {where}{hint}", path + (key,), key=True),
                (path + (close[0],) if close else None),
            )
        return
    if keyword == "required" and isinstance(error.instance, dict):
        for name in expected:
            if name in error.instance:
                continue
            if "then" in error.schema_path and path == ("rules",):
                message = (
                    f"missing section rules.{name}: a file without `extends` must state every rule"
                )
            elif "then" in error.schema_path and path[:1] == ("rules",) and name == "value":
                rule = format_path(path[1:])
                message = (
                    f"rule {rule} has no value: a file without `extends` has no parent to take "
                    "it from, so it must write every rule's value"
                )
            elif "then" in error.schema_path and path[:1] == ("rules",):
                rule = format_path(path[1:] + (name,))
                message = f"missing rule {rule}: a file without `extends` must state every rule"
            else:
                message = f"missing field {name!r}"
            yield (
                Problem(
                    message,
                    file=doc.file,
                    line=doc.where(path)[0],
                    column=doc.where(path)[1],
                    path=format_path(path + (name,)),
                ),
                None,
            )
        return
    if keyword == "anyOf" and all(set(s) == {"required"} for s in expected):
        names = " or ".join(f"`{s['required'][0]}`" for s in expected)
        if path[:1] == ("sources",):
            yield (
                doc.problem(
                    f"this source needs {names}: the seed document's file name, or the address "
                    "where the ruleset is published",
                    path,
                ),
                None,
            )
            return
        yield (
            doc.problem(
                f"this rule needs its provenance: add {names} (a source and section that state it, "
                "or a record of the choice made where the sources are silent)",
                path,
            ),
            None,
        )
        return
    if keyword in ("anyOf", "oneOf") and error.context:
        from jsonschema.exceptions import best_match

        # A value written one of two ways (a list of citations, or a mapping from source to
        # sections) is placed at the item that breaks the way it was written.
        best = best_match([error])
        if best is not None and best is not error and tuple(best.absolute_path) != path:
            yield from _explain(doc, best)
            return
    yield doc.problem(_message(error), path), None


def _message(error: ValidationError) -> str:
    """jsonschema's message, rewritten where a card player would not follow it."""
    keyword, value = error.validator, error.instance
    expected: Any = error.validator_value  # set on every error a keyword raised
    if keyword == "type":
        wanted = expected if isinstance(expected, list) else [expected]
        kinds = " or ".join(_KINDS.get(str(k), str(k)) for k in wanted)
        return f"expected {kinds}, found {_type_name(value)} {_show(value)}"
    if keyword == "enum":
        allowed = [str(v) for v in expected]
        hint = _did_you_mean(str(value), allowed) if isinstance(value, str) else ""
        return f"{_show(value)} is not one of: {', '.join(allowed)}{hint}"
    if keyword == "pattern":
        if "a-z0-9_" in expected:
            return f"{_show(value)} must be lowercase letters, digits and underscores"
        return f"{_show(value)} must be lowercase words joined by hyphens, such as 'porchlight-500'"
    if keyword == "maximum":
        return f"{_show(value)} is more than {expected}, the largest allowed"
    if keyword == "minimum":
        return f"{_show(value)} is less than {expected}, the smallest allowed"
    if keyword == "minLength":
        return "must not be empty"
    if keyword == "minItems":
        return f"needs at least {expected} item{'s' if expected != 1 else ''}"
    if keyword == "uniqueItems":
        return "lists the same value twice"
    if keyword == "maxProperties" and expected == 1 and isinstance(value, dict):
        return f"names {len(value)} sources; name exactly one, with its section"
    if keyword == "minProperties" and expected == 1:
        return "names no source; name one, with its section"
    if keyword == "const":
        return f"can only be {json.dumps(expected)}, found {_show(value)}"
    if keyword in ("anyOf", "oneOf") and error.context:
        from jsonschema.exceptions import relevance

        best = min(error.context, key=relevance)
        return _message(best)
    return str(error.message)
