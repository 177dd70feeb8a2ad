"""Boxes to fill with solids, the blocks put in them, and their text format.

Text format: the layers from the bottom up, separated by a line ``---``; each layer is rows of

* ``.`` a cell to fill;
* ``#`` or a space: not part of the box (a hole, or outside its outline);

and in a filling (what ``solve`` prints, :func:`filling_text`) a letter, the same for the cells of
one block.  A box on the command line is ``LxRxC`` (L layers of R rows of C columns, all cells) or
the path of such a file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from ..errors import ParseError
from ..i18n import tr
from ..limits import number
from .geometry import Cell, Shape, normalize, size
from .pieces import Solid

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


def parse_box(text: str) -> Box:
    """A box from ``LxRxC``, from its file text (layers separated by ``---`` lines) or from its
    one-line :meth:`Box.spec` (layers separated by ``|``, rows by ``/``)."""
    m = _BOX.match(text)
    if m:
        sides = [number(g, "a box side", 1, MAX_BOX_SIDE) for g in m.groups()]
        return Box.full(*sides)
    if "\n" not in text.strip() and ("|" in text or "/" in text):
        text = "\n---\n".join(layer.replace("/", "\n") for layer in text.strip().split("|"))
    layers = re.split(r"\n\s*---\s*\n", "\n" + text.strip("\n") + "\n")
    cells: list[Cell] = []
    for z, layer in enumerate(layers):
        for r, row in enumerate(layer.strip("\n").split("\n")):
            for c, ch in enumerate(row.rstrip()):
                if ch == ".":
                    cells.append((z, r, c))
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
    return Box(frozenset(cells))  # not normalised: empty layers or rows at the start stay holes


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
