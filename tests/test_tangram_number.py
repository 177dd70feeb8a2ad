"""The tangram's exact numbers a + b√2: arithmetic against exact identities, the sign against
60-digit decimals, and the text form as the command line writes it."""

from __future__ import annotations

from decimal import Decimal, getcontext
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pento_core.errors import ParseError
from pento_core.tangram.number import ONE, ROOT2, ZERO, Surd, parse

getcontext().prec = 60
RATIONALS = st.fractions(min_value=-50, max_value=50, max_denominator=40)
SURDS = st.builds(Surd, RATIONALS, RATIONALS)


def decimal(x: Surd) -> Decimal:
    """An independent value: 60-digit decimals."""
    return (
        Decimal(x.a.numerator) / Decimal(x.a.denominator)
        + Decimal(x.b.numerator) / Decimal(x.b.denominator) * Decimal(2).sqrt()
    )


@settings(max_examples=300, deadline=None)
@given(SURDS, SURDS, SURDS)
def test_field_identities(x: Surd, y: Surd, z: Surd) -> None:
    assert x + y == y + x and x * y == y * x
    assert (x + y) * z == x * z + y * z
    assert x - x == ZERO and x * ONE == x
    assert Surd(Fraction(2)) == ROOT2 * ROOT2
    assert x * Surd(x.a, -x.b) == Surd(x.a * x.a - 2 * x.b * x.b)  # the conjugate's product is rational
    if y != ZERO:
        assert (x / y) * y == x


@settings(max_examples=300, deadline=None)
@given(SURDS)
def test_the_sign_is_exact(x: Surd) -> None:
    d = decimal(x)
    expected = 0 if x == ZERO else (1 if d > 0 else -1)
    assert x.sign() == expected
    assert (x > ZERO) == (d > 0) and (x <= ZERO) == (d <= 0)


@settings(max_examples=300, deadline=None)
@given(SURDS, SURDS)
def test_two_numbers_compare_as_their_decimals_do(x: Surd, y: Surd) -> None:
    # the comparisons take the sign of the difference without making it (denominators alike or not)
    dx, dy = decimal(x), decimal(y)
    assert (x < y, x <= y, x > y, x >= y) == (dx < dy, dx <= dy, dx > dy, dx >= dy)


@settings(max_examples=300, deadline=None)
@given(SURDS)
def test_the_text_form_round_trips(x: Surd) -> None:
    assert parse(x.text()) == x
    assert parse(x.text().replace("√2", "r2")) == x


@pytest.mark.parametrize(
    ("text", "a", "b"),
    [
        ("0", 0, 0),
        ("3/2", Fraction(3, 2), 0),
        ("√2", 0, 1),
        ("1/2√2", 0, Fraction(1, 2)),
        ("-3/2+2√2", Fraction(-3, 2), 2),
        ("1-√2", 1, -1),
        ("-1/2√2", 0, Fraction(-1, 2)),
        ("2+r2", 2, 1),
    ],
)
def test_the_issues_examples(text: str, a: Fraction, b: Fraction) -> None:
    assert parse(text) == Surd(Fraction(a), Fraction(b))


@pytest.mark.parametrize("text", ["", "x", "1/0", "√2√2", "1+", "2√3", "1.5"])
def test_malformed_numbers_are_refused(text: str) -> None:
    with pytest.raises(ParseError):
        parse(text)
