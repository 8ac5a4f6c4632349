"""Schema passes kept between runs: a value that passed is not checked by jsonschema again, a
failure always is, and a cache that cannot be kept is no error."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from spadespec.reference_engine.variant import (
    VariantError,
    catalog,
    load_variant,
    schema_check,
    schema_memo,
)

ROOT = Path(__file__).resolve().parent.parent
BROKEN = ROOT / "tests" / "data" / "broken_variants"


@pytest.fixture
def memo_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SPADESPEC_CACHE_DIR", str(folder))
    catalog._checked.cache_clear()
    yield folder
    catalog._checked.cache_clear()


def _no_jsonschema(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: Any) -> Any:
        raise AssertionError("jsonschema was asked")

    monkeypatch.setattr(schema_check, "_validator", refuse)
    monkeypatch.setattr(jsonschema, "Draft202012Validator", refuse)


def test_a_file_that_passed_is_not_checked_again(
    memo_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_variant("porchlight")
    kept = (memo_dir / schema_memo.FILE_NAME).read_text().split()
    # porchlight, standard, and each of porchlight's option choices.
    assert len(kept) >= 2 and all(len(line) == 64 for line in kept)
    schema_memo._kept.clear()
    catalog._checked.cache_clear()
    _no_jsonschema(monkeypatch)
    assert load_variant("porchlight", {"target": "500"}).rules.game_end.target == 500


def test_a_failure_is_never_kept(memo_dir: Path) -> None:
    for _ in range(2):
        catalog._checked.cache_clear()
        schema_memo._kept.clear()
        with pytest.raises(VariantError) as caught:
            load_variant(str(BROKEN / "bad-enum.yaml"))
        assert "is not one of: clockwise" in caught.value.problems[0].message
    # Only its parent, standard, passed.
    assert len((memo_dir / schema_memo.FILE_NAME).read_text().split()) == 1


def test_a_changed_value_is_checked_afresh(memo_dir: Path) -> None:
    data: dict[str, Any] = {"id": "x"}
    schema_memo.remember(schema_memo.digest("", data))
    assert schema_memo.passed(schema_memo.digest("", data))
    assert not schema_memo.passed(schema_memo.digest("", {"id": "y"}))
    # The same number written as a decimal is another value to the schema.
    assert schema_memo.digest("game_end.target", 500) != schema_memo.digest(
        "game_end.target", 500.0
    )


def test_an_empty_cache_dir_keeps_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPADESPEC_CACHE_DIR", "")
    assert schema_memo.cache_dir() is None
    schema_memo.remember(schema_memo.digest("", {"id": "kept-in-memory-only"}))


def test_without_a_home_nothing_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("SPADESPEC_CACHE_DIR", "XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(os.path, "expanduser", lambda path: path)
    assert schema_memo.cache_dir() is None


def test_the_cache_follows_xdg_cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SPADESPEC_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert schema_memo.cache_dir() == tmp_path / "spadespec"


def test_a_folder_that_cannot_be_written_is_no_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("SPADESPEC_CACHE_DIR", str(blocker / "cache"))
    catalog._checked.cache_clear()
    assert load_variant("standard").id == "standard"
    catalog._checked.cache_clear()


def test_the_file_starts_afresh_when_full(memo_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schema_memo, "MAX_KEPT", 3)
    keys = [schema_memo.digest("", {"n": n}) for n in range(5)]
    for key in keys:
        schema_memo.remember(key)
    kept = (memo_dir / schema_memo.FILE_NAME).read_text().split()
    assert kept == keys[3:]


def _modules_after(argv: list[str], cache: Path) -> set[str]:
    code = (
        "import sys\nfrom spadespec.cli import main\n"
        f"main({argv!r})\nprint(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    env = {**os.environ, "SPADESPEC_CACHE_DIR": str(cache)}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return set(result.stderr.split())


@pytest.mark.parametrize("argv", [["list"], ["show", "standard"], ["show", "porchlight"]])
def test_list_and_show_import_no_jsonschema_once_their_files_passed(
    tmp_path: Path, argv: list[str]
) -> None:
    assert "jsonschema" in _modules_after(argv, tmp_path)
    again = _modules_after(argv, tmp_path)
    assert "jsonschema" not in again
    # Nor the conformance suite, which `show` and `list` do not use.
    assert not any(name.startswith("spadespec.conformance") for name in again)
