"""The built site in a real browser: headless Chromium opens the home page, a ruleset page, the
matrix and the pictured game, and the tables and card diagram are there; no link is broken."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from html import unescape
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler
from itertools import combinations
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from conftest import CHROMIUM_FLAGS, serving

from spadespec.conformance.analysis.fuzz.witness.search import differing_rules
from spadespec.docs_gen.variant_data import shipped_docs

pytest.importorskip("mkdocs", reason="mkdocs is not installed: pip install -e '.[docs]'")
pytest.importorskip("material", reason="mkdocs-material is not installed: pip install -e '.[docs]'")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("chromium is not installed: apt-get install -y chromium", allow_module_level=True)

ROOT = Path(__file__).resolve().parents[1]
SCREEN = 900
"""A screen's height, in pixels, as the frames the pages are measured in have it."""


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


# Appended to a page asked for with `?measure`: the layout facts the tests read, written into
# the DOM that --dump-dom returns.
MEASURE = rb"""<script>
// After load: the theme's own script has wrapped the tables in their scrolling boxes by then.
window.addEventListener('load', () => {
  const view = document.documentElement.clientWidth;
  const deals = [...document.querySelectorAll('.sp-deal')].filter((d) => d.offsetParent);
  const names = [...document.querySelectorAll('.md-typeset td:first-child code')];
  // The matrix: scroll its box sideways and down, tick the differences-only switch, pick a rule.
  const box = document.querySelector('.sp-matrix-box');
  const matrix = {};
  if (box) {
    const cell = box.querySelector('tbody th[scope="row"]');
    const head = box.querySelector('thead .sp-head-ids th');
    box.scrollLeft = 600;
    box.scrollTop = 500;
    matrix.scrolled = [box.scrollLeft, box.scrollTop];
    // Where the rule column and the header row sit against the box's edges, once scrolled.
    const edge = box.getBoundingClientRect();
    matrix.rule_column_at = cell.getBoundingClientRect().left - edge.left - box.clientLeft;
    matrix.header_at = head.getBoundingClientRect().bottom - edge.top - box.clientTop;
    matrix.header_height = head.getBoundingClientRect().bottom -
      box.querySelector('thead th').getBoundingClientRect().top;
    const rows = [...box.querySelectorAll('tbody tr.sp-rule')];
    document.getElementById('sp-differs-only').checked = true;
    matrix.rows = rows.length;
    matrix.shaded = box.querySelectorAll('td.spadespec-differs').length;
    matrix.differing = rows.filter((r) => r.querySelector('.spadespec-differs')).length;
    matrix.shown = rows.filter((r) => r.getClientRects().length > 0).length;
    // The row view: one rule's panel shown, then another's once it is picked.
    const shown = () => [...document.querySelectorAll('.sp-who')]
      .filter((p) => p.getClientRects().length > 0).map((p) => p.id);
    matrix.panels_before = shown();
    const pick = document.getElementById('sp-rule-pick');
    pick.value = 'who-scoring-set-penalty';
    pick.dispatchEvent(new Event('change', {bubbles: true}));
    matrix.panels_after = shown();
  }
  // The matrix shaded from another column: cutthroat's.
  const base = document.getElementById('sp-matrix-base');
  if (base) {
    base.value = [...base.options].find((o) => o.textContent === 'cutthroat').value;
    base.dispatchEvent(new Event('change', {bubbles: true}));
    const rows = [...box.querySelectorAll('tbody tr.sp-rule')];
    matrix.from_other = document.getElementById('sp-differs-from').textContent;
    matrix.shaded_other = box.querySelectorAll('td.spadespec-differs').length;
    matrix.differing_other = rows.filter((r) => r.querySelector('.spadespec-differs')).length;
    matrix.shown_other = rows.filter((r) => r.getClientRects().length > 0).length;
  }
  // Comparing two rulesets: the rules listed for a few pairs, then the pair that differs on the
  // most rules, left shown for the page's height, its first hand unfolded for the diagram's width.
  const pickA = document.getElementById('sp-cmp-a');
  const compare = {};
  if (pickA) {
    const pickB = document.getElementById('sp-cmp-b');
    const choose = (a, b) => {
      pickA.value = a;
      pickB.value = b;
      pickB.dispatchEvent(new Event('change', {bubbles: true}));
      return [...document.querySelectorAll('#sp-cmp-list .sp-cmp-rule')];
    };
    compare.listed = {};
    compare.hands = 0;
    compare.none = 0;
    for (const pair of COMPARED) {
      const items = choose(...pair);
      compare.listed[pair.join('/')] = items.map((item) => item.dataset.rule);
      // (Read before the loop below: Chromium ignores an address changed hundreds of times.)
      compare.address = compare.address || location.hash;
      compare.hands += items.filter((i) => i.querySelector('details .sp-cmp-hand')).length;
      compare.none += items.filter((i) => i.querySelector('.sp-cmp-none')).length;
    }
    const ids = [...pickA.options].map((o) => o.value);
    compare.most = [null, -1];
    for (const a of ids) {
      for (const b of ids) {
        const count = a < b ? choose(a, b).length : -1;
        if (count > compare.most[1]) compare.most = [[a, b], count];
      }
    }
    choose(...compare.most[0]);
    compare.summary = document.getElementById('sp-cmp-summary').textContent;
    compare.height = document.documentElement.scrollHeight;
    const first = document.querySelector('#sp-cmp-list details');
    if (first) first.open = true;
  }
  // Code blocks whose text runs past their box (hidden unless scrolled).
  const overflowing = [...document.querySelectorAll('.md-typeset pre > code')]
    .filter((c) => c.offsetParent && c.scrollWidth > c.clientWidth + 1)
    .map((c) => c.textContent.slice(0, 60));
  // Wide tables scrolled sideways in their boxes: the first column must stay in view, stuck at
  // the left edge. (A table barely wider than its box scrolls less than the box's padding: its
  // first column moves no further than that edge.)
  const unstuck = [];
  let scrolled = 0;
  for (const scroller of document.querySelectorAll('.md-typeset__scrollwrap, .sp-res-box')) {
    if (!scroller.offsetParent || scroller.scrollWidth <= scroller.clientWidth + 1) continue;
    const cell = scroller.querySelector('tbody tr > :first-child');
    if (!cell) continue;
    scroller.scrollLeft = 150;
    scrolled += 1;
    const gap = cell.getBoundingClientRect().left - scroller.getBoundingClientRect().left;
    if (gap < -2) unstuck.push(cell.textContent.slice(0, 40));
    scroller.scrollLeft = 0;
  }
  // Code names in tables that wrap: each break must fall after a separator (. _ - / = , :).
  const badBreaks = [];
  for (const code of document.querySelectorAll('.md-typeset td code, .md-typeset th code')) {
    if (!code.offsetParent || code.getClientRects().length < 2) continue;
    let top = null;
    let before = '';
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect || !rect.width) {  // a space where the line breaks
          before = node.data[i];
          continue;
        }
        if (top !== null && rect.top > top + 2 && !/[._\-\/=,:\s\]]/.test(before)) {
          badBreaks.push(code.textContent);
        }
        top = rect.top;
        before = node.data[i];
      }
    }
  }
  // In a frame of a set width, the page the test loads is the frame's parent; several frames
  // each write under their own key.
  const key = new URLSearchParams(location.search).get('measure');
  const name = key ? 'data-measure-' + key : 'data-measure';
  window.parent.document.body.setAttribute(name, JSON.stringify({
    overflowing,
    unstuck,
    scrolled,
    bad_breaks: badBreaks,
    view,
    height: document.documentElement.scrollHeight,
    deals: deals.map((d) => ({right: d.getBoundingClientRect().right, scroll: d.scrollWidth,
                              width: d.clientWidth})),
    broken_names: names.filter((c) => c.getClientRects().length > 1).map((c) => c.textContent),
    matrix,
    compare,
    // The page itself wider than the window: text a reader must scroll sideways to read.
    wide: document.documentElement.scrollWidth > view + 1,
  }));
});
</script>"""


