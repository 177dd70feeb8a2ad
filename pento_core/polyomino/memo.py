"""How many positions a search may remember in the memory it is given.

A search remembers the positions it has finished: its memo, a dict from a position's key (an int:
the free cells and the pieces left) to the position's count.  The memo is only a cache: at its
limit it drops its older half (:func:`halve`).  The command line bounds a process's memory
(``--memory``), and :func:`memo_room` turns that bound into :class:`MemoRoom`, the bytes the memo
may take.  How many positions fit there:

* **A sweep** keeps tables beside its memo (its choices by pattern, its last cells' ways), and all
  of them share the room at a flat :data:`ENTRY_BYTES` an entry (:func:`flat_limit`).
* **A search on the fewest options** keeps only its memo, and :func:`plan` works its limit out from
  the size of the search's own keys and the shape of CPython's dict, which the flat rate would
  count twice over (on the Aztec diamond, a limit of 5.0 million positions at the flat rate
  against 11.2 million planned, in the same 1000 MB).

What a dict costs, as CPython 3.11 makes it (``tests/test_memo.py`` holds this against
``sys.getsizeof`` on the Python it runs on): its table has a power of two of slots, an index of
1, 2, 4 or 8 bytes for each (by the table's size) and an entry of 24 bytes (hash, key, value) for
each of the two thirds of the slots it may fill.  Filled, it grows to a table twice the size,
and keeps the old one until its entries have moved.  Each key is an int object of its own
(``sys.getsizeof``); a count is mostly 0 or another small int, which CPython keeps once for all,
and only a count above :data:`SMALL_INT` is an object of its own (:data:`VALUE_BYTES`, which the
search counts as it stores them).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")

# What one entry of a sweep's memo or tables costs, in bytes, counted high: its key (an int of the
# board's bits and the pieces left: 40 bytes on a flat board, up to 72 in a box), its count (mostly
# a small int, shared; else 28 to 36 bytes) and its share of the dict's table (some 20 bytes a
# slot, 1.5 to 3 slots an entry once the table is made again at each halving, 4.5 while it grows
# and the old table is still there: up to 90 bytes).  Measured on the Aztec diamond: 85 an entry
# at the peak.
ENTRY_BYTES = 200
SMALL_INT = 256  # CPython keeps one int object for each of -5 to 256: such a count costs an entry nothing
VALUE_BYTES = 36  # a larger count's own int object, up to 2**90 (28 bytes below 2**30)
ENTRY_SLOT_BYTES = 24  # a dict's entry: the key's hash, the key, the value
SPARE_MB = 2  # for the rest of the search: its stack, the lists of choices


@dataclass(frozen=True)
class MemoRoom:
    """The bytes a search's memo (and the tables beside it) may take: what ``--memory`` leaves
    once the process has started (:func:`memo_room`)."""

    bytes: int


def memo_room(memory_mb: float, in_use_mb: float) -> MemoRoom:
    """The room a search may remember in so that a process using ``in_use_mb`` now stays under
    ``memory_mb`` in all.  Raises :class:`ValueError` when that leaves no room at all."""
    room = (memory_mb - in_use_mb - SPARE_MB) * 2**20
    if room < 2**20:
        raise ValueError(f"{memory_mb:g} MB is too little: {in_use_mb:.0f} MB are in use before the search")
    return MemoRoom(int(room))


def flat_limit(room: MemoRoom) -> int:
    """A sweep's limit: how many entries of its memo and tables, at :data:`ENTRY_BYTES` each."""
    return max(1, room.bytes // ENTRY_BYTES // 2 * 2)


def table_bytes(slots: int) -> int:
    """The bytes of a dict's table of ``slots`` slots (a power of two) whose keys are not str."""
    width = 1 if slots <= 1 << 7 else 2 if slots <= 1 << 15 else 4 if slots <= 1 << 31 else 8
    return slots * width + usable(slots) * ENTRY_SLOT_BYTES


def usable(slots: int) -> int:
    """How many entries a dict's table of ``slots`` slots takes before it grows."""
    return 2 * slots // 3


@dataclass(frozen=True)
class MemoPlan:
    """A memo that keeps at most ``limit`` positions between two looks (and ``slack`` more while
    the search goes on to its next look), in a table that never grows past ``slots`` slots."""

    room: int
    key_bytes: int
    slots: int
    limit: int
    slack: int

    def peak(self, entries: int, large_counts: int = 0) -> int:
        """The most the memo may take, in bytes, before the search looks again, holding
        ``entries`` positions now, ``large_counts`` of them with a count of their own object.
        The largest of: its table full, with its keys and, while it is halved, the list of the
        older half's keys (8 bytes each); its table beside the copy :func:`halve` makes of the
        newer half (a table no larger), with the newer half's keys; and its table while it grows
        from half the size, with the keys that filled that."""
        most = entries + self.slack
        counts = large_counts * VALUE_BYTES
        whole = table_bytes(self.slots)
        full = whole + most * (self.key_bytes + 4)
        halving = 2 * whole + (most - most // 2) * self.key_bytes
        growing = whole + table_bytes(self.slots // 2) + usable(self.slots // 2) * self.key_bytes
        return max(full, halving, growing) + counts


def plan(room: MemoRoom, key_bytes: int, slack: int) -> MemoPlan:
    """The memo that remembers the most positions in ``room``, for keys of at most ``key_bytes``
    bytes, when the search looks at its memo every ``slack`` new positions or fewer: for each
    size of table, as many positions as fit without the table growing past it (the peak grows
    with the positions, so the most that fit are found by halving the interval)."""
    best = MemoPlan(room.bytes, key_bytes, 8, 1, slack)
    slots = 16
    while table_bytes(slots) < room.bytes:
        low, high = best.limit, usable(slots) - slack  # the table never grows past `slots`
        while low < high:
            mid = (low + high + 1) // 2
            if MemoPlan(room.bytes, key_bytes, slots, mid, slack).peak(mid) <= room.bytes:
                low = mid
            else:
                high = mid - 1
        if low > best.limit:
            best = MemoPlan(room.bytes, key_bytes, slots, low, slack)
        slots *= 2
    return best


def halve(table: dict[K, V]) -> None:
    """Drop the older half of ``table`` (a dict keeps insertion order: those finished longest ago,
    which the search has moved on from), then make it again, in the same order, in a new table: the
    size the newer half needs, and never larger than the one it had.  A dict never gives back room
    on its own: its deleted slots count as used until it grows, and a memo filled again to its limit
    after the deletions would grow its table to twice the size (on the Aztec diamond, a memo of 2
    million entries had a table of 160 MB where 80 MB hold them)."""
    for key in list(itertools.islice(table, len(table) // 2)):
        del table[key]
    kept = table.copy()
    table.clear()
    table.update(kept)
