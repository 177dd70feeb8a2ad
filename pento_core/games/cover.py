"""The cover game: cover a board with pentominoes (the thesis's "Jogo da
Cobertura Exata", section 2.6).

Text formats:

* **desc**: a puzzle spec (:mod:`pento_core.polyomino.puzzle`): ``6x10``, or a board,
  its pieces and flags such as ``8x8~I4*4,O4*4~u``.  When the board is
  smaller than the pieces' area, pieces are left over.  Or a level of a
  ladder (:mod:`pento_core.polyomino.levels`), ``level:6x10:7``: the board with
  some pieces placed and *locked* (part of the puzzle: they cannot be moved,
  and Hint and Solve keep them).
* **state**: the placements in the order they were made, joined by ``;``
  (never the locked pieces of a level).
  A placement is ``F3@2,5``: piece F in its orientation 3 (the order of
  :meth:`Piece.orientations`, the thesis's Table 1.2), its bounding box's top
  left at row 2, column 5 (0-based).
* **move**: a placement (put a piece from the tray on the board),
  ``-2,5`` (take back the piece covering row 2, column 5),
  ``2,5>F3@4,5`` (move the piece covering 2,5 to a new placement), or
  ``clear``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from ..budget import Budget, BudgetSpent, Outcome
from ..digits import DigitReader, DigitWriter
from ..errors import IllegalMoveError, ImpossibleError, ParseError, PentoError
from ..i18n import N_, ntr, tr
from ..limits import MAX_SIDE, MAX_STATE, within
from ..polyomino import freeform, levels, problems
from ..polyomino.board import Board, Placement, Position
from ..polyomino.cover import first_cover
from ..polyomino.feasibility import OPENING_SECONDS, impossibility
from ..polyomino.packing import pack_cover, unpack_cover
from ..polyomino.pieces import PieceSet
from ..polyomino.placement import anchor, cell_text, parse_placement, placement_text, resolve
from ..polyomino.puzzle import Puzzle, parse_puzzle
from . import words
from .base import JSON, Field, Form, GameBase, Hint, Ladder, Preset, ProgressFn, Situation, Solution
from .piece_moves import Clear, PieceMove, Relocate, TakeBack, parse_piece_move, write_piece_move
from .pieces_view import piece_table, placement_json

SCOTT = N_("8x8 without its centre")
LEVEL = "level:"  # a desc naming a level of a ladder: level:BOARD:N
NEW_BUDGET = Budget(max_seconds=10)  # a board chosen on the start screen is offered once a cover is found in this
RULES = N_("""\
Cover every cell of the board with pieces from the tray. Pieces may be turned and flipped over, but
they must not overlap or stick out over the edge.

When the board is smaller than all the pieces together, some pieces are left over: the line above
the board says how many to use.

Move a piece: drag it from the tray onto the board, or tap it and then tap the board cell where it
should go. Drag a placed piece to move it; drag it back to the tray (or press Delete) to take it
off.

Turn a piece: choose it, then press Rotate or Mirror (or the keys R, H and V, or right-click / long-
press the piece for its menu).