# The pairs of rulesets the compare page is asked for, in the order the page's lists name them.
COMPARED = [("standard", "cutthroat"), ("ellington", "msn-zone"), ("msn-mirror", "msn-whiz")]
MEASURE = MEASURE.replace(b"COMPARED", json.dumps(COMPARED).encode())


class _Handler(SimpleHTTPRequestHandler):
    """Serves the site, with the measuring script added to a page asked for with `?measure`."""

    def log_message(self, *args: object) -> None:
        pass

    def send_head(self):  # type: ignore[no-untyped-def]
        # /at/390/PAGE: PAGE in a frame 390 pixels wide (headless windows are wider than a phone).
        several = re.fullmatch(r"/each/(\d+)/\?pages=(.*)", self.path)
        if several:
            # Each page in a frame of its own, measured under its number.
            width, pages = several[1], unquote(several[2]).split(",")
            frames = "".join(
                f'<iframe src="/{page}?measure={index}" width="{width}" height="{SCREEN}"></iframe>'
                for index, page in enumerate(pages)
            )
            return self._send(f"<!doctype html><html><body>{frames}</body></html>".encode())
        framed = re.fullmatch(r"/at/(\d+)/(.*)", self.path)
        if framed:
            width, page = framed.groups()
            frame = f'<iframe src="/{page}?measure" width="{width}" height="{SCREEN}"></iframe>'
            return self._send(f"<!doctype html><html><body>{frame}</body></html>".encode())
        if "?measure" not in self.path:
            return super().send_head()
        self.path = self.path.split("?", 1)[0]
        path = Path(self.translate_path(self.path))
        page = (path / "index.html" if path.is_dir() else path).read_bytes()
        return self._send(page.replace(b"</body>", MEASURE + b"</body>"))

    def _send(self, body: bytes) -> io.BytesIO:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    with serving(site, _Handler) as address:
        yield address


