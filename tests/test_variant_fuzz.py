"""Whatever a file holds, the loader resolves it or raises VariantError, nothing else."""

from __future__ import annotations

import copy
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spadespec.reference_engine.variant import VariantError, load_variant
from spadespec.reference_engine.variant.catalog import variants_dir
from spadespec.reference_engine.variant.model import rule_paths

STANDARD = yaml.safe_load((variants_dir() / "standard.yaml").read_text())
FIELD_NAMES = [
    "id",
    "title",
    "revision",
    "summary",
    "extends",
    "rules",
    "options",
    "sources",
    "value",
    "cite",
    "interpretation",
    "rule",
    "choices",
    "default",
    "description",
    "deck",
    "scoring",
    "nil",
    "target",
    "losing_floor",
    "first_lead_card",
    "table",
    "players",
    "sides",
    "removed",
    "top_trumps",
    "hands",
    "url",
    "file",
]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["standard", "porchlight", "allowed", "2C", "500", "BJ", "jokers-54", "3"]),
)
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.one_of(st.sampled_from(FIELD_NAMES), st.text(max_size=8)), inner, max_size=5
        ),
    ),
    max_leaves=25,
)
# Text made of YAML's punctuation and a few field names, so that it often nearly parses.
yamlish = st.lists(
    st.one_of(
        st.sampled_from(list("abc:-[]{}&*!|>'\"#?,.0123456789 \n\t")),
        st.sampled_from(
            [
                "id: ",
                "extends: ",
                "!!python/object ",
                "<<: ",
                "---\n",
                "rules:\n  ",
                "*a",
                "&a ",
                "standard",
                "\n  - ",
            ]
        ),
        st.characters(),
    ),
    max_size=80,
).map("".join)

_SLOW = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# libyaml's emitter writes the same documents as PyYAML's pure-Python one, many times faster;
# what is under test is the reader, not the writer.
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_DUMPER, allow_unicode=True)


def _load(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.yaml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            load_variant(str(path))
        except VariantError as exc:
            assert exc.problems, "a VariantError always says why"


@_SLOW
@given(yamlish)
def test_arbitrary_text_resolves_or_raises_variant_error(text: str) -> None:
    _load(text)


@_SLOW
@given(documents)
def test_arbitrary_nested_data_resolves_or_raises_variant_error(data: Any) -> None:
    _load(_dump(data))


def _set(doc: dict[str, Any], path: list[str], value: Any) -> None:
    for key in path[:-1]:
        doc = doc.setdefault(key, {}) if isinstance(doc.get(key, {}), dict) else {}
    doc[path[-1]] = value


@_SLOW
@given(
    st.lists(
        st.tuples(
            st.sampled_from(
                [f"rules.{r}.value" for r in rule_paths()]
                + ["revision", "id", "extends", "options", "rules.deck", "sources"]
            ),
            documents,
        ),
        min_size=1,
        max_size=3,
    )
)
def test_standard_with_fields_replaced_resolves_or_raises_variant_error(
    changes: list[tuple[str, Any]],
) -> None:
    doc = copy.deepcopy(STANDARD)
    doc["id"] = "fuzz"
    for path, value in changes:
        _set(doc, path.split("."), value)
    _load(_dump(doc))
