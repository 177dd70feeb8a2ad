"""The command line: ``python -m pento_core COMMAND ...``.

Commands (docs/formats.md describes the formats they read and write):

* ``count BOARD [--pieces P] [--one-sided] [--allow-unused] [--distinct [rotations]] [--wrap cylinder|torus]``
  prints ``count: N`` last (with ``--distinct``, ``distinct: M`` last).
* ``solve BOARD [--pieces P] [--limit N] [--one-sided] [--allow-unused] [--distinct]``
  prints solutions as letter grids in the board text format, separated by
  blank lines.
* ``count LxRxC [--pieces planar-pentacubes | pentacubes | NAMES] [--allow-unused] [--distinct]
  [--timeout S]`` and ``solve LxRxC ...`` do the same for a box of cubes (or a box file: layers of
  ``.``/``#`` rows separated by a line ``---``); ``solve`` prints each filling layer by layer, the
  bottom layer first, a blank line between layers and two between fillings.
* ``freeform --version V --n N --count K --seed S [--max-perimeter P]``
  builds K free-form boards of N joined pentominoes with the thesis's
  construction version V and prints the perimeter histogram and mean beside
  the thesis's figures.  ``freeform --band LO-HI --n N --seed S`` prints one
  board built directly in a perimeter band.
* ``twenty --seed S`` / ``thirty --seed S`` print a Game of 20 / 30 board
  and its coverings, one letter grid per covering.
* ``pegs solve BOARD [--finish R,C] [--timeout S]`` decides a peg solitaire
  board: with a solution, one jump per line ``R,C-R,C`` and then
  ``solvable: yes`` (exit 0); ``solvable: no: REASON`` (exit 1);
  ``solvable: unknown`` when the budget is spent (exit 3).
* ``gandagalo generate RxC --level easy|hard|expert [--seed S]`` prints a
  GandaGalo board (board text format) with exactly one solution and nothing
  else; ``gandagalo solve FILE`` prints the solution grid when there is exactly
  one and then ``solutions: 0``, ``solutions: 1`` or ``solutions: 2+``;
  ``gandagalo grade FILE`` prints ``level: easy|hard|expert|none``.  All exit 0;
  FILE ``-`` is standard input.  Each takes ``--timeout S``: spent, ``generate`` says
  ``stopped: ...`` on stderr, ``solve`` prints ``solutions: unknown``, ``grade``
  ``level: unknown``, exit 3.
* ``tangram check TARGET PIECES [--mirror] [--timeout S]`` prints ``progress: N%`` and then
  ``verdict: solved`` (exit 0) or ``verdict: not solved: REASON`` (exit 1);
  a spent ``--timeout`` prints ``progress: unknown`` and ``verdict: unknown`` (exit 3).
* ``tangram generate [--seed N] [--level easy|medium|hard] [--holes]`` prints a new silhouette in
  the format ``tangram check`` reads as TARGET, a line ``---``, then the seven tans placed on it in
  the format it reads as PIECES (exit 0): ``tangram check`` accepts its own output.  The same seed
  and level give the same figure; without ``--seed`` one is drawn.
* ``lastfit solve FILE [--timeout S]`` decides a two-player Last Fit position
  (board text, a piece's letter on its cells): for a win, the position after
  a winning move and then ``value: win``; ``value: loss``; both exit 0.  A
  spent budget prints ``value: unknown``, exit 3.
* ``daily GAME [--date YYYY-MM-DD] [--base URL]`` prints the link to GAME's puzzle of the day
  (today in UTC by default): ``#daily:DATE:GAME:DESC``, after URL when given, and nothing else.
  A game with no puzzle of the day, or a date that is not one, is bad input.
* ``link``, ``assignment make`` and ``assignment results``, for teachers who script: links to
  puzzles, assignments of them, and the ranking of the codes handed in (:mod:`.cli_teaching`).

Bad input (a malformed file, an unknown piece, an impossible problem) gives
one line on stderr and exit status 2.  A spent ``--timeout`` gives exit 3.
Ctrl-C prints ``stopped: interrupted`` and exits 130, with no traceback.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import stat
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from . import cli_teaching
from .budget import Budget, BudgetSpent, Outcome
from .errors import PentoError
from .gandagalo import board as gg_board
from .gandagalo import generator as gg_generator
from .gandagalo import solver as gg_solver
from .i18n import N_, tr
from .limits import MAX_TEXT, number, within
from .pegs import board as pegs_board
from .pegs import solver as pegs_solver
from .pegs.board import PegBoard
from .polycube.box import filling_text, is_box_spec, parse_box_position
from .polycube.pieces import SolidSet, parse_solids, parse_solids_text
from .polycube.problem import BoxProblem
from .polyomino import freeform, lastfit, parallel, partition
from .polyomino.board import WRAPS, Board, Placement, Position, parse_board, parse_position
from .polyomino.cover import CountResult, Cover, Problem
from .polyomino.geometry import bounds
from .polyomino.memo import MemoRoom, memo_room
from .polyomino.pieces import PieceSet, parse_piece_names, parse_pieces_text
from .tangram import generator as tangram_generator
from .tangram import geometry as tangram_geometry
from .tangram import outline as tangram_outline

EXIT_BAD_INPUT = 2
EXIT_BUDGET = 3
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report a command stopped by SIGINT


class _Parser(argparse.ArgumentParser):
    # help worked out only when it is shown (the list of games imports every game: a tenth of a
    # second that every other command would pay at start)
    late_epilog: Callable[[], str] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # What argparse reads as a value, not an option, though it starts with "-": besides its own
        # negative numbers, anything a board, a size or a hole is written with (-3x4, -1,-1), so
        # that the user's words reach the check that says what is wrong with them (no option of
        # ours starts with a digit).
        self._negative_number_matcher = re.compile(r"^-[0-9][-0-9x.,]*$")

    def format_help(self) -> str:
        if self.late_epilog is not None:
            self.epilog = self.late_epilog()
        return super().format_help()

    def error(self, message: str) -> None:  # type: ignore[override]
        # one line, as for every other bad input (scripts read the last line of stderr)
        short = message if len(message) <= 200 else message[:200] + "..."
        raise SystemExit(_fail(f"{short} (see {self.prog} --help)"))


def _pieces_named(text: str) -> str:
    """``--pieces``'s value, which may not be blank (``--pieces ''`` chose nothing: it is not the default)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(tr("no piece named: name them, e.g. --pieces FILN"))
    return text


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def read_text(path: str) -> str:
    """A text file's contents (``-``: standard input): UTF-8, at most MAX_TEXT characters (so
    /dev/zero or a huge file is refused after reading just past the limit, never read to the end)."""
    cap = 4 * MAX_TEXT + 4
    name = "standard input" if path == "-" else path
    if path == "-":
        data = sys.stdin.buffer.read(cap)
    else:
        if stat.S_ISFIFO(os.stat(path).st_mode):
            # opening a pipe waits for a writer, and reading it may never end: --timeout could not stop either
            raise PentoError(tr("{name} is a pipe, not a file: give it as standard input (-)", name=name))
        with open(path, "rb") as f:
            data = f.read(cap)
    if len(data) == cap:  # what was read is not the file's size: say only that it is more than allowed
        raise PentoError(tr("{name} is too long: more than {limit:,} characters", name=name, limit=MAX_TEXT))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise PentoError(
            tr("{name} is not UTF-8 text (byte {value} cannot be read)", name=name, value=e.start + 1)
        ) from None
    return within(text, name, MAX_TEXT)


