"""Error classes shared by every game.

Every failure a user can cause is one of these, so the CLI can print one clear
line (file, field, message) and pick the exit code, never a traceback.  They
subclass ``ValueError`` as python-chess's errors do.
"""
from __future__ import annotations

MAX_PART_CHARS = 300  # a message, file name or field longer than this is shortened


def shorten(text: str, limit: int = MAX_PART_CHARS) -> str:
    """``text`` on one line and at most about ``limit`` characters, its middle cut out.

    >>> shorten("a" * 10, 6)
    'aaa…aaa'
    >>> shorten("two\\nlines")
    'two lines'
    """
    lines = text.splitlines()
    text = " ".join(lines) if len(lines) > 1 else text
    if len(text) <= limit:
        return text
    half = limit // 2
    return f"{text[:half]}…{text[-half:]}"


class IcpError(ValueError):
    """Base class: a message plus where it came from.

    >>> str(IcpError("target must be at least 1", source="deck.toml", field="cards[3].target"))
    'deck.toml: cards[3].target: target must be at least 1'
    """

    exit_code = 2

    def __init__(self, message: str, *, source: str | None = None, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.source = source
        self.field = field

    def located(self, source: str) -> IcpError:
        """The same error, naming ``source`` if it did not name one yet."""
        if self.source is None:
            self.source = source
        return self

    def __str__(self) -> str:
        parts = [p for p in (self.source, self.field) if p]
        return ": ".join(shorten(p) for p in parts + [self.message])


class InputError(IcpError):
    """The input cannot be used at all (broken syntax, wrong type, not a PDF). Exit 2."""

    exit_code = 2


class RuleError(IcpError):
    """The input is readable but breaks a game rule or a count. Exit 1."""

    exit_code = 1
