"""Generated tangram silhouettes (issue 28): distinct, hole-free unless asked, solved by the
arrangement they are stored with, graded, the same for the same seed; the command line's output
passes the command line's own check."""

from __future__ import annotations

import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from support.clirun import pento

from pento_core.tangram import arrangement, generator
from pento_core.tangram.geometry import mirror, normalise, signature
from pento_core.tangram.library import FIGURES
from pento_core.tangram.outline import check, matches

ROOT = Path(__file__).resolve().parent.parent


def shape_key(outline: tuple[tuple[object, ...], ...]) -> tuple[tuple[Fraction, ...], ...]:
    """One key per figure up to turning, shifting and mirroring: the least cyclic rotation of its
    (length, angle) signature, of the outline and of its mirror image."""
    keys = []
    for poly in (outline, tuple(mirror(p) for p in reversed(outline))):  # type: ignore[arg-type]
        sig = [tuple(x for v in corner for x in (v.a, v.b)) for corner in signature(poly)]  # type: ignore[arg-type]
        keys.extend(tuple(sig[k:] + sig[:k]) for k in range(len(sig)))
    return min(keys)


@pytest.mark.parametrize("level", list(generator.LEVELS))
def test_two_hundred_silhouettes_a_level_are_distinct_hole_free_solved_and_graded(level: str) -> None:
    low, high = generator.LEVELS[level]
    seen = set()
    for seed in range(200):
        made = generator.generate(level, seed)
        sil = made.silhouette
        assert not sil.holes
        assert check(sil, [t.polygon() for t in made.tans]).solved  # the verifier's own word
        assert low <= made.hidden < high and made.level == level
        seen.add(shape_key(sil.outline))  # type: ignore[arg-type]
    assert len(seen) == 200


def test_no_silhouette_is_a_library_figure_and_holes_come_when_asked() -> None:
    library = [f.silhouette() for f in FIGURES]
    for seed in range(12):
        made = generator.generate("medium", seed)
        outline = normalise(made.silhouette.outline)
        assert not any(matches(outline, [], fig, True) for fig in library)
    for seed in range(3):
        made = generator.generate("easy", seed, holes=True)
        assert made.silhouette.holes
        assert check(made.silhouette, [t.polygon() for t in made.tans]).solved


def test_the_same_seed_and_level_give_the_same_figure() -> None:
    """A compatibility contract (a seed named in a lesson must give the same figure in every
    release): the figures of seed 1, recorded when the generator was written."""
    made = [arrangement.write(list(generator.generate(level, 1).tans)) for level in generator.LEVELS]
    assert made == [
        "P3@0,0;L2@2-3/2√2,1/2√2;L6@-3/2√2,2+1/2√2;S6@2-3/2√2,2+1/2√2;Q2@3-3/2√2,2+1/2√2;S5@2-√2,1+√2;M4@2-1/2√2,1+1/2√2",
        "L1@0,0;L0@-√2,-2+√2;M7@-1-√2,-1+√2;S2@1,0;Q2@2,0;P1'@3/2√2,3/2√2;S3@-√2,√2",
        "S0@0,0;S4@1,1;L0@0,1;Q2@2,0;P2@1,2;L4@2,4;M6@2,√2",
    ]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return pento(*args, stdin=stdin)


def test_the_command_line_prints_a_silhouette_and_its_tans_that_check_accepts(tmp_path: Path) -> None:
    out = run("tangram", "generate", "--seed", "3", "--level", "hard")
    assert out.returncode == 0, out.stderr
    target, sep, pieces = out.stdout.partition("---\n")
    assert sep and len(pieces.strip().splitlines()) == 7
    (tmp_path / "target").write_text(target)
    (tmp_path / "pieces").write_text(pieces)
    verdict = run("tangram", "check", str(tmp_path / "target"), str(tmp_path / "pieces"))
    assert verdict.returncode == 0 and verdict.stdout == "progress: 100%\nverdict: solved\n"
    assert run("tangram", "generate", "--seed", "3", "--level", "hard").stdout == out.stdout
    for bad in (["--level", "extreme"], ["--seed", "-4"], ["--seed", "x"]):
        wrong = run("tangram", "generate", *bad)
        assert wrong.returncode == 2 and wrong.stdout == ""
        assert wrong.stderr.startswith("error: ") and len(wrong.stderr.strip().splitlines()) == 1
