"""The docs build's hook where the generators cannot be imported: the build stops with one line
saying so, never a traceback (the README's docs command, `mkdocs build --strict`)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mkdocs", reason="mkdocs is not installed: pip install -e '.[docs]'")

ROOT = Path(__file__).resolve().parents[1]


def test_a_checkout_without_the_generators_stops_the_build_with_one_line(tmp_path: Path) -> None:
    # The hook alone, in a package with no generators beside it.
    package = tmp_path / "spadespec"
    (package / "docs_gen").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "docs_gen" / "__init__.py").write_text("", encoding="utf-8")
    shutil.copy(ROOT / "spadespec" / "docs_gen" / "hook.py", package / "docs_gen" / "hook.py")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: x\nhooks:\n  - spadespec/docs_gen/hook.py\n", encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "s")],
        cwd=tmp_path,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 1
    assert "the docs generators cannot be imported" in errors[0]
    assert "spadespec.docs_gen.pages" in errors[0] and 'pip install ".[docs]"' in errors[0]
