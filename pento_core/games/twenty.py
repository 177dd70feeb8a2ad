"""The Game of 20 and the Game of 30 (the thesis, sections 2.3, 2.6 and 4).

One board, shown in 3 copies (Game of 20, area 20) or 2 copies (Game of 30,
area 30); cover every copy, each pentomino used once in all: the copies'
pieces are disjoint sets that together are the twelve.  Boards are offered
only when the solver has found such coverings (:mod:`pento_core.polyomino.partition`).

Text formats:

* **desc**: ``BOARD~20`` or ``BOARD~30`` (BOARD as in :mod:`pento_core.polyomino.board`
  specs, rows joined by ``/``).
* **state**: each copy's placements (as in the cover game, ``F3@2,5``
  joined by ``;``), copies separated by ``|``.
* **move**: a placement followed by ``#k`` (copy k, from 0): ``F3@2,5#1``;
  ``-2,5#1`` takes back; ``2,5#0>F3@1,1#2`` moves between copies;
  ``clear#1`` empties one copy (its pieces return); ``clear`` empties all.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..budget import Budget, Outcome
from ..digits import DigitReader, DigitWriter
from ..errors import IllegalMoveError, ImpossibleError, ParseError
from ..i18n import N_, tr
from ..limits import MAX_STATE, within
from ..polyomino import partition
from ..polyomino.board import Board, Placement, Position, parse_board
from ..polyomino.cover import Problem
from ..polyomino.packing import pack_cover, unpack_cover
from ..polyomino.pieces import PENTOMINO_LETTERS, PieceSet
from ..polyomino.placement import cell_text, placement_text, resolve
from . import words
from .base import JSON, Form, GameBase, Hint, Preset, ProgressFn, Solution
from .piece_moves import Clear, PieceMove, Relocate, TakeBack, parse_piece_move, write_piece_move
from .pieces_view import piece_table, placement_json

KINDS = {"20": "twenty", "30": "thirty"}


RULES = N_("""\
The Game of 20 shows three copies of the same board of 20 cells. Cover each copy with four
pentominoes; every one of the twelve pieces is used exactly once, so the three copies need three
different sets of pieces. The Game of 30 has two copies of 30 cells, each covered by six pieces.

Pieces may be turned and flipped over, but they must not overlap or stick out over the edge. A copy
that is fully covered gets a green frame and a tick.

Move a piece: drag it from the tray onto a copy, or tap it and then tap the board cell where it
should go. Drag a placed piece to move it; drag it back to the tray (or press Delete) to take it
off. Turn a piece with Rotate and Mirror (or the keys R, H and V).

The clock runs while you play. Hint shows one piece that still leads to a solution, or which copy's
pieces make the others impossible. Solve shows all three coverings; a game finished that way is not
timed. Your best times are kept for each board on this device.""")


@dataclass(frozen=True)
class TwentyState:
    """The copies' positions; every copy uses the full set, availability is shared."""

    desc: str
    copies: tuple[Position, ...]

    def used(self) -> set[str]:
        return {p.piece.name for pos in self.copies for p in pos.placements}


@lru_cache(maxsize=32)
def _puzzle(desc: str) -> tuple[Board, int, int]:
    """Board, pieces per set, copies, after checking that the coverings exist."""
    if len(desc) > 1000:
        raise ParseError(tr("the puzzle description is too long"))
    spec, _, kind = desc.rpartition("~")
    if kind not in KINDS:
        raise ParseError(tr("a Game of 20/30 puzzle is BOARD~20 or BOARD~30"))
    k, copies = partition.KINDS[KINDS[kind]]
    board = parse_board(spec)
    if board.area != 5 * k:
        raise ImpossibleError(
            tr("a Game of {kind} board has {value} cells, this one {area}", kind=kind, value=5 * k, area=board.area)
        )
    if partition.prove(board, k, copies, Budget(max_seconds=20)) is None:
        raise ImpossibleError(
            tr("this board cannot be covered {copies} times by disjoint sets of {k} pentominoes", copies=copies, k=k)
        )
    return board, k, copies


