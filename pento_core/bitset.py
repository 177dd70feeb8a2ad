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
from collections.abc import Callable
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


def _gmp_members(s: int) -> list[int]:
    scan = _GMPY2.bit_scan1
    out = []
    i = scan(s)
    while i is not None:
        out.append(i)
        i = scan(s, i + 1)
    return out


def long_sets() -> tuple[Callable[[int], int], Callable[[int], list[int]]]:
    """How a search keeps its long sets, as :data:`use_gmp` says now: a function that makes one of
    an int, and one that lists a set's members, lowest first.  A set made so takes ``&``, ``|``,
    ``^``, ``bit_count`` and truth as an int does (GMP's integers are typed as ints here)."""
    if use_gmp and _GMPY2 is not None:
        return cast(Callable[[int], int], _GMPY2.mpz), _gmp_members
    return int, bits