Hint shows one piece that still leads to a solution, or tells you which piece stands in the way.
Solve shows a complete solution: a game finished that way is not timed as yours. Undo and Redo step
through your moves. New starts another puzzle of this kind; this one stays in your games in
progress.""")


@dataclass(frozen=True)
class CoverState:
    """A position of the cover game: the puzzle desc and the position on it (a level's locked
    pieces are on it, placed first)."""

    desc: str
    position: Position
    allow_unused: bool
    locked: tuple[Placement, ...] = ()

    def moved(self, position: Position) -> CoverState:
        """This state with ``position`` (the same puzzle)."""
        return CoverState(self.desc, position, self.allow_unused, self.locked)

    @property
    def own(self) -> tuple[Placement, ...]:
        """The placements the player made (not a level's locked pieces)."""
        return tuple(p for p in self.position.placements if p not in self.locked)


@dataclass(frozen=True)
class Setup:
    """What a desc names: the board, the pieces, whether some are left over, a level's locked
    pieces and the level itself (None for a puzzle that is not a level)."""

    board: Board
    pieces: PieceSet
    allow_unused: bool
    locked: tuple[Placement, ...] = ()
    level: levels.Level | None = None

    @cached_property
    def start(self) -> Position:
        """The start: the board with the locked pieces on it (made once a desc: every request of a
        level starts from it)."""
        pos = Position(self.board, self.pieces)
        for p in self.locked:
            pos = pos.place(p.piece, p.cells)
        return pos


@lru_cache(maxsize=64)
def _setup(desc: str) -> Setup:
    """The puzzle ``desc`` names, a level or not (cached)."""
    if desc.startswith(LEVEL):
        level = levels.parse_level(desc[len(LEVEL) :])
        board, pieces = levels.puzzle_of(level.board)
        return Setup(board, pieces, False, level.locked, level)
    return Setup(*_puzzle(desc))


def _ladder_params(board: str) -> str:
    """The params of the ladder of ``board`` (a key of :data:`levels.BOARDS`); level n is ``PARAMS:n``."""
    return f"{LEVEL}{board}"


@lru_cache(maxsize=64)
def _puzzle(desc: str) -> tuple[Board, PieceSet, bool]:
    """Parse and check a desc (cached: every request names its puzzle)."""
    puzzle = parse_puzzle(desc, MAX_SIDE)
    board, pieces = puzzle.board, puzzle.pieces
    if board.wrap:
        raise ParseError(tr("a board that wraps round is counted in the workshop: the cover game plays flat boards"))
    if board.area > pieces.area:
        raise ImpossibleError(
            tr("the board has {area} cells, more than the pieces cover ({area2})", area=board.area, area2=pieces.area)
        )
    allow_unused = puzzle.allow_unused or board.area < pieces.area
    # bounded: opening a link must never run long; past the bound the argument says nothing
    reason = impossibility(Position(board, pieces), allow_unused, Budget(max_seconds=OPENING_SECONDS))
    if reason:
        raise ImpossibleError(reason)
    return board, pieces, allow_unused


class CoverGame(GameBase[CoverState, PieceMove]):
    """Cover a board with pentominoes, by hand, with hints and an animated solve."""

    id = "cover"
    view_module = "cover"
    title = N_("Pentomino cover")
    description = N_("Fill the whole board with pentomino pieces, like a jigsaw with no picture.")
    rules = RULES
    features: tuple[str, ...] = ("hint", "solve", "timer", "race")
    picture_solved = True
    # the puzzle of the day: a free-form board of 4 pentominoes on Monday to all 12 on Sunday
    daily_levels: tuple[str, ...] = tuple(f"freeform:2.2:{n}" for n in (4, 5, 6, 8, 9, 10, 12))
    # what its result codes are packed against (format 1 of the race's codes: never change it)
    race_dictionary = "F3@0,0;I1@0,1;L0@2,0;N7@1,2;P5@3,1;T2@3,4;U3@4,8;V2@0,7;W3@3,2;X0@3,6;Y7@2,4;Z3@0,6;1,10;11,2"

    def situations(self) -> list[Situation]:
        return [Situation("a piece that leaves the rest uncoverable", "3x20", "X0@0,6")]

    def presets(self) -> list[Preset]:
        scott = "/".join("...##..." if r in (3, 4) else "........" for r in range(8))
        return [
            Preset("6 x 10", "6x10"),
            Preset("5 x 12", "5x12"),
            Preset("4 x 15", "4x15"),
            Preset("3 x 20", "3x20"),
            Preset(SCOTT, scott),
            Preset(N_("8x8 with four holes"), "holes"),
            Preset(N_("5 x 5 (pieces left over)"), "5x5"),
            Preset(N_("Triplication"), "triple"),
            Preset(N_("Duplication"), "double"),
            Preset(N_("Toothed parallelogram"), "parallelogram"),
        ]

    # a ladder of levels for each rectangle and Scott's board (pento_core.polyomino.levels)
    ladders: tuple[Ladder, ...] = tuple(
        Ladder(label, _ladder_params(key), levels.LEVELS) for key, (_, label) in levels.BOARDS.items()
    )

    def forms(self) -> list[Form]:
        return [
            Form(
                N_("Any board"),
                "{rows}x{cols}",
                (Field("rows", N_("rows"), "4", 1, MAX_SIDE), Field("cols", N_("columns"), "10", 1, MAX_SIDE)),
            ),
            Form(
                N_("Free-form board"),
                "freeform:{version}:{n}",
                (
                    Field(
                        "version",
                        N_("shape"),
                        "2.2",
                        options=freeform.VERSIONS,
                        option_labels=freeform.VERSION_LABELS,
                    ),
                    Field("n", N_("pentominoes"), "4", 2, 12),
                ),
            ),
        ]

    # -- puzzles -------------------------------------------------------------------

    def new(self, params: str, seed: int, progress: ProgressFn | None = None, budget: Budget | None = None) -> str:
        """The puzzle named by ``params`` (a puzzle spec, or a generator of
        :mod:`pento_core.polyomino.problems` such as ``triple:X``), once the solver has found a cover."""
        if params.startswith(LEVEL):
            setup = _setup(params)
            assert setup.level is not None
            try:  # made from a cover, so never expected to fail: proved all the same before it is offered
                levels.prove(setup.level, (budget or NEW_BUDGET).started())
            except ImpossibleError:
                raise PentoError(tr("this level could not be proved solvable; try another")) from None
            return f"{_ladder_params(setup.level.board)}:{setup.level.number}"
        generated = problems.generate(params, seed, progress)
        if generated is not None:
            return generated.spec()
        board, pieces, allow_unused = _puzzle(params)
        desc = Puzzle(board, pieces, allow_unused and board.area == pieces.area).spec()
        within = NEW_BUDGET.started() if budget is None else budget.within(NEW_BUDGET.max_seconds or 10.0)
        status, _, _ = self._first(CoverState(desc, Position(board, pieces), allow_unused), within, progress)
        if status is Outcome.NO:
            raise ImpossibleError(
                tr(
                    "the {height}x{width} board cannot be covered with these pieces",
                    height=board.height,
                    width=board.width,
                )
            )
        if status == "unknown":  # never offer a puzzle that is not known to have a solution
            if budget is not None and budget.spent():
                raise BudgetSpent  # the request's own time ran out (said as "stopped"), not the 10 s
            raise PentoError(
                tr(
                    "no cover of the {height}x{width} board was found within 10 s; try a smaller one",
                    height=board.height,
                    width=board.width,
                )
            )
        return desc

    def validate(self, desc: str) -> None:
        _setup(desc)

    def start(self, desc: str, state: str = "") -> CoverState:
        setup = _setup(desc)
        pieces = setup.pieces
        pos = setup.start
        within(state, N_("the position"), MAX_STATE)
        for i, token in enumerate(t for t in state.split(";") if t.strip()):
            try:
                piece, cells = parse_placement(token.strip(), pieces)
                pos = pos.place(piece, cells)
            except PentoError as e:
                raise ParseError(
                    tr("placement {value} ({value2!r}): {e}", value=i + 1, value2=token.strip(), e=e)
                ) from None
        return CoverState(desc, pos, setup.allow_unused, setup.locked)

    def write_state(self, state: CoverState) -> str:
        one_sided = state.position.pieces.one_sided
        return ";".join(placement_text(p, one_sided) for p in state.own)

    def pack_solution(self, state: CoverState, out: DigitWriter) -> bool:
        """A cover as the choices of :mod:`pento_core.polyomino.packing` (a 6x10 in 37 bits)."""
        pos = state.position
        return pack_cover(pos.board, pos.pieces, pos.placements, out)

    def unpack_solution(self, desc: str, src: DigitReader) -> str:
        setup = _setup(desc)
        cover = unpack_cover(setup.board, setup.pieces, src)
        return self.write_state(CoverState(desc, cover, setup.allow_unused, setup.locked))

    # -- moves -----------------------------------------------------------------------

    def parse_move(self, text: str) -> PieceMove:
        return parse_piece_move(text)

    def write_move(self, move: PieceMove) -> str:
        return write_piece_move(move)

    def play(self, state: CoverState, move: PieceMove) -> CoverState:
        pos = state.position
        if move.copy is not None or (isinstance(move, Relocate) and move.to.copy is not None):
            raise ParseError(tr("this puzzle has one board: a move names no copy (#{value})", value=move.copy))
        if isinstance(move, Clear):
            return state.moved(_setup(state.desc).start)  # a level's locked pieces stay
        if isinstance(move, (TakeBack, Relocate)):
            owner = pos.owner(move.cell)
            if owner is not None and owner in state.locked:
                why = tr(
                    "{name} is part of the puzzle and stays where it is: place the other pieces", name=owner.piece.name
                )
                raise IllegalMoveError(why)
        if isinstance(move, TakeBack):
            return state.moved(pos.remove(move.cell))
        if isinstance(move, Relocate):
            piece, cells = resolve(move.to.put, pos.pieces)
            if owner is not None and owner.piece != piece:
                src = cell_text(move.cell)
                raise ParseError(
                    tr("the piece at {src} is {name}, not {name2}", src=src, name=owner.piece.name, name2=piece.name)
                )
            return state.moved(pos.remove(move.cell).place(piece, cells))
        piece, cells = resolve(move.put, pos.pieces)
        return state.moved(pos.place(piece, cells))

    # -- what the view needs -------------------------------------------------------------

    def info(self, desc: str) -> JSON:
        setup = _setup(desc)
        board, pieces, allow_unused = setup.board, setup.pieces, setup.allow_unused
        extra: JSON = {}
        if setup.level is not None:
            level = setup.level
            label = tr(levels.BOARDS[level.board][1])
            size = levels.LEVELS
            free = level.grade.free
            extra = {
                "title": tr("{game}: {board}, level {n}", game=tr(self.title), board=label, n=level.number),
                "goal": ntr(
                    "Level {level} of {size}: place the last piece. The grey pieces stay where they are.",
                    "Level {level} of {size}: place the {n} missing pieces. The grey pieces stay where they are.",
                    free,
                    level=level.number,
                    size=size,
                ),
                # the ladder it is on, for the page's "Next level" (params of the next, or None at the top)
                "ladder": {
                    "params": _ladder_params(level.board),
                    "level": level.number,
                    "size": size,
                    "next": f"{_ladder_params(level.board)}:{level.number + 1}" if level.number < size else None,
                },
            }
        return {
            "goal": goal(board.area, pieces, allow_unused),
            "board": board.text().split("\n"),
            "rows": board.height,
            "cols": board.width,
            "area": board.area,
            "allow_unused": allow_unused,
            "one_sided": pieces.one_sided,
            "pieces": [piece_table(p, n, pieces.one_sided) for p, n in pieces],
            **extra,
        }

    def view(self, state: CoverState) -> JSON:
        pos = state.position
        one_sided = pos.pieces.one_sided
        placements = [
            {**placement_json(p, one_sided), **({"locked": True} if p in state.locked else {})} for p in pos.placements
        ]
        return {
            "placements": placements,
            "available": {p.name: pos.available(p) for p, _ in pos.pieces},
            "covered": pos.board.area - len(pos.empty_cells),
            "area": pos.board.area,
            "complete": pos.is_complete(),
            "summary": summary(pos, state.allow_unused, len(state.locked)),
        }

    def picture(self, state: CoverState) -> list[str]:
        return state.position.picture()

    def describe(self, state: CoverState) -> list[str]:
        return [summary(state.position, state.allow_unused, len(state.locked)), *words.position_lines(state.position)]

    # -- help from the solver ----------------------------------------------------------------

    def _first(
        self,
        state: CoverState,
        budget: Budget,
        progress: ProgressFn | None = None,
        placements: tuple[Placement, ...] | None = None,
    ) -> tuple[str, tuple[Placement, ...] | None, str]:
        """(found | none | unknown, the solution, why there is none) for the position with
        ``placements`` (default: the pieces on the board), within ``budget``."""
        pos = state.position
        placed = pos.placements if placements is None else placements
        try:
            result = first_cover(pos.board, pos.pieces, state.allow_unused, placed, budget, progress)
        except ImpossibleError as e:
            return Outcome.NO, None, str(e)
        except BudgetSpent:
            return Outcome.UNKNOWN, None, ""
        return result.status, result.solution, tr("no arrangement of the remaining pieces fills the empty cells")

    def hint(self, state: CoverState, budget: Budget, progress: ProgressFn | None = None) -> Hint:
        """One placement that still leads to a cover, or what stands in the way."""
        pos = state.position
        if pos.is_complete():
            return Hint("solved", tr("The board is already covered."))
        budget = budget.started()  # the search and every fallback below share these seconds
        status, solution, why = self._first(state, budget, progress)
        if status == "unknown":
            return Hint("unknown", tr("The solver ran out of time on this position; try again or remove a piece."))
        if status is Outcome.YES and solution is not None:
            new = [p for p in solution if p not in pos.placements]
            first_empty = min(pos.empty_cells)
            step = next((p for p in new if first_empty in p.cells), new[0])
            one_sided = pos.pieces.one_sided
            return Hint(
                "place",
                tr("Try {name} here.", name=step.piece.name),
                placement_text(step, one_sided),
                sorted(step.cells),
            )
        culprit = self._culprit(state, budget)
        if isinstance(culprit, str):
            return Hint(
                "blocked",
                tr(
                    "This position cannot be completed: {why}. Finding which piece is in the way ran out of time.",
                    why=why,
                ),
            )
        if culprit is None:
            return Hint("blocked", tr("This position cannot be completed: {why}. Clear some pieces.", why=why))
        return Hint(
            "blocked",
            tr(
                "This position cannot be completed ({why}); {name} stands in the way.", why=why, name=culprit.piece.name
            ),
            None,
            sorted(culprit.cells),
        )

    def _culprit(self, state: CoverState, budget: Budget) -> Placement | str | None:
        """The most recently placed piece whose removal makes the position completable; None
        when no single piece does; ``"unknown"`` when the budget ran out before that was
        decided (a piece is named only when proven, whatever the budget)."""
        placements = state.position.placements
        for i in reversed(range(len(placements))):
            if placements[i] in state.locked:
                continue  # a level's own pieces are never the culprit: they belong to every solution
            others = placements[:i] + placements[i + 1 :]
            status = self._first(state, budget, placements=others)[0]
            if status is Outcome.YES:
                return placements[i]
            if status == "unknown":
                return "unknown"
        return None

    def solve(self, state: CoverState, budget: Budget, progress: ProgressFn | None = None) -> Solution:
        """A complete cover: from the current position when it can be completed, else from scratch."""
        pos = state.position
        one_sided = pos.pieces.one_sided
        budget = budget.started()
        attempts: list[tuple[bool, tuple[Placement, ...]]] = [(False, pos.placements)]
        if state.own:
            attempts.append((True, state.locked))  # "from empty": the locked pieces of a level stay
        for from_empty, placed in attempts:
            status, solution, _ = self._first(state, budget, progress, placed)
            if status == "unknown":
                return Solution(False, tr("The solver ran out of time."))
            if status is Outcome.YES and solution is not None:
                moves = [placement_text(p, one_sided) for p in solution if p not in placed]
                moves.sort(key=lambda m: _anchor_order(m))
                message = (
                    tr("The current pieces cannot all stay; here is a cover from an empty board.")
                    if from_empty
                    else tr("Here is a cover.")
                )
                return Solution(True, message, moves, from_empty)
        return Solution(False, tr("This board cannot be covered with these pieces."))


def pieces_needed(area: int, pieces: PieceSet) -> int | None:
    """How many pieces a cover of ``area`` cells uses, when every piece has the same size (else None)."""
    sizes = {p.size for p, _ in pieces}
    return area // next(iter(sizes)) if len(sizes) == 1 else None


def goal(area: int, pieces: PieceSet, allow_unused: bool) -> str:
    """What the player must do, in one line: how many pieces to use when some are left over."""
    total = sum(n for _, n in pieces)
    if not allow_unused or area == pieces.area:
        return tr("Cover all {area} cells with all {total} pieces.", area=area, total=total)
    needed = pieces_needed(area, pieces)
    if needed is not None:
        return tr(
            "Cover all {area} cells using {needed} of the {total} pieces: {left} will be left over.",
            area=area,
            needed=needed,
            total=total,
            left=total - needed,
        )
    return tr(
        "Cover all {area} cells; the pieces cover {covered}, so some are left over.", area=area, covered=pieces.area
    )


def summary(pos: Position, allow_unused: bool, locked: int = 0) -> str:
    """How far the player is: pieces placed of those needed, cells left (a level's ``locked``
    pieces count neither as placed nor as needed)."""
    if pos.is_complete():
        return tr("The board is covered!")
    placed = len(pos.placements) - locked
    total = sum(n for _, n in pos.pieces) - locked
    needed = pieces_needed(pos.board.area, pos.pieces) if allow_unused else total
    left = ntr("{n} cell left to cover.", "{n} cells left to cover.", len(pos.empty_cells))
    if needed is None:
        return ntr("{n} piece placed. {left}", "{n} pieces placed. {left}", placed, left=left)
    return tr("{placed} of {needed} pieces placed. {left}", placed=placed, needed=needed, left=left)


def _anchor_order(move: str) -> tuple[int, int]:
    """Columns first: the animated solve lays pieces from left to right."""
    row, col = anchor(move)
    return col, row