@pytest.fixture(scope="module")
def dom(server: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The DOM Chromium renders for each page, scripts run."""
    profile = tmp_path_factory.mktemp("chromium-profile")
    pages = {}
    for page in ("", "rules/standard/", "rules/matrix/", "rules/compare/", "a-game-pictured/"):
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


def measure(server: str, profile: Path, page: str, width: int) -> dict[str, Any]:
    """The layout facts of `page` as Chromium lays it out in a window `width` pixels wide."""
    done = subprocess.run(
        [CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--window-size=1400,900",
         "--dump-dom", f"{server}at/{width}/{page}"],
        capture_output=True,
        text=True,
        timeout=120,
    )  # fmt: skip
    found = re.search(r'data-measure="([^"]*)"', done.stdout)
    assert found, f"no measurement for {page}: {done.stderr[-2000:]}"
    return dict(json.loads(unescape(found.group(1))))


def measure_each(server: str, profile: Path, pages: list[str], width: int) -> list[dict[str, Any]]:
    """The layout facts of each page, every page in a frame `width` pixels wide and a screen
    high, all in one run of Chromium."""
    done = subprocess.run(
        [CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--window-size=1400,900",
         "--dump-dom", f"{server}each/{width}/?pages={','.join(pages)}"],
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip
    out = []
    for index, page in enumerate(pages):
        found = re.search(rf'data-measure-{index}="([^"]*)"', done.stdout)
        assert found, f"no measurement for {page}: {done.stderr[-2000:]}"
        out.append(dict(json.loads(unescape(found.group(1)))))
    return out


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
    from spadespec.reference_engine.variant import shipped_variant_ids
    from spadespec.reference_engine.variant.model import SECTIONS, rule_paths

    article = _article(dom["rules/matrix/"])
    table = article[article.index('<table class="sp-matrix-table"') :]
    table = table[: table.index("</table>")]
    assert table.count('<tr class="sp-rule') == len(rule_paths())
    assert table.count('<tr class="sp-section') == len(SECTIONS)
    assert "spadespec-differs" in table
    for ident in shipped_variant_ids():
        assert f'href="../{ident}/#rule-scoring-set-penalty"' in article


def test_the_pictured_game_has_the_diagram_the_tricks_and_the_chart(dom: dict[str, str]) -> None:
    article = _article(dom["a-game-pictured/"])
    deal = re.search(r'<aside class="sp-deal".*?<div class="sp-compass">', article, re.S)
    assert deal, "no card diagram"
    assert deal.group(0).count('class="sp-seat ') == 4
    assert deal.group(0).count('class="sp-suit"') == 16
    tricks = re.search(r'<table class="sp-tricks"[^>]*>(.*?)</table>', article, re.S)
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


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("chromium-measure")


def test_the_card_diagram_fits_a_phone(server: str, profile: Path) -> None:
    facts = measure(server, profile, "a-game-pictured/", 390)
    assert facts["view"] <= 390
    deals = facts["deals"]
    assert isinstance(deals, list) and deals, "no card diagram shown"
    for deal in deals:
        assert deal["right"] <= facts["view"] and deal["scroll"] <= deal["width"], deal


def test_schema_tables_do_not_break_a_name_mid_word(server: str, profile: Path) -> None:
    facts = measure(server, profile, "reference/variant-schema/", 1280)
    assert facts["broken_names"] == []


# Rendered heights at 1280 px of house-rule pages when each repeated its parent's page in full,
# measured as below on 2026-12-02 (the site as of commit b02dab3), before the pages led with what
# they change. Cutthroat and pagat-blind-nil change the most rules and carry the most examples.
FULL_PAGE_HEIGHTS = {
    "rules/no-nil/": 16583,
    "rules/minus-110/": 19836,
    "rules/cutthroat/": 23040,
    "rules/pagat-blind-nil/": 19483,
}


@pytest.mark.parametrize("page", sorted(FULL_PAGE_HEIGHTS))
def test_a_house_rule_page_is_a_third_of_its_full_height(
    server: str, profile: Path, page: str
) -> None:
    facts = measure(server, profile, page, 1280)
    assert 0 < facts["height"] * 3 <= FULL_PAGE_HEIGHTS[page], facts["height"]


@pytest.mark.parametrize("width", [1280, 390])
def test_the_matrix_keeps_its_rule_column_and_header_and_hides_equal_rows_on_request(
    server: str, profile: Path, width: int
) -> None:
    matrix = measure(server, profile, "rules/matrix/", width)["matrix"]
    assert matrix["scrolled"][0] > 0, "the table does not scroll sideways"
    assert matrix["scrolled"][1] > 0, "the table does not scroll down in its box"
    assert 0 <= matrix["rule_column_at"] < 1, "the rule column scrolled out of view"
    # The header's lower edge stays where it was drawn: at the top of the box.
    assert abs(matrix["header_at"] - matrix["header_height"]) < 1, "the header scrolled away"
    assert 0 < matrix["differing"] < matrix["rows"]
    assert matrix["shown"] == matrix["differing"]
    assert matrix["panels_before"] == ["who-scoring-nil-penalty"]
    assert matrix["panels_after"] == ["who-scoring-set-penalty"]
    # A cell is shaded where its ruleset plays the rule otherwise than the column picked does:
    # standard's as built, then cutthroat's.
    docs = {d.id: d.resolved.rules for d in shipped_docs()}
    for column, shaded in (("standard", "shaded"), ("cutthroat", "shaded_other")):
        cells = sum(len(differing_rules(docs[column], rules)) for rules in docs.values())
        assert matrix[shaded] == cells, column
    assert matrix["shaded_other"] != matrix["shaded"]
    assert matrix["from_other"] == "cutthroat"
    # Any rule two rulesets play differently differs from every column for some ruleset: the
    # switch keeps the same rows whichever column is picked.
    assert matrix["differing_other"] == matrix["differing"]
    assert matrix["shown_other"] == matrix["differing_other"]


@pytest.mark.parametrize("width", [1280, 390])
def test_two_rulesets_picked_show_each_rule_they_differ_on_within_eight_screens(
    server: str, profile: Path, width: int
) -> None:
    facts = measure(server, profile, "rules/compare/", width)
    compare = facts["compare"]
    docs = {d.id: d.resolved.rules for d in shipped_docs()}
    for a, b in COMPARED:
        assert compare["listed"][f"{a}/{b}"] == differing_rules(docs[a], docs[b])
    listed = sum(len(rules) for rules in compare["listed"].values())
    assert compare["hands"] == listed and compare["none"] == 0
    # The pair that differs the most, held to the limits every long page is held to.
    most = max(len(differing_rules(docs[a], docs[b])) for a, b in combinations(docs, 2))
    (a, b), count = compare["most"]
    assert count == most == len(differing_rules(docs[a], docs[b]))
    assert compare["summary"] == f"{a} and {b} differ on {most} rules:"
    # The first pair picked is kept in the address, for a link to it.
    assert compare["address"] == "#{}/{}".format(*COMPARED[0])
    assert 0 < compare["height"] <= 8 * SCREEN, compare["height"]
    assert not facts["wide"], "the page is wider than the window"
    assert facts["overflowing"] == []
    deals = facts["deals"]
    assert deals, "the unfolded hand shows no card diagram"
    for deal in deals:
        assert deal["right"] <= facts["view"] and deal["scroll"] <= deal["width"], deal


# Pages whose code blocks hold what commands print (transcripts) and protocol sessions.
TRANSCRIPT_PAGES = [
    "quickstart/", "reading-a-report/", "python-engines/", "expected-failures/",
    "fuzzing-and-diffs/", "auditing-records/", "protocol/", "glossary/",
]  # fmt: skip
SOURCE_RULESETS = [
    "rules/ellington/", "rules/illustrated-table/", "rules/openspiel/",
    "rules/playingcardgames/", "rules/porchlight/", "rules/strategy-guide/",
]  # fmt: skip
WIDE_TABLE_PAGES = ["engine-results/", "rules/witnesses/", "rules/errata/", "rules/sources/"]


def test_at_1280_no_code_block_hides_text_and_a_source_ruleset_is_eight_screens_at_most(
    server: str, profile: Path
) -> None:
    pages = TRANSCRIPT_PAGES + SOURCE_RULESETS
    facts = dict(zip(pages, measure_each(server, profile, pages, 1280), strict=True))
    hidden = {page: facts[page]["overflowing"] for page in pages if facts[page]["overflowing"]}
    assert hidden == {}, f"code blocks whose text runs past their box: {hidden}"
    heights = {page: facts[page]["height"] for page in SOURCE_RULESETS}
    assert all(0 < h <= 8 * SCREEN for h in heights.values()), heights


def test_at_390_wide_tables_keep_their_first_column_and_code_names_break_at_separators(
    server: str, profile: Path
) -> None:
    pages = WIDE_TABLE_PAGES + ["rules/porchlight/", "reference/variant-schema/"]
    facts = dict(zip(pages, measure_each(server, profile, pages, 390), strict=True))
    assert sum(facts[page]["scrolled"] for page in WIDE_TABLE_PAGES) >= 5, "no wide table"
    unstuck = {page: facts[page]["unstuck"] for page in pages if facts[page]["unstuck"]}
    assert unstuck == {}, f"first columns that scroll out of view: {unstuck}"
    broken = {page: facts[page]["bad_breaks"][:5] for page in pages if facts[page]["bad_breaks"]}
    assert broken == {}, f"code names broken inside a word: {broken}"
