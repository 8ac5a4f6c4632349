"""The built site in a real browser: headless Chromium opens the home page, a ruleset page, the
matrix and the pictured game, and the tables and card diagram are there; no link is broken."""

from __future__ import annotations

import re
import shutil
import subprocess
import threading
from collections.abc import Iterator
from functools import partial
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

pytest.importorskip("mkdocs", reason="mkdocs is not installed: pip install -e '.[docs]'")
pytest.importorskip("material", reason="mkdocs-material is not installed: pip install -e '.[docs]'")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("chromium is not installed: apt-get install -y chromium", allow_module_level=True)

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.xdist_group("docs")
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


class _Links(HTMLParser):
    """Every href and every id in a page."""

    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            if name == "href" and value and tag == "a":
                self.hrefs.append(value)


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    return built_site


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    handler = partial(SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined, method-assign]
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def dom(server: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The DOM Chromium renders for each page, scripts run."""
    profile = tmp_path_factory.mktemp("chromium-profile")
    pages = {}
    for page in ("", "rules/standard/", "rules/matrix/", "a-game-pictured/"):
        done = subprocess.run(
            [CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--dump-dom", server + page],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        assert "</html>" in done.stdout, f"no DOM for {page!r}: {done.stderr[-2000:]}"
        pages[page] = done.stdout
    return pages


def _article(html: str) -> str:
    match = re.search(r"<article[^>]*>(.*)</article>", html, re.S)
    assert match, "no article in the page"
    return match.group(1)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_home_page_renders_with_its_table(dom: dict[str, str]) -> None:
    article = _article(dom[""])
    assert "<h1" in article and "spadespec" in article
    assert article.count("<tr") >= 4


def test_a_ruleset_page_has_every_section_filled(dom: dict[str, str]) -> None:
    article = _article(dom["rules/standard/"])
    chunks = re.split(r"<h2[^>]*>", article)[1:]
    titles = [_text(c.split("</h2>", 1)[0]).rstrip("¶ ").strip() for c in chunks]
    sections = ("The pack", "Players and sides", "The deal", "Bidding", "Play", "Scoring")
    for wanted in (*sections, "End of the game"):
        assert wanted in titles
    for chunk, title in zip(chunks, titles, strict=True):
        body = _text(chunk.split("</h2>", 1)[1])
        assert len(body) > 40, f"section {title!r} is empty"
    assert 'id="rule-scoring-set-penalty"' in article
    assert "<table" in article


def test_a_worked_example_shows_the_engines_score_and_the_card_diagram(dom: dict[str, str]) -> None:
    article = _article(dom["rules/standard/"])
    assert "Worked examples" in article
    assert article.count('class="sp-seat ') >= 4
    assert "♠" in article and "♥" in article


def test_the_matrix_renders_a_row_per_rule(dom: dict[str, str]) -> None:
    from reference_engine.variant import shipped_variant_ids
    from reference_engine.variant.model import SECTIONS, rule_paths

    article = _article(dom["rules/matrix/"])
    assert article.count("<table") == len(SECTIONS)
    rows = article.count("<tr") - len(SECTIONS)  # less one header row per table
    assert rows == len(rule_paths())
    assert "spadespec-differs" in article
    for ident in shipped_variant_ids():
        assert f'href="../{ident}/#rule-scoring-set-penalty"' in article


def test_the_pictured_game_has_the_diagram_the_tricks_and_the_chart(dom: dict[str, str]) -> None:
    article = _article(dom["a-game-pictured/"])
    deal = re.search(r'<div class="sp-deal".*?<div class="sp-compass">', article, re.S)
    assert deal, "no card diagram"
    assert deal.group(0).count('class="sp-seat ') == 4
    assert deal.group(0).count('class="sp-suit"') == 16
    tricks = re.search(r'<table class="sp-tricks">(.*?)</table>', article, re.S)
    assert tricks and tricks.group(1).count("<tr") == 14  # a header and 13 tricks
    assert "<svg" in article and 'class="sp-line-NS"' in article and 'class="sp-line-EW"' in article


def test_no_internal_link_is_broken(site: Path, dom: dict[str, str], server: str) -> None:
    pages: dict[str, _Links] = {}
    for path in site.rglob("*.html"):
        parser = _Links()
        parser.feed(path.read_text(encoding="utf-8"))
        pages[path.relative_to(site).as_posix()] = parser
    # The rendered DOMs too: links scripts add count as well.
    for page, html in dom.items():
        parser = _Links()
        parser.feed(html)
        pages[f"{page}index.html#dom"] = parser
    broken = []
    for name, parser in pages.items():
        base = server + name.removesuffix("#dom")
        for href in parser.hrefs:
            url = urlsplit(urljoin(base, href))
            if not url.geturl().startswith(server) or url.scheme not in ("http", "https"):
                continue
            target = unquote(url.path.removeprefix(urlsplit(server).path))
            if target == "" or target.endswith("/"):
                target += "index.html"
            if target not in pages and not (site / target).is_file():
                broken.append(f"{name}: {href} (no {target})")
            elif url.fragment and target in pages and url.fragment not in pages[target].ids:
                broken.append(f"{name}: {href} (no #{url.fragment} in {target})")
    assert not broken, "\n".join(broken[:20])
