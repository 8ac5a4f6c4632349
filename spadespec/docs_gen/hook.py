"""The mkdocs hook: adds the generated pages to the site and to its navigation.

Generated at every build from the data, never stored: the rulebook page of every shipped
variant, the comparison matrix, the schema and reason-code reference, the worked examples
and the pictures. mkdocs loads this file by its path (`mkdocs.yml`); the generators it calls,
`spadespec.docs_gen`, are left out of the wheel, so the hook imports the `spadespec` package of
the checkout it is in, by its path, whether the checkout is installed editable or as a wheel.
"""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path
from typing import Any

from mkdocs.config.base import ValidationError
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

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
from spadespec.docs_gen.pages import generated_pages, nav_sections  # noqa: E402
from spadespec.docs_gen.results import StaleReport  # noqa: E402
from spadespec.docs_gen.simulations import StaleSimulation  # noqa: E402
from spadespec.docs_gen.transcripts import fill_transcripts, start_all  # noqa: E402

log = logging.getLogger("mkdocs.plugins.spadespec")
_pages: dict[str, str] = {}


def on_config(config: Any) -> Any:
    # The commands the hand-written pages show run while the other pages are generated.
    start_all(Path(config["docs_dir"]))
    _pages.clear()
    try:
        _pages.update(generated_pages())
    except StaleReport as exc:
        raise PluginError(f"engine results: {exc}") from None
    except StaleSimulation as exc:
        raise PluginError(f"simulation results: {exc}") from None
    sections = nav_sections(_pages)
    docs_dir = Path(config["docs_dir"])
    nav = []
    for entry in config["nav"] or []:
        if isinstance(entry, dict) and len(entry) == 1:
            ((title, target),) = entry.items()
            if title in sections:
                entry = {title: sections[title]}
            elif (
                isinstance(target, str)
                and target not in _pages
                and not (docs_dir / target).is_file()
            ):
                # A page generated only once its data exists (e.g. the pictured game).
                log.info("nav: leaving out %s until %s exists", title, target)
                continue
        nav.append(entry)
    config["nav"] = nav
    return config


def on_files(files: Files, config: Any) -> Files:
    for uri, content in _pages.items():
        existing = files.get_file_from_path(uri)
        if existing is not None:
            log.warning(
                "generated page %s would hide the hand-written %s", uri, existing.abs_src_path
            )
            continue
        files.append(File.generated(config, uri, content=content))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    # Hand-written pages: counts and command output are computed now, never typed in.
    if page.file.generated_by:
        return markdown
    return fill_transcripts(fill_figures(markdown, page.file.src_uri))
