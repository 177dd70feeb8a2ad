"""Exact numbers ``a + b√2`` with rational ``a`` and ``b``: every coordinate a tangram can take.

The seven tans, turned by multiples of 45 degrees and moved by their own edges,
only ever reach points whose coordinates are of this form, so a verdict on an
arrangement needs no floating point at all: sums, products and quotients stay
in the field, and the sign of a number is decided exactly (see :meth:`Surd.sign`).

The text form (the ``tangram check`` command's numbers) is ``a``, ``b√2``,
``a+b√2`` or ``a-b√2``, where ``a`` and ``b`` are integers or fractions ``p/q``
and ``r2`` may stand for ``√2``: ``0``, ``3/2``, ``√2``, ``1/2√2``,
``-3/2+2√2``.  :func:`parse` and :meth:`Surd.text` are the pair.
"""

from __future__ import annotations

import re
from fractions import Fraction
from math import gcd

from ..errors import ParseError
from ..i18n import tr

_RATIONAL = re.compile(r"^[+-]?[0-9]{1,12}(?:/[0-9]{1,12})?$")


def _sign(p: int, q: int) -> int:
    """The sign of ``p + q·√2``, exactly: ``p`` against ``-q√2``, squared where the signs differ."""
    if q == 0 or p == 0:
        x = p or q
        return (x > 0) - (x < 0)
    if (p > 0) == (q > 0):
        return 1 if p > 0 else -1
    # opposite signs: the term with the larger square wins (p² against 2q²)
    return (1 if p > 0 else -1) if p * p > 2 * q * q else (1 if q > 0 else -1)


