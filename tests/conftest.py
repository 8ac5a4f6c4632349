"""What several test modules build once and share: the docs' generated pages and the built
site. Tests that use them are kept on one pytest-xdist worker (`xdist_group("docs")`), so each
is built once per run, not once per module."""

from __future__ import annotations

import contextlib
import logging
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
def built_site(tmp_path_factory: pytest.TempPathFactory, generated_docs: GeneratedPages) -> Path:
    """The site as `mkdocs build --strict` writes it, built once, in this process: the hook is
    handed the pages already generated (their warnings logged again, so that strict mode counts
    them), not asked to generate them a second time. CI runs the command itself."""
    pytest.importorskip("mkdocs", reason="mkdocs is not installed: pip install -e '.[docs]'")
    pytest.importorskip("material", reason="mkdocs-material is not installed")
    import _gen.pages
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort

    def pages_again() -> dict[str, str]:
        for message in generated_docs.warnings:
            logging.getLogger("mkdocs.plugins.spadespec").warning("%s", message)
        return dict(generated_docs.pages)

    out = tmp_path_factory.mktemp("site")
    with pytest.MonkeyPatch.context() as patch, contextlib.chdir(ROOT):
        patch.setattr(_gen.pages, "generated_pages", pages_again)
        patch.setenv("NO_MKDOCS_2_WARNING", "1")
        try:
            build(load_config(str(ROOT / "mkdocs.yml"), strict=True, site_dir=str(out)))
        except Abort as exc:
            pytest.fail(f"mkdocs build --strict failed: {exc}")
    return out
