"""Mixed-radix digits: many small choices packed into one integer, with no bit wasted.

A result code carries a pupil's name, times and solutions.  Each is a sequence of choices, each
out of a known number of options (a piece placed here is option 17 of the 42 that cover the first
empty cell).  :class:`DigitWriter` folds choices into one integer; :class:`DigitReader` takes them
out again in the same order, each with the same radix.  A choice out of one option costs nothing,
and a choice out of 42 costs log2(42) bits, not a whole byte or a character of text.

The radix of a later choice may depend on the earlier ones (the reader knows them when it asks):
``n = d0 + r0 * (d1 + r1 * (d2 + ...))``.
"""

from __future__ import annotations

from .errors import ParseError
from .i18n import tr

# Counts (times, hints, lengths) are written in classes: the class first, then the value within
# it, so a small count costs a few bits and a large one is still possible.
_CLASSES = (1, 1 << 4, 1 << 8, 1 << 12, 1 << 16, 1 << 24)


class DigitWriter:
    """Choices written in order; :meth:`value` is their integer."""

    def __init__(self) -> None:
        self._digits: list[tuple[int, int]] = []

    def put(self, digit: int, radix: int) -> None:
        """Write ``digit``, one of ``radix`` options (0 <= digit < radix)."""
        if not 0 <= digit < radix:
            raise ValueError(f"digit {digit} out of range {radix}")
        self._digits.append((digit, radix))

    def put_count(self, n: int) -> None:
        """Write a count of 0 to 16,843,024 (small ones in few bits)."""
        low = 0
        for k, size in enumerate(_CLASSES):
            if n < low + size:
                self.put(k, len(_CLASSES))
                self.put(n - low, size)
                return
            low += size
        raise ValueError(f"count {n} too large")

    def put_bytes(self, data: bytes) -> None:
        """Write bytes, their length first."""
        self.put_count(len(data))
        for b in data:
            self.put(b, 256)

    def put_digits(self, other: DigitWriter) -> None:
        """Write every choice ``other`` holds, in its order."""
        self._digits.extend(other._digits)

    def value(self) -> int:
        n = 0
        for digit, radix in reversed(self._digits):
            n = n * radix + digit
        return n


class DigitReader:
    """Choices taken out of ``value`` in the order they were written.  An untrusted value never
    raises anything but :class:`ParseError` (a too-large radix asked reads as the digits left)."""

    def __init__(self, value: int) -> None:
        self._rest = value

    def take(self, radix: int) -> int:
        """The next choice, one of ``radix`` options."""
        if radix <= 0:
            raise ParseError(tr("nothing can be read here"))
        self._rest, digit = divmod(self._rest, radix)
        return digit

    def take_count(self) -> int:
        k = self.take(len(_CLASSES))
        return sum(_CLASSES[:k]) + self.take(_CLASSES[k])

    def take_bytes(self, limit: int) -> bytes:
        n = self.take_count()
        if n > limit:
            raise ParseError(tr("this holds more than it can"))
        return bytes(self.take(256) for _ in range(n))

    def done(self) -> bool:
        """Whether every digit written was taken (a value with more in it was not written so)."""
        return self._rest == 0