class Surd:
    """The number ``(p + q·√2) / d`` with integers ``p``, ``q`` and ``d > 0`` in lowest terms.

    Integers rather than two :class:`~fractions.Fraction` objects: the same exact values, but
    arithmetic in C (one gcd per result) instead of in ``fractions.py``, about ten times faster,
    which a verdict on every drop needs.  ``a`` and ``b`` give the rational parts.  Treat it as
    immutable (it is hashed): every operation makes a new one.
    """

    __slots__ = ("d", "p", "q")
    p: int
    q: int
    d: int

    def __init__(self, a: Fraction | int = 0, b: Fraction | int = 0) -> None:
        a, b = Fraction(a), Fraction(b)
        d = a.denominator * b.denominator // gcd(a.denominator, b.denominator)
        reduced = Surd._of(a.numerator * (d // a.denominator), b.numerator * (d // b.denominator), d)
        self.p, self.q, self.d = reduced.p, reduced.q, reduced.d

    @classmethod
    def _of(cls, p: int, q: int, d: int) -> Surd:
        """From integers (``d`` may be negative): reduced to lowest terms."""
        out = cls.__new__(cls)
        if d != 1:  # a whole denominator (most of a tangram's numbers) is in lowest terms already
            if d < 0:
                p, q, d = -p, -q, -d
            g = gcd(p, q, d)
            if g > 1:
                p, q, d = p // g, q // g, d // g
        out.p = p
        out.q = q
        out.d = d
        return out

    @property
    def a(self) -> Fraction:
        return Fraction(self.p, self.d)

    @property
    def b(self) -> Fraction:
        return Fraction(self.q, self.d)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Surd) and self.p == other.p and self.q == other.q and self.d == other.d

    def __hash__(self) -> int:
        return hash((self.p, self.q, self.d))

    def __repr__(self) -> str:
        return f"Surd({self.text()})"

    def __add__(self, other: Surd) -> Surd:
        if self.d == other.d:
            return Surd._of(self.p + other.p, self.q + other.q, self.d)
        return Surd._of(self.p * other.d + other.p * self.d, self.q * other.d + other.q * self.d, self.d * other.d)

    def __sub__(self, other: Surd) -> Surd:
        if self.d == other.d:
            return Surd._of(self.p - other.p, self.q - other.q, self.d)
        return Surd._of(self.p * other.d - other.p * self.d, self.q * other.d - other.q * self.d, self.d * other.d)

    def __neg__(self) -> Surd:
        return Surd._of(-self.p, -self.q, self.d)

    def __mul__(self, other: Surd) -> Surd:
        p1, q1, p2, q2 = self.p, self.q, other.p, other.q
        return Surd._of(p1 * p2 + 2 * q1 * q2, p1 * q2 + q1 * p2, self.d * other.d)

    def __truediv__(self, other: Surd) -> Surd:
        # multiply above and below by the conjugate p - q√2: the denominator p² - 2q² is an
        # integer, and never 0 for a non-zero number (√2 is irrational)
        norm = other.p * other.p - 2 * other.q * other.q
        if norm == 0:
            raise ZeroDivisionError(tr("division by zero"))
        p1, q1, p2, q2 = self.p, self.q, other.p, -other.q
        return Surd._of((p1 * p2 + 2 * q1 * q2) * other.d, (p1 * q2 + q1 * p2) * other.d, self.d * norm)

    def sign(self) -> int:
        """-1, 0 or 1, exactly: compare ``p`` with ``-q√2`` by squaring where the signs allow it."""
        return _sign(self.p, self.q)

    def _minus_sign(self, other: Surd) -> int:
        """The sign of ``self - other`` without making it: the denominators are positive, so it is
        the sign of the difference's numerator."""
        if self.d == other.d:
            return _sign(self.p - other.p, self.q - other.q)
        return _sign(self.p * other.d - other.p * self.d, self.q * other.d - other.q * self.d)

    def __lt__(self, other: Surd) -> bool:
        return self._minus_sign(other) < 0

    def __le__(self, other: Surd) -> bool:
        return self._minus_sign(other) <= 0

    def __gt__(self, other: Surd) -> bool:
        return self._minus_sign(other) > 0

    def __ge__(self, other: Surd) -> bool:
        return self._minus_sign(other) >= 0

    def __float__(self) -> float:
        """For drawing only: never used in a verdict."""
        return (self.p + self.q * 2**0.5) / self.d

    def text(self) -> str:
        """The text form: ``3/2``, ``√2``, ``-1/2√2``, ``1+2√2``."""

        def rational(q: Fraction) -> str:
            return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"

        if self.b == 0:
            return rational(self.a)
        root = "√2" if abs(self.b) == 1 else f"{rational(abs(self.b))}√2"
        if self.a == 0:
            return ("-" if self.b < 0 else "") + root
        return f"{rational(self.a)}{'-' if self.b < 0 else '+'}{root}"


ZERO = Surd()
ONE = Surd(Fraction(1))
ROOT2 = Surd(Fraction(0), Fraction(1))
HALF_ROOT2 = Surd(Fraction(0), Fraction(1, 2))  # cos 45° = sin 45°


def _rational(text: str, whole: str) -> Fraction:
    if not _RATIONAL.match(text):
        raise ParseError(tr("{value!r} is not a number like 3/2, √2, 1/2√2 or -3/2+2√2", value=whole[:30]))
    try:
        return Fraction(text)
    except ZeroDivisionError:
        raise ParseError(tr("{value!r} divides by zero", value=whole[:30])) from None


def parse(text: str) -> Surd:
    """A :class:`Surd` from its text form; :class:`ParseError` says what is wrong.

    The part before ``√2`` is ``b``; an ``a`` comes first, joined by ``+`` or ``-``:
    ``-1/2√2`` is ``b = -1/2``, ``1-√2`` is ``a = 1, b = -1``.
    """
    whole = text.strip()
    t = whole.replace("r2", "√2").replace(" ", "")
    if "√2" not in t:
        return Surd(_rational(t, whole))
    if not t.endswith("√2") or t.count("√2") > 1:
        raise ParseError(tr("{value!r} is not a number like 3/2, √2, 1/2√2 or -3/2+2√2", value=whole[:30]))
    body = t[:-2]
    cut = max(body.rfind("+"), body.rfind("-"))
    if cut > 0:  # a, then the sign of b
        a = _rational(body[:cut], whole)
        b_text = body[cut:]
    else:
        a = Fraction(0)
        b_text = body
    b = Fraction(b_text + "1") if b_text in ("", "+", "-") else _rational(b_text, whole)
    return Surd(a, b)