class TwentyGame(GameBase[TwentyState, PieceMove]):
    """Cover copies of one board with disjoint sets of pentominoes."""

    id = "twenty"
    view_module = "cover"  # the cover game's view draws it
    title = N_("Game of 20 and of 30")
    description = N_("Three copies of one board, twelve pieces: cover each copy with four different pieces.")
    rules = RULES
    features: tuple[str, ...] = ("hint", "solve", "timer", "ranking", "race")
    picture_solved = True
    # the puzzle of the day: the Game of 20 from Monday to Thursday, the Game of 30 (larger boards) after
    daily_levels: tuple[str, ...] = ("twenty",) * 4 + ("thirty",) * 3
    # what its result codes are packed against (format 1 of the race's codes: never change it)
    race_dictionary = "F1@0,0;I0@1,0;L0@2,0;N7@4,1;P4@2,0;T3@2,1;U0@2,1;V3@3,0;W0@0,1;X0@0,0;Y3@4,1;Z0@5,1|"

    def presets(self) -> list[Preset]:
        return [Preset(N_("Game of 20"), "twenty"), Preset(N_("Game of 30"), "thirty")]

    def forms(self) -> list[Form]:
        return []

    def new(self, params: str, seed: int, progress: ProgressFn | None = None, budget: Budget | None = None) -> str:
        """A new board of the kind ``params`` names (``twenty``, ``thirty``, or a desc of that kind)."""
        if params.endswith(("~20", "~30")):
            params = KINDS[params[-2:]]
        kind = {"twenty": "20", "thirty": "30"}.get(params)
        if kind is None:
            raise ParseError(tr("choose twenty or thirty"))
        board = partition.generate(params, seed, progress=progress).board
        desc = f"{board.spec()}~{kind}"
        _puzzle(desc)
        return desc

    def validate(self, desc: str) -> None:
        _puzzle(desc)

    def start(self, desc: str, state: str = "") -> TwentyState:
        board, _, copies = _puzzle(desc)
        pieces = PieceSet.pentominoes()
        parts = within(state, N_("the position"), MAX_STATE).split("|") if state else [""] * copies
        if len(parts) != copies:
            raise ParseError(tr("the position must have {copies} copies separated by '|'", copies=copies))
        st = TwentyState(desc, tuple(Position(board, pieces) for _ in range(copies)))
        for k, part in enumerate(parts):
            for token in (t.strip() for t in part.split(";") if t.strip()):
                st = self.apply(st, f"{token}#{k}")
        return st

    def write_state(self, st: TwentyState) -> str:
        return "|".join(";".join(placement_text(p) for p in pos.placements) for pos in st.copies)

    def pack_solution(self, st: TwentyState, out: DigitWriter) -> bool:
        """Each copy's cover in turn (:mod:`pento_core.polyomino.packing`), of the pieces the
        copies before it left."""
        left = set(PENTOMINO_LETTERS)
        packed = DigitWriter()
        for pos in st.copies:
            if not pack_cover(pos.board, PieceSet.pentominoes("".join(sorted(left))), pos.placements, packed):
                return False
            left -= {p.piece.name for p in pos.placements}
        out.put_digits(packed)
        return True

    def unpack_solution(self, desc: str, src: DigitReader) -> str:
        board, _, copies = _puzzle(desc)
        left = set(PENTOMINO_LETTERS)
        parts = []
        for _ in range(copies):
            if not left:
                raise ParseError(tr("this solution does not cover the board"))
            pos = unpack_cover(board, PieceSet.pentominoes("".join(sorted(left))), src)
            left -= {p.piece.name for p in pos.placements}
            parts.append(";".join(placement_text(p) for p in pos.placements))
        return "|".join(parts)

    # -- moves -----------------------------------------------------------------------------

    def _copy(self, st: TwentyState, copy: int | None, move: PieceMove) -> int:
        if copy is None:
            text = write_piece_move(move)
            raise ParseError(tr("{text!r} does not name a copy (end it with #0, #1...)", text=text))
        if copy >= len(st.copies):
            raise ParseError(tr("there are {n_copies} copies, numbered from 0", n_copies=len(st.copies)))
        return copy

    def _with(self, st: TwentyState, k: int, pos: Position) -> TwentyState:
        return TwentyState(st.desc, (*st.copies[:k], pos, *st.copies[k + 1 :]))

    def parse_move(self, text: str) -> PieceMove:
        return parse_piece_move(text)

    def write_move(self, move: PieceMove) -> str:
        return write_piece_move(move)

    def play(self, st: TwentyState, move: PieceMove) -> TwentyState:
        if isinstance(move, Clear) and move.copy is None:
            return TwentyState(st.desc, tuple(pos.clear() for pos in st.copies))
        if isinstance(move, Relocate):
            k = self._copy(st, move.copy, move)
            owner = st.copies[k].owner(move.cell)
            if owner is None:
                where = cell_text(move.cell)
                raise IllegalMoveError(tr("no piece at {cell_text} on copy {value}", cell_text=where, value=k + 1))
            return self.play(self._with(st, k, st.copies[k].remove(move.cell)), move.to)
        k = self._copy(st, move.copy, move)
        pos = st.copies[k]
        if isinstance(move, Clear):
            return self._with(st, k, pos.clear())
        if isinstance(move, TakeBack):
            return self._with(st, k, pos.remove(move.cell))
        piece, cells = resolve(move.put, pos.pieces)
        if piece.name in st.used():
            where_k = next(i for i, p in enumerate(st.copies) if any(x.piece == piece for x in p.placements))
            raise IllegalMoveError(tr("{name} is already on copy {value}", name=piece.name, value=where_k + 1))
        return self._with(st, k, pos.place(piece, cells))

    # -- what the view needs -------------------------------------------------------------------

    def info(self, desc: str) -> JSON:
        board, k, copies = _puzzle(desc)
        return {
            "title": tr("Game of {value}", value=5 * k),
            "goal": tr(
                "Cover each of the {copies} copies with {k} different pieces; use every piece once.", copies=copies, k=k
            ),
            "board": board.text().split("\n"),
            "rows": board.height,
            "cols": board.width,
            "area": board.area,
            "copies": copies,
            "pieces_per_copy": k,
            "allow_unused": True,
            "one_sided": False,
            "pieces": [piece_table(p, n, False) for p, n in PieceSet.pentominoes()],
        }

    def view(self, st: TwentyState) -> JSON:
        used = st.used()
        placements = [placement_json(p, copy=k) for k, pos in enumerate(st.copies) for p in pos.placements]
        covered = [pos.board.area - len(pos.empty_cells) for pos in st.copies]
        return {
            "placements": placements,
            "available": {name: 0 if name in used else 1 for name in "FILNPTUVWXYZ"},
            "covered": sum(covered),
            "area": sum(pos.board.area for pos in st.copies),
            "copies": [
                {"covered": n, "complete": pos.is_complete()} for n, pos in zip(covered, st.copies, strict=True)
            ],
            "complete": all(pos.is_complete() for pos in st.copies),
            "summary": self._summary(st),
        }

    def _summary(self, st: TwentyState) -> str:
        if all(pos.is_complete() for pos in st.copies):
            return tr("Every copy is covered!")
        done = sum(pos.is_complete() for pos in st.copies)
        placed = sum(len(pos.placements) for pos in st.copies)
        return tr(
            "Copies covered: {done} of {n_copies}; {placed} of 12 pieces placed.",
            done=done,
            n_copies=len(st.copies),
            placed=placed,
        )

    def picture(self, st: TwentyState) -> list[str]:
        """The copies side by side, a column apart."""
        rows = [pos.picture() for pos in st.copies]
        return [" ".join(parts) for parts in zip(*rows, strict=True)]

    def describe(self, st: TwentyState) -> list[str]:
        lines = [self._summary(st)]
        for k, pos in enumerate(st.copies):
            lines.append(tr("Copy {k}:", k=k + 1))
            lines += words.position_rows(pos)
        used = st.used()
        return lines + words.pieces_left([name for name in "FILNPTUVWXYZ" if name not in used])

    # -- the solver on all copies at once -----------------------------------------------------------

    def _combined(self, st: TwentyState, keep: list[tuple[int, Placement]]) -> Problem:
        """One problem whose board is the copies side by side, a column apart."""
        board = st.copies[0].board
        step = board.width + 1
        cells = frozenset((r, c + k * step) for k in range(len(st.copies)) for r, c in board.cells)
        placed = [Placement(p.piece, frozenset((r, c + k * step) for r, c in p.cells)) for k, p in keep]
        return Problem(Board(cells), PieceSet.pentominoes(), allow_unused=False, placed=placed)

    def _split(self, st: TwentyState, p: Placement) -> tuple[int, Placement]:
        step = st.copies[0].board.width + 1
        k = min(c for _, c in p.cells) // step
        return k, Placement(p.piece, frozenset((r, c - k * step) for r, c in p.cells))

    def _placed(self, st: TwentyState) -> list[tuple[int, Placement]]:
        return [(k, p) for k, pos in enumerate(st.copies) for p in pos.placements]

    def _first(
        self, st: TwentyState, keep: list[tuple[int, Placement]], budget: Budget, progress: ProgressFn | None = None
    ) -> tuple[Outcome, list[tuple[int, Placement]]]:
        try:
            result = self._combined(st, keep).first(budget, progress)
        except ImpossibleError:
            return Outcome.NO, []
        if result.solution is None:
            return result.status, []
        placed = {(k, p) for k, p in keep}
        return Outcome.YES, [kp for kp in (self._split(st, p) for p in result.solution) if kp not in placed]

    def hint(self, st: TwentyState, budget: Budget, progress: ProgressFn | None = None) -> Hint:
        """A placement on the first copy still open that keeps every copy coverable,
        or which copy's pieces (or which piece) stand in the way."""
        if all(pos.is_complete() for pos in st.copies):
            return Hint("solved", tr("Every copy is covered."))
        keep = self._placed(st)
        budget = budget.started()  # one deadline for the search and every fallback
        status, new = self._first(st, keep, budget, progress)
        if status == "unknown":
            return Hint("unknown", tr("The solver ran out of time; try again or take pieces back."))
        if status is Outcome.YES:
            k = next(i for i, pos in enumerate(st.copies) if not pos.is_complete())
            first_empty = min(st.copies[k].empty_cells)
            here = [p for j, p in new if j == k]
            step = next((p for p in here if first_empty in p.cells), here[0])
            return Hint(
                "place",
                tr("Try {name} on copy {value}.", name=step.piece.name, value=k + 1),
                f"{placement_text(step)}#{k}",
                sorted(step.cells),
                k,
            )
        for k in reversed(range(len(st.copies))):
            if not st.copies[k].placements:
                continue
            others = [(j, p) for j, p in keep if j != k]
            status = self._first(st, others, budget)[0]
            if status == "unknown":  # a copy is named only when proven, whatever the budget
                return Hint(
                    "blocked", tr("These placements cannot all stay; finding which copy is in the way ran out of time.")
                )
            if status is Outcome.YES:
                cells = sorted(c for p in st.copies[k].placements for c in p.cells)
                return Hint(
                    "blocked",
                    tr(
                        "The pieces on copy {value} make the other copies impossible: empty copy {value} and"
                        " try other pieces there.",
                        value=k + 1,
                    ),
                    None,
                    cells,
                    k,
                )
        return Hint("blocked", tr("These placements cannot all stay: empty a copy and start it again."))

    def solve(self, st: TwentyState, budget: Budget, progress: ProgressFn | None = None) -> Solution:
        keep = self._placed(st)
        budget = budget.started()
        status, new = self._first(st, keep, budget, progress)
        from_empty = False
        if status is not Outcome.YES and keep:
            status, new = self._first(st, [], budget, progress)
            from_empty = True
        if status == "unknown":
            return Solution(False, tr("The solver ran out of time."))
        if status is not Outcome.YES:
            return Solution(False, tr("These copies cannot be covered."))
        new.sort(key=lambda kp: (kp[0], min(c for _, c in kp[1].cells), min(kp[1].cells)))
        moves = [f"{placement_text(p)}#{k}" for k, p in new]
        message = (
            tr("Here are all the coverings.")
            if not from_empty
            else tr("The pieces placed cannot all stay; here are coverings from empty copies.")
        )
        return Solution(True, message, moves, from_empty)
