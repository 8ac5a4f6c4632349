"""What several test modules build once and share: the docs' generated pages, the built site,
and the witnesses `spadespec diff` finds for a pair of rulesets. Each is built once per run,
whichever pytest-xdist workers ask for it: the first to ask builds it under a lock in the run's
shared temporary folder, and the others read it there. The test files that share the docs'
pages and site are kept on one worker (`GROUPS`), so that no other worker sits waiting on the
lock."""

from __future__ import annotations

import compileall
import contextlib
import fcntl
import hashlib
import json
import logging
import os
import pickle
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]


# The tests start Python hundreds of times (engines over the protocol, the command line, the
# docs' commands). Where PYTHONDONTWRITEBYTECODE is set, as on these machines, each of those
# would compile every module of this project it imports again: the tests' processes write and
# read compiled modules beside the source instead, as Python does by default (`__pycache__/`,
# which git ignores), and so also read the copies the installer compiled of everything else.
# (A cache prefix under the temporary folder, tried before, had every module of the venv and
# the standard library compiled again for a new venv, since Python then reads that alone.)
if sys.dont_write_bytecode and not os.environ.get("PYTHONPYCACHEPREFIX"):
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False

# The project's modules compiled once, here, before pytest-xdist starts its workers, rather than
# by every worker and engine process at once on a first run (nothing is done where they are
# compiled already).
if "PYTEST_XDIST_WORKER" not in os.environ and not sys.dont_write_bytecode:
    compileall.compile_dir(ROOT / "spadespec", quiet=1)


# Test files that share what is built once per process or run, each group run by one worker:
# the docs' pages and site, the faults' catches (tests/_fault_catches.py), the package's
# import graph, which every layering test reads (test_layers.py), and the site the layout tests
# build and open in a browser (test_site_layout.py).
GROUPS = {
    "docs": (
        "test_docs_built_text.py", "test_docs_pages.py", "test_docs_results.py",
        "test_docs_site.py", "test_docs_witnesses.py",
    ),
    "faults": ("test_house_cases.py", "test_suite_strength.py"),
    "layers": ("test_layers.py",),
    "site-layout": ("test_site_layout.py",),
}  # fmt: skip
_GROUP_OF = {name: group for group, names in GROUPS.items() for name in names}


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: one worker more than the machine has cores, since many tests spend part of
    their time waiting on an engine process or a timeout, and the spare worker fills it."""
    return (os.cpu_count() or 1) + 1


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """pytest-xdist's `--dist loadgroup`, grouping by `GROUPS`. (Its own grouping by the
    `xdist_group` mark renames test ids through an attribute pytest 9.2 no longer has, and so
    groups nothing.) Every other test is scheduled on its own, as `--dist load` would."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class ByFile(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            name = nodeid.split("::", 1)[0].rsplit("/", 1)[-1]
            return _GROUP_OF.get(name, nodeid)

    return ByFile(config, log)


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


@contextlib.contextmanager
def _shared(factory: pytest.TempPathFactory, name: str) -> Iterator[tuple[Path, bool]]:
    """A folder every worker of this run sees, held under a lock: (the folder, whether it was
    already built). Mark it built by creating `done` in it before leaving."""
    base = factory.getbasetemp()
    # Under pytest-xdist each worker's base folder sits in the run's own; without it, there is one.
    shared = base.parent if base.name.startswith("popen-gw") else base
    folder = shared / name
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        folder.mkdir(exist_ok=True)
        yield folder, (folder / "done").exists()


CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)  # fmt: skip
"""Headless Chromium as the site's browser tests start it: without the background networking
this machine's closed network refuses."""