def read_board(spec: str) -> Board:
    """``RxC`` or the path of a board file."""
    if re.fullmatch(r"\s*[0-9]+\s*[xX]\s*[0-9]+\s*", spec):
        return parse_board(spec)
    if os.path.isfile(spec) or os.path.exists(spec):
        return parse_board(read_text(spec))
    raise PentoError(tr("board {value!r} is neither RxC (e.g. 6x10) nor an existing file", value=spec[:40]))


def read_pieces(spec: str, one_sided: bool) -> PieceSet:
    """Pentomino letters, ``I4,T4`` names, or the path of a pieces file."""
    if os.path.exists(spec):
        return parse_pieces_text(read_text(spec), one_sided)
    return parse_piece_names(spec, one_sided)


def read_solids(spec: str) -> SolidSet:
    """A box's pieces: ``planar-pentacubes``, ``pentacubes``, names, or the path of a pieces file
    for boxes (layers separated by a line ``-``)."""
    if os.path.exists(spec):
        return parse_solids_text(read_text(spec))
    return parse_solids(spec)


def read_box(spec: str) -> str | None:
    """The box ``spec`` names, as text (``LxRxC``, or a box file's: layers separated by ``---``
    lines), or None when it names a flat board."""
    if is_box_spec(spec):
        return spec
    if re.fullmatch(r"\s*[0-9]+\s*[xX]\s*[0-9]+\s*", spec) or not os.path.exists(spec):
        return None
    text = read_text(spec)
    return text if re.search(r"^\s*---\s*$", text, re.MULTILINE) else None


