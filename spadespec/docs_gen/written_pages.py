"""The generated pages written into `docs/` as Markdown files, and the navigation of their
sections written into `mkdocs.yml`, by `python -m spadespec.regenerate pages`: a site generator
(MkDocs, or any that reads `mkdocs.yml`) only renders them.

Each written page carries `MARK` under its front matter, which says where it comes from and lets
the build tell it from a hand-written page. The navigation of the generated sections ("Rulesets"
and "Reference", which list every ruleset and reference page) sits in `mkdocs.yml` between two
comment lines that name the command; the rest of the file is left as it is written.
"""

from __future__ import annotations

import re
from pathlib import Path

from spadespec.docs_gen.checkout import REPO
from spadespec.docs_gen.pages import NavEntry, generated_pages, nav_sections

DOCS = REPO / "docs"
MKDOCS = REPO / "mkdocs.yml"
COMMAND = "python -m spadespec.regenerate pages"
MARK = (
    f"<!-- Written by `{COMMAND}` from the generators in spadespec/docs_gen/: "
    "edit them, not this file. -->"
)


def marked(text: str) -> str:
    """A page with `MARK` as its first line under its front matter (if it has any)."""
    if text.startswith("---\n"):
        end = text.index("\n---\n", 4) + len("\n---\n")
        return text[:end] + "\n" + MARK + "\n" + text[end:]
    return MARK + "\n\n" + text


def is_written(markdown: str) -> bool:
    """Whether a page is one the command wrote (its mark near the top)."""
    return MARK in markdown[:4000]


def _begin(title: str) -> str:
    return f"  # {title}: written by `{COMMAND}` from the pages it writes (begin)"


def _end(title: str) -> str:
    return f"  # {title} (end)"


def _entries(items: list[NavEntry], depth: int) -> list[str]:
    pad = "  " * depth
    out = []
    for item in items:
        if isinstance(item, str):
            out.append(f"{pad}- {item}")
            continue
        for title, pages in item.items():
            out.append(f"{pad}- {_quoted(title)}:")
            out += _entries(list(pages), depth + 2)
    return out


def _quoted(title: str) -> str:
    return f'"{title}"' if re.search(r"[:#()\[\]{}]", title) else title


def with_nav(config: str, sections: dict[str, list[NavEntry]]) -> str:
    """`mkdocs.yml`'s text with each generated section's navigation written between its two
    comment lines, or, the first time, in place of the one-line entry that names the section
    (`  - Rulesets: rules/index.md`)."""
    for title, items in sections.items():
        block = "\n".join([_begin(title), f"  - {title}:", *_entries(items, 3), _end(title)])
        written = re.compile(re.escape(_begin(title)) + r"\n.*?\n" + re.escape(_end(title)), re.S)
        found = written.search(config)
        if found:
            config = config[: found.start()] + block + config[found.end() :]
            continue
        first = re.compile(rf"^  - {re.escape(title)}: \S+$", re.M).search(config)
        if first is None:
            raise ValueError(f"mkdocs.yml: no navigation entry `  - {title}: ...` to write into")
        config = config[: first.start()] + block + config[first.end() :]
    return config


def written_files(pages: dict[str, str], config: str) -> dict[Path, str]:
    """Each page's file under `docs/`, marked, and `mkdocs.yml` with their navigation."""
    files = {DOCS / uri: marked(text) for uri, text in pages.items()}
    files[MKDOCS] = with_nav(config, nav_sections(pages))
    return files


def generated_files() -> dict[Path, str]:
    """What `python -m spadespec.regenerate pages` writes."""
    return written_files(generated_pages(), MKDOCS.read_text(encoding="utf-8"))


def left_over_files() -> list[Path]:
    """The pages under `docs/` the command wrote once but no longer makes, which it deletes."""
    return [DOCS / uri for uri in left_over(DOCS, generated_pages())]


def left_over(docs_dir: Path, pages: dict[str, str]) -> list[str]:
    """Pages under `docs_dir` the command wrote once but no longer makes (a ruleset removed)."""
    return sorted(
        path.relative_to(docs_dir).as_posix()
        for path in docs_dir.rglob("*.md")
        if path.relative_to(docs_dir).as_posix() not in pages
        and is_written(path.read_text(encoding="utf-8"))
    )


def stale_pages(docs_dir: Path, pages: dict[str, str]) -> list[str]:
    """The pages under `docs_dir` that are not what the generators make now: missing, edited,
    made from older data, or left over."""
    out = []
    for uri, text in pages.items():
        path = docs_dir / uri
        if not path.is_file():
            out.append(f"{uri} (missing)")
        elif path.read_text(encoding="utf-8") != marked(text):
            out.append(uri)
    return out + [f"{uri} (no longer made)" for uri in left_over(docs_dir, pages)]
