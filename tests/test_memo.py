"""The memo's room (pento_core/polyomino/memo.py): what CPython's dict costs, as the plan counts it,
held against ``sys.getsizeof``; a plan that fits its room; and a search on the fewest options that
remembers more than the flat rate allowed and still stays under ``--memory``."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from support.clirun import pento_process

from pento_core.polyomino.board import parse_board
from pento_core.polyomino.cover import Problem
from pento_core.polyomino.memo import (
    ENTRY_BYTES,
    MemoPlan,
    MemoRoom,
    flat_limit,
    halve,
    memo_room,
    plan,
    table_bytes,
    usable,
)
from pento_core.polyomino.pieces import PieceSet


def test_a_dicts_table_is_what_the_plan_counts() -> None:
    """Filled to the last entry its table takes, a dict of int keys (as the memo's) weighs its
    header and :func:`table_bytes`; one entry more and its table is twice the size."""
    header = None
    for log in range(3, 19):
        slots = 1 << log
        d: dict[int, int] = {}
        for k in range(usable(slots)):
            d[k << 80] = 0
        here = sys.getsizeof(d) - table_bytes(slots)
        header = here if header is None else header
        assert here == header, (slots, here, header)
        d[-1] = 0
        assert sys.getsizeof(d) - table_bytes(2 * slots) == header, slots


def test_a_halved_memo_is_made_again_in_no_larger_a_table() -> None:
    """The plan's other assumptions: halving a memo full to its table's last entry makes a copy of
    the newer half no larger than the table, and the memo made again from it grows back to that
    table and no further."""
    slots = 1 << 16
    d = {k << 80: 0 for k in range(usable(slots))}
    full = sys.getsizeof(d)
    halve(d)
    assert sys.getsizeof(d) <= full
    assert sys.getsizeof(d.copy()) <= full
    for k in range(len(d), usable(slots)):
        d[(k + slots) << 80] = 0
    assert sys.getsizeof(d) == full


@pytest.mark.parametrize("mb", [2, 10, 100, 1000, 4000])
def test_a_plan_fits_its_room_and_its_table(mb: int) -> None:
    room = MemoRoom(mb * 2**20)
    p = plan(room, key_bytes=48, slack=2100)
    assert p.peak(p.limit) <= room.bytes
    assert p.limit + p.slack <= usable(p.slots)  # the table never grows past the plan's
    # the most that fit: one more position is past the room or past the table, in this table or
    # in one twice its size
    for slots in (p.slots, 2 * p.slots):
        more = MemoPlan(room.bytes, 48, slots, p.limit + 1, p.slack)
        assert more.peak(more.limit) > room.bytes or more.limit + more.slack > usable(slots), slots
    # more than the flat rate holds (by how much depends on where the room falls between two sizes
    # of table: 1.4 to 2.2 times here)
    assert p.limit > 1.3 * flat_limit(room), (p.limit, flat_limit(room), ENTRY_BYTES)


def test_a_large_count_weighs_its_own_int() -> None:
    """Counts above 256 are int objects of their own: a memo whose counts are large is bounded sooner."""
    p = plan(MemoRoom(100 * 2**20), 48, 2100)
    assert p.peak(p.limit, large_counts=p.limit) > p.peak(p.limit) + 30 * p.limit


def test_a_search_on_the_fewest_options_plans_its_memo_and_a_sweep_does_not() -> None:
    room = memo_room(200, 40)
    fewest = Problem(parse_board("6x10"), PieceSet.pentominoes(), fewest=True).search(memo_limit=room)
    sweep = Problem(parse_board("6x10"), PieceSet.pentominoes()).search(memo_limit=room)
    assert fewest.plan is not None and fewest.memo_limit == fewest.plan.limit > 1.5 * sweep.memo_limit
    assert sweep.plan is None and sweep.memo_limit == flat_limit(room)


def test_a_count_on_the_fewest_options_stays_under_the_bound() -> None:
    """5 x 12 on the fewest options remembers some 20 MB of positions over what the command line
    uses before the search (which ``--memory 1`` reports).  Bounded at 10 MB over that, it forgets
    (it takes more nodes), the count is the same, and the process's peak resident memory, as the
    kernel reports it, stays under the bound."""

    def figure(r: subprocess.CompletedProcess[str], name: str) -> float:
        return float(re.search(rf"^{name}: (\d+)", r.stdout, re.M).group(1))  # type: ignore[union-attr]

    too_little = pento_process("count", "5x12", "--search", "fewest", "--memory", "1")
    in_use = re.fullmatch(r"error: 1 MB is too little: (\d+) MB are in use before the search\n", too_little.stderr)
    assert in_use, too_little.stderr
    bound = int(in_use.group(1)) + 10
    free = pento_process("count", "5x12", "--search", "fewest")
    bounded = pento_process("count", "5x12", "--search", "fewest", "--memory", str(bound))
    assert figure(free, "count") == figure(bounded, "count") == 4040
    assert figure(bounded, "nodes") > figure(free, "nodes")
    assert figure(free, "peak memory") > bound >= figure(bounded, "peak memory"), (bound, free.stdout, bounded.stdout)