@contextlib.contextmanager
def serving(site: Path, handler: type[SimpleHTTPRequestHandler]) -> Iterator[str]:
    """The built `site` served on localhost by `handler`, as a reader's browser gets it, for as
    long as the block runs: its address, ending in `/`."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


def _generate() -> GeneratedPages:
    from spadespec.docs_gen.pages import generated_pages

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


DiffReport = Callable[..., dict[str, Any]]


@pytest.fixture(scope="session")
def variant_diff(tmp_path_factory: pytest.TempPathFactory) -> DiffReport:
    """`diff_variants(a, b, seed)`, each pair of rulesets compared once per run: the diff
    tests ask for some pairs more than once. The first
    process to ask for a pair finds its witnesses under the pair's lock; any other reads them
    back. A pair is known by both rulesets' rules, not only their names."""
    from spadespec.conformance.analysis.fuzz.witness.search import diff_variants

    def report(a: Any, b: Any, seed: int = 1) -> dict[str, Any]:
        pair = repr((a.id, a.chosen, a.rules, b.id, b.chosen, b.rules, seed))
        key = hashlib.sha256(pair.encode("utf-8")).hexdigest()[:24]
        with _shared(tmp_path_factory, f"diff-{key}") as (folder, built):
            saved = folder / "report.pickle"
            if built:
                found: dict[str, Any] = pickle.loads(saved.read_bytes())
                return found
            found = diff_variants(a, b, seed)
            saved.write_bytes(pickle.dumps(found))
            (folder / "done").touch()
            return found

    return report


@pytest.fixture(scope="session")
def generated_docs(tmp_path_factory: pytest.TempPathFactory) -> GeneratedPages:
    """The pages the mkdocs hook adds, generated once, with any warning the generators log
    (the witness page's hands are read from their store, `docs/witnesses/`)."""
    with _shared(tmp_path_factory, "generated-docs") as (folder, built):
        saved = folder / "pages.json"
        if built:
            return GeneratedPages(**json.loads(saved.read_text(encoding="utf-8")))
        generated = _generate()
        saved.write_text(json.dumps(asdict(generated)), encoding="utf-8")
        (folder / "done").touch()
        return generated


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, generated_docs: GeneratedPages) -> Path:
    """The site as `mkdocs build --strict` writes it, built once, in this process, from a copy
    of `docs/` holding the pages just generated (as `python -m spadespec.regenerate pages`
    would write them, their navigation in the config), so that what is tested is what the
    generators make now; their warnings are logged again, so that strict mode counts them. CI
    runs the command itself, on the pages the checkout holds."""
    pytest.importorskip("mkdocs", reason="mkdocs is not installed: pip install -e '.[docs]'")
    pytest.importorskip("material", reason="mkdocs-material is not installed")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort

    import spadespec.docs_gen.pages
    from spadespec.docs_gen.written_pages import DOCS, MKDOCS, written_files

    def pages_again() -> dict[str, str]:
        for message in generated_docs.warnings:
            logging.getLogger("mkdocs.plugins.spadespec").warning("%s", message)
        return dict(generated_docs.pages)

    with _shared(tmp_path_factory, "built-site") as (folder, built):
        out = folder / "site"
        if built:
            return out
        docs = folder / "docs"
        shutil.rmtree(docs, ignore_errors=True)
        shutil.copytree(DOCS, docs)
        written = written_files(generated_docs.pages, MKDOCS.read_text(encoding="utf-8"))
        for path, text in written.items():
            if path != MKDOCS:
                target = docs / path.relative_to(DOCS)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
        nav = yaml.safe_load(written[MKDOCS])["nav"]
        with pytest.MonkeyPatch.context() as patch, contextlib.chdir(ROOT):
            patch.setattr(spadespec.docs_gen.pages, "generated_pages", pages_again)
            patch.setenv("NO_MKDOCS_2_WARNING", "1")
            config = load_config(
                str(MKDOCS), strict=True, site_dir=str(out), docs_dir=str(docs), nav=nav
            )
            try:
                build(config)
            except Abort as exc:
                pytest.fail(f"mkdocs build --strict failed: {exc}")
        (folder / "done").touch()
        return out
