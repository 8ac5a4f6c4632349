"""The generated pages as files: `python -m spadespec.regenerate pages` writes each under docs/,
marked as written, and the navigation of their sections into mkdocs.yml between two comment
lines; the build stops on a page that is missing, edited, out of date or left over."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from spadespec.docs_gen.written_pages import (
    COMMAND,
    MARK,
    MKDOCS,
    is_written,
    marked,
    stale_pages,
    with_nav,
    written_files,
)

CONFIG = """site_name: x
nav:
  - Home: index.md
  - Rulesets: rules/index.md
  - Guide: guide.md
  - Reference: reference/index.md
"""
SECTIONS: dict[str, list[object]] = {
    "Rulesets": ["rules/index.md", "rules/standard.md", {"House rules: odd ones": ["rules/a.md"]}],
    "Reference": ["reference/index.md", "reference/cli.md"],
}


def test_the_navigation_is_written_in_place_of_each_sections_one_line_entry() -> None:
    written = with_nav(CONFIG, SECTIONS)  # type: ignore[arg-type]  # a plain list of entries
    nav = yaml.safe_load(written)["nav"]
    assert nav == [
        {"Home": "index.md"},
        {
            "Rulesets": [
                "rules/index.md",
                "rules/standard.md",
                {"House rules: odd ones": ["rules/a.md"]},
            ]
        },
        {"Guide": "guide.md"},
        {"Reference": ["reference/index.md", "reference/cli.md"]},
    ]
    assert f"`{COMMAND}`" in written
    # Written again, it is rewritten between its comment lines, not added a second time.
    fewer = {**SECTIONS, "Reference": ["reference/index.md"]}
    again = with_nav(written, fewer)  # type: ignore[arg-type]
    assert yaml.safe_load(again)["nav"][3] == {"Reference": ["reference/index.md"]}
    assert again.count("(begin)") == 2 and again.count("(end)") == 2
    assert with_nav(again, fewer) == again  # type: ignore[arg-type]


def test_a_config_without_the_sections_entry_is_refused() -> None:
    with pytest.raises(ValueError, match="no navigation entry `  - Rulesets: ...`"):
        with_nav("site_name: x\nnav:\n  - Home: index.md\n", SECTIONS)  # type: ignore[arg-type]


def test_the_mark_goes_under_the_front_matter() -> None:
    page = "---\nhide:\n  - toc\n---\n\n# Title\n"
    assert marked(page).startswith("---\nhide:\n  - toc\n---\n\n" + MARK + "\n")
    assert marked("# Title\n") == MARK + "\n\n# Title\n"
    assert is_written(marked(page)) and not is_written(page)


def test_a_page_missing_edited_or_left_over_is_stale(tmp_path: Path) -> None:
    pages = {"rules/a.md": "# A\n", "rules/b.md": "# B\n", "top.md": "# Top\n"}
    for uri, text in written_files(pages, CONFIG).items():
        if uri != MKDOCS:
            target = tmp_path / uri.relative_to(MKDOCS.parent / "docs")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    (tmp_path / "guide.md").write_text("# A hand-written page\n", encoding="utf-8")
    assert stale_pages(tmp_path, pages) == []
    (tmp_path / "rules" / "a.md").write_text(marked("# A, edited\n"), encoding="utf-8")
    (tmp_path / "top.md").unlink()
    (tmp_path / "rules" / "gone.md").write_text(marked("# Gone\n"), encoding="utf-8")
    assert stale_pages(tmp_path, pages) == [
        "rules/a.md",
        "top.md (missing)",
        "rules/gone.md (no longer made)",
    ]


def test_the_checkout_holds_the_pages_and_navigation_the_generators_make() -> None:
    # What `python -m spadespec.regenerate pages --check` checks, for the pages alone: the
    # checkout's written pages are today's (CI runs the whole check).
    from spadespec.docs_gen.written_pages import DOCS, generated_files

    files = generated_files()
    pages = {p.relative_to(DOCS).as_posix(): t for p, t in files.items() if p != MKDOCS}
    stale = [uri for uri, text in pages.items() if (DOCS / uri).read_text("utf-8") != text]
    assert stale == [], f"refresh: {COMMAND}"
    assert MKDOCS.read_text(encoding="utf-8") == files[MKDOCS], f"refresh: {COMMAND}"


def test_the_step_deletes_a_page_it_no_longer_makes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import subprocess

    from spadespec.docs_gen import written_pages
    from spadespec.regenerate.steps import STEPS

    docs = tmp_path / "docs"
    (docs / "rules").mkdir(parents=True)
    (docs / "rules" / "kept.md").write_text(marked("# Kept\n"), encoding="utf-8")
    (docs / "rules" / "gone.md").write_text(marked("# Gone\n"), encoding="utf-8")
    (docs / "guide.md").write_text("# Hand-written\n", encoding="utf-8")
    monkeypatch.setattr(written_pages, "DOCS", docs)
    monkeypatch.setattr(written_pages, "generated_pages", lambda: {"rules/kept.md": "# Kept\n"})
    assert written_pages.left_over_files() == [docs / "rules" / "gone.md"]
    step = next(s for s in STEPS if s.name == "pages")
    (job,) = step.jobs([], 1)
    assert job.finish(subprocess.CompletedProcess([], 1, "", "")) is not None
    assert (docs / "rules" / "gone.md").is_file()  # a generator that failed deletes nothing
    assert job.finish(subprocess.CompletedProcess([], 0, "", "")) is None
    assert not (docs / "rules" / "gone.md").exists()
    assert (docs / "rules" / "kept.md").is_file() and (docs / "guide.md").is_file()
