"""QR codes (ISO/IEC 18004, model 2) for the links a class passes around.

A race link on the projector, a pupil's result on a phone and a printed sheet's
link all become QR codes that any phone's camera reads.  The page draws the
modules this module computes, so the rules of the symbol live in one place and
are tested against an independent encoder and decoder (``tests/test_qr.py``).

Only what links need: byte mode (UTF-8 text), every version 1-40, the four
error-correction levels, and the standard's choice of mask (the lowest penalty).

>>> rows = qr_matrix("https://example.org/")
>>> len(rows), len(rows[0]), rows[0][:7]
(25, 25, '1111111')
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import PentoError
from ..i18n import tr

LEVELS = "LMQH"
# The two bits each level writes into the format information (not in LMQH order).
_LEVEL_BITS = {"L": 0b01, "M": 0b00, "Q": 0b11, "H": 0b10}

# Per version 1-40 (index 0 unused): error-correction codewords in each block,
# and the number of blocks, for levels L, M, Q, H (the standard's table 9).
_ECC_PER_BLOCK = {
    "L": (0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
    "Q": (0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
          28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "H": (0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
          30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
}  # fmt: skip
_BLOCKS = {
    "L": (0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
    "Q": (0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
          23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68),
    "H": (0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
          25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81),
}  # fmt: skip


class QRTooLong(PentoError):
    """Text longer than the largest QR code holds at the asked level."""

    code = "too_large"


def size_of(version: int) -> int:
    """Modules on a side of a symbol of ``version`` (quiet zone not included)."""
    return 17 + 4 * version


def _alignment_centres(version: int) -> list[int]:
    """Row (and column) numbers of the alignment patterns' centres: evenly spaced from the far
    side back towards 6, the spacing an even number (version 32's is the standard's exception)."""
    if version == 1:
        return []
    count = version // 7 + 2
    last = size_of(version) - 7
    step = 26 if version == 32 else (version * 4 + count * 2 + 1) // (count * 2 - 2) * 2
    return [6] + [last - step * i for i in reversed(range(count - 1))]


def _data_modules(version: int) -> int:
    """Modules left for codewords once the function patterns are drawn."""
    size = size_of(version)
    taken = 3 * 64 + 2 * (size - 16) + 31  # finders with separators, timing lines, format areas + dark module
    centres = len(_alignment_centres(version))
    if centres:
        patterns = centres * centres - 3  # none over a finder
        taken += 25 * patterns - 10 * (centres - 2)  # those on the timing lines share 5 modules with it
    if version >= 7:
        taken += 36  # the two version blocks
    return size * size - taken


def _capacity(version: int, level: str) -> int:
    """Data codewords a symbol of ``version`` and ``level`` holds."""
    return _data_modules(version) // 8 - _ECC_PER_BLOCK[level][version] * _BLOCKS[level][version]


# GF(256) with the standard's polynomial x^8 + x^4 + x^3 + x^2 + 1.
_EXP = [0] * 512
_LOG = [0] * 256
_x = 1
for _i in range(255):
    _EXP[_i] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


def _mul(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


def _generator(degree: int) -> list[int]:
    """Coefficients (highest power first, leading 1 left out) of (x - a^0)(x - a^1)...(x - a^(degree-1))."""
    poly = [1]
    for i in range(degree):
        nxt = [0] * (len(poly) + 1)
        for j, c in enumerate(poly):
            nxt[j] ^= c
            nxt[j + 1] ^= _mul(c, _EXP[i])
        poly = nxt
    return poly[1:]


def _ecc(data: list[int], degree: int) -> list[int]:
    """Reed-Solomon check codewords: the remainder of data(x) * x^degree by the generator."""
    gen = _generator(degree)
    rem = [0] * degree
    for byte in data:
        factor = byte ^ rem[0]
        rem = [*rem[1:], 0]
        for j, g in enumerate(gen):
            rem[j] ^= _mul(g, factor)
    return rem


def _codewords(data: bytes, version: int, level: str) -> list[int]:
    """The data in byte mode, padded, split into blocks, each block's check words added, interleaved."""
    bits: list[int] = []

    def put(value: int, width: int) -> None:
        bits.extend((value >> i) & 1 for i in reversed(range(width)))

    put(0b0100, 4)
    put(len(data), 8 if version <= 9 else 16)
    for byte in data:
        put(byte, 8)
    capacity = _capacity(version, level)
    put(0, min(4, capacity * 8 - len(bits)))  # terminator
    put(0, -len(bits) % 8)
    words = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits), 8)]
    words += [(0xEC, 0x11)[i % 2] for i in range(capacity - len(words))]

    blocks_n = _BLOCKS[level][version]
    ecc_n = _ECC_PER_BLOCK[level][version]
    total = _data_modules(version) // 8
    short = total // blocks_n - ecc_n  # data words in a short block; the last ``total % blocks_n`` have one more
    long_from = blocks_n - total % blocks_n
    blocks: list[list[int]] = []
    at = 0
    for b in range(blocks_n):
        n = short + (b >= long_from)
        blocks.append(words[at : at + n])
        at += n
    checks = [_ecc(block, ecc_n) for block in blocks]
    out = [block[i] for i in range(short + 1) for block in blocks if i < len(block)]
    out += [check[i] for i in range(ecc_n) for check in checks]
    return out


