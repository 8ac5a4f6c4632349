"""The built site's text as a reader sees it: no markdown escape shows through, and every figure
a page gives was computed when the site was built."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.xdist_group("docs")


@pytest.fixture(scope="module")
def article_text(built_site: Path) -> dict[str, str]:
    """Each built page (site path) -> the text of its article, entities decoded."""
    texts = {}
    for path in built_site.rglob("index.html"):
        page = path.read_text(encoding="utf-8")
        match = re.search(r"<article[^>]*>(.*)</article>", page, re.S)
        if match:
            texts[path.parent.relative_to(built_site).as_posix()] = html.unescape(
                re.sub(r"<[^>]+>", " ", match.group(1))
            )
    return texts


def test_no_page_shows_an_escaped_pipe(article_text: dict[str, str]) -> None:
    shown = [page for page, text in article_text.items() if "\\|" in text]
    assert len(article_text) > 20
    assert shown == [], f"a literal \\| shows on {shown}"


# A count, verdict tally or timing as the runner, pytest or the fuzzer print one.
TYPED_FIGURE = re.compile(
    r"\b\d[\d,]* (?:cases?|pass|fail|xfail|xpass|errors?|n/a|passed|failed|deselected|clauses"
    r"|items|games|hands|requests)\b"
    r"|\b(?:tests|failures)=\"\d+\"|\"cases\": \d+|\bchecked \d+ of|\bin \d+(?:\.\d+)? ?s\b"
)
OUTPUT_BLOCK = re.compile(r"^<!-- output .*? -->\n```[a-z]*\n.*?^```$", re.S | re.M)


def _hand_written_pages() -> dict[str, str]:
    docs = ROOT / "docs"
    return {
        p.relative_to(docs).as_posix(): p.read_text(encoding="utf-8")
        for p in docs.rglob("*.md")
        if "_gen" not in p.parts
    }


def test_no_hand_written_page_types_a_count_in() -> None:
    typed = []
    for name, text in _hand_written_pages().items():
        # A block the build fills by running its command holds what the command prints today.
        for number, line in enumerate(OUTPUT_BLOCK.sub("", text).splitlines(), 1):
            if TYPED_FIGURE.search(line):
                typed.append(f"{name}:{number}: {line.strip()[:100]}")
    assert typed == [], "counts typed into pages, not computed:\n" + "\n".join(typed)


def test_the_figures_and_command_output_on_the_pages_are_todays(
    article_text: dict[str, str],
) -> None:
    from _gen.figures import figures

    counts = figures()
    assert not [page for page, text in article_text.items() if "{{" in text]
    # The example engine passes every standard case; its run says so with today's count, the
    # score requests included.
    run = counts["cases.standard"] + counts["cases.standard.score"]
    assert f"{run} cases: {run} pass. OK" in article_text["quickstart"]
    openspiel = article_text["compat/openspiel"]
    for variant in ("standard", "openspiel"):
        listed = counts[f"expected.openspiel-{variant}"]
        assert f"{variant} {counts[f'cases.{variant}']} {listed}" in " ".join(openspiel.split())
