"""The thesis's other allocation problems as cover-game puzzles (sections 1.1, 2.2, 2.4, 2.5).

Every generator asks the exact-cover engine before it offers a puzzle: a
puzzle without a cover is refused with the reason, never offered.

* **Triplication** (Golomb): the shape of a pentomino scaled 3 times (45
  cells), covered with 9 of the other 11.  **Duplication**: scaled twice
  (20 cells), covered with 4 of the other 11.
* **Toothed parallelograms** (Koth and Grosser): area 60 = b * d * s: d
  "teeth", each s rows of b cells, every tooth one cell further right than the
  one above; covered with all 12.  (b, d, s) = (10, 6, 1) is a slanted
  staircase, (6, 2, 5) two 5x6 blocks.
* **8x8 with four holes**: four random cells removed from the 8x8 board,
  offered only when the engine has found a cover with the 12 pentominoes.
* **Free-form boards** of n joined pentominoes, built by one of the thesis's
  construction versions (:mod:`pento_core.polyomino.freeform`), to cover with any n of
  the 12 (the thesis's prototype, chapter 4).  Version 1.2 keeps boards whose
  perimeter is at most halfway between the least and the largest possible.
"""

from __future__ import annotations

import random

from ..budget import Budget, Outcome, ProgressFn
from ..errors import ImpossibleError, PentoError, StoppedError
from ..i18n import N_, tr
from ..limits import MAX_SIDE, number
from . import freeform
from .board import Board
from .geometry import Cell, Shape, normalize
from .pieces import PENTOMINO_LETTERS, PENTOMINOES, PieceSet
from .puzzle import Puzzle

PROOF_SECONDS = 20.0


def scaled(shape: Shape, k: int) -> Shape:
    """Each cell of ``shape`` blown up to a k x k square."""
    return normalize((r * k + i, c * k + j) for r, c in shape for i in range(k) for j in range(k))


def _prove(puzzle: Puzzle, what: str, progress: ProgressFn | None = None) -> Puzzle:
    problem = puzzle.problem()
    result = problem.first(Budget(max_seconds=PROOF_SECONDS), progress)
    if result.status is Outcome.NO:
        raise ImpossibleError(tr("{what} has no cover", what=what))
    if result.status is Outcome.UNKNOWN:
        raise StoppedError(tr("the solver could not decide {what} in time", what=what))
    return puzzle


def multiplication(letter: str, k: int, progress: ProgressFn | None = None) -> Puzzle:
    """The k-times scaled pentomino ``letter``, to cover with k*k of the other 11 (k = 2 or 3)."""
    letter = letter.upper()
    if letter not in PENTOMINOES:
        raise PentoError(
            tr(
                "{letter!r} is not a pentomino ({PENTOMINO_LETTERS})",
                letter=letter,
                PENTOMINO_LETTERS=PENTOMINO_LETTERS,
            )
        )
    if k not in (2, 3):
        raise PentoError(tr("the scale is 2 (duplication) or 3 (triplication)"))
    others = PieceSet.pentominoes(PENTOMINO_LETTERS.replace(letter, ""))
    puzzle = Puzzle(Board(scaled(PENTOMINOES[letter].shape, k)), others, allow_unused=True)
    name = {2: "doubled", 3: "tripled"}[k]
    return _prove(puzzle, f"{letter} {name}", progress)


def parallelogram_cells(b: int, d: int, s: int) -> Shape:
    """A toothed parallelogram: d teeth of s rows of b cells, each tooth one cell right of the last."""
    return frozenset((t * s + i, t + c) for t in range(d) for i in range(s) for c in range(b))


def parallelogram_triples() -> list[tuple[int, int, int]]:
    """Every (b, d, s) with b * d * s = 60 and at least two teeth."""
    return [(b, d, 60 // (b * d)) for b in range(1, 61) for d in range(2, 61) if 60 % (b * d) == 0]


def parallelogram(b: int, d: int, s: int, progress: ProgressFn | None = None) -> Puzzle:
    if b * d * s != 60 or d < 2:
        raise PentoError(tr("a toothed parallelogram here has b * d * s = 60 and at least 2 teeth"))
    puzzle = Puzzle(Board(parallelogram_cells(b, d, s)), PieceSet.pentominoes())
    return _prove(puzzle, tr("the toothed parallelogram ({b}, {d}, {s})", b=b, d=d, s=s), progress)


def eight_by_eight_with_holes(seed: int, holes: int = 4, progress: ProgressFn | None = None) -> Puzzle:
    """8x8 without ``holes`` random cells, with a cover by the 12 pentominoes (searched until found)."""
    rng = random.Random(seed)
    full = [(r, c) for r in range(8) for c in range(8)]
    for _ in range(200):
        removed: set[Cell] = set(rng.sample(full, holes))
        try:
            return _prove(Puzzle(Board(frozenset(full) - removed), PieceSet.pentominoes()), tr("this board"), progress)
        except PentoError:
            continue
    raise PentoError(tr("no coverable 8x8 board with holes was found"))


def generate(params: str, seed: int, progress: ProgressFn | None = None) -> Puzzle | None:
    """The puzzle for generator ``params`` (``triple:X``, ``double``, ``parallelogram:10,6,1``,
    ``holes``...), or None when ``params`` names no generator.  Without a letter or a triple,
    one is drawn with the seed among those the engine can cover."""
    kind, _, arg = params.partition(":")
    rng = random.Random(seed)
    if kind in ("triple", "double"):
        k = 3 if kind == "triple" else 2
        if arg:
            return multiplication(arg, k, progress)
        for letter in rng.sample(PENTOMINO_LETTERS, len(PENTOMINO_LETTERS)):
            try:
                return multiplication(letter, k, progress)
            except ImpossibleError:
                continue  # X and V doubled: no cover, so not offered
        raise PentoError(tr("no pentomino could be scaled and covered"))
    if kind == "parallelogram":
        if arg:
            parts = arg.split(",")
            if len(parts) != 3:
                raise PentoError(tr("a parallelogram is b,d,s (e.g. 10,6,1)"))
            b, d, s = (number(x, N_("a parallelogram's b, d and s"), 0, MAX_SIDE) for x in parts)
            return parallelogram(b, d, s, progress)
        for triple in rng.sample(parallelogram_triples(), len(parallelogram_triples())):
            try:
                return parallelogram(*triple, progress=progress)
            except PentoError:
                continue
        raise PentoError(tr("no toothed parallelogram could be covered"))
    if kind == "holes":
        return eight_by_eight_with_holes(seed, progress=progress)
    if kind == "freeform":
        version, _, n_text = arg.partition(":")
        if version not in freeform.VERSIONS:
            raise PentoError(
                tr(
                    "a free-form board is freeform:VERSION:N with VERSION one of {value}",
                    value=", ".join(freeform.VERSIONS),
                )
            )
        n = number(n_text, N_("the number of pentominoes of a free-form board"), 2, 12)
        limit = (freeform.min_perimeter(5 * n) + 10 * n + 2) // 2 if version == "1.2" else None
        board = freeform.build(version, n, rng, limit)
        puzzle = Puzzle(board.board, PieceSet.pentominoes(), allow_unused=n < 12)
        return _prove(puzzle, tr("this free-form board"), progress)
    return None
