"""A player who finishes a tangram figure with the keyboard alone (issue 25): number keys choose a
tan, Enter puts it on the table, R and F turn it, arrows move it.  The player knows the stored
solution and looks where each key leaves the tan; the game is the core's, so the same keys finish
the figure in the page.  Used by the core's test and the browser's."""

from __future__ import annotations

from collections.abc import Iterator

from pento_core.games.tangram import TangramGame, TanState, _target, in_set_order
from pento_core.tangram.arrangement import Placed
from pento_core.tangram.geometry import Point, Polygon
from pento_core.tangram.table import marks

# the number written on each tan of the set (SET's order: small, small, medium, large, large, square, parallelogram)
NUMBER_KEY = {3: "1", 4: "2", 2: "3", 0: "4", 1: "5", 5: "6", 6: "7"}


def _form(poly: Polygon) -> frozenset[Point]:
    low = min(poly)
    return frozenset((p[0] - low[0], p[1] - low[1]) for p in poly)


class KeyboardPlayer:
    """``keys(state)`` gives the next key for the position ``state`` (None when the figure is made)."""

    def __init__(self, desc: str) -> None:
        self.game = TangramGame()
        self.desc = desc
        self.target = _target(desc)
        self.slots = dict(in_set_order(list(self.target.solution)))
        self.tan: int | None = None  # the tan being moved
        self.made = False

    def _ready(self, st: TanState) -> int:
        """A tan of the tray whose place has a corner on a mark already there (else no key reaches it)."""
        sil = self.target.silhouette
        assert sil is not None
        spots = set(marks([t.polygon() for t in st.tans if t is not None] + [sil.outline, *sil.holes]))
        for i, slot in self.slots.items():
            if st.tans[i] is None and any(p in spots for p in slot.polygon()):
                return i
        raise AssertionError(f"{self.desc}: no tan of the tray can be reached by keys")

    def next_key(self, state: str) -> str | None:
        st = self.game.start(self.desc, state)
        if all(self._placed(st.tans[i], i) for i in self.slots):
            return None
        if self.tan is None or self._placed(st.tans[self.tan], self.tan):
            self.tan = self._ready(st)
            return NUMBER_KEY[self.tan]
        tan = st.tans[self.tan]
        if tan is None:
            return "Enter"
        slot = self.slots[self.tan]
        if _form(tan.polygon()) != _form(slot.polygon()):
            return "f" if tan.code == "P" and tan.turn == 7 else "r"  # all turns, then the other side
        a, b = min(tan.polygon()), min(slot.polygon())
        dx, dy = b[0] - a[0], b[1] - a[1]
        if dx.sign():
            return "ArrowRight" if dx.sign() > 0 else "ArrowLeft"
        return "ArrowUp" if dy.sign() > 0 else "ArrowDown"

    def _placed(self, tan: Placed | None, i: int) -> bool:
        return tan is not None and frozenset(tan.polygon()) == frozenset(self.slots[i].polygon())

    def play_through(self, limit: int = 400) -> Iterator[tuple[str, str]]:
        """The keys and the moves they send, played in the core alone (what the page sends for each key:
        a number key and Escape send nothing)."""
        st = self.game.start(self.desc)
        x0, y0, x1, y1 = self.target.table
        for _ in range(limit):
            key = self.next_key(self.game.write_state(st))
            if key is None:
                self.made = self.game.view(st)["complete"]  # the outline check's word, not the player's
                return
            assert self.tan is not None
            i = self.tan
            move = {
                "Enter": f"drop {i} {(x0 + x1) / 2:.4f} {(y0 + y1) / 2:.4f}",
                "r": f"turn {i} +1",
                "f": f"flip {i}",
                "ArrowRight": f"step {i} right",
                "ArrowLeft": f"step {i} left",
                "ArrowUp": f"step {i} up",
                "ArrowDown": f"step {i} down",
            }.get(key, "")
            if move:
                st = self.game.apply(st, move)
            yield key, move
        raise AssertionError(f"{self.desc}: not made in {limit} keys")
