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
from dataclasses import dataclass
from fractions import Fraction

from ..errors import ParseError

_RATIONAL = re.compile(r"^[+-]?[0-9]{1,12}(?:/[0-9]{1,12})?$")


@dataclass(frozen=True, order=False)
class Surd:
    """The number ``a + b·√2``."""

    a: Fraction = Fraction(0)
    b: Fraction = Fraction(0)

    def __add__(self, other: Surd) -> Surd:
        return Surd(self.a + other.a, self.b + other.b)

    def __sub__(self, other: Surd) -> Surd:
        return Surd(self.a - other.a, self.b - other.b)

    def __neg__(self) -> Surd:
        return Surd(-self.a, -self.b)

    def __mul__(self, other: Surd) -> Surd:
        return Surd(self.a * other.a + 2 * self.b * other.b, self.a * other.b + self.b * other.a)

    def __truediv__(self, other: Surd) -> Surd:
        # multiply above and below by the conjugate a - b√2: the denominator a² - 2b² is rational,
        # and never 0 for a non-zero number (√2 is irrational)
        norm = other.a * other.a - 2 * other.b * other.b
        if norm == 0:
            raise ZeroDivisionError("division by zero")
        top = self * Surd(other.a, -other.b)
        return Surd(top.a / norm, top.b / norm)

    def sign(self) -> int:
        """-1, 0 or 1, exactly: compare ``a`` with ``-b√2`` by squaring where the signs allow it."""
        a, b = self.a, self.b
        if b == 0:
            return (a > 0) - (a < 0)
        if a == 0:
            return (b > 0) - (b < 0)
        if (a > 0) == (b > 0):
            return 1 if a > 0 else -1
        # opposite signs: the term with the larger square wins (a² against 2b²)
        bigger_a = a * a > 2 * b * b
        return (1 if a > 0 else -1) if bigger_a else (1 if b > 0 else -1)

    def __lt__(self, other: Surd) -> bool:
        return (self - other).sign() < 0

    def __le__(self, other: Surd) -> bool:
        return (self - other).sign() <= 0

    def __gt__(self, other: Surd) -> bool:
        return (self - other).sign() > 0

    def __ge__(self, other: Surd) -> bool:
        return (self - other).sign() >= 0

    def __float__(self) -> float:
        """For drawing only: never used in a verdict."""
        return float(self.a) + float(self.b) * 2**0.5

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
        raise ParseError(f"{whole[:30]!r} is not a number like 3/2, √2, 1/2√2 or -3/2+2√2")
    try:
        return Fraction(text)
    except ZeroDivisionError:
        raise ParseError(f"{whole[:30]!r} divides by zero") from None


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
        raise ParseError(f"{whole[:30]!r} is not a number like 3/2, √2, 1/2√2 or -3/2+2√2")
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
