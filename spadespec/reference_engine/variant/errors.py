"""The one error type a variant file can raise, carrying every problem found in it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a variant file, and where: file, line, column, field path."""

    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    path: str = ""

    def __str__(self) -> str:
        where = self.file or "<variant>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        field = f" at {self.path}" if self.path else ""
        return f"{where}{field}: {self.message}"

    def to_json(self) -> dict[str, object]:
        """The problem as a JSON object, for tools that read `validate --json`."""
        return {
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path,
        }


class VariantError(ValueError):
    """A variant could not be loaded; `problems` lists every reason, the most useful first."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))

    def briefly(self) -> str:
        """The problems one a line, each placed only where it has a line of a file to point at
        (a variant id asked for on a command line has none)."""
        return "\n".join(str(p) if p.line else p.message for p in self.problems)


class VariantNotFound(VariantError):
    """No variant has the id asked for (on a command line, not in an `extends`)."""


class OptionError(VariantError):
    """A table option asked for does not exist, or its value is not one of its choices."""


class InvalidVariant(Exception):
    """A variant file a command was given cannot be used: it breaks the rules, or the suite
    cannot run it. The message names the file and lists every problem, one a line. A command
    exits with status 1 for it (something checked is wrong), where a variant that does not
    exist or an option it does not offer (`VariantNotFound`, `OptionError`) is the command used
    wrongly, status 2."""
