"""Issue 30: counts split into parts that other processes (or machines) count, and a memo with a
memory bound.  Every figure here is compared with one job's, or with a published count."""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from support.checker import classes_by_motion
from support.clirun import ROOT, pento_process

from pento_core.budget import Budget
from pento_core.polyomino import parallel
from pento_core.polyomino.board import parse_board
from pento_core.polyomino.cover import Problem, Runs, Tally
from pento_core.polyomino.memo import memo_room
from pento_core.polyomino.pieces import PieceSet, parse_piece_names

MIRROR_CLOSED = "FF'ILL'NN'PP'TUVWXYY'ZZ'"
NO_SYMMETRY = ".....##\n......#\n......#\n......#\n......."  # 30 cells, no motion maps it onto itself
MIDDLE = "........\n........\n........\n...##...\n...##...\n........\n........\n........"


def problem(board: str, pieces: str = "FILNPTUVWXYZ", one_sided: bool = False, unused: bool = False) -> Problem:
    return Problem(parse_board(board), parse_piece_names(pieces, one_sided), allow_unused=unused)


# Each kind of part: no symmetry (a board file with a notch), a piece fixed with a trivial or a
# non-trivial stabiliser (the square with a hole in the middle), mirror pairs swapped by a
# reflection (one-sided, mirror-closed), pieces left over, and no piece to fix (dominoes).
CASES = {
    "3x20": lambda: problem("3x20"),
    "no symmetry": lambda: Problem(parse_board(NO_SYMMETRY), PieceSet.pentominoes(), allow_unused=True),
    "8x8 less the middle": lambda: problem(MIDDLE),
    "one-sided 3x30": lambda: problem("3x30", MIRROR_CLOSED, one_sided=True),
    "5x5, pieces left over": lambda: problem("5x5", unused=True),
    "dominoes 4x6": lambda: problem("4x6", "I2," * 11 + "I2"),
}


@pytest.mark.parametrize("name", ["3x20", "no symmetry", "one-sided 3x30", "5x5, pieces left over", "dominoes 4x6"])
def test_parts_counted_apart_add_up_to_the_count(name: str) -> None:
    """However finely the count is split, its parts, each counted with a search of its own (no
    memo shared, as in another process), add up to one search's count and classes."""
    p = CASES[name]()
    whole = p.count()
    group = p.symmetry_maps()
    finest = len(p.parts(at_least=10**6))  # as many parts as the split can make
    for at_least in (1, 7, 60):
        parts = p.parts(at_least=at_least)
        assert len(parts) >= min(at_least, finest)
        tally = Tally()
        for part in parts:
            tally += p.count_part(part, p.search(), group)
        assert (tally.count, tally.classes) == (whole.count, Fraction(whole.distinct or 0)), at_least


def test_two_jobs_count_what_one_does() -> None:
    """The process pool (two jobs) against one job, on boards of every kind of part."""
    for name in ("no symmetry", "one-sided 3x30", "dominoes 4x6", "5x5, pieces left over"):
        p = CASES[name]()
        one = p.count()
        two = parallel.count(p, 2)
        assert (two.count, two.distinct, two.complete) == (one.count, one.distinct, True), name


def test_two_jobs_list_what_one_does_in_the_same_order() -> None:
    for name, distinct in (("3x20", False), ("one-sided 3x30", True), ("dominoes 4x6", False)):
        p = CASES[name]()
        one = list(p.solutions(distinct=distinct))
        two = list(parallel.solutions(p, 2, distinct=distinct))
        assert two == one, name


def test_two_jobs_list_one_tiling_a_class_where_no_piece_is_fixed() -> None:
    """With no piece to fix, one job lists the first tiling it meets of each class (and remembers
    the class); parts counted apart share no memory, so each lists its classes' least tilings: other
    tilings, the same classes, each once (grouped by tests/support/checker.py's own motions)."""
    p = CASES["dominoes 4x6"]()
    one = list(p.solutions(distinct=True))
    two = list(parallel.solutions(p, 2, distinct=True))
    domino = next(iter(p.pieces))[0]
    pieces = {"I2": (domino.shape, 12)}
    as_sets = [frozenset(("I2", pl.cells) for pl in t) for t in two]
    assert len(two) == len(one) == p.count().distinct
    assert classes_by_motion(as_sets, p.board.cells, pieces, one_sided=False) == len(two)


