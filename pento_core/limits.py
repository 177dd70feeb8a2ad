"""One set of limits for everything ``pento_core`` reads and writes.

Every parser checks its input against these numbers and every writer stays
within them, so whatever the core writes (a desc, a state, a link, a save, a
puzzle file) it reads back.  A limit that is hit raises :class:`LimitError`,
whose message names the limit in plain words; the page and the command line
show it as it is.

Why these numbers: a board side of 64 holds every board the thesis and the lab
report use with room to spare; 99 copies of a piece and 64 different pieces
cover any classroom puzzle; at most 1,000 pieces in all keeps a puzzle's text
(and a state, which names each placed piece) within the text limits below.
"""

from __future__ import annotations

from .errors import ParseError, PentoError
from .i18n import tr

MAX_SIDE = 64  # rows and columns of a board
WORKSHOP_SIDE = 20  # rows and columns of the workshop's editor
MAX_COPIES = 99  # copies of one piece in a set
MAX_KINDS = 64  # different pieces in one set
MAX_SOLID_KINDS = 166  # different solids in one set: every hexacube (the largest family offered)
MAX_PIECES = 1_000  # pieces in one set, copies included
MAX_PIECE_SIDE = 12  # a drawn piece fits in 12 x 12 cells
MAX_DESC = 20_000  # characters of a puzzle desc (a puzzle spec, a board of 64 x 64 rows included)
MAX_STATE = 200_000  # characters of a position (up to 1,000 placements, each naming its piece)
MAX_TEXT = 200_000  # characters of an imported puzzle text or a file read by the command line


class LimitError(ParseError):
    """Input beyond one of the limits above (``line`` and ``column`` when it is in a text)."""

    code = "too_large"


def number(text: str, what: str, low: int, high: int) -> int:
    """The whole number written in ``text`` (ASCII digits only), between ``low`` and ``high``.

    Refuses ``'²'`` (``str.isdigit`` says yes, ``int`` says no) and thousands of
    digits (``int`` refuses more than 4,300, and slowly) before converting.
    """
    t = text.strip()
    digits = t[1:] if t.startswith("-") else t
    if not digits or not (digits.isascii() and digits.isdigit()):
        raise PentoError(
            tr(
                "{what} must be a whole number from {low} to {high}, not {value!r}",
                what=tr(what),
                low=low,
                high=high,
                value=text.strip()[:20],
            )
        )
    if len(digits) > len(str(max(abs(low), abs(high)))):  # surely out of range: no need to convert
        raise LimitError(tr("{what} must be a whole number from {low} to {high}", what=tr(what), low=low, high=high))
    value = int(t)
    if not low <= value <= high:
        raise LimitError(
            tr("{what} must be from {low} to {high}, not {value}", what=tr(what), low=low, high=high, value=value)
        )
    return value


def within(value: str, what: str, limit: int) -> str:
    """``value`` itself, when it has at most ``limit`` characters."""
    if len(value) > limit:
        raise LimitError(
            tr(
                "{what} is too long: {n_value:,} characters, at most {limit:,}",
                what=tr(what),
                n_value=len(value),
                limit=limit,
            )
        )
    return value