def _box_problem(box_text: str, args: argparse.Namespace) -> BoxProblem:
    """The box, its blocks already in place and its holds (a box file's), and the pieces."""
    if args.one_sided:
        raise PentoError(tr("--one-sided is for flat boards: a piece in a box is never turned into its mirror image"))
    if args.run is cmd_solve and args.jobs != 1:
        raise PentoError(tr("--jobs lists flat boards' tilings only: list a box's fillings with one job"))
    if args.wrap:
        raise PentoError(tr("--wrap is for flat boards: a box's sides are never joined"))
    pieces = read_solids(args.pieces or "planar-pentacubes")
    box, placed = parse_box_position(box_text, pieces)
    fewest = None if args.search is None else args.search == "fewest"
    return BoxProblem(
        box, pieces, allow_unused=args.allow_unused, placed=placed, mirrors=args.distinct != "rotations", fewest=fewest
    )


def _problem(args: argparse.Namespace) -> Problem:
    board = read_board(args.board)
    if args.wrap:
        board = board.wrapped(args.wrap)
    pieces = read_pieces(args.pieces or "FILNPTUVWXYZ", args.one_sided)
    mirrors = args.distinct != "rotations"
    return Problem(board, pieces, allow_unused=args.allow_unused, mirrors=mirrors, fewest=args.search == "fewest")


def _budget(args: argparse.Namespace) -> Budget | None:
    """The command's --timeout, counted from when the command began (:func:`main` starts it): the
    work before the search (reading the board, building its placements) spends it too."""
    budget: Budget | None = getattr(args, "budget", None)
    return budget


def _seconds(text: str) -> float:
    """``--timeout``: a number of seconds above 0 (not 0, not nan, not inf)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(tr("{value!r} is not a number of seconds", value=text[:20])) from None
    if not (math.isfinite(value) and 0 < value <= 10**9):
        raise argparse.ArgumentTypeError(tr("--timeout takes a number of seconds above 0"))
    return value


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            return number(text, N_("the value"), low, high)
        except PentoError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    return parse


def _jobs(args: argparse.Namespace) -> int:
    return args.jobs or os.cpu_count() or 1


def _memo_room(args: argparse.Namespace) -> MemoRoom:
    """The room for a search's memo in this process, from --memory."""
    try:
        return memo_room(args.memory, parallel.rss_mb())
    except ValueError as e:
        raise PentoError(str(e)) from None


class _Progress:
    """A shared-out count's progress on standard error, a line for each run of parts counted; it
    keeps the last figures (the jobs' peak memory)."""

    def __init__(self) -> None:
        self.last: parallel.Done | None = None

    def __call__(self, done: parallel.Done) -> None:
        self.last = done
        lost = f", {done.lost} workers lost (their parts sent again)" if done.lost else ""
        print(
            f"progress: {done.runs}/{done.total} parts, {done.count} tilings, {done.seconds:.1f} s{lost}",
            file=sys.stderr,
            flush=True,
        )


def cmd_count(args: argparse.Namespace) -> int:
    box = read_box(args.board)
    problem: Cover[Any, Any] = _problem(args) if box is None else _box_problem(box, args)
    jobs = _jobs(args)
    progress = _Progress()
    try:
        if args.cluster:
            result = parallel.count_on_cluster(problem, args.cluster, _budget(args), args.memory, progress)
        elif jobs > 1:
            result = parallel.count(problem, jobs, _budget(args), args.memory, progress)
        else:
            result = problem.count(budget=_budget(args), memo_limit=_memo_room(args))
    except ValueError as e:  # too little memory, no scheduler
        raise PentoError(str(e)) from None
    return _report(problem, args, progress, result)


def _report(problem: Cover[Any, Any], args: argparse.Namespace, progress: _Progress, result: CountResult) -> int:
    """Print a count's figures, ``count: N`` last (``distinct: N`` after it with --distinct)."""
    print(f"placements: {problem.placement_count}")
    print(f"symmetries: {symmetry_group(result.symmetries, result.reflections)}")
    print(f"nodes: {result.nodes}")
    print(f"seconds: {result.elapsed:.3f}")
    each = f", each job {progress.last.peak_mb:.0f} MB" if progress.last else ""
    print(f"peak memory: {parallel.peak_mb():.0f} MB{each}")
    if not result.complete:
        print("count: unknown (budget spent)")
        return EXIT_BUDGET
    print(f"count: {result.count}")
    if args.distinct:
        print(f"distinct: {result.distinct}")
    return 0


