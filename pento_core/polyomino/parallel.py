"""Counting on every core, or on a cluster: the engine's parts (:meth:`Problem.parts`) shared out.

A count splits into parts that are counted apart and added up (:class:`Tally`).  Here they are
counted by the standard library's process pool (``jobs``) or by a running Dask distributed
cluster (``address``).  Either way:

* **Parts go in runs of neighbours.**  A process keeps one search, and so one memo, for all the
  parts it is given; parts that follow one another in the search's order share most of their
  states, so a run of them costs little more than the largest.  Runs are small enough (about
  eight per process) that a process that drew a hard run does not keep the others waiting long.
* **Results are added as they come**, and ``progress`` is told how many runs are in.
* **Memory is bounded**: each process's memo is sized so that the process stays under its share
  of ``memory_mb`` (see :func:`pento_core.polyomino.memo.memo_room`).
* **A budget holds**: its deadline is passed to every process (as a wall-clock time, the one
  clock processes, and machines, share), and a spent one stops them all.

The page shares a listing out its own way (neither processes nor Dask exist there): the same runs
(:class:`~pento_core.polyomino.cover.Runs`), asked of extra Pyodide workers (web/engine/spread.js).  This
module is for the command line, and imports what it needs only when called.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import pickle
import re
import signal
import socket
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..budget import Budget, BudgetSpent
from .cover import CountResult, Cover, Part, Path, Problem, Solution, Tally
from .memo import memo_room

RUNS_PER_PROCESS = 8  # how many runs of parts each process gets, on average


@dataclass(frozen=True)
class Done:
    """How far a shared-out count is: ``runs`` of ``total`` runs of parts counted, ``count``
    solutions and ``nodes`` visited so far; ``lost``: workers that left the cluster meanwhile
    (their unfinished runs were given to others)."""

    runs: int
    total: int
    count: int
    nodes: int
    seconds: float
    lost: int = 0
    peak_mb: float = 0.0  # the largest peak memory of one worker so far


DoneFn = Callable[[Done], None]


def _status_mb(field: str) -> float | None:
    """A memory figure of this process from Linux's /proc/self/status, in MB (None elsewhere)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:  # pragma: no cover - not Linux
        pass
    return None  # pragma: no cover


def rss_mb() -> float:
    """This process's resident memory now, in MB (where /proc is missing: its peak so far)."""
    now = _status_mb("VmRSS")
    return peak_mb() if now is None else now


def peak_mb() -> float:
    """This process's peak resident memory, in MB.  Linux's VmHWM, which starts afresh with the
    program; getrusage's ru_maxrss does not (it keeps the figure of the process that forked it)."""
    peak = _status_mb("VmHWM")
    if peak is not None:
        return peak
    import resource  # pragma: no cover - not Linux

    most = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # pragma: no cover
    return float(most) / (2**20 if sys.platform == "darwin" else 2**10)  # pragma: no cover


def runs(problem: Cover[Any, Any], processes: int, budget: Budget | None = None) -> list[list[Part]]:
    """The parts of ``problem``'s count for ``processes`` processes, in runs of neighbours (the
    symmetry split keeps ``budget``: :class:`BudgetSpent` when it runs out first)."""
    return problem.runs(processes * RUNS_PER_PROCESS, (budget or Budget()).started())


# -- what a worker process runs ---------------------------------------------------------------------

# One problem and one search per process (per thread, where a Dask worker runs tasks in threads),
# made by _start and kept from run to run: their memo serves every run the process counts.
_local = threading.local()


def _state() -> dict[str, Any]:
    state: dict[str, Any] | None = getattr(_local, "state", None)
    if state is None:
        state = _local.state = {}
    return state


def _start(problem_bytes: bytes, memory_mb: float, deadline: float | None, ignore_interrupt: bool = True) -> None:
    """A pool process's start: the problem, and a search whose memo keeps it under ``memory_mb``."""
    if ignore_interrupt:  # Ctrl-C is the parent's to handle: it stops the pool
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    problem: Cover[Any, Any] = pickle.loads(problem_bytes)
    seconds = None if deadline is None else max(0.0, deadline - time.time())
    state = _state()
    state.clear()
    state.update(
        problem=problem,
        group=problem.symmetry_maps(),
        search=problem.search(Budget(max_seconds=seconds), memo_room(memory_mb, rss_mb())),
    )


def _count_run(run: Sequence[Part]) -> tuple[int, int, int, int, float]:
    """Count a run of parts in this process: (count, classes' numerator, denominator, nodes, this
    process's peak memory in MB).  A spent budget gives nodes -1 (pickled exceptions cross a pool
    less reliably than numbers)."""
    state = _state()
    problem: Cover[Any, Any] = state["problem"]
    tally = Tally()
    try:
        for part in run:
            tally += problem.count_part(part, state["search"], state["group"])
    except BudgetSpent:
        return 0, 0, 1, -1, peak_mb()
    return tally.count, tally.classes.numerator, tally.classes.denominator, tally.nodes, peak_mb()


