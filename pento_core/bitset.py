"""Sets of small numbers (cells, placements) as the bits of a Python int: the one way every
family lists what such a set holds.

A search on the fewest options keeps a set of thousands of members (the placements still
possible: 3,328 on the Aztec diamond), and most of its time goes on ``&``, ``bit_count`` and
finding the next member of such sets.  Where the command line's ``fast`` extra is installed
(gmpy2: GMP's integers), those sets are GMP's integers, which take the same operators and count
and scan their bits several times faster at that length (a 3,300-bit ``bit_count``: some 70 ns
against 260); elsewhere, the page's Pyodide among them, they are Python's ints.  The search is
the same either way, node for node (a test checks it), so the choice is only speed.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Any, cast


def bits(mask: int) -> list[int]:
    """The indices of ``mask``'s set bits, lowest first (a long set's members, where it is an int)."""
    # the lowest bit without a negative int: ``mask & -mask`` has CPython make a two's complement
    # copy first (on the Aztec diamond's 3,300-bit sets, and on small masks too, this is faster)
    out = []
    while mask:
        rest = mask - 1
        out.append((mask ^ rest).bit_length() - 1)
        mask &= rest
    return out


def _gmpy2() -> Any:
    try:
        return importlib.import_module("gmpy2")
    except ImportError:
        return None


_GMPY2 = _gmpy2()

#: Whether long sets are GMP's integers: where gmpy2 is installed, unless a caller sets it False
#: before building a search (the benchmark and the tests compare both ways).
use_gmp: bool = _GMPY2 is not None


def long_sets() -> tuple[Callable[[int], int], Callable[[int], Iterable[int]]]:
    """How a search keeps its long sets, as :data:`use_gmp` says now: a function that makes one of
    an int, and one that goes through a set's members (or any int's set bits), lowest first.  A set
    made so takes ``&``, ``|``, ``^``, ``bit_count`` and truth as an int does (GMP's integers are
    typed as ints here).  With GMP the members come from GMP's own scan (``xmpz.iter_set``), with
    no Python bytecode a member."""
    if use_gmp and _GMPY2 is not None:
        xmpz = _GMPY2.xmpz
        return cast(Callable[[int], int], _GMPY2.mpz), lambda s: xmpz(s).iter_set()
    return int, bits
