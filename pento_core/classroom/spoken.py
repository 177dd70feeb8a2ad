"""Spoken result codes (format 3): a pupil's whole assignment in a code short enough to read out.

A proof code (format 2, :mod:`pento_core.classroom.assignment`) carries each solution, so the
teacher's page checks it by the game's rules; four puzzles of a tangram and a GandaGalo take well
over 100 characters.  A spoken code carries what the results table shows (the name, and for each
puzzle solved or not, the time, the hints and the solves) and **not the solutions**: the results
page counts it as *reported*, and the QR code beside it carries the proof.  The page shows a proof
code as text where it is no longer than :data:`MAX_SPOKEN` characters, and a spoken code where it
is (:func:`pento_core.classroom.assignment.codes`).

The text: the digit ``3``, one integer in Crockford base32 (the alphabet of
:mod:`pento_core.classroom.race`, read in any case, O as 0 and I, L as 1), and four characters of
check: 20 bits of CRC-32 over the assignment (its :meth:`~.assignment.Assignment.key`), the integer
and the name.  The name is in the check even where the integer holds only its place on the class
list, so a class list changed under a code refuses it instead of naming another pupil.  Grouped in
fives with dashes, as every code: a break between groups, never inside one.

The integer packs, as mixed-radix choices (:mod:`pento_core.digits`):

1. the name: 0 (of 2) and its place on the assignment's class list; or 1, its length less one (of
   24), how its letters are written (:data:`CASES`); for a name in one other script, where its
   160 code points begin (a sixteenth of it) and each character: one of :data:`MARKS` or its place
   among those code points; else each character lower-cased: its place in
   :data:`PLAIN` (of 32), or the accent choice and its place in :data:`ACCENTED`, or the other
   choice and then 0 and its place among the 95 printable ASCII characters, or 1 and its code
   point (and with the case ``each``, a cased letter's capital or not);
2. every puzzle solved (of 2); then for each puzzle: solved (of 2, unless every one is), the time
   in seconds (rounded up) in :func:`_put_seconds`'s classes, and with help allowed whether any
   help was used (of 2), then the hints and the solves (:func:`_put_help`).

So a twelve-letter name costs 68 bits (77 with two accented letters; 106 in Cyrillic), a name
from the class list 7, a puzzle solved within 17 minutes 11 bits, and 5 more with a hint: four puzzles solved with
help and such a name fit in 40 characters with their dashes (``tests/test_spoken_codes.py``
measures game mixes).  Format 3 is frozen from its
first release, as formats 1 and 2 are.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from typing import NamedTuple

from ..digits import DigitReader, DigitWriter
from ..errors import PentoError
from ..i18n import tr
from .race import MAX_NAME, MAX_TENTHS, RaceCodeError, base32, check_name, from_base32, grouped

FORMAT = "3"
CHECK_CHARS = 4  # 20 bits: a misread character is caught but for one code in a million
MAX_SPOKEN = 40  # characters a code shown as text has at most, dashes included, for a spoken code
MAX_COUNT = 999  # hints or solves on one puzzle (as in a proof code)

# Letters as a spoken code writes them, lower-cased: English's and the marks between words, each
# one of 32 choices; one more choice for a letter of Portuguese or German, then which; and one for
# any other character, then its code point.
PLAIN = "abcdefghijklmnopqrstuvwxyz -'."
ACCENTED = "áàâãäçéèêëíïóòôõöúùûüñß"
_ACCENT, _OTHER = len(PLAIN), len(PLAIN) + 1
_LETTERS = len(PLAIN) + 2
_HINTS = 8  # hints of 0-6 in one choice; the last choice: 7 or more, and how many more
# How a name's letters are written: each word's first letter a capital ("Ana Sofia", "Jean-Luc",
# "O'Neill"), all small, all capitals, or one choice per letter; or letters of one other script.
CASES = ("title", "lower", "upper", "each", "script")
# A name in one other script: each character a mark between words or one of 160 code points.
MARKS = " -'."
_WINDOW = 160  # Cyrillic from Ѐ (U+0400) to ґ (U+0491), Greek, Hebrew, Arabic letters each fit

# Times in seconds, in classes: up to 17 minutes to the second, up to 85 more to the second, then
# in whole minutes up to a week.
_SHORT, _LONG = 1024, 4096
_MINUTES = MAX_TENTHS // 600 + 1


class Said(NamedTuple):
    """One puzzle's work as a spoken code says it (no solution)."""

    solved: bool
    tenths: int
    hints: int = 0
    solves: int = 0


