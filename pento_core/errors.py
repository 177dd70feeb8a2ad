"""Errors raised for bad input.

Every error a player or a script can provoke is a :class:`PentoError` (a
``ValueError``) with a message meant to be read by a person.  Callers that
need more structure catch the subclasses.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from .i18n import tr

ErrorCode = Literal[
    "bad_request",  # a request not well formed: a missing or mistyped argument, not JSON
    "unknown_command",
    "unknown_game",
    "too_large",  # past a limit (pento_core.limits): too long, too many, too deep
    "invalid",  # input the rules refuse (PentoError)
    "parse",  # malformed text: a puzzle, a position, a file (ParseError)
    "unknown_piece",
    "impossible",  # a puzzle with no solution, proved so (ImpossibleError)
    "illegal_move",  # a move the rules refuse; the message says why
    "bad_code",  # a race's or an assignment's result code that does not check out
    "stopped",  # the request's time ran out before its work was done (BudgetSpent)
    "resource",  # a data file shipped apart is not here yet (pento_core.resources): the engine fetches it, asks again
    "internal",  # a bug in the core: reported, never raised
]
"""Every ``error.code`` the API replies with (:mod:`pento_core.protocol` declares the replies)."""


class PentoError(ValueError):
    """Base class of all input errors raised by ``pento_core``; ``code`` is the API's error code."""

    code: ClassVar[ErrorCode] = "invalid"


class ParseError(PentoError):
    """Malformed text; ``line`` and ``column`` are 1-based when known."""

    code: ClassVar[ErrorCode] = "parse"

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

    code: ClassVar[ErrorCode] = "unknown_piece"


class ImpossibleError(PentoError):
    """A problem that provably has no solution (area mismatch and the like)."""

    code: ClassVar[ErrorCode] = "impossible"


class StoppedError(PentoError):
    """The time given ran out before the work was done (a generator that made no puzzle in it)."""

    code: ClassVar[ErrorCode] = "stopped"


class IllegalMoveError(PentoError):
    """A move that the rules refuse; the message says why."""

    code: ClassVar[ErrorCode] = "illegal_move"
