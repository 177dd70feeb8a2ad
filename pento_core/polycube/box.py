"""Boxes to fill with solids, the blocks put in them, and their text format.

Text format: the layers from the bottom up, separated by a line ``---``; each layer is rows of

* ``.`` a cell to fill;
* ``#`` or a space: not part of the box (a hole, or outside its outline);

and in a filling (what ``solve`` prints, :func:`filling_text`) a letter, the same for the cells of
one block.  A box on the command line is ``LxRxC`` (L layers of R rows of C columns, all cells) or
the path of such a file, in which letters are blocks already in place (:func:`parse_box_position`:
touching cells with one letter are one block, of the solid that letter names or else of the
piece whose shape it has).  After its layers, a box file may hold a piece to a region, as a board
file may (:attr:`Box.holds`): a line ``hold NAME``, then layers drawn as the box's are (the same
layers, rows and columns), separated by ``---``, ``+`` marking the cells the piece may fill.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from ..errors import ParseError
from ..i18n import tr
from ..limits import number
from .geometry import Cell, Shape, canonical, components, normalize, size
from .pieces import Solid, SolidSet

MAX_BOX_SIDE = 20  # layers, rows and columns of a box (the workshop's side)
MAX_BOX_CELLS = 1_000  # cells of a box (200 pentacubes)
_BOX = re.compile(r"^\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*$")


def is_box_spec(text: str) -> bool:
    """True when ``text`` is ``LxRxC`` (three sides), which only a box is."""
    return bool(_BOX.match(text))


@dataclass(frozen=True)
class Box:
    """The cells to fill, normalised (the least layer, row and column are 0)."""

    cells: Shape
    # (piece name, the cells it may fill): pieces held to a region; every copy stays within it
    holds: tuple[tuple[str, Shape], ...] = ()

    def __post_init__(self) -> None:
        if not self.cells:
            raise ParseError(tr("the box has no cells"))
        if len(self.cells) > MAX_BOX_CELLS:
            raise ParseError(tr("a box has at most {limit:,} cells, not {n:,}", limit=MAX_BOX_CELLS, n=len(self.cells)))
        if max(self.dims) > MAX_BOX_SIDE:
            raise ParseError(tr("a box side must be between 1 and {limit}", limit=MAX_BOX_SIDE))

    @classmethod
    def of(cls, cells: Iterable[Cell]) -> Box:
        return cls(normalize(cells))

    @classmethod
    def full(cls, layers: int, rows: int, cols: int) -> Box:
        """The whole L x R x C box."""
        for n in (layers, rows, cols):
            if not 1 <= n <= MAX_BOX_SIDE:
                raise ParseError(
                    tr(
                        "a box side must be between 1 and {limit}, got {spec}",
                        limit=MAX_BOX_SIDE,
                        spec=f"{layers}x{rows}x{cols}",
                    )
                )
        return cls(frozenset((z, r, c) for z in range(layers) for r in range(rows) for c in range(cols)))

    @cached_property
    def dims(self) -> tuple[int, int, int]:
        """Layers, rows and columns of the box around the cells."""
        return size(self.cells)

    @cached_property
    def extent(self) -> tuple[int, int, int]:
        """Layers, rows and columns from 0 to the box's last cell (a box read from text keeps the
        holes before its first cells: its layers and rows are numbered as they were drawn)."""
        return (
            max(c[0] for c in self.cells) + 1,
            max(c[1] for c in self.cells) + 1,
            max(c[2] for c in self.cells) + 1,
        )

    @property
    def volume(self) -> int:
        return len(self.cells)

    def held(self, name: str) -> Shape | None:
        """The region piece ``name`` is held to, or None where it may go anywhere."""
        return next((cells for n, cells in self.holds if n == name), None)

    def spec(self) -> str:
        """``LxRxC`` for a whole box, else its text on one line (rows joined by ``/``, layers by ``|``)."""
        d, r, c = self.dims
        if self.volume == d * r * c:
            return f"{d}x{r}x{c}"
        return "|".join("/".join(layer.split("\n")) for layer in filling_text(self, ()).split("\n---\n"))


@dataclass(frozen=True)
class Block:
    """A solid put in a box: which solid and which cells it fills."""

    piece: Solid
    cells: Shape


_HOLD_LINE = re.compile(r"^\s*hold\s+(\S+)\s*$", re.IGNORECASE | re.MULTILINE)


def parse_box(text: str) -> Box:
    """A box from ``LxRxC``, from its file text (layers separated by ``---`` lines) or from its
    one-line :meth:`Box.spec` (layers separated by ``|``, rows by ``/``)."""
    return _parse_box(text, False)[0]


def parse_box_position(text: str, pieces: SolidSet) -> tuple[Box, tuple[Block, ...]]:
    """A box file with blocks already in place (letters), and its holds: the box, its cells filled
    by blocks included, and the blocks.  Touching cells with one letter are one block, of the
    solid of ``pieces`` that letter names (``X``), else of the one whose shape they have, turned
    (never mirrored); a copy of it must be left."""
    box, lettered = _parse_box(text, True)
    by_letter: dict[str, set[Cell]] = {}
    for cell, ch in lettered.items():
        by_letter.setdefault(ch, set()).add(cell)
    left = {p: n for p, n in pieces}
    blocks: list[Block] = []
    for letter, cells in sorted(by_letter.items()):
        for group in components(cells):
            named = [p for p in left if p.name == letter.upper()]
            key = canonical(group)
            match = [p for p in named or list(left) if canonical(p.shape) == key]
            z, r, c = min(group)
            where = tr("layer {layer}, row {row}, column {col}", layer=z + 1, row=r + 1, col=c + 1)
            if not match:
                what = named[0].name if named else tr("any piece in the set")
                raise ParseError(
                    tr(
                        "{where}: the cells labelled {label!r} are not a shape of {what}",
                        where=where,
                        label=letter,
                        what=what,
                    )
                )
            piece = match[0]
            if left[piece] <= 0:
                raise ParseError(tr("{where}: no copy of {name} is left to place", where=where, name=piece.name))
            left[piece] -= 1
            blocks.append(Block(piece, frozenset(group)))
    return box, tuple(blocks)


def _parse_box(text: str, letters_allowed: bool) -> tuple[Box, dict[Cell, str]]:
    m = _BOX.match(text)
    if m:
        sides = [number(g, "a box side", 1, MAX_BOX_SIDE) for g in m.groups()]
        return Box.full(*sides), {}
    if "\n" not in text.strip() and ("|" in text or "/" in text):
        text = "\n---\n".join(layer.replace("/", "\n") for layer in text.strip().split("|"))
    hold = _HOLD_LINE.search(text)
    hold_text = text[hold.start() :] if hold else ""
    if hold:
        text = text[: hold.start()]
    layers = re.split(r"\n\s*---\s*\n", "\n" + text.strip("\n") + "\n")
    cells: list[Cell] = []
    lettered: dict[Cell, str] = {}
    for z, layer in enumerate(layers):
        for r, row in enumerate(layer.strip("\n").split("\n")):
            for c, ch in enumerate(row.rstrip()):
                if ch == ".":
                    cells.append((z, r, c))
                elif letters_allowed and ch.isascii() and ch.isalpha():
                    cells.append((z, r, c))
                    lettered[(z, r, c)] = ch
                elif ch not in "# ":
                    raise ParseError(
                        tr(
                            "layer {layer}, row {row}: {ch!r} is not allowed: use . for a cell and # for no cell",
                            layer=z + 1,
                            row=r + 1,
                            ch=ch,
                        )
                    )
            if len(cells) > MAX_BOX_CELLS:
                raise ParseError(tr("a box has at most {limit:,} cells", limit=MAX_BOX_CELLS))
    if not cells:
        raise ParseError(tr("the box has no cells"))
    if (
        len(layers) > MAX_BOX_SIDE
        or max(c for _, r, c in cells) >= MAX_BOX_SIDE
        or max(r for _, r, _ in cells) >= MAX_BOX_SIDE
    ):
        raise ParseError(tr("a box side must be between 1 and {limit}", limit=MAX_BOX_SIDE))
    box = frozenset(cells)  # not normalised: empty layers or rows at the start stay holes
    return Box(box, _holds(hold_text, box)), lettered


def _holds(text: str, box: Shape) -> tuple[tuple[str, Shape], ...]:
    """The ``hold NAME`` blocks after a box's layers: each piece's name and the box cells marked
    ``+`` in the layers below it (drawn as the box's are)."""
    holds: dict[str, set[Cell]] = {}
    for block in re.split(r"(?=^\s*hold\s)", text, flags=re.IGNORECASE | re.MULTILINE):
        header = _HOLD_LINE.match(block)
        if not header:
            continue
        name = header.group(1).upper()
        if name in holds:
            raise ParseError(tr("{name} is held twice", name=name))
        region = holds.setdefault(name, set())
        body = block[header.end() :].strip("\n")
        for z, layer in enumerate(re.split(r"\n\s*---\s*\n", "\n" + body + "\n")):
            for r, row in enumerate(layer.strip("\n").split("\n")):
                for c, ch in enumerate(row.rstrip()):
                    if ch == "+":
                        if (z, r, c) not in box:
                            raise ParseError(
                                tr(
                                    "{name}: a held cell must be in the box (layer {layer}, row {row})",
                                    name=name,
                                    layer=z + 1,
                                    row=r + 1,
                                )
                            )
                        region.add((z, r, c))
                    elif ch not in ".# ":
                        raise ParseError(
                            tr("unexpected character {ch!r} (use '+' for a cell the piece may cover)", ch=ch)
                        )
        if not region:
            raise ParseError(tr("{name} is held to no cell: mark its cells with '+'", name=name))
    return tuple((n, frozenset(r)) for n, r in sorted(holds.items()))


def letters(blocks: Iterable[Block]) -> dict[Cell, str]:
    """A letter for each block's cells: the solid's name when it is one letter, else a letter of
    its own (``a``, ``b``, ...), so that neighbouring blocks never look like one."""
    out: dict[Cell, str] = {}
    spare = iter("abcdeghjkmnopqrsuvwxyz0123456789")
    for b in blocks:
        ch = b.piece.name if len(b.piece.name) == 1 else next(spare, "?")
        for cell in b.cells:
            out[cell] = ch
    return out


def filling_text(box: Box, blocks: Iterable[Block]) -> str:
    """The box's layers from the bottom up, separated by ``---`` lines: ``.`` a cell still empty,
    ``#`` no cell, a letter a block's cell (see :func:`letters`)."""
    labels = letters(blocks)
    d, r, c = box.extent
    return "\n---\n".join(
        "\n".join(
            "".join(labels.get((z, y, x), ".") if (z, y, x) in box.cells else "#" for x in range(c)) for y in range(r)
        )
        for z in range(d)
    )
