"""Sets of small numbers (cells, placements) as the bits of a Python int: the one way every
family lists what such a set holds."""

from __future__ import annotations


def bits(mask: int) -> list[int]:
    """The indices of ``mask``'s set bits, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
