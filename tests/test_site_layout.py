"""The built site as a reader sees it at a desktop's width (1280 px) and a phone's (390 px), in
headless Chromium driven by Playwright: every table of the exit statuses, the house-rule
effects, the errata and a ruleset page fits its box, nothing cut off or scrolled sideways; the
effects tables show their difference on the screen; the simulation charts' labels are at least
10 px tall; and the errata and effects pages, folded by section, end within 12 phone screens.

A house file's own page, as `spadespec page` writes it, opens with its rules, cases and figures.

The module builds the site with `mkdocs build --strict` and needs Debian's `chromium` and the
`browser` extra (Playwright), so it runs in CI's sweep run alone (`SPADESPEC_FULL=1 pytest -m
sweep`, which `.ci/run` makes after installing both), never in the README's test command."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from _sweeps import FULL
from conftest import CHROMIUM_FLAGS, serving

pytestmark = [
    pytest.mark.sweep,
    pytest.mark.skipif(
        not FULL, reason="the site's layout in a browser: CI's `SPADESPEC_FULL=1 pytest -m sweep`"
    ),
]

ROOT = Path(__file__).resolve().parents[1]
PHONE = (390, 844)
"""A phone's screen, in CSS pixels: its width and its height."""
DESKTOP = (1280, 800)
WIDTHS = [DESKTOP[0], PHONE[0]]
SCREENS = 12
"""How many phone screens a long page may take with its sections folded."""
SMALLEST_LABEL = 10
"""The smallest a chart's label may be drawn, in pixels."""

TABLE_PAGES = [
    "exit-statuses/", "rules/house-rule-effects/", "rules/errata/", "rules/standard/",
    "rules/no-nil/",
]  # fmt: skip
FOLDED_PAGES = ["rules/errata/", "rules/house-rule-effects/"]
EFFECTS = "rules/house-rule-effects/"
CHARTS = "rules/standard/"


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    """The site as `mkdocs build --strict` writes it from the pages the generators make now."""
    return built_site


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    """The built site served on localhost, as a reader's browser gets it."""
    with serving(site, _Quiet) as address:
        yield address


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium, Debian's, driven by Playwright (which downloads no browser here)."""
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright is not installed: pip install -e '.[browser]'"
    )
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("chromium is not installed: apt-get install -y chromium")
    playwright = sync_api.sync_playwright().start()
    try:
        launched = playwright.chromium.launch(executable_path=chromium, args=list(CHROMIUM_FLAGS))
        yield launched
        launched.close()
    finally:
        playwright.stop()


Open = Callable[[str, int], Any]


@pytest.fixture(scope="module")
def open_page(browser: Any, server: str) -> Iterator[Open]:
    """`open_page(path, width)`: the page loaded in a window `width` pixels wide (a phone's
    height at a phone's width), its scripts run and its images loaded, sections as they come."""
    contexts: dict[int, Any] = {}

    def load(path: str, width: int) -> Any:
        if width not in contexts:
            height = PHONE[1] if width == PHONE[0] else DESKTOP[1]
            contexts[width] = browser.new_context(viewport={"width": width, "height": height})
        page = contexts[width].pages[0] if contexts[width].pages else contexts[width].new_page()
        page.goto(server + path, wait_until="load")
        return page

    yield load
    for context in contexts.values():
        context.close()


OPEN_ALL = "() => document.querySelectorAll('article details').forEach((d) => { d.open = true; })"