def count_on_cluster_run(
    problem_bytes: bytes, memory_mb: float, deadline: float | None, run: Sequence[Part]
) -> tuple[int, int, int, int, float]:
    """A Dask task: count ``run`` in the worker that runs it, starting its search there first if
    this is another problem (a worker keeps one problem and its memo, as a pool process does)."""
    if _state().get("bytes") != problem_bytes:
        _start(problem_bytes, memory_mb, deadline, ignore_interrupt=False)
        _state()["bytes"] = problem_bytes
    return _count_run(run)


def _list_run(run: Sequence[Part], distinct: bool, limit: int | None) -> list[Path] | None:
    """The solutions of a run of parts in this process, as paths (at most ``limit``); None when
    the budget is spent."""
    state = _state()
    problem: Cover[Any, Any] = state["problem"]
    found: list[Path] = []
    try:
        for part in run:
            for path in problem.part_paths(part, state["search"], state["group"], distinct):
                found.append(path)
                if limit is not None and len(found) >= limit:
                    return found
    except BudgetSpent:
        return None
    return found


# -- the parent's side -------------------------------------------------------------------------------


class _Adder:
    """Adds up the runs as they come, and tells ``progress``; its time counts from ``start`` (the
    count's own start, so that the split into runs is counted too)."""

    def __init__(self, total: int, progress: DoneFn | None, start: float) -> None:
        self.start = start
        self.tally = Tally()
        self.runs = 0
        self.total = total
        self.progress = progress
        self.lost = 0
        self.peak_mb = 0.0  # the largest peak memory of a worker

    def add(self, result: tuple[int, int, int, int, float]) -> None:
        count, num, den, nodes, peak = result
        self.peak_mb = max(self.peak_mb, peak)
        if nodes < 0:
            raise BudgetSpent
        self.tally += Tally(count, Fraction(num, den), nodes)
        self.runs += 1
        if self.progress is not None:
            done = Done(
                self.runs, self.total, self.tally.count, self.tally.nodes, self.elapsed, self.lost, self.peak_mb
            )
            self.progress(done)

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def result(self, problem: Cover[Any, Any]) -> CountResult:
        return problem.result(self.tally, self.tally.nodes, self.elapsed)

    def unknown(self, problem: Cover[Any, Any]) -> CountResult:
        group = problem.symmetry_maps()
        return CountResult(None, None, False, self.tally.nodes, self.elapsed, len(group), problem.reflections())


def _wall_deadline(budget: Budget | None) -> float | None:
    """The budget's deadline as a wall-clock time (time.monotonic is each process's own)."""
    started = (budget or Budget()).started()
    if started.deadline is None:
        return None
    return time.time() + max(0.0, started.deadline - time.monotonic())


MIN_JOB_MB = 40  # a worker process with the core imported and a small memo


@contextlib.contextmanager
def _pool(problem: Cover[Any, Any], jobs: int, budget: Budget | None, memory_mb: float) -> Iterator[Any]:
    """A pool of ``jobs`` processes, each with ``problem`` and a search sized to its share of
    ``memory_mb`` (what this process uses now set aside); stopped at once when left, whatever the
    reason (done, a spent budget, Ctrl-C).  Raises :class:`ValueError` when a share is too small."""
    import multiprocessing

    share = (memory_mb - rss_mb()) / jobs
    if share < MIN_JOB_MB:
        raise ValueError(f"{memory_mb:g} MB is too little for {jobs} jobs: each needs {MIN_JOB_MB} MB or more")
    # "spawn" starts each process afresh (no copy of this one's memory, nor of its threads' locks)
    ctx = multiprocessing.get_context("spawn")
    pool = ctx.Pool(jobs, initializer=_start, initargs=(pickle.dumps(problem), share, _wall_deadline(budget)))
    try:
        yield pool
    finally:
        pool.terminate()
        pool.join()


def count(
    problem: Cover[Any, Any],
    jobs: int,
    budget: Budget | None = None,
    memory_mb: float = 1000.0,
    progress: DoneFn | None = None,
) -> CountResult:
    """Count ``problem`` with ``jobs`` processes: the same result as :meth:`Problem.count`.
    ``memory_mb`` bounds this process and its workers together."""
    start = time.monotonic()
    try:
        work = runs(problem, jobs, budget)
    except BudgetSpent:  # spent while splitting the search: the time it took is said, not 0
        return _Adder(1, progress, start).unknown(problem)
    adder = _Adder(len(work), progress, start)
    with _pool(problem, jobs, budget, memory_mb) as pool:
        try:
            for result in pool.imap_unordered(_count_run, work):
                adder.add(result)
        except BudgetSpent:
            return adder.unknown(problem)
    return adder.result(problem)