def test_runs_listed_in_any_order_by_one_search_list_what_the_whole_does() -> None:
    """The page's engines share a listing out as runs (cover.Runs): each asks for runs one at a time,
    in whatever order the queue hands them out, keeping one search.  The runs, put back in their
    order, list what one search lists, in its order; with no piece to fix, one tiling a class."""
    for name, distinct in (("3x20", False), ("one-sided 3x30", True), ("5x5, pieces left over", True)):
        p = CASES[name]()
        runs = Runs(p, 7)
        got = {k: list(runs.paths(k, distinct, None, None, 0.25)) for k in (6, 0, 3, 1, 5, 2, 4)}
        assert [p.solution_of(path) for k in range(7) for path in got[k]] == list(p.solutions(distinct)), name
    p = CASES["dominoes 4x6"]()
    runs = Runs(p, 5)
    listed = [p.solution_of(path) for k in (4, 2, 0, 1, 3) for path in runs.paths(k, True, None, None, 0.25)]
    domino = next(iter(p.pieces))[0]
    as_sets = [frozenset(("I2", pl.cells) for pl in t) for t in listed]
    assert len(listed) == p.count().distinct
    assert classes_by_motion(as_sets, p.board.cells, {"I2": (domino.shape, 12)}, one_sided=False) == len(listed)


def test_the_command_line_with_two_jobs() -> None:
    """`count --jobs 2` prints what one job prints, with progress on standard error; `solve --jobs
    2` prints the same tilings; `--jobs 0` takes every core."""
    args = ["count", "3x30", "--one-sided", "--distinct", "--pieces", MIRROR_CLOSED]
    one = pento_process(*args)
    two = pento_process(*args, "--jobs", "2")
    assert one.returncode == two.returncode == 0, two.stderr
    assert one.stdout.splitlines()[-2:] == two.stdout.splitlines()[-2:] == ["count: 184", "distinct: 46"]
    assert re.search(r"^progress: (\d+)/\1 parts, 184 tilings", two.stderr, re.M)
    assert re.search(r"^peak memory: \d+ MB, each job \d+ MB$", two.stdout, re.M)
    every = pento_process("solve", "3x20", "--jobs", "0")
    assert every.returncode == 0 and every.stdout == pento_process("solve", "3x20").stdout
    assert every.stdout.count("\n\n") == 7  # eight tilings


def test_a_spent_budget_stops_every_job() -> None:
    p = CASES["one-sided 3x30"]()
    spent = Budget(max_seconds=0.0).started()  # a deadline already past
    result = parallel.count(p, 2, budget=spent)
    assert not result.complete and result.count is None
    with pytest.raises(parallel.BudgetSpent):
        list(parallel.solutions(p, 2, budget=spent))


def test_too_little_memory_for_the_jobs_is_one_line() -> None:
    r = pento_process("count", "6x10", "--jobs", "8", "--memory", "100")
    assert r.returncode == 2
    assert r.stderr.strip() == "error: 100 MB is too little for 8 jobs: each needs 40 MB or more"
    r = pento_process("count", "6x10", "--memory", "5")
    assert r.returncode == 2 and r.stderr.startswith("error: 5 MB is too little:")


def test_a_small_memo_forgets_and_still_counts_right() -> None:
    """Past its limit the memo drops its older half: the count is the same, the search longer.  (The
    count weighs some 150,000 entries, memo and tables; a limit of 30,000 drops half some 40 times.)"""
    p = CASES["8x8 less the middle"]()
    full = p.count()
    small = p.count(memo_limit=30_000)
    assert (small.count, small.distinct) == (full.count, full.distinct) == (520, 65)
    assert small.nodes > full.nodes


