"""Reading a variant file: safe YAML only, with the line and column of every field.

A variant file may come from anyone (a host's house rule, a download), so the reader trusts
nothing: only plain YAML types are built, never Python objects; the file size, the node count
(aliases included, so a "billion laughs" file stops early) and the nesting depth are capped;
and a key written twice is an error naming both places.

libyaml's parser (in C) reads the text when PyYAML was built with it, the pure-Python one
otherwise; either way the nodes are built here, in Python, so that the caps are checked while
building and every node keeps the line and column it was written at.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from spadespec.command_kit.input_files import FileProblem, utf8_text, whole_file
from spadespec.reference_engine.variant.errors import Problem, VariantError

MAX_BYTES = 1024 * 1024
"""Largest variant file read; a real one is a few kilobytes."""
MAX_NODES = 20_000
"""Most YAML nodes built or visited, counting every use of an alias; standard.yaml has ~600."""
MAX_DEPTH = 40
"""Deepest nesting allowed; a variant file needs about six levels."""

FieldPath = tuple[str | int, ...]
"""Where a value sits in a file: `("rules", "scoring", "nil_bonus", "value")`."""

SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""The fastest safe loader PyYAML has (libyaml's where it is built), for the project's own data
files, which need no line numbers: nothing in them can run code."""

_YAML = "tag:yaml.org,2002:"
_SCALAR_TAGS = {f"{_YAML}{t}" for t in ("str", "int", "float", "bool", "null", "timestamp")}


def format_path(path: FieldPath) -> str:
    """A field path as people write it: `rules.scoring.nil_bonus` or `sources[2].key`."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


@dataclass(frozen=True, slots=True)
class Document:
    """One variant file as read: the data, and where each field was written (1-based)."""

    file: str
    data: dict[str, Any]
    marks: dict[FieldPath, tuple[int, int]] = field(default_factory=dict)
    """Line and column of each value."""
    key_marks: dict[FieldPath, tuple[int, int]] = field(default_factory=dict)
    """Line and column of the key that names each value in a mapping."""

    def where(self, path: FieldPath, *, key: bool = False) -> tuple[int | None, int | None]:
        """The line and column of `path`, or of the nearest enclosing field that was written."""
        table = self.key_marks if key else self.marks
        while True:
            if path in table:
                return table[path]
            if path in self.marks:
                return self.marks[path]
            if not path:
                return None, None
            path = path[:-1]

    def problem(self, message: str, path: FieldPath, *, key: bool = False) -> Problem:
        """A problem located at `path` in this file."""
        line, column = self.where(path, key=key)
        return Problem(message, file=self.file, line=line, column=column, path=format_path(path))


class _TooBig(Exception):
    def __init__(self, message: str, node: Node | None = None) -> None:
        super().__init__(message)
        self.node = node


class _BoundedComposer(Composer):
    """The safe composer with a cap on nodes and depth, checked while parsing."""

    def __init__(self) -> None:
        super().__init__()
        self._nodes = 0
        self._depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise _TooBig(
                f"the file has more than {MAX_NODES} values; a variant file needs far fewer"
            )
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _TooBig(f"the file nests more than {MAX_DEPTH} levels deep")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


class _PureLoader(Reader, Scanner, Parser, _BoundedComposer, Resolver):
    """PyYAML's own parser, in Python: slow, but always there."""

    def __init__(self, stream: str) -> None:
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        _BoundedComposer.__init__(self)
        Resolver.__init__(self)


_Loader: Callable[[str], Any] = _PureLoader
if yaml.__with_libyaml__:
    from yaml._yaml import CParser

    class _LibyamlLoader(_BoundedComposer, CParser, Resolver):
        """libyaml's parser, in C, feeding the bounded composer: the events carry the same
        marks and the same error types as the Python parser's."""

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            _BoundedComposer.__init__(self)
            Resolver.__init__(self)

    _Loader = _LibyamlLoader


