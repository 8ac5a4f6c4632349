"""The variant reader with libyaml's parser and with PyYAML's own: the same caps, the same
refusals, the same lines and columns; and each file parsed and checked once per content."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from spadespec.reference_engine.variant import (
    VariantError,
    catalog,
    load_variant,
    schema_check,
    yaml_reader,
)
from spadespec.reference_engine.variant.catalog import shipped_variant_ids
from spadespec.reference_engine.variant.yaml_reader import (
    MAX_DEPTH,
    MAX_NODES,
    read_document,
    read_text,
)

BROKEN = Path(__file__).parent / "data" / "broken_variants"

LOADERS = ["python"] + (["libyaml"] if yaml.__with_libyaml__ else [])


@pytest.fixture(params=LOADERS)
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Each test runs with each parser the machine has."""
    chosen = yaml_reader._PureLoader if request.param == "python" else yaml_reader._LibyamlLoader
    monkeypatch.setattr(yaml_reader, "_Loader", chosen)
    catalog._checked.cache_clear()
    yield request.param
    catalog._checked.cache_clear()


def _refusal(text: str) -> Any:
    with pytest.raises(VariantError) as caught:
        read_text(text, "t.yaml")
    return caught.value.problems[0]


def test_libyaml_parses_when_pyyaml_has_it() -> None:
    if not yaml.__with_libyaml__:
        pytest.skip("PyYAML was built without libyaml here")
    assert yaml_reader._Loader is yaml_reader._LibyamlLoader


def test_marks_are_lines_and_columns_of_the_text(loader: str) -> None:
    doc = read_text("id: x\non: 1\nrules:\n  deck:\n    cards: {value: standard-52}\n", "x.yaml")
    assert doc.data == {"id": "x", "on": 1, "rules": {"deck": {"cards": {"value": "standard-52"}}}}
    assert doc.marks[("rules", "deck", "cards", "value")] == (5, 20)
    assert doc.key_marks[("rules",)] == (3, 1)


def test_columns_count_characters_not_bytes(loader: str) -> None:
    doc = read_text("title: é\nsummary: [ü, ñ, x]\n", "u.yaml")
    assert doc.marks[("summary", 2)] == (2, 17)


def test_shipped_files_read_the_same_with_either_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    if not yaml.__with_libyaml__:
        pytest.skip("PyYAML was built without libyaml here")
    for ident in shipped_variant_ids():
        text = (catalog.variants_dir() / f"{ident}.yaml").read_text(encoding="utf-8")
        read = []
        for chosen in (yaml_reader._PureLoader, yaml_reader._LibyamlLoader):
            monkeypatch.setattr(yaml_reader, "_Loader", chosen)
            read.append(read_text(text, ident))
        assert read[0] == read[1], ident


def test_alias_bomb_is_refused_at_its_line(loader: str) -> None:
    with pytest.raises(VariantError) as caught:
        read_document(BROKEN / "alias-bomb.yaml")
    problem = caught.value.problems[0]
    assert "aliases repeat too much" in problem.message
    assert problem.line == 2


def test_more_values_than_the_cap_are_refused(loader: str) -> None:
    problem = _refusal("notes: [" + "1, " * MAX_NODES + "1]\n")
    assert f"more than {MAX_NODES} values" in problem.message


@pytest.mark.parametrize(
    "text",
    [
        "notes: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n",
        "notes: " + "[" * 3000 + "]" * 3000 + "\n",
        "".join(" " * i + f"k{i}:\n" for i in range(MAX_DEPTH + 5)),
    ],
    ids=["flow", "flow-past-libyaml-cap", "block"],
)
def test_deep_nesting_is_refused(loader: str, text: str) -> None:
    assert f"nests more than {MAX_DEPTH} levels deep" in _refusal(text).message


def test_recursive_alias_is_refused(loader: str) -> None:
    assert "more than" in _refusal("notes: &loop [*loop]\n").message


def test_duplicate_key_names_both_places(loader: str) -> None:
    problem = _refusal("id: a\ntitle: x\ntitle: y\n")
    assert (problem.line, problem.column, problem.path) == (3, 1, "title")
    assert "also written at line 2, column 1" in problem.message


def test_foreign_tags_and_merge_keys_are_refused(loader: str) -> None:
    tag = _refusal("id: a\nsummary: !!python/object/apply:os.system ['true']\n")
    assert "the tag !!python/object/apply:os.system is not allowed" in tag.message
    assert (tag.line, tag.path) == (2, "summary")
    merge = _refusal("base: &b {a: 1}\nother:\n  <<: *b\n")
    assert "merge keys" in merge.message and merge.line == 3


def test_syntax_error_names_the_line_and_where_the_list_began(loader: str) -> None:
    with pytest.raises(VariantError) as caught:
        read_document(BROKEN / "yaml-syntax-error.yaml")
    problem = caught.value.problems[0]
    assert problem.message.startswith("not valid YAML: while parsing a flow sequence")
    assert "(begun at line 11, column 13)" in problem.message
    assert (problem.line, problem.column) == (12, 3)


def test_a_named_pipe_is_refused_without_waiting_for_it(tmp_path: Path) -> None:
    pipe = tmp_path / "house.yaml"
    os.mkfifo(pipe)
    done: list[str] = []

    def load() -> None:
        try:
            load_variant(str(pipe))
        except VariantError as exc:
            done.append(exc.problems[0].message)

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(10)
    assert done == [f"{pipe} is not a regular file: it is a named pipe"]


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[str]]]:
    """The files parsed and schema-checked, in order, from an empty cache."""
    seen: dict[str, list[str]] = {"parsed": [], "checked": []}
    read_bytes, schema_problems = yaml_reader.read_bytes, schema_check.schema_problems

    def parse(raw: bytes, file: str) -> Any:
        seen["parsed"].append(Path(file).stem)
        return read_bytes(raw, file)

    def check(doc: Any) -> Any:
        seen["checked"].append(Path(doc.file).stem)
        return schema_problems(doc)

    monkeypatch.setattr(catalog, "read_bytes", parse)
    monkeypatch.setattr(catalog, "schema_problems", check)
    catalog._checked.cache_clear()
    yield seen
    catalog._checked.cache_clear()


def test_each_shipped_file_is_parsed_and_checked_once(counted: dict[str, list[str]]) -> None:
    for ident in shipped_variant_ids():
        load_variant(ident)
    for ident in shipped_variant_ids():
        load_variant(ident, {})
    assert sorted(counted["parsed"]) == shipped_variant_ids()
    assert sorted(counted["checked"]) == shipped_variant_ids()


def test_a_file_changed_since_it_was_read_is_read_again(
    counted: dict[str, list[str]], tmp_path: Path
) -> None:
    path = tmp_path / "house.yaml"
    body = "id: house\ntitle: {}\nrevision: 1\nsummary: A house rule.\nextends: standard\n"
    path.write_text(body.format("Old"))
    assert load_variant(str(path)).title == "Old"
    # Same length, likely the same modification time: the content tells them apart.
    path.write_text(body.format("New"))
    assert load_variant(str(path)).title == "New"
    assert counted["parsed"].count("house") == 2