def test_a_memo_kept_at_its_limit_takes_no_more_room_than_a_new_one() -> None:
    """Filled to its limit and halved again and again, as a long count's memo is, the memo never
    takes more room than a new dict of that many entries, and keeps the newer half in its order.
    (A dict counts its deleted entries as used until it grows: not made again, the memo's table
    doubled after a few halvings, while the room that ``--memory`` sets aside counts one table.)"""
    limit = 30_000
    s = problem("3x20").search(memo_limit=limit)
    new: dict[int, int] = {}
    for k in range(limit):
        new[k << 80] = 0  # keys such as the memo's: ints of a board's bits
    key = 0
    for _ in range(8):
        while len(s.memo) < limit:
            s.memo[key << 80] = 0
            key += 1
        assert sys.getsizeof(s.memo) <= sys.getsizeof(new)
        s.evict()
        assert list(s.memo) == [k << 80 for k in range(key - limit // 2, key)]


def test_memory_stays_under_the_bound(tmp_path: Path) -> None:
    """Counting the 8x8 less its middle remembers some 100,000 positions: about 12 MB more than the
    command line needs to start.  Bounded at 6 MB over what it needs to start, the count stays
    under the bound and is the same (the figure is the process's own peak resident memory, as the
    kernel reports it)."""
    board = str(tmp_path / "middle.txt")
    Path(board).write_text(MIDDLE + "\n")

    def peak(r: subprocess.CompletedProcess[str]) -> float:
        return float(re.search(r"^peak memory: (\d+) MB", r.stdout, re.M).group(1))  # type: ignore[union-attr]

    start = peak(pento_process("count", "1x5", "--pieces", "I"))
    bound = int(start) + 6
    free = pento_process("count", board, "--distinct")
    bounded = pento_process("count", board, "--distinct", "--memory", str(bound))
    assert free.stdout.splitlines()[-2:] == bounded.stdout.splitlines()[-2:] == ["count: 520", "distinct: 65"]
    assert peak(free) > bound >= peak(bounded), (start, peak(free), peak(bounded))


def test_the_memo_room_follows_the_bound() -> None:
    assert memo_room(1000, 30).bytes > 5 * memo_room(200, 30).bytes > 0
    with pytest.raises(ValueError, match="too little"):
        memo_room(30, 30)


def test_a_local_dask_cluster_counts_what_one_job_does_even_when_a_worker_dies() -> None:
    """A real Dask cluster on this machine (a scheduler and two worker processes, each restarted
    by its nanny when killed): `count --cluster ADDRESS` gives one job's count.  Mid-run, after the
    first runs of parts came back, one worker process is killed (SIGKILL): its unfinished runs are
    sent to the other, and the count is still the same."""
    import os
    import signal
    import sys
    import threading

    from distributed import Client, LocalCluster

    args = ["count", "5x12", "--distinct", "--cluster"]
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        client.run(sys.path.insert, 0, str(ROOT))  # the workers import pento_core from this checkout
        pids = list(client.run(os.getpid).values())
        proc = subprocess.Popen(
            [sys.executable, "-m", "pento_core", *args, cluster.scheduler_address],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert proc.stderr is not None
        lines: list[str] = []

        def read_progress() -> None:
            assert proc.stderr is not None
            for line in proc.stderr:
                lines.append(line)
                if len(lines) == 2:  # runs are coming back: kill a worker while others are under way
                    os.kill(pids[0], signal.SIGKILL)

        reader = threading.Thread(target=read_progress)
        reader.start()
        out = proc.stdout.read() if proc.stdout else ""
        proc.wait(timeout=300)
        reader.join()
    assert proc.returncode == 0, "".join(lines)
    assert out.splitlines()[-2:] == ["count: 4040", "distinct: 1010"]  # 5x12: 1010 (Table 2.1)
    assert len(lines) >= 3 and lines[-1].startswith("progress: ")
    total = re.match(r"progress: (\d+)/(\d+) parts", lines[-1])
    assert total and total.group(1) == total.group(2)
    assert any("1 workers lost" in line for line in lines[2:]), "".join(lines)