# Each table of the article that does not fit: its box scrolls sideways, or a cell reaches past
# the box's right edge or the window's.
TABLES_THAT_DO_NOT_FIT = """() => {
  const view = document.documentElement.clientWidth;
  const tables = [...document.querySelectorAll('article table')];
  const wide = [];
  for (const table of tables) {
    const box = table.closest('.md-typeset__scrollwrap') || table.parentElement;
    const edge = Math.min(box.getBoundingClientRect().right, view);
    const out = [...table.querySelectorAll('th, td')]
      .filter((cell) => cell.getBoundingClientRect().right > edge + 1);
    if (box.scrollWidth > box.clientWidth + 1 || out.length) {
      wide.push({table: table.textContent.trim().slice(0, 60), width: box.scrollWidth,
                 box: box.clientWidth, cells_cut: out.map((c) => c.textContent.slice(0, 30))});
    }
  }
  return {tables: tables.length, wide,
          page_wider: document.documentElement.scrollWidth > view + 1};
}"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("path", TABLE_PAGES)
def test_every_table_fits_its_box(open_page: Open, path: str, width: int) -> None:
    page = open_page(path, width)
    page.evaluate(OPEN_ALL)
    found = page.evaluate(TABLES_THAT_DO_NOT_FIT)
    assert found["tables"] > 0, f"no table on {path}"
    assert found["wide"] == [], f"tables wider than their box at {width} px"
    assert not found["page_wider"], f"{path} is wider than the window at {width} px"


# Every cell of each table's "difference" column: where it starts and ends on the screen.
DIFFERENCE_CELLS = """() => {
  const cells = [];
  for (const table of document.querySelectorAll('article table')) {
    const heads = [...table.querySelectorAll('thead th')];
    const column = heads.findIndex((th) => th.textContent.startsWith('difference'));
    if (column < 0) continue;
    for (const row of table.rows) {
      const box = row.cells[column].getBoundingClientRect();
      cells.push([row.cells[column].textContent, box.left, box.right]);
    }
  }
  return {view: document.documentElement.clientWidth, cells,
          tables: document.querySelectorAll('article table').length};
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_effects_tables_show_the_difference_on_the_screen(open_page: Open, width: int) -> None:
    page = open_page(EFFECTS, width)
    page.evaluate(OPEN_ALL)
    found = page.evaluate(DIFFERENCE_CELLS)
    heads = [cell for cell in found["cells"] if cell[0].startswith("difference")]
    assert found["tables"] > 0 and len(heads) == found["tables"]
    off = [text for text, left, right in found["cells"] if left < 0 or right > found["view"] + 1]
    assert off == [], f"difference cells off the screen at {width} px"


# Each chart image of the page: its source, its drawn box, the size the picture is drawn at
# (the whole drawing, or the panel that object-fit cuts from it) and its natural height.
CHART_IMAGES = """async () => {
  const images = [...document.querySelectorAll('article img')]
    .filter((img) => img.src.includes('/results/simulation/'));
  await Promise.all(images.map((img) => img.decode()));
  return images.map((img) => {
    const box = img.getBoundingClientRect();
    const [w, h] = [img.naturalWidth, img.naturalHeight];
    const fit = getComputedStyle(img).objectFit;
    const scale = fit === 'cover' ? Math.max(box.width / w, box.height / h)
      : fit === 'contain' ? Math.min(box.width / w, box.height / h)
      : fit === 'none' ? 1 : box.height / h;
    return {src: img.src, natural_height: h, scale, right: box.right,
            view: document.documentElement.clientWidth};
  });
}"""


def _smallest_text(svg: str) -> tuple[float, float]:
    """The smallest font size of a chart's text, in the drawing's own units, and the height of
    its viewBox in those units."""
    view_box = re.search(r'viewBox="[\d.]+ [\d.]+ [\d.]+ ([\d.]+)"', svg)
    sizes = [float(size) for size in re.findall(r"<text[^>]*font-size: ([\d.]+)px", svg)]
    assert view_box and sizes, "a chart without a viewBox or any text"
    return min(sizes), float(view_box.group(1))


@pytest.mark.parametrize("width", WIDTHS)
def test_the_simulation_charts_labels_are_drawn_at_least_10_px(
    open_page: Open, site: Path, width: int
) -> None:
    page = open_page(CHARTS, width)
    page.evaluate(OPEN_ALL)
    images = page.evaluate(CHART_IMAGES)
    assert images, f"no simulation chart on {CHARTS}"
    small = []
    for image in images:
        svg = (site / unquote(urlsplit(image["src"]).path).lstrip("/")).read_text("utf-8")
        font, view_height = _smallest_text(svg)
        # The drawing's units in the picture's pixels at its natural size, then in the page's.
        drawn = font * image["natural_height"] / view_height * image["scale"]
        if drawn < SMALLEST_LABEL or image["right"] > image["view"] + 1:
            small.append((image["src"], round(drawn, 1), image["right"]))
    assert small == [], f"chart labels under {SMALLEST_LABEL} px, or charts off the screen"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("path", FOLDED_PAGES)
def test_a_long_page_folded_by_section_ends_within_twelve_phone_screens(
    open_page: Open, path: str, width: int
) -> None:
    page = open_page(path, width)
    folded = page.evaluate("document.body.scrollHeight")
    assert folded <= SCREENS * PHONE[1], f"{path} at {width} px, sections closed"
    # Folded, not cut: each section opens to its table.
    page.evaluate(OPEN_ALL)
    assert page.evaluate("document.body.scrollHeight") > folded


# A house file's own page, as `spadespec page` writes it: its headings, how many rows its
# figures table has, and the tables that do not fit.
PAGE_FACTS = """() => ({
  headings: [...document.querySelectorAll('h2')].map((h) => h.textContent.trim()),
  text: document.body.innerText,
  figures: document.querySelectorAll('table.sp-figures tbody tr').length,
  page_wider: document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
})"""


@pytest.mark.parametrize("width", WIDTHS)
def test_a_house_files_own_page_opens_with_its_rules_cases_and_figures(
    browser: Any, tmp_path: Path, width: int
) -> None:
    out = tmp_path / "page"
    house = ROOT / "examples" / "house-rules" / "porch-200.yaml"
    done = subprocess.run(
        [sys.executable, "-m", "spadespec", "page", str(house), "--out", str(out), "--games", "50"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    height = PHONE[1] if width == PHONE[0] else DESKTOP[1]
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto((out / "index.html").as_uri(), wait_until="load")
        facts = page.evaluate(PAGE_FACTS)
    finally:
        context.close()
    for heading in ("What it changes", "Its conformance cases", "Every rule", "Sources cited"):
        assert heading in facts["headings"], heading
    assert "scoring.bag_penalty" in facts["text"] or "Bag penalty" in facts["text"]
    assert "porch-200." in facts["text"], "no case id of the file"
    assert "“Scoring”" in facts["text"], "no citation of Porchlight's scoring section"
    assert facts["figures"] > 0 and not facts["page_wider"]
