"""The docstring written under each member of an enum, which Python itself does not keep."""

from __future__ import annotations

import ast
import inspect
import textwrap
from enum import Enum


def member_docstrings(enum_cls: type[Enum]) -> dict[str, str]:
    """Member value -> the docstring under it, whitespace folded."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(enum_cls)))
    cls = tree.body[0]
    assert isinstance(cls, ast.ClassDef), f"{enum_cls.__name__}'s source is not a class"
    body = cls.body
    docs: dict[str, str] = {}
    for stmt, after in zip(body, body[1:], strict=False):
        if (
            isinstance(stmt, ast.Assign)
            and isinstance(stmt.value, ast.Constant)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[str(stmt.value.value)] = " ".join(after.value.value.split())
    return docs