def symmetry_group(size: int, reflections: int) -> str:
    """The ``symmetries:`` line's figure: the group's size, then what it holds, ``8 (4 rotations, 4
    reflections)`` (a slide round a loop counts among the rotations: it turns no piece over)."""
    turns = size - reflections
    mirrors = f"{reflections} reflections" if reflections else "no reflections"
    return f"{size} ({turns} rotation{'s' if turns != 1 else ''}, {mirrors})"


def cmd_solve(args: argparse.Namespace) -> int:
    box = read_box(args.board)
    if box is not None:
        return _solve_box(_box_problem(box, args), args)
    problem = _problem(args)
    jobs = _jobs(args)
    found = 0
    try:
        if jobs > 1:
            listing = parallel.solutions(problem, jobs, bool(args.distinct), _budget(args), args.memory, args.limit)
        else:
            listing = problem.solutions(distinct=bool(args.distinct), budget=_budget(args), memo_limit=_memo_room(args))
        for solution in listing:
            if args.limit is not None and found >= args.limit:
                break
            if found:
                print()
            print(Position(problem.board, problem.pieces, solution).text())
            found += 1
    except BudgetSpent:
        print(f"stopped: budget spent after {found} solutions", file=sys.stderr)
        return EXIT_BUDGET
    except ValueError as e:  # too little memory for the jobs
        raise PentoError(str(e)) from None
    if not found:
        print("no solution", file=sys.stderr)
    return 0


def _solve_box(problem: BoxProblem, args: argparse.Namespace) -> int:
    """Each filling's layers from the bottom up as letter rows (a blank line between layers), two
    blank lines between fillings."""
    found = 0
    try:
        for filling in problem.solutions(
            distinct=bool(args.distinct), budget=_budget(args), memo_limit=_memo_room(args)
        ):
            if args.limit is not None and found >= args.limit:
                break
            if found:
                print("\n")
            print(filling_text(problem.box, filling).replace("\n---\n", "\n\n"))
            found += 1
    except BudgetSpent:
        print(f"stopped: budget spent after {found} solutions", file=sys.stderr)
        return EXIT_BUDGET
    if not found:
        print("no solution", file=sys.stderr)
    return 0


def cmd_freeform(args: argparse.Namespace) -> int:
    if args.band:
        low_text, _, high_text = args.band.partition("-")
        if not low_text.strip():
            raise PentoError(tr("--band is LO-HI, e.g. 19-24"))
        low = number(low_text, N_("--band's low end"), 1, 999)
        high = number(high_text or low_text, N_("--band's high end"), 1, 999)
        t = time.perf_counter()
        board = freeform.compact_board(args.n, low, high, random.Random(args.seed))
        print(Position(board.board, board.pieces, _normalised(board)).text())
        print(f"perimeter: {board.perimeter}")
        print(f"seconds: {time.perf_counter() - t:.3f}")
        return 0
    try:
        result = freeform.table(args.version, args.n, args.count, args.seed, args.max_perimeter, _budget(args))
    except BudgetSpent:
        print("stopped: budget spent before every board was built", file=sys.stderr)
        return EXIT_BUDGET
    counts = result["counts"]
    assert isinstance(counts, dict)
    thesis = freeform.THESIS_TABLES.get(args.version) if args.n == 4 else None
    print(f"version {args.version}, n = {args.n}, {args.count} boards, seed {args.seed}")
    print(f"{'perimeter':<11}{'boards':>8}{'%':>9}" + (f"{'thesis %':>11}" if thesis else ""))
    for band, n in counts.items():
        line = f"{band:<11}{n:>8}{100 * n / args.count:>9.2f}"
        if thesis:
            line += f"{thesis.get(band, float('nan')):>11.2f}"
        print(line)
    if args.version == "1.2":
        print(f"discarded: {result['discarded']} ({result['discarded'] / args.count:.3f} per board)")
    mean = result["mean"]
    assert isinstance(mean, float)
    print(f"mean: {mean:.3f}" + (f"   thesis: {thesis['mean']:.3f}" if thesis else ""))
    return 0


def _normalised(board: freeform.FreeformBoard) -> tuple[Placement, ...]:
    r0, c0, _, _ = bounds(board.cells)
    return tuple(Placement(p.piece, frozenset((r - r0, c - c0) for r, c in p.cells)) for p in board.placements)


