"""A tiling puzzle as text: a board, a piece set and two rules.

Spec (one line, for links and saves): ``BOARD~PIECES~FLAGS``, where BOARD is
``RxC`` or rows of ``.``/``#`` joined by ``/``; PIECES is pentomino letters
(``FILNPTUVWXYZ``) or names with optional copies (``I4*2,T4,C110_011``); FLAGS
holds ``o`` (one-sided: pieces may not be turned over), ``u`` (pieces may
be left over) and ``c`` or ``t`` (the board wraps round as a cylinder or a
torus: :attr:`~.board.Board.wrap`).  PIECES and FLAGS may be left out: the 12 pentominoes, free,
each used once.

Text file (for export and import), three parts::

    ; one-sided, allow-unused          (optional: a comment line naming the flags)
    <board text>                       (a board that wraps starts with "wrap: cylinder" or "wrap: torus")
    ---
    <pieces file: pieces drawn with #, separated by blank lines>
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ParseError
from ..i18n import N_, tr
from ..limits import MAX_DESC, MAX_SIDE, MAX_TEXT, within
from .board import Board, parse_board
from .cover import Problem
from .pieces import PieceSet, parse_piece_names, parse_pieces_text, write_pieces_text

DEFAULT_PIECES = "FILNPTUVWXYZ"
_WRAP_FLAGS = {"cylinder": "c", "torus": "t"}  # a board's wrap as a FLAGS letter


@dataclass(frozen=True)
class Puzzle:
    """What to cover (``board``) with what (``pieces``), and whether pieces may be left over."""

    board: Board
    pieces: PieceSet
    allow_unused: bool = False

    @property
    def one_sided(self) -> bool:
        return self.pieces.one_sided

    def problem(self) -> Problem:
        """The exact-cover problem this puzzle poses, for the engine to search."""
        return Problem(self.board, self.pieces, allow_unused=self.allow_unused)

    def spec(self) -> str:
        """The one-line spec; :func:`parse_puzzle` reads it back."""
        flags = (
            ("o" if self.one_sided else "") + ("u" if self.allow_unused else "") + _WRAP_FLAGS.get(self.board.wrap, "")
        )
        names = self.pieces.names()
        if flags:
            return f"{self.board.spec()}~{names}~{flags}"
        if names == DEFAULT_PIECES:
            return self.board.spec()
        return f"{self.board.spec()}~{names}"

    def text(self) -> str:
        """The text file; :func:`parse_puzzle_text` reads it back."""
        flags = [name for on, name in ((self.one_sided, "one-sided"), (self.allow_unused, "allow-unused")) if on]
        head = f"; {', '.join(flags)}\n" if flags else ""
        wrap = f"wrap: {self.board.wrap}\n" if self.board.wrap else ""
        return f"{head}{wrap}{self.board.text()}\n---\n{write_pieces_text(self.pieces)}"


def parse_puzzle(spec: str, max_side: int = MAX_SIDE) -> Puzzle:
    """Parse a one-line spec ``BOARD~PIECES~FLAGS``."""
    within(spec, N_("the puzzle description"), MAX_DESC)
    parts = spec.strip().split("~")
    if len(parts) > 3:
        raise ParseError(tr("a puzzle is BOARD~PIECES~FLAGS: too many '~'"))
    board_spec, names, flags = ([*parts, "", ""])[:3]
    if not board_spec.strip():
        raise ParseError(tr("the puzzle description has no board"))
    if set(flags) - set("ouct") or ("c" in flags and "t" in flags):
        raise ParseError(
            tr(
                "unknown flags {flags!r}: 'o' is one-sided, 'u' allows pieces left over, 'c' or 't' wraps the board",
                flags=flags,
            )
        )
    board = _unheld(parse_board(board_spec))
    wrap = next((w for w, f in _WRAP_FLAGS.items() if f in flags), "")
    if wrap:
        board = board.wrapped(wrap)
    _check_side(board, max_side)
    pieces = parse_piece_names(names or DEFAULT_PIECES, one_sided="o" in flags)
    return Puzzle(board, pieces, "u" in flags)


def parse_puzzle_text(body: str, max_side: int = MAX_SIDE) -> Puzzle:
    """Parse the text file format (see the module docstring)."""
    lines = within(body, N_("the puzzle text"), MAX_TEXT).replace("\r\n", "\n").split("\n")
    flags: set[str] = set()
    if lines and lines[0].lstrip().startswith(";"):
        words = lines[0].lstrip(" ;").replace(",", " ").split()
        unknown = set(words) - {"one-sided", "allow-unused"}
        if unknown:
            raise ParseError(tr("unknown flag {value!r} (use one-sided, allow-unused)", value=sorted(unknown)[0]), 1)
        flags = set(words)
        lines[0] = ""
    if "---" not in [line.strip() for line in lines]:
        raise ParseError(tr("missing the line '---' between the board and the pieces"))
    cut = [line.strip() for line in lines].index("---")
    board = _unheld(parse_board("\n".join(lines[:cut])))
    _check_side(board, max_side)
    try:
        pieces = parse_pieces_text("\n".join(lines[cut + 1 :]), one_sided="one-sided" in flags)
    except ParseError as e:
        line = None if e.line is None else e.line + cut + 1
        raise ParseError(str(e).split(": ", 1)[-1], line, e.column) from None
    return Puzzle(board, pieces, "allow-unused" in flags)


def _unheld(board: Board) -> Board:
    """``board``, which holds no piece to a region: a game's puzzle has no such rule (the games
    would let a player put the piece anywhere while the solver would not), the command line has."""
    if board.holds:
        raise ParseError(
            tr("a piece held to a region ('hold') is for the command line's board files, not a game's puzzle")
        )
    return board


def _check_side(board: Board, max_side: int) -> None:
    if board.height > max_side or board.width > max_side:
        raise ParseError(
            tr(
                "the board is {height}x{width}; at most {max_side} cells a side",
                height=board.height,
                width=board.width,
                max_side=max_side,
            )
        )
