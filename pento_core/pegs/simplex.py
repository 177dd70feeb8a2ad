"""A small exact simplex method: maximise ``c . x`` subject to ``A x <= b``, ``x >= 0``, with
``b >= 0``, in rational arithmetic.

Exact because its answers are proofs (a pagoda function either satisfies every inequality or it
does not; a float that is almost right proves nothing).  ``b >= 0`` makes the origin a feasible
start, so one phase is enough.  Rows are sparse (a peg board's inequalities have three terms),
kept in dictionary form: each basic variable as a constant plus a combination of the non-basic
ones.  Bland's rule (the lowest-numbered improving variable enters, ties in the ratio test go to
the lowest-numbered basic variable) cannot cycle, which matters here: the pagoda programmes are
highly degenerate (almost every ``b`` is 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..budget import Budget

Row = dict[int, Fraction]


def maximise(
    c: Sequence[int | Fraction],
    rows: Sequence[dict[int, int]],
    b: Sequence[int | Fraction],
    budget: Budget | None = None,
) -> tuple[Fraction, list[Fraction]] | None:
    """The optimum of ``c . x`` over ``rows[i] . x <= b[i]``, ``x >= 0`` and a point reaching it;
    None when the objective is unbounded.  ``rows`` are sparse: variable index -> coefficient.
    ``budget``, when given, is checked at every pivot (BudgetSpent when it runs out)."""
    n = len(c)
    if any(v < 0 for v in b):
        raise ValueError("b must be >= 0 (the origin is the starting vertex)")
    # variable k < n is x[k]; n + i is the slack of row i.  basis[var] = (constant, {nonbasic: coef})
    basis: dict[int, tuple[Fraction, Row]] = {}
    for i, given in enumerate(rows):
        basis[n + i] = (Fraction(b[i]), {k: Fraction(-v) for k, v in given.items() if v})
    z_const = Fraction(0)
    z: Row = {k: Fraction(v) for k, v in enumerate(c) if v}
    while True:
        if budget is not None:
            budget.check()
        entering = min((k for k, v in z.items() if v > 0), default=None)
        if entering is None:
            break
        leaving = None
        best: Fraction | None = None
        for var, (const, terms) in basis.items():
            a = terms.get(entering)
            if a is not None and a < 0:
                limit = const / -a
                if best is None or limit < best or (limit == best and leaving is not None and var < leaving):
                    best, leaving = limit, var
        if leaving is None:
            return None
        const, row = basis.pop(leaving)
        a = row.pop(entering)
        # entering = (leaving - const - sum row) / a
        e_const = -const / a
        e_row: Row = {k: -v / a for k, v in row.items()}
        e_row[leaving] = Fraction(1) / a
        for var, (k_const, k_row) in list(basis.items()):
            f = k_row.pop(entering, None)
            if f is not None:
                basis[var] = (k_const + f * e_const, _add(k_row, e_row, f))
        f = z.pop(entering)
        z_const += f * e_const
        z = _add(z, e_row, f)
        basis[entering] = (e_const, e_row)
    x = [Fraction(0)] * n
    for var, (const, _) in basis.items():
        if var < n:
            x[var] = const
    return z_const, x


def _add(row: Row, other: Row, f: Fraction) -> Row:
    """``row + f * other``, dropping zeros."""
    out = dict(row)
    for k, v in other.items():
        s = out.get(k, 0) + f * v
        if s:
            out[k] = s
        else:
            out.pop(k, None)
    return out
