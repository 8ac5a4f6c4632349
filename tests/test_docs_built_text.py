"""The built site's text as a reader sees it: no markdown escape shows through, and every figure
a page gives was computed when the site was built."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

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