def cmd_partition(args: argparse.Namespace) -> int:
    try:
        result = partition.generate(args.command, args.seed, budget=_budget(args))
    except BudgetSpent:
        print("stopped: budget spent before a board with its coverings was found", file=sys.stderr)
        return EXIT_BUDGET
    print(result.board.text())
    for covering in result.coverings:
        print()
        print(Position(result.board, PieceSet.pentominoes(), covering).text())
    return 0


EXIT_NO = 1


def read_pegs(spec: str) -> tuple[PegBoard, int]:
    """A named peg board (english, french, triangle, arm digits, RxC) or a board file."""
    if os.path.exists(spec) and not re.fullmatch(r"[0-9]{4}|[0-9]+x[0-9]+|english|french|triangle", spec.lower()):
        return pegs_board.parse(read_text(spec))
    return pegs_board.named(spec)


def cmd_pegs_solve(args: argparse.Namespace) -> int:
    board, pegs = read_pegs(args.board)
    finish = None
    if args.finish is not None:
        m = re.fullmatch(r"\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s*", args.finish)
        if not m:
            raise PentoError(
                tr("--finish is R,C (row and column of the board text), not {value!r}", value=args.finish[:20])
            )
        finish = board.hole((int(m.group(1)), int(m.group(2))))
    verdict = pegs_solver.solve(board, pegs, finish, _budget(args))
    if verdict.status is Outcome.YES:
        for j in verdict.moves:
            (r1, c1), (r2, c2) = board.cells[j.a], board.cells[j.c]
            print(f"{r1},{c1}-{r2},{c2}")
        print("solvable: yes")
        return 0
    if verdict.status is Outcome.NO:
        print(f"solvable: no: {verdict.reason}")
        return EXIT_NO
    print("solvable: unknown")
    return EXIT_BUDGET


def _gg_read(path: str) -> gg_board.Grid:
    return gg_board.parse(read_text(path))


def cmd_gg_generate(args: argparse.Namespace) -> int:
    m = re.fullmatch(r"\s*([0-9]{1,3})\s*[xX]\s*([0-9]{1,3})\s*", args.size)
    if not m:
        raise PentoError(tr("the size is RxC, rows by columns (e.g. 8x8), not {value!r}", value=args.size[:20]))
    rows = number(m.group(1), N_("the number of rows"), 1, gg_board.MAX_SIDE)
    cols = number(m.group(2), N_("the number of columns"), 1, gg_board.MAX_SIDE)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        grid = gg_generator.generate(rows, cols, args.level, seed, _budget(args))
    except BudgetSpent:
        print("stopped: budget spent before a board with one solution was found", file=sys.stderr)
        return EXIT_BUDGET
    print(grid.text())
    return 0


def cmd_gg_solve(args: argparse.Namespace) -> int:
    grid = _gg_read(args.file)
    try:
        found = list(gg_solver.solutions(grid, 2, _budget(args)))
    except BudgetSpent:
        print("solutions: unknown")
        return EXIT_BUDGET
    if len(found) == 1:
        print(grid.with_marks(*found[0]).text())
    print(f"solutions: {len(found)}" + ("+" if len(found) > 1 else ""))
    return 0


def cmd_gg_grade(args: argparse.Namespace) -> int:
    report = gg_solver.analyse(_gg_read(args.file), _budget(args))
    if report.count is None:  # the budget ran out: no level is claimed
        print("level: unknown")
        return EXIT_BUDGET
    print(f"level: {report.level}")
    return 0


def cmd_lastfit_solve(args: argparse.Namespace) -> int:
    pos = parse_position(read_text(args.file), lastfit.PENTOMINOES)
    budget = _budget(args)  # listing a large board's placements spends it too
    try:
        lay = lastfit.layout(pos.board, budget)
    except BudgetSpent:
        print("value: unknown")
        return EXIT_BUDGET
    occupied = used = 0
    for p in pos.placements:
        occupied |= lay.mask(p.cells)
        used |= 1 << lastfit.NAMES.index(p.piece.name)
    verdict = lastfit.solve(lay, occupied, used, budget)
    if verdict.value is Outcome.UNKNOWN:
        print("value: unknown")
        return EXIT_BUDGET
    if verdict.move is not None:
        p = lastfit.placement(lay, verdict.move)
        print(pos.place(p.piece, p.cells).text())
    print(f"value: {'win' if verdict.value is Outcome.YES else 'loss'}")  # the words scripts read
    return 0