def _cased(c: str) -> bool:
    """Whether ``c`` is a letter whose small and capital forms are one character each."""
    low, up = c.lower(), c.upper()
    return len(low) == 1 and len(up) == 1 and low != up and low.upper() == up and up.lower() == low


def _title(name: str) -> list[bool]:
    """For each character of ``name``: a capital in title case (the first letter of each word)."""
    out, first = [], True
    for c in name:
        out.append(first)
        first = not c.isalpha()
    return out


def _case_of(name: str) -> int:
    """The first of :data:`CASES` that writes every cased letter of ``name`` as it is."""
    letters = [(i, c) for i, c in enumerate(name) if _cased(c)]
    title = _title(name)
    if all(c.isupper() == title[i] for i, c in letters):
        return 0
    if all(c.islower() for _, c in letters):
        return 1
    if all(c.isupper() for _, c in letters):
        return 2
    return 3


def _window(name: str) -> int | None:
    """Where the :data:`_WINDOW` code points holding every letter of ``name`` begin (a multiple of
    16), when its letters are of one script beyond Latin-1 (Cyrillic, Greek, Hebrew, Arabic...)
    and the rest :data:`MARKS`; else None."""
    points = [ord(c) for c in name if c not in MARKS]
    if not points or min(points) < 0x100:
        return None
    base = min(points) >> 4 << 4
    return base if max(points) < base + _WINDOW and base + _WINDOW <= 0x110000 else None


def _put_name(out: DigitWriter, name: str, roster: Sequence[str]) -> None:
    if name in roster:
        out.put(0, 2)
        out.put(roster.index(name), len(roster))
        return
    out.put(1, 2)
    out.put(len(name) - 1, MAX_NAME)
    base = _window(name)
    if base is not None:  # one other script's letters: each one of 164 (Мария: 7.4 bits, not 26)
        out.put(len(CASES) - 1, len(CASES))
        out.put(base >> 4, 0x110000 >> 4)
        for c in name:
            out.put(MARKS.index(c) if c in MARKS else len(MARKS) + ord(c) - base, len(MARKS) + _WINDOW)
        return
    case = _case_of(name)
    out.put(case, len(CASES))
    for c in name:
        low = c.lower() if _cased(c) else c
        if low in PLAIN:
            out.put(PLAIN.index(low), _LETTERS)
        elif low in ACCENTED:
            out.put(_ACCENT, _LETTERS)
            out.put(ACCENTED.index(low), len(ACCENTED))
        else:
            out.put(_OTHER, _LETTERS)
            if " " <= c <= "~":  # a mark of the keyboard's: one of 95
                out.put(0, 2)
                out.put(ord(c) - 32, 95)
            else:
                out.put(1, 2)
                out.put(ord(c), 0x110000)
            continue
        if case == 3 and _cased(c):
            out.put(int(c.isupper()), 2)


def _take_name(src: DigitReader, roster: Sequence[str]) -> str:
    if not src.take(2):
        if not roster:
            raise ValueError("no class list")
        return roster[src.take(len(roster))]
    length = src.take(MAX_NAME) + 1
    case = src.take(len(CASES))
    if case == len(CASES) - 1:
        base = src.take(0x110000 >> 4) << 4
        picked = (src.take(len(MARKS) + _WINDOW) for _ in range(length))
        return check_name("".join(MARKS[i] if i < len(MARKS) else chr(base + i - len(MARKS)) for i in picked))
    chars: list[str] = []
    for _ in range(length):
        i = src.take(_LETTERS)
        if i == _OTHER:
            chars.append(chr(32 + src.take(95)) if not src.take(2) else chr(src.take(0x110000)))
            continue
        c = ACCENTED[src.take(len(ACCENTED))] if i == _ACCENT else PLAIN[i]
        if case == 3 and _cased(c) and src.take(2):
            c = c.upper()
        chars.append(c)
    if case in (0, 2):
        title = _title("".join(chars))
        chars = [c.upper() if _cased(c) and (case == 2 or title[i]) else c for i, c in enumerate(chars)]
    return check_name("".join(chars))