def solutions(
    problem: Problem,
    jobs: int,
    distinct: bool = False,
    budget: Budget | None = None,
    memory_mb: float = 1000.0,
    limit: int | None = None,
) -> Iterator[Solution]:
    """The solutions of ``problem`` listed by ``jobs`` processes, in the order one process lists
    them (every one, or one per symmetry class; at most ``limit``).  Each process hands back a run's
    solutions whole, so a run's worth is held at once.  Raises :class:`BudgetSpent` when the
    budget runs out."""
    work = runs(problem, jobs, budget)
    with _pool(problem, jobs, budget, memory_mb) as pool:
        given = 0
        for found in pool.imap(functools.partial(_list_run, distinct=distinct, limit=limit), work):
            if found is None:
                raise BudgetSpent
            for path in found:
                if limit is not None and given >= limit:
                    return
                yield problem.solution_of(path)
                given += 1


def count_on_cluster(
    problem: Cover[Any, Any],
    address: str,
    budget: Budget | None = None,
    memory_mb: float = 1000.0,
    progress: DoneFn | None = None,
) -> CountResult:
    """Count ``problem`` on the Dask distributed cluster whose scheduler is at ``address``.

    The runs of parts go to the scheduler as tasks; their results are added as they come.  A
    worker that dies takes its unfinished tasks with it and the scheduler gives them to another
    (Dask's own recovery); the progress says how many workers were lost.  ``memory_mb`` bounds each
    worker's search.  Raises :class:`ValueError` when Dask is missing or no scheduler answers.
    """
    # the address and the port are checked first: a mistake there is said without loading Dask (a second)
    host, port = _check_address(address)
    start = time.monotonic()
    deadline = _wall_deadline(budget)
    seconds = None if deadline is None else max(0.1, deadline - time.time())
    _reachable(address, host, port, min(CONNECT_SECONDS, seconds or CONNECT_SECONDS))
    try:
        # Dask's API is untyped: it is held as Any here, the one place it is called
        dask: Any = importlib.import_module("distributed")
    except ImportError:
        raise ValueError("--cluster needs Dask's distributed package: pip install 'pento_core[cluster]'") from None
    try:
        client = dask.Client(address, timeout=min(30.0, seconds or 30.0))
    except (OSError, TimeoutError) as e:
        said = re.sub(r"(\d+\.\d)\d+", r"\1", str(e))  # Dask's "after 2.4296164512634277 s" as 2.4 s
        raise ValueError(f"no Dask scheduler answered at {address}: {said}") from None
    try:
        workers = _workers(client)
        work = runs(problem, max(1, len(workers)))
        adder = _Adder(len(work), progress, start)
        [data] = client.scatter([pickle.dumps(problem)], broadcast=True)
        futures = [client.submit(count_on_cluster_run, data, memory_mb, deadline, run, pure=False) for run in work]
        try:
            for future in dask.as_completed(futures, timeout=seconds):
                now = _workers(client)
                adder.lost += len(workers - now)
                workers = now
                adder.add(future.result())
        except (TimeoutError, BudgetSpent):
            client.cancel(futures)
            return adder.unknown(problem)
        return adder.result(problem)
    finally:
        client.close()


CONNECT_SECONDS = 10.0  # a scheduler's port answers a connection in well under this, even far away


def _reachable(address: str, host: str, port: int, seconds: float) -> None:
    """ValueError at once when nothing listens at the scheduler's address (Dask's client would try
    again and again until its time-out, 30 s, for a port that refuses every connection), or when
    the host does not answer within ``seconds``."""
    try:
        socket.create_connection((host, port), timeout=seconds).close()
    except ConnectionRefusedError:
        raise ValueError(f"no Dask scheduler at {address}: nothing listens on that port (connection refused)") from None
    except TimeoutError:
        raise ValueError(f"no Dask scheduler answered at {address} within {seconds:g} s") from None
    except OSError as e:  # no such host, no route
        raise ValueError(f"no Dask scheduler at {address}: {e.strerror or e}") from None


def _check_address(address: str) -> tuple[str, int]:
    """A scheduler's address as Dask writes it (``tcp://HOST:PORT``, or ``HOST:PORT``), its port 1 to
    65535; ValueError saying what is wrong, before any connection is tried (a port out of range is
    no scheduler that failed to answer)."""
    parts = urllib.parse.urlsplit(address if "://" in address else f"tcp://{address}")
    try:
        port = parts.port
    except ValueError:  # past 65535
        port = None
    if not parts.hostname or not port:
        raise ValueError(f"{address!r} is not a scheduler's address: write it tcp://HOST:PORT, the port 1 to 65535")
    return parts.hostname, port


def _workers(client: Any) -> set[str]:
    """The addresses of the cluster's workers now."""
    return set(client.scheduler_info().get("workers", {}))