def cmd_tangram_check(args: argparse.Namespace) -> int:
    target_lines = [line for line in read_text(args.target).splitlines() if line.strip()]
    if not target_lines or target_lines[0].strip().startswith("hole:"):
        raise PentoError(
            tr(
                "{target}: the first line is the silhouette's outline, points x,y separated by spaces",
                target=args.target,
            )
        )
    outline = tangram_geometry.parse_polygon(target_lines[0])
    holes = []
    for line in target_lines[1:]:
        if not line.strip().startswith("hole:"):
            raise PentoError(tr("{target}: after the outline, each line is a hole, starting hole:", target=args.target))
        holes.append(tuple(reversed(tangram_geometry.parse_polygon(line.strip()[len("hole:") :]))))
    pieces = [tangram_geometry.parse_polygon(line) for line in read_text(args.pieces).splitlines() if line.strip()]
    names = [tangram_geometry.identify(p) for p in pieces]
    found = {n: names.count(n) for n in tangram_geometry.TANS}
    if len(pieces) != 7 or found != tangram_geometry.TANS:
        strange = [f"line {i + 1}" for i, n in enumerate(names) if n is None]
        detail = f" ({', '.join(strange)} is no tan)" if strange else ""
        raise PentoError(
            tr(
                "the pieces must be the seven tans: two small, one medium and two large triangles, a square"
                " and a parallelogram{detail}",
                detail=detail,
            )
        )
    target = tangram_outline.Silhouette(outline, tuple(holes))
    try:
        verdict = tangram_outline.check(target, pieces, args.mirror, _budget(args))
    except BudgetSpent:
        print("progress: unknown")
        print("verdict: unknown")
        return EXIT_BUDGET
    print(f"progress: {verdict.progress}%")
    print("verdict: solved" if verdict.solved else f"verdict: not solved: {verdict.reason}")
    return 0 if verdict.solved else EXIT_NO