def _put_seconds(out: DigitWriter, tenths: int) -> None:
    seconds = math.ceil(min(max(0, tenths), MAX_TENTHS) / 10)
    out.put(int(seconds >= _SHORT), 2)
    if seconds < _SHORT:
        out.put(seconds, _SHORT)
        return
    out.put(int(seconds >= _SHORT + _LONG), 2)
    if seconds < _SHORT + _LONG:
        out.put(seconds - _SHORT, _LONG)
    else:
        out.put(min(math.ceil((seconds - _SHORT - _LONG) / 60), _MINUTES - 1), _MINUTES)


def _take_tenths(src: DigitReader) -> int:
    if not src.take(2):
        return 10 * src.take(_SHORT)
    if not src.take(2):
        return 10 * (_SHORT + src.take(_LONG))
    return min(10 * (_SHORT + _LONG + 60 * src.take(_MINUTES)), MAX_TENTHS)


def _put_help(out: DigitWriter, hints: int, solves: int) -> None:
    out.put(int(bool(hints or solves)), 2)
    if hints or solves:
        out.put(min(hints, _HINTS - 1), _HINTS)
        if hints >= _HINTS - 1:
            out.put_count(hints - _HINTS + 1)
        out.put(min(solves, 1), 2)
        if solves:
            out.put_count(solves - 1)


def _take_help(src: DigitReader) -> tuple[int, int]:
    if not src.take(2):
        return 0, 0
    hints = src.take(_HINTS)
    if hints == _HINTS - 1:
        hints += src.take_count()
    solves = src.take(2)
    if solves:
        solves += src.take_count()
    if hints > MAX_COUNT or solves > MAX_COUNT or not (hints or solves):
        raise ValueError("out of bounds")
    return hints, solves


def _check(key: bytes, value: int, name: str) -> int:
    data = value.to_bytes((value.bit_length() + 7) // 8, "big")
    return zlib.crc32(key + b"|" + FORMAT.encode() + data + b"|" + name.encode()) & ((1 << (5 * CHECK_CHARS)) - 1)


def write(key: bytes, roster: Sequence[str], help: bool, name: str, work: Sequence[Said]) -> str:
    """The spoken code of ``name``'s ``work`` on an assignment whose :meth:`key` is ``key`` (its
    class list ``roster``, help allowed or not), grouped; ``name`` as :func:`check_name` gives it."""
    out = DigitWriter()
    _put_name(out, name, roster)
    every = all(w.solved for w in work)
    out.put(int(every), 2)
    for w in work:
        if not every:
            out.put(int(w.solved), 2)
        _put_seconds(out, w.tenths)
        if help:
            _put_help(out, min(max(0, w.hints), MAX_COUNT), min(max(0, w.solves), MAX_COUNT))
    value = out.value()
    return grouped(FORMAT + base32(value) + base32(_check(key, value, name), CHECK_CHARS))


def read(key: bytes, roster: Sequence[str], help: bool, items: int, text: str) -> tuple[str, list[Said]]:
    """The name and each puzzle's work a spoken code says (``text`` normalised, its first
    character the format's); raises :class:`RaceCodeError` saying what is wrong."""
    body, tail = text[1:-CHECK_CHARS], text[-CHECK_CHARS:]
    value, written = from_base32(body), from_base32(tail)
    src = DigitReader(value)
    try:
        name = _take_name(src, roster)
        work = []
        every = bool(src.take(2))
        for _ in range(items):
            solved = every or bool(src.take(2))
            tenths = _take_tenths(src)
            hints, solves = _take_help(src) if help else (0, 0)
            work.append(Said(solved, tenths, hints, solves))
        if not src.done():
            raise ValueError("more digits than written")
    except (PentoError, ValueError, IndexError):
        name, work = "", []
    if _check(key, value, name) != written:
        raise RaceCodeError(
            tr("the check does not match: a character is mistyped or changed, or the code is from another assignment")
        )
    if not work and items:
        raise RaceCodeError(tr("this code does not read, though its check matches"))
    return name, work
