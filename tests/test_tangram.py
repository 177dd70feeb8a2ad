"""Tangram verification by outline: the classic square and two figures drawn by hand for these
tests (one asymmetric, one with a hole), their rigid motions, one-piece moves, and the command line."""

from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import tangram_checker
from support.clirun import pento
from support.tangram_figures import (
    ARROW,
    ARROW_TARGET,
    HOLED,
    HOLED_TARGET,
    SQUARE,
    SQUARE_TARGET,
    U,
    moved,
)

from pento_core.errors import ParseError
from pento_core.tangram import arrangement, convex
from pento_core.tangram.geometry import Polygon, add, ccw, identify, mirror, rotate45
from pento_core.tangram.library import CATEGORIES, FIGURES, Figure
from pento_core.tangram.number import HALF_ROOT2, ZERO, Surd
from pento_core.tangram.outline import Silhouette, check, matches

ROOT = Path(__file__).resolve().parent.parent


def test_the_pieces_are_the_seven_tans() -> None:
    names = sorted(str(identify(p)) for p in SQUARE)
    assert names == sorted(
        ["large triangle"] * 2 + ["medium triangle"] + ["small triangle"] * 2 + ["square", "parallelogram"]
    )


@pytest.mark.parametrize(("pieces", "target"), [(SQUARE, SQUARE_TARGET), (ARROW, ARROW_TARGET), (HOLED, HOLED_TARGET)])
def test_the_drawn_figures_are_solved(pieces: list[Polygon], target: Silhouette) -> None:
    v = check(target, pieces)
    assert v.solved and v.progress == 100, v


SURD = st.builds(Surd, st.fractions(-9, 9, max_denominator=4), st.fractions(-9, 9, max_denominator=4))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 7), SURD, SURD, st.sampled_from(["square", "arrow", "holed"]))
def test_any_turn_and_shift_of_a_solution_is_solved(k: int, dx: Surd, dy: Surd, which: str) -> None:
    pieces, target = {
        "square": (SQUARE, SQUARE_TARGET),
        "arrow": (ARROW, ARROW_TARGET),
        "holed": (HOLED, HOLED_TARGET),
    }[which]
    assert check(target, moved(pieces, k, False, dx, dy)).solved


def test_a_mirror_image_counts_only_when_allowed() -> None:
    flipped = moved(ARROW, 0, True)
    assert not check(ARROW_TARGET, flipped).solved
    assert check(ARROW_TARGET, flipped, allow_mirror=True).solved


STEPS = [(U, ZERO), (-U, ZERO), (ZERO, U), (ZERO, -U), (HALF_ROOT2, HALF_ROOT2), (-HALF_ROOT2, HALF_ROOT2)]


@pytest.mark.parametrize("piece", range(7))
@pytest.mark.parametrize("step", range(len(STEPS)))
def test_moving_one_piece_by_a_lattice_step_breaks_it(piece: int, step: int) -> None:
    pieces = list(ARROW)
    dx, dy = STEPS[step]
    pieces[piece] = ccw(tuple(add(p, (dx, dy)) for p in pieces[piece]))
    v = check(ARROW_TARGET, pieces)
    assert not v.solved and v.reason and v.progress < 100


def test_holes_must_agree() -> None:
    # the holed arrangement is not the plain square's silhouette plus a square, and the square's
    # arrangement is not the holed silhouette
    assert check(HOLED_TARGET, SQUARE).reason
    assert check(Silhouette(HOLED_TARGET.outline), HOLED).reason == "the figure has a hole the silhouette does not have"


# -- the command line, exactly as the issue spells it ---------------------------------------------------


def write(poly: Polygon) -> str:
    return " ".join(f"{x.text()},{y.text()}" for x, y in poly)


def run(tmp_path: Path, target: Silhouette, pieces: list[Polygon], *extra: str) -> subprocess.CompletedProcess[str]:
    t = tmp_path / "target.txt"
    p = tmp_path / "pieces.txt"
    t.write_text("\n".join([write(target.outline), *[f"hole: {write(h)}" for h in target.holes]]) + "\n")
    p.write_text("\n".join(write(x).replace("√2", "r2") for x in pieces) + "\n")
    return pento("tangram", "check", str(t), str(p), *extra)


def test_check_prints_progress_then_the_verdict(tmp_path: Path) -> None:
    r = run(tmp_path, HOLED_TARGET, moved(HOLED, 3))
    assert (r.returncode, r.stdout) == (0, "progress: 100%\nverdict: solved\n")
    r = run(tmp_path, ARROW_TARGET, moved(ARROW, 0, True))
    lines = r.stdout.strip().split("\n")
    assert r.returncode == 1 and lines[0].startswith("progress: ") and lines[-1].startswith("verdict: not solved: ")
    assert run(tmp_path, ARROW_TARGET, moved(ARROW, 0, True), "--mirror").returncode == 0


