"""Reference pages for the JSON Schemas: every field with its type, allowed values and meaning."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def def_anchor(name: str) -> str:
    return "def-" + "".join("-" + c.lower() if c.isupper() else c for c in name)


_JSON_TYPES = {str: "string", int: "integer", float: "number", bool: "boolean", type(None): "null"}


def _ref_name(ref: str) -> str | None:
    return ref.rsplit("/", 1)[1] if ref.startswith("#/$defs/") else None


def type_of(node: dict[str, Any]) -> str:
    """A node's type as a reader wants it: a link to a definition, or JSON types."""
    if "$ref" in node and (name := _ref_name(node["$ref"])):
        return f"[{name}](#{def_anchor(name)})"
    for key in ("anyOf", "oneOf"):
        if key in node:
            return " or ".join(type_of(alt) for alt in node[key])
    kind = node.get("type")
    if kind == "array" and isinstance(node.get("items"), dict):
        return f"array of {type_of(node['items'])}"
    if isinstance(kind, list):
        return " or ".join(kind)
    if kind:
        return str(kind)
    values = node.get("enum", [node["const"]] if "const" in node else [])
    if values:
        kinds = {_JSON_TYPES.get(type(v), "any") for v in values}
        return " or ".join(sorted(kinds))
    return "any"


def _code(value: Any) -> str:
    return f"`{json.dumps(value)}`" if not isinstance(value, str) else f"`{value}`"


def allowed(node: dict[str, Any]) -> str:
    """The constraints on a value: its enum, constant, range, pattern or length."""
    parts = []
    if "enum" in node:
        parts.append(", ".join(_code(v) for v in node["enum"]))
    if "const" in node:
        parts.append(f"exactly {_code(node['const'])}")
    for key, say in (
        ("minimum", "at least"),
        ("maximum", "at most"),
        ("minLength", "length at least"),
        ("maxLength", "length at most"),
        ("minItems", "at least {} item(s)"),
        ("maxItems", "at most {} item(s)"),
        ("minProperties", "at least {} key(s)"),
    ):
        if key in node:
            parts.append(say.format(node[key]) if "{}" in say else f"{say} {node[key]}")
    if "pattern" in node:
        parts.append(f"matches `{node['pattern']}`")
    if "format" in node:
        parts.append(f"format `{node['format']}`")
    if node.get("uniqueItems"):
        parts.append("no repeats")
    if parts and "enum" not in node and "null" in (node.get("type") or []):
        parts.append("or null")
    return "; ".join(parts)


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _rows(node: dict[str, Any], prefix: str, defs: dict[str, Any]) -> list[str]:
    rows = []
    required = set(node.get("required", []))
    for name, prop in (node.get("properties") or {}).items():
        path = f"{prefix}{name}"
        desc = prop.get("description", "")
        if not desc and (ref := _ref_name(prop.get("$ref", ""))):
            desc = defs.get(ref, {}).get("description", "")
        value_allowed = allowed(prop)
        inner = (prop.get("properties") or {}).get("value")
        if "$ref" in prop and inner:
            # A rule entry: the entry's shape is a definition, its value is constrained here.
            value_allowed = "value: " + (allowed(inner) or type_of(inner))
            if inner.get("description"):
                desc += " " + inner["description"]
        rows.append(
            f"| `{path}` | {_cell(type_of(prop))} | {'yes' if name in required else ''} "
            f"| {_cell(desc)} | {_cell(value_allowed)} |"
        )
        if "$ref" not in prop and prop.get("properties"):
            rows += _rows(prop, path + ".", defs)
        items = prop.get("items")
        if isinstance(items, dict) and items.get("properties") and "$ref" not in items:
            rows += _rows(items, path + "[].", defs)
    return rows


def _branches(node: dict[str, Any]) -> list[str]:
    """`if`/`then` branches, as "when `kind` is `source`: see originSource"."""
    lines = []
    for part in node.get("allOf", []):
        cond, then = part.get("if"), part.get("then")
        if not (cond and then):
            continue
        when = [
            f"`{k}` is {_code(v['const'])}"
            for k, v in (cond.get("properties") or {}).items()
            if isinstance(v, dict) and "const" in v
        ]
        needs = []
        if "$ref" in then:
            needs.append(f"it also follows {type_of(then)}")
        if then.get("required"):
            needs.append("it must have " + ", ".join(f"`{r}`" for r in then["required"]))
        if when and needs:
            lines.append(f"- When {' and '.join(when)}, {' and '.join(needs)}.")
    return lines


def _object_section(
    title: str, anchor: str, node: dict[str, Any], defs: dict[str, Any], heading: bool = True
) -> list[str]:
    out = (
        [f"### `{title}` {{#{anchor}}}", "", _cell(node.get("description", "")), ""]
        if heading
        else []
    )
    if node.get("properties"):
        out += [
            "| field | type | required | meaning | allowed values |",
            "| --- | --- | --- | --- | --- |",
            *_rows(node, "", defs),
            "",
        ]
    else:
        facts = [f"Type: {type_of(node)}."]
        if allowed(node):
            facts.append(f"Allowed: {allowed(node)}.")
        out += [" ".join(facts), ""]
    if node.get("additionalProperties") is False:
        out += ["No other fields are allowed.", ""]
    either = [alt["required"] for alt in node.get("anyOf", []) if set(alt) == {"required"}]
    if either and all(len(names) == 1 for names in either):
        out += ["It must have " + " or ".join(f"`{names[0]}`" for names in either) + ".", ""]
    branches = _branches(node)
    if branches:
        out += branches + [""]
    return out


def schema_page(path: Path) -> str:
    """The reference page for one schema file."""
    schema = json.loads(path.read_text(encoding="utf-8"))
    defs = schema.get("$defs") or {}
    title = schema.get("title", path.name)
    out = [
        f"# {title}",
        "",
        _cell(schema.get("description", "")),
        "",
        f"File `schema/{path.name}`, JSON Schema draft 2020-12, `$id` `{schema.get('$id', '')}`. "
        "This page is generated from the schema itself.",
        "",
        "## The document",
        "",
        *_object_section("", "", schema, defs, heading=False),
    ]
    if defs:
        out += ["## Definitions", ""]
        for name, node in defs.items():
            out += _object_section(name, def_anchor(name), node, defs)
    return "\n".join(out)


def schema_pages(folder: Path) -> dict[str, str]:
    """Site path -> page, for every `*.schema.json` in the folder."""
    return {
        f"reference/{p.name.removesuffix('.schema.json')}-schema.md": schema_page(p)
        for p in sorted(folder.glob("*.schema.json"))
    }
