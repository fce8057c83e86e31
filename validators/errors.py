"""Error classes shared by every game.

Every failure a user can cause is one of these, so the CLI can print one clear
line (file, field, message) and pick the exit code, never a traceback.  They
subclass ``ValueError`` as python-chess's errors do.
"""
from __future__ import annotations


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

    def located(self, source: str) -> "IcpError":
        """The same error, naming ``source`` if it did not name one yet."""
        if self.source is None:
            self.source = source
        return self

    def __str__(self) -> str:
        parts = [p for p in (self.source, self.field) if p]
        return ": ".join(parts + [self.message])


class InputError(IcpError):
    """The input cannot be used at all (broken syntax, wrong type, not a PDF). Exit 2."""

    exit_code = 2


class RuleError(IcpError):
    """The input is readable but breaks a game rule or a count. Exit 1."""

    exit_code = 1