def cmd_tangram_generate(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        made = tangram_generator.generate(args.level, seed, args.holes, _budget(args))
    except BudgetSpent:
        print("stopped: budget spent before a silhouette was kept", file=sys.stderr)
        return EXIT_BUDGET

    def points(poly: tangram_geometry.Polygon) -> str:
        return " ".join(f"{x.text()},{y.text()}" for x, y in poly)

    print(points(made.silhouette.outline))
    for hole in made.silhouette.holes:
        print("hole: " + points(hole))
    print("---")
    for tan in made.tans:
        print(points(tan.polygon()))
    return 0


def _games_with_daily() -> str:
    from . import daily

    return "games with a puzzle of the day: " + ", ".join(daily.games_with_daily())


def cmd_daily(args: argparse.Namespace) -> int:
    from . import daily  # not at the top: it imports every game

    day = daily.today() if args.date is None else daily.parse_date(args.date)
    budget = _budget(args) or Budget(max_seconds=daily.SECONDS).started()
    try:
        puzzle = daily.daily(args.game, day, budget=budget)
    except BudgetSpent:
        print("stopped: budget spent before the puzzle was made", file=sys.stderr)
        return EXIT_BUDGET
    print(puzzle.link(args.base))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m pento_core", description="Pentomino and polyomino tiling tools.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "board", metavar="BOARD", help="RxC (e.g. 6x10), a box LxRxC (e.g. 3x4x5), or a board or box file"
        )
        p.add_argument(
            "--pieces",
            type=_pieces_named,
            default=None,
            metavar="P",
            help="pentomino letters, names like I4,T4, or a pieces file (default: the 12 pentominoes); in a box:"
            " planar-pentacubes (the default), pentacubes (all 29) or names like L1,J1,Q",
        )
        p.add_argument("--one-sided", action="store_true", help="pieces may not be turned over")
        p.add_argument("--allow-unused", action="store_true", help="pieces may be left over")
        p.add_argument(
            "--distinct",
            nargs="?",
            const="all",
            choices=DISTINCT,
            default=None,
            metavar="rotations",
            help="up to the board's symmetries; --distinct rotations: up to its rotations only (mirror images"
            " counted apart)",
        )
        p.add_argument(
            "--wrap",
            choices=WRAPS,
            default=None,
            help="a flat board's sides joined: its two short sides (cylinder: a loop or tube) or both pairs (torus)",
        )
        p.add_argument(
            "--search",
            choices=("sweep", "fewest"),
            default=None,
            help="how to search: sweep (the first free cell, remembering positions met before: flat boards and"
            " boxes up to 6 cells across) or fewest (the piece or cell with the fewest options: wider boxes,"
            " and wide compact boards such as a diamond);"
            " both find the same tilings, in another order",
        )
        p.add_argument("--timeout", type=_seconds, default=None, metavar="S", help="give up after S seconds")
        p.add_argument(
            "--jobs",
            type=_whole(0, 1024),
            default=1,
            metavar="N",
            help="processes to search with (default 1; 0: one for each core)",
        )
        p.add_argument(
            "--memory",
            type=_whole(1, 10**7),
            default=1000,
            metavar="MB",
            help="memory to stay under, jobs included (default 1000): past it, remembered positions are forgotten",
        )

    count = sub.add_parser("count", help="count the tilings")
    common(count)
    count.add_argument(
        "--cluster",
        default=None,
        metavar="ADDRESS",
        help="count on a Dask cluster: its scheduler's address (e.g. tcp://10.0.0.5:8786)",
    )
    count.set_defaults(run=cmd_count)
    solve = sub.add_parser("solve", help="print tilings as letter grids")
    common(solve)
    solve.add_argument(
        "--limit", type=_whole(1, 10**9), default=None, metavar="N", help="print at most N solutions (1 or more)"
    )
    solve.set_defaults(run=cmd_solve)
    ff = sub.add_parser("freeform", help="build free-form boards; reproduce the thesis's perimeter tables")
    ff.add_argument("--version", default="2.2", choices=freeform.VERSIONS)
    ff.add_argument("--n", type=_whole(2, 12), default=4, help="pentominoes per board (2 to 12)")
    ff.add_argument("--count", type=_whole(1, 1_000_000), default=10_000, help="boards to build (1 to 1,000,000)")
    ff.add_argument("--seed", type=_whole(-(10**18), 10**18), default=0)
    ff.add_argument("--max-perimeter", type=_whole(1, 999), default=None, help="version 1.2's quality test")
    ff.add_argument("--band", default=None, metavar="LO-HI", help="build one board directly in this perimeter band")
    ff.set_defaults(run=cmd_freeform)
    ff.add_argument("--timeout", type=_seconds, default=None, metavar="S", help="give up after S seconds")
    pegs = sub.add_parser("pegs", help="peg solitaire")
    pegs_sub = pegs.add_subparsers(dest="pegs_command", required=True, parser_class=_Parser)
    pegs_solve = pegs_sub.add_parser("solve", help="a solution, or why there is none")
    pegs_solve.add_argument(
        "board", metavar="BOARD", help="english, french, triangle, four arm digits (3322), RxC, or a board file"
    )
    pegs_solve.add_argument("--finish", default=None, metavar="R,C", help="the hole the last peg must end in")
    pegs_solve.add_argument("--timeout", type=_seconds, default=None, metavar="S", help="give up after S seconds")
    pegs_solve.set_defaults(run=cmd_pegs_solve)
    gg = sub.add_parser("gandagalo", help="GandaGalo: X and O boards with exactly one solution")
    gg_sub = gg.add_subparsers(dest="gg_command", required=True, parser_class=_Parser)
    gg_gen = gg_sub.add_parser("generate", help="a board with exactly one solution, in the board text format")
    gg_gen.add_argument("size", metavar="RxC", help="rows x columns, 1 to 20 each (e.g. 8x8)")
    gg_gen.add_argument("--level", required=True, choices=gg_solver.LEVELS)
    gg_gen.add_argument("--seed", type=_whole(-(10**18), 10**18), default=None, help="the same seed, the same board")
    gg_gen.set_defaults(run=cmd_gg_generate)
    gg_gen.add_argument("--timeout", type=_seconds, default=None, metavar="S", help="give up after S seconds")
    gg_solve = gg_sub.add_parser("solve", help="the solution, and how many there are (0, 1, 2+)")
    gg_solve.add_argument("file", metavar="FILE", help="a board text file (- for standard input)")
    gg_solve.set_defaults(run=cmd_gg_solve)
    gg_solve.add_argument("--timeout", type=_seconds, default=None, metavar="S", help="give up after S seconds")
    gg_grade = gg_sub.add_parser("grade", help="the level of a board: easy, hard, expert or none")
    gg_grade.add_argument("file", metavar="FILE", help="a board text file (- for standard input)")
    gg_grade.set_defaults(run=cmd_gg_grade)
    gg_grade.add_argument("--timeout", type=_seconds, default=None, metavar="S", help="give up after S seconds")
    lfp = sub.add_parser("lastfit", help="Last Fit (Golomb's game): exact values of two-player positions")
    lf_sub = lfp.add_subparsers(dest="lastfit_command", required=True, parser_class=_Parser)
    lf_solve = lf_sub.add_parser("solve", help="whether the player to move wins, and a winning move")
    lf_solve.add_argument(
        "file", metavar="FILE", help="a position: board text with pieces' letters (- for standard input)"
    )
    lf_solve.add_argument("--timeout", type=_seconds, default=None, metavar="S", help="give up after S seconds")
    lf_solve.set_defaults(run=cmd_lastfit_solve)
    tg = sub.add_parser("tangram", help="tangram: is an arrangement of the seven tans the silhouette?")
    tg_sub = tg.add_subparsers(dest="tangram_command", required=True, parser_class=_Parser)
    tg_check = tg_sub.add_parser("check", help="the verdict on an arrangement, by its outline")
    tg_check.add_argument("target", metavar="TARGET", help="the silhouette: its outline, then lines hole: ...")
    tg_check.add_argument("pieces", metavar="PIECES", help="seven lines, each a tan as its polygon's points")
    tg_check.add_argument("--mirror", action="store_true", help="the silhouette's mirror image counts too")
    tg_check.add_argument("--timeout", type=_seconds, default=None, metavar="S", help="give up after S seconds")
    tg_check.set_defaults(run=cmd_tangram_check)
    tg_gen = tg_sub.add_parser("generate", help="a new silhouette, then ---, then the seven tans placed on it")
    tg_gen.add_argument("--seed", type=_whole(0, 10**18), default=None, help="the same seed, the same figure")
    tg_gen.add_argument("--level", choices=tuple(tangram_generator.LEVELS), default="medium")
    tg_gen.add_argument("--holes", action="store_true", help="a figure with at least one hole")
    tg_gen.add_argument("--timeout", type=_seconds, default=None, metavar="S", help="give up after S seconds")
    tg_gen.set_defaults(run=cmd_tangram_generate)
    day = sub.add_parser("daily", help="the link to a game's puzzle of the day")
    day.add_argument("game", metavar="GAME", help="a game with a puzzle of the day (listed below)")
    day.late_epilog = _games_with_daily
    day.add_argument("--date", default=None, metavar="YYYY-MM-DD", help="the day (default: today, in UTC)")
    day.add_argument("--base", default="", metavar="URL", help="the page's address, written before the #")
    day.add_argument("--timeout", type=_seconds, default=None, metavar="S", help="give up after S seconds")
    day.set_defaults(run=cmd_daily)
    cli_teaching.add_commands(sub, _Parser, _whole, _seconds, read_text)
    for kind in ("twenty", "thirty"):
        game = sub.add_parser(kind, help=f"a Game of {20 if kind == 'twenty' else 30} board and its coverings")
        game.add_argument("--seed", type=_whole(-(10**18), 10**18), default=0)
        game.set_defaults(run=cmd_partition)
        game.add_argument("--timeout", type=_seconds, default=None, metavar="S", help="give up after S seconds")
    return parser


