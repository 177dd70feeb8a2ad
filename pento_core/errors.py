"""Errors raised for bad input.

Every error a player or a script can provoke is a :class:`PentoError` (a
``ValueError``) with a message meant to be read by a person.  Callers that
need more structure catch the subclasses.
"""

from __future__ import annotations

from .i18n import tr


class PentoError(ValueError):
    """Base class of all input errors raised by ``pento_core``."""

    code = "invalid"


class ParseError(PentoError):
    """Malformed text; ``line`` and ``column`` are 1-based when known."""

    code = "parse"

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        self.line = line
        self.column = column
        if line is not None and column is not None:
            message = tr("line {line}, column {column}: {message}", line=line, column=column, message=message)
        elif line is not None:
            message = tr("line {line}: {message}", line=line, message=message)
        super().__init__(message)


class UnknownPieceError(PentoError):
    """A piece name that no piece family knows."""

    code = "unknown_piece"


class ImpossibleError(PentoError):
    """A problem that provably has no solution (area mismatch and the like)."""

    code = "impossible"


class IllegalMoveError(PentoError):
    """A move that the rules refuse; the message says why."""

    code = "illegal_move"