def _mark(node: Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Builder:
    """Builds plain data from a node tree, recording marks and collecting problems."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.marks: dict[FieldPath, tuple[int, int]] = {}
        self.key_marks: dict[FieldPath, tuple[int, int]] = {}
        self.problems: list[Problem] = []
        self._visited = 0
        self._constructor = yaml.constructor.SafeConstructor()

    def _problem(self, message: str, node: Node, path: FieldPath) -> None:
        line, column = _mark(node)
        self.problems.append(
            Problem(message, file=self.file, line=line, column=column, path=format_path(path))
        )

    def build(self, node: Node, path: FieldPath, depth: int = 0) -> Any:
        self._visited += 1
        if self._visited > MAX_NODES:
            # Aliases make a small file expand into a huge tree; stop before building it.
            raise _TooBig(
                f"the file expands to more than {MAX_NODES} values (aliases repeat too much)", node
            )
        if depth > MAX_DEPTH:
            raise _TooBig(f"the file nests more than {MAX_DEPTH} levels deep", node)
        self.marks.setdefault(path, _mark(node))
        if isinstance(node, MappingNode):
            return self._mapping(node, path, depth)
        if isinstance(node, SequenceNode):
            if node.tag != f"{_YAML}seq":
                self._bad_tag(node, path)
                return None
            return [self.build(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
        return self._scalar(node, path)

    def _bad_tag(self, node: Node, path: FieldPath) -> None:
        tag = node.tag.replace(_YAML, "!!")
        self._problem(
            f"the tag {tag} is not allowed: a variant file holds only text, numbers, true/false, "
            "null, lists and mappings",
            node,
            path,
        )

    def _scalar(self, node: Node, path: FieldPath) -> Any:
        if node.tag not in _SCALAR_TAGS:
            self._bad_tag(node, path)
            return None
        if node.tag.endswith(":timestamp") or node.tag.endswith(":str"):
            # A date is kept as the text written; rules never hold dates.
            return str(node.value)
        kind = node.tag.rsplit(":", 1)[1]
        try:
            return getattr(self._constructor, f"construct_yaml_{kind}")(node)
        except ValueError:
            # Python refuses to read integers of thousands of digits.
            self._problem(f"cannot read {kind} value {str(node.value)[:20]!r}", node, path)
            return None

    def _mapping(self, node: MappingNode, path: FieldPath, depth: int) -> Any:
        if node.tag != f"{_YAML}map":
            self._bad_tag(node, path)
            return None
        result: dict[str, Any] = {}
        first_seen: dict[str, tuple[int, int]] = {}
        for key_node, value_node in node.value:
            if key_node.tag == f"{_YAML}merge":
                self._problem(
                    "merge keys (<<) are not supported; write the fields out, or use `extends`",
                    key_node,
                    path,
                )
                continue
            if not isinstance(key_node, ScalarNode):
                self._problem(
                    "a field name must be plain text, not a list or mapping", key_node, path
                )
                continue
            # The text as written: `on:` or `1:` stay field names, not true or 1.
            key = str(key_node.value)
            here = _mark(key_node)
            if key in first_seen:
                line, column = first_seen[key]
                self._problem(
                    f"duplicate key {key!r}: also written at line {line}, column {column}; "
                    "keep one",
                    key_node,
                    path + (key,),
                )
                continue
            first_seen[key] = here
            self.key_marks[path + (key,)] = here
            result[key] = self.build(value_node, path + (key,), depth + 1)
        return result


def read_text(text: str, file: str) -> Document:
    """Parse `text` (the contents of `file`) into a Document, or raise VariantError."""
    try:
        loader = _Loader(text)
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
    except _TooBig as exc:
        raise VariantError([Problem(str(exc), file=file)]) from None
    except yaml.MarkedYAMLError as exc:
        raise VariantError([_yaml_problem(exc, file)]) from None
    except yaml.YAMLError as exc:
        raise VariantError([Problem(f"not valid YAML: {exc}", file=file)]) from None
    except RecursionError:
        raise VariantError([Problem("the file nests too deeply to read", file=file)]) from None
    if root is None:
        raise VariantError(
            [
                Problem(
                    "the file is empty; a variant needs at least id, title, revision and summary",
                    file=file,
                    line=1,
                    column=1,
                )
            ]
        )
    if not isinstance(root, MappingNode) or root.tag != f"{_YAML}map":
        line, column = _mark(root)
        kind = "a list" if isinstance(root, SequenceNode) else "a single value"
        if root.tag not in _SCALAR_TAGS | {f"{_YAML}seq", f"{_YAML}map"}:
            kind = f"a {root.tag.replace(_YAML, '!!')} object"
        raise VariantError(
            [
                Problem(
                    f"the top level must be a mapping of fields (id: ..., title: ...), not {kind}",
                    file=file,
                    line=line,
                    column=column,
                )
            ]
        )
    builder = _Builder(file)
    try:
        data = builder.build(root, ())
    except _TooBig as exc:
        at: tuple[int | None, int | None] = (None, None)
        if exc.node is not None:
            at = _mark(exc.node)
        raise VariantError([Problem(str(exc), file=file, line=at[0], column=at[1])]) from None
    if builder.problems:
        raise VariantError(builder.problems)
    return Document(file=file, data=data, marks=builder.marks, key_marks=builder.key_marks)


def file_bytes(path: Path) -> bytes:
    """The bytes of the variant file at `path`, or VariantError if it is not a readable file
    of at most MAX_BYTES (the one bounded reader's `whole_file`: a pipe or a device, which
    would block or never end, is refused by what it is, unread)."""
    try:
        return whole_file(path, max_bytes=MAX_BYTES, what="variant file")
    except FileProblem as exc:
        raise VariantError([Problem(exc.message, file=str(path))]) from None


def read_bytes(raw: bytes, file: str) -> Document:
    """Parse the bytes of `file` (UTF-8 text) into a Document, or raise VariantError."""
    try:
        text = utf8_text(raw, file)
    except FileProblem as exc:
        raise VariantError([Problem(exc.message, file=file, line=exc.line)]) from None
    return read_text(text, file)


def read_document(path: Path) -> Document:
    """Read the variant file at `path`, or raise VariantError saying what is wrong where."""
    return read_bytes(file_bytes(path), str(path))


def _yaml_problem(exc: yaml.MarkedYAMLError, file: str) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    if "nesting depth" in str(exc.problem) and mark is not None:
        # libyaml reads ahead and can meet its own cap (1000 levels) before the composer's.
        message = f"the file nests more than {MAX_DEPTH} levels deep"
        return Problem(message, file=file, line=mark.line + 1, column=mark.column + 1)
    context = exc.context
    if context and exc.context_mark is not None and exc.problem_mark is not None:
        started = exc.context_mark
        context += f" (begun at line {started.line + 1}, column {started.column + 1})"
    parts = [p for p in (context, exc.problem) if p]
    message = "not valid YAML: " + ("; ".join(parts) if parts else "cannot parse")
    if mark is None:
        return Problem(message, file=file)
    return Problem(message, file=file, line=mark.line + 1, column=mark.column + 1)