DISTINCT = ("all", "rotations")  # --distinct's kinds: up to every symmetry, or up to rotations only


def _distinct_spelled_out(argv: list[str]) -> list[str]:
    """``--distinct`` takes a word only when it is ``rotations``: written ``--distinct=all`` or
    ``--distinct=rotations`` for argparse, so that ``--distinct 6x10`` (or ``--dist 6x10``, as
    argparse let it be shortened before it took a word) keeps 6x10 as the board."""
    if not argv or argv[0] not in ("count", "solve"):  # the commands with --distinct
        return argv
    out: list[str] = []
    i = 0
    while i < len(argv):
        if len(argv[i]) >= 3 and "--distinct".startswith(argv[i]):  # argparse's abbreviations too (--dist)
            follows = argv[i + 1] if i + 1 < len(argv) else ""
            out.append("--distinct=rotations" if follows == "rotations" else "--distinct=all")
            i += 2 if follows == "rotations" else 1
        else:
            out.append(argv[i])
            i += 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(_distinct_spelled_out(sys.argv[1:] if argv is None else list(argv)))
    timeout = getattr(args, "timeout", None)
    args.budget = None if timeout is None else Budget(max_seconds=timeout).started()
    try:
        code: int = args.run(args)
        return code
    except PentoError as e:
        return _fail(str(e))
    except BrokenPipeError:  # the reader went away (| head): nothing more is wanted, nothing to report
        sys.stderr.close()
        return 0
    except OSError as e:
        return _fail(f"cannot read {e.filename}: {e.strerror}")
    except (RecursionError, MemoryError):
        return _fail("the input is too large to handle")
    except KeyboardInterrupt:  # Ctrl-C: a line, not a traceback, and the shell's usual status
        print("stopped: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as e:  # a bug: still one line, never a traceback
        return _fail(f"internal error (please report it): {type(e).__name__}: {e}")
