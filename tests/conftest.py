"""What several test modules build once and share: the docs' generated pages and the built
site. Tests that use them are kept on one pytest-xdist worker (`xdist_group("docs")`), so each
is built once per run, not once per module."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs"))


@dataclass(frozen=True)
class GeneratedPages:
    """Every generated page (site path -> Markdown) and what the generators warned about."""

    pages: dict[str, str]
    warnings: list[str]


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@pytest.fixture(scope="session")
def generated_docs() -> GeneratedPages:
    """The pages the mkdocs hook adds, generated once, with any warning the generators log."""
    from _gen.pages import generated_pages

    logger = logging.getLogger("mkdocs.plugins.spadespec")
    handler, level = _Collect(), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    try:
        pages = generated_pages()
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    return GeneratedPages(pages, handler.messages)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as `mkdocs build --strict` writes it, built once."""
    pytest.importorskip("mkdocs", reason="mkdocs is not installed: pip install -e '.[docs]'")
    pytest.importorskip("material", reason="mkdocs-material is not installed")
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"),
         "-d", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
    )  # fmt: skip
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}"
    return out
