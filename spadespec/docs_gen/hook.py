"""The mkdocs hook: checks that the generated pages written into `docs/` are the ones the
generators make now, and fills the hand-written pages' figures and command output.

The generated pages (the rulebook page of every ruleset, the comparisons, the reference, the
engine results) are written as Markdown files by `python -m spadespec.regenerate pages`
(`spadespec.docs_gen.written_pages`), with their navigation in `mkdocs.yml`: the build only
renders them, and stops, naming that command, where one is missing, out of date or left over.
mkdocs loads this file by its path (`mkdocs.yml`); the generators it calls, `spadespec.docs_gen`,
are left out of the wheel, so the hook imports the `spadespec` package of the checkout it is in,
by its path, whether the checkout is installed editable or as a wheel.
"""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path
from typing import Any

from mkdocs.config.base import ValidationError
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files

_PACKAGE = Path(__file__).resolve().parents[1]


def _import_checkout_package() -> None:
    """The checkout's `spadespec` made the one imported, unless one is imported already; a
    generator that still cannot be imported stops the build with one line saying what to do."""
    if "spadespec" not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            "spadespec", _PACKAGE / "__init__.py", submodule_search_locations=[str(_PACKAGE)]
        )
        if spec is None or spec.loader is None:
            raise ValidationError(f"the docs generators: cannot import {_PACKAGE} as spadespec")
        module = importlib.util.module_from_spec(spec)
        sys.modules["spadespec"] = module
        spec.loader.exec_module(module)
    try:
        importlib.import_module("spadespec.docs_gen.pages")
    except ModuleNotFoundError as exc:
        raise ValidationError(
            f"the docs generators cannot be imported ({exc}): build the site from a checkout "
            'with the docs extra installed (`pip install ".[docs]"`)'
        ) from None


_import_checkout_package()

# Imported once the checkout's package is the one imported (above), which a wheel lacks.
from spadespec.docs_gen.figures import fill_figures  # noqa: E402
from spadespec.docs_gen.pages import generated_pages  # noqa: E402
from spadespec.docs_gen.results import StaleReport  # noqa: E402
from spadespec.docs_gen.simulations import StaleSimulation  # noqa: E402
from spadespec.docs_gen.transcripts import fill_transcripts, start_all  # noqa: E402
from spadespec.docs_gen.written_pages import COMMAND, is_written, stale_pages  # noqa: E402

log = logging.getLogger("mkdocs.plugins.spadespec")


def on_config(config: Any) -> Any:
    # The commands the hand-written pages show run while the written pages are checked.
    docs_dir = Path(config["docs_dir"])
    start_all(docs_dir)
    try:
        pages = generated_pages()
    except StaleReport as exc:
        raise PluginError(f"engine results: {exc}") from None
    except StaleSimulation as exc:
        raise PluginError(f"simulation results: {exc}") from None
    stale = stale_pages(docs_dir, pages)
    if stale:
        shown = ", ".join(stale[:3]) + (f" and {len(stale) - 3} more" if len(stale) > 3 else "")
        raise PluginError(
            f"generated pages: {shown} not what the generators make now; refresh: {COMMAND} "
            "(which also deletes a page it no longer makes)"
        )
    nav = []
    for entry in config["nav"] or []:
        if isinstance(entry, dict) and len(entry) == 1:
            ((title, target),) = entry.items()
            if isinstance(target, str) and not (docs_dir / target).is_file():
                # A page generated only once its data exists (e.g. the pictured game).
                log.info("nav: leaving out %s until %s exists", title, target)
                continue
        nav.append(entry)
    config["nav"] = nav
    return config


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    # Hand-written pages: counts and command output are computed now, never typed in.
    if is_written(markdown):
        return markdown
    return fill_transcripts(fill_figures(markdown, page.file.src_uri))