_MASKS: tuple[Callable[[int, int], bool], ...] = (
    lambda r, c: (r + c) % 2 == 0,
    lambda r, c: r % 2 == 0,
    lambda r, c: c % 3 == 0,
    lambda r, c: (r + c) % 3 == 0,
    lambda r, c: (r // 2 + c // 3) % 2 == 0,
    lambda r, c: r * c % 2 + r * c % 3 == 0,
    lambda r, c: (r * c % 2 + r * c % 3) % 2 == 0,
    lambda r, c: ((r + c) % 2 + r * c % 3) % 2 == 0,
)


def _bch(value: int, width: int, poly: int) -> int:
    """``value`` followed by its BCH remainder by ``poly`` (a polynomial of degree ``width``)."""
    rem = value << width
    for shift in reversed(range(poly.bit_length() - 1, rem.bit_length())):
        if rem >> shift & 1:
            rem ^= poly << (shift - poly.bit_length() + 1)
    return value << width | rem


class _Symbol:
    """A matrix being drawn: ``dark`` per module, ``fixed`` for function patterns (data skips them)."""

    def __init__(self, version: int) -> None:
        self.version = version
        self.size = size_of(version)
        self.dark = [[False] * self.size for _ in range(self.size)]
        self.fixed = [[False] * self.size for _ in range(self.size)]
        self._function_patterns()

    def set(self, row: int, col: int, dark: bool, grid: list[list[bool]] | None = None) -> None:
        (self.dark if grid is None else grid)[row][col] = dark
        self.fixed[row][col] = True

    def _function_patterns(self) -> None:
        n = self.size
        for i in range(n):  # timing lines
            self.set(6, i, i % 2 == 0)
            self.set(i, 6, i % 2 == 0)
        for top, left in ((0, 0), (0, n - 7), (n - 7, 0)):  # finders and their light separators
            for r in range(-1, 8):
                for c in range(-1, 8):
                    if 0 <= top + r < n and 0 <= left + c < n:
                        ring = max(abs(r - 3), abs(c - 3))
                        self.set(top + r, left + c, ring != 2 and ring != 4)
        centres = _alignment_centres(self.version)
        corners = {(centres[0], centres[0]), (centres[0], centres[-1]), (centres[-1], centres[0])} if centres else set()
        for cr in centres:
            for cc in centres:
                if (cr, cc) in corners:  # where the finders are
                    continue
                for r in range(-2, 3):
                    for c in range(-2, 3):
                        self.set(cr + r, cc + c, max(abs(r), abs(c)) != 1)
        self.format_bits(0)  # reserve the areas; the real bits come with the mask
        if self.version >= 7:
            bits = _bch(self.version, 12, 0x1F25)
            for i in range(18):
                a, b = n - 11 + i % 3, i // 3
                self.set(a, b, bool(bits >> i & 1))
                self.set(b, a, bool(bits >> i & 1))

    def format_bits(self, bits: int, grid: list[list[bool]] | None = None) -> None:
        """The 15 format bits (level and mask), twice, and the dark module, into ``grid`` (a masked
        copy) or the symbol itself."""
        n = self.size

        def bit(i: int) -> bool:
            return bool(bits >> i & 1)

        for i in range(6):
            self.set(i, 8, bit(i), grid)
        self.set(7, 8, bit(6), grid)
        self.set(8, 8, bit(7), grid)
        self.set(8, 7, bit(8), grid)
        for i in range(9, 15):
            self.set(8, 14 - i, bit(i), grid)
        for i in range(8):
            self.set(8, n - 1 - i, bit(i), grid)
        for i in range(8, 15):
            self.set(n - 15 + i, 8, bit(i), grid)
        self.set(n - 8, 8, True, grid)

    def place(self, words: list[int]) -> None:
        """Codeword bits, most significant first, up and down the two-column strips from the right."""
        n = self.size
        bits = [(w >> i) & 1 for w in words for i in reversed(range(8))]
        at = 0
        right = n - 1
        upward = True
        while right > 0:
            if right == 6:  # the vertical timing line is no strip
                right -= 1
            rows = range(n - 1, -1, -1) if upward else range(n)
            for r in rows:
                for c in (right, right - 1):
                    if not self.fixed[r][c]:
                        self.dark[r][c] = at < len(bits) and bits[at] == 1  # remainder bits are light
                        at += 1
            upward = not upward
            right -= 2

    def masked(self, mask: int, level: str) -> list[list[bool]]:
        test = _MASKS[mask]
        grid = [
            [d != (not self.fixed[r][c] and test(r, c)) for c, d in enumerate(row)] for r, row in enumerate(self.dark)
        ]
        self.format_bits(_bch(_LEVEL_BITS[level] << 3 | mask, 10, 0x537) ^ 0x5412, grid)
        return grid


def penalty(grid: list[list[bool]]) -> int:
    """The standard's score of a masked symbol (lower is easier to read): long runs, 2x2 blocks,
    finder look-alikes and an unbalanced share of dark modules."""
    n = len(grid)
    score = 0
    lines = grid + [list(col) for col in zip(*grid, strict=True)]
    finder = [True, False, True, True, True, False, True, False, False, False, False]
    finder_like = (finder, finder[::-1])
    for line in lines:
        run = 1
        for i in range(1, n + 1):
            if i < n and line[i] == line[i - 1]:
                run += 1
                continue
            if run >= 5:
                score += run - 2
            run = 1
        for i in range(n - 10):
            if line[i : i + 11] in finder_like:
                score += 40
    for r in range(n - 1):
        for c in range(n - 1):
            if grid[r][c] == grid[r][c + 1] == grid[r + 1][c] == grid[r + 1][c + 1]:
                score += 3
    dark = sum(map(sum, grid))
    score += 10 * (abs(dark * 20 - n * n * 10) // (n * n))
    return score


def qr_matrix(text: str, level: str = "M", version: int | None = None, mask: int | None = None) -> list[str]:
    """The QR code of ``text`` as rows of ``'1'`` (dark) and ``'0'`` (light), without the quiet
    zone of four light modules the drawing must leave around it.

    The smallest version that holds the text at ``level`` unless ``version`` is given; the mask
    with the lowest :func:`penalty` unless ``mask`` is.  Raises :class:`QRTooLong` when the text
    does not fit."""
    if level not in _LEVEL_BITS:
        raise PentoError(tr("a QR level is one of {value}", value=", ".join(LEVELS)))
    data = text.encode("utf-8")
    fits = [v for v in range(1, 41) if 4 + (8 if v <= 9 else 16) + 8 * len(data) <= _capacity(v, level) * 8]
    if not fits or (version is not None and version not in fits):
        raise QRTooLong(tr("the text is too long for a QR code ({n_data:,} bytes)", n_data=len(data)))
    chosen = version if version is not None else fits[0]
    symbol = _Symbol(chosen)
    symbol.place(_codewords(data, chosen, level))
    masks = range(8) if mask is None else [mask]
    best = min((symbol.masked(m, level) for m in masks), key=penalty)
    return ["".join("1" if d else "0" for d in row) for row in best]