def test_check_refuses_what_is_not_seven_tans(tmp_path: Path) -> None:
    for pieces in (SQUARE[:6], [*SQUARE[:6], SQUARE[0]]):
        r = run(tmp_path, SQUARE_TARGET, pieces)
        assert r.returncode == 2 and r.stdout == "" and r.stderr.startswith("error: ")
    (tmp_path / "bad.txt").write_text("0,0 1,x 0,1\n")
    r = subprocess.run(
        [sys.executable, "-m", "pento_core", "tangram", "check", str(tmp_path / "bad.txt"), str(tmp_path / "bad.txt")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and len(r.stderr.strip().split("\n")) == 1


# -- the library and the arrangement text ----------------------------------------------------------------


@pytest.mark.parametrize("figure", FIGURES, ids=lambda f: f.name)
def test_every_library_figure_is_made_by_its_stored_arrangement(figure: Figure) -> None:
    assert figure.category in CATEGORIES
    v = check(figure.silhouette(), [p.polygon() for p in figure.pieces()])
    assert v.solved, (figure.name, v)
    assert arrangement.write(arrangement.parse(figure.arrangement)) == figure.arrangement


def test_library_names_are_unique() -> None:
    assert len({f.name for f in FIGURES}) == len(FIGURES)


@pytest.mark.parametrize("text", ["", "X0@0,0", "L9@0,0", "L0@0", ";".join(["S0@0,0"] * 7)])
def test_bad_arrangements_are_refused(text: str) -> None:
    with pytest.raises(ParseError):
        arrangement.parse(text)


def test_the_thirteen_convex_figures_of_wang_and_hsiung() -> None:
    # 20 convex polygons can be made of the 16 small triangles of the set, and the tans make 13
    assert len(convex.polygons()) == 20
    found = convex.figures()
    assert len(found) == 13
    # the library holds thirteen convex figures, no two the same shape, each one the search found
    mine = [f.silhouette() for f in FIGURES if f.category == "convex figures"]
    assert len(mine) == 13
    for i, a in enumerate(mine):
        for b in mine[:i]:
            assert not matches(a.outline, [], b, allow_mirror=True)
    for poly, _ in found:
        target = Silhouette(ccw(tuple((Surd(x), Surd(y)) for x, y in poly)))
        assert sum(matches(m.outline, [], target, allow_mirror=True) for m in mine) == 1


# -- an independent checker agrees -------------------------------------------------------------------


def floats(poly: Polygon) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in poly]


def both_say(target: Silhouette, pieces: list[Polygon], allow_mirror: bool = False) -> tuple[bool, bool]:
    """(outline.check's verdict, the shapely checker's verdict) on one arrangement."""
    mine = check(target, pieces, allow_mirror).solved
    theirs = tangram_checker.solves(
        floats(target.outline), [floats(h) for h in target.holes], [floats(p) for p in pieces], allow_mirror
    )
    return mine, theirs


@pytest.mark.parametrize("figure", FIGURES, ids=lambda f: f.name)
def test_the_independent_checker_agrees_on_every_library_figure(figure: Figure) -> None:
    pieces = [p.polygon() for p in figure.pieces()]
    assert both_say(figure.silhouette(), pieces) == (True, True)
    # turned, shifted and flipped as a whole: still the figure (the flip where mirror images count)
    rng = random.Random(figure.name)
    k, flip = rng.randrange(8), rng.random() < 0.5
    step = Surd(Fraction(rng.randrange(-6, 7), 2), Fraction(rng.randrange(-6, 7), 2))
    assert both_say(figure.silhouette(), moved(pieces, k, flip, step, -step), allow_mirror=flip) == (True, True)


def test_the_independent_checker_agrees_on_random_near_misses() -> None:
    """One tan nudged by half a lattice step, turned by 45° or flipped, on random library figures:
    the two checkers give the same verdict every time (almost always: not solved)."""
    rng = random.Random(2026)
    verdicts = []
    for _ in range(120):
        figure = rng.choice(FIGURES)
        pieces = [p.polygon() for p in figure.pieces()]
        i = rng.randrange(7)
        kind = rng.choice(["shift", "turn", "flip", "swap"])
        if kind == "shift":
            d = (Surd(Fraction(rng.choice([-1, 1]), 2)), ZERO) if rng.random() < 0.5 else (ZERO, HALF_ROOT2)
            pieces[i] = ccw(tuple(add(p, d) for p in pieces[i]))
        elif kind == "turn":
            pieces[i] = ccw(tuple(rotate45(p, 1) for p in pieces[i]))
        elif kind == "flip":
            pieces[i] = ccw(tuple(mirror(p) for p in pieces[i]))
        else:  # two tans trade places by their first corners
            j = rng.randrange(7)
            a, b = pieces[i][0], pieces[j][0]
            pieces[i] = ccw(tuple(add(p, (b[0] - a[0], b[1] - a[1])) for p in pieces[i]))
        mine, theirs = both_say(figure.silhouette(), pieces)
        assert mine == theirs, (figure.name, kind, i)
        verdicts.append(mine)
    assert verdicts.count(False) >= 100  # near-misses, mostly


def test_the_thermometer_counts_covered_area_once_however_tans_overlap() -> None:
    """The area the tans cover, each point once, against shapely's area of (union of tans) ∩ silhouette:
    three tans stacked on one spot, and random piles of tans shifted onto and across figures."""
    from shapely import make_valid, union_all
    from shapely.geometry import Polygon as Shape

    from pento_core.tangram.outline import covered_area2, progress

    rng = random.Random(7)
    for n in range(40):
        figure = FIGURES[n % len(FIGURES)]
        target = figure.silhouette()
        pieces = [p.polygon() for p in figure.pieces()]
        if n == 0:  # three copies of the first tan where it lies: the thermometer once read 0 % here
            pieces = [pieces[0]] * 3
        else:
            chosen = rng.sample(pieces, rng.randrange(1, 8))
            shifts = [Surd(Fraction(rng.randrange(-3, 4), 2)) if rng.random() < 0.5 else ZERO for _ in chosen]
            pieces = [ccw(tuple(add(p, (dx, ZERO)) for p in poly)) for poly, dx in zip(chosen, shifts, strict=True)]
        silhouette = make_valid(Shape(floats(target.outline), [floats(h) for h in target.holes]))
        tans = union_all([Shape(floats(p)) for p in pieces], grid_size=1e-9)
        covered = tans.intersection(silhouette, grid_size=1e-9).area
        assert abs(float(covered_area2(target, pieces)) / 2 - covered) < 1e-4, figure.name
        if n == 0:
            assert covered > 0 and progress(target, pieces, None) == 0  # (no corners of the outline yet)


def test_check_takes_a_timeout_and_a_spent_one_says_unknown(tmp_path: Path) -> None:
    """Issue 24, item 6: tangram check had no --timeout.  A 12,000-corner zig-zag silhouette over the
    tans, checked with a deadline already past (as good as --timeout on a slow machine): unknown, exit 3."""
    from pento_core import cli
    from pento_core.budget import Budget, BudgetSpent

    zigzag = " ".join(f"{i}/300,{(i % 2) * 3}" for i in range(12_000)) + " 41,-1 0,-1"
    target = Silhouette(ccw(tuple(tuple(map(Surd, map(Fraction, p.split(",")))) for p in zigzag.split())), ())  # type: ignore[arg-type]
    pieces = [p.polygon() for p in FIGURES[0].pieces()]
    with pytest.raises(BudgetSpent):
        check(target, pieces, budget=Budget(max_seconds=1, deadline=0.0))
    r = run(tmp_path, SQUARE_TARGET, SQUARE, "--timeout", "30")  # a --timeout that is not spent changes nothing
    assert r.returncode == 0 and r.stdout.endswith("verdict: solved\n")
    big = tmp_path / "big"
    big.mkdir()
    (big / "target.txt").write_text(zigzag + "\n")
    (big / "pieces.txt").write_text("\n".join(write(p) for p in pieces) + "\n")
    assert cli.main(["tangram", "check", str(big / "target.txt"), str(big / "pieces.txt"), "--timeout", "1e-9"]) == 3


def test_overlap_with_floats_first_gives_the_exact_verdict() -> None:
    """outline.overlap settles most separating axes in floats and the rest exactly; on triangles with
    corners a + b√2 in quarters (touching edges and corners are frequent there), and on the same ones
    moved far out (where floats are not trusted), it says what the exact test alone says."""
    from pento_core.tangram.geometry import cross, dot, sub
    from pento_core.tangram.outline import overlap

    def exact(p: Polygon, q: Polygon) -> bool:
        for poly in (p, q):
            for i in range(len(poly)):
                e = sub(poly[(i + 1) % len(poly)], poly[i])
                normal = (-e[1], e[0])
                a, b = [dot(normal, v) for v in p], [dot(normal, v) for v in q]
                if max(a) <= min(b) or max(b) <= min(a):
                    return False
        return True

    rng = random.Random(7)

    def number() -> Surd:
        return Surd(Fraction(rng.randrange(-6, 7), 4), Fraction(rng.randrange(-3, 4), 4))

    far = (Surd(10**12), Surd(0, 10**12))
    verdicts = {True: 0, False: 0}
    touching = 0
    while sum(verdicts.values()) < 1500:
        p, q = ([(number(), number()) for _ in range(3)] for _ in range(2))
        if rng.random() < 0.3:
            q = [p[1], p[0], q[2]]  # an edge of p's, and a corner of its own
        if any(cross(sub(t[1], t[0]), sub(t[2], t[0])).sign() <= 0 for t in (p, q)):
            continue  # counter-clockwise triangles only
        want = exact(p, q)
        assert overlap(p, q) is want
        assert overlap(*([add(v, far) for v in t] for t in (p, q))) is want
        verdicts[want] += 1
        touching += not want and p[0] in q
    assert min(verdicts.values()) > 300 and touching > 100  # both verdicts, and edges that touch
