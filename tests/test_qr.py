"""The QR encoder against an independent encoder (python-qrcode, same version, level and mask:
the whole symbol must be the same) and an independent decoder (zxing-cpp)."""

from __future__ import annotations

import pytest
import qrcode
import qrcode.util
from support.qrread import decode_rows

from pento_core.classroom.qr import LEVELS, QRTooLong, penalty, qr_matrix, size_of
from pento_core.errors import PentoError

_THEIR_LEVEL = {
    "L": qrcode.constants.ERROR_CORRECT_L,
    "M": qrcode.constants.ERROR_CORRECT_M,
    "Q": qrcode.constants.ERROR_CORRECT_Q,
    "H": qrcode.constants.ERROR_CORRECT_H,
}


def theirs(text: str, level: str, version: int, mask: int) -> list[str]:
    code = qrcode.QRCode(version=version, error_correction=_THEIR_LEVEL[level], mask_pattern=mask, border=0)
    code.add_data(qrcode.util.QRData(text.encode(), mode=qrcode.util.MODE_8BIT_BYTE))
    code.make(fit=False)
    return ["".join("1" if dark else "0" for dark in row) for row in code.get_matrix()]


@pytest.mark.parametrize("level", LEVELS)
def test_every_version_and_level_matches_an_independent_encoder(level: str) -> None:
    for version in range(1, 41):
        text = f"https://example.org/pento/index.html#race:{version}{level}:cover:6x10"[: 4 + version]
        mask = (version + LEVELS.index(level)) % 8
        mine = qr_matrix(text, level, version=version, mask=mask)
        assert len(mine) == size_of(version)
        assert mine == theirs(text, level, version, mask), (level, version, mask)


def test_a_full_symbol_with_several_block_lengths_matches() -> None:
    # Version 5-Q has blocks of 15 and 16 data words; fill it to the last bit.
    text = "x" * 60
    for mask in range(8):
        assert qr_matrix(text, "Q", version=5, mask=mask) == theirs(text, "Q", 5, mask)


@pytest.mark.parametrize(
    "text",
    [
        "https://pento.example/index.html#race:K3M9QX:cover:6x10",
        "Olá, Jürgen! ✓",  # UTF-8
        "x" * 900,  # a large version
        "a",
    ],
    ids=["race link", "utf-8", "900 bytes", "one byte"],
)
def test_the_chosen_symbol_is_read_back_by_an_independent_decoder(text: str) -> None:
    for level in LEVELS:
        rows = qr_matrix(text, level)
        assert decode_rows(rows, scale=2 if len(rows) > 100 else 4) == [text], level


def test_the_smallest_version_and_the_lowest_penalty_are_chosen() -> None:
    rows = qr_matrix("hello", "M")
    assert len(rows) == 21  # version 1
    assert len(qr_matrix("x" * 14, "M")) == 21 and len(qr_matrix("x" * 15, "M")) == 25  # 1-M holds 14 bytes
    score = penalty([[c == "1" for c in row] for row in rows])
    assert score == min(penalty([[c == "1" for c in row] for row in qr_matrix("hello", "M", mask=m)]) for m in range(8))


def test_text_too_long_and_bad_levels_are_refused_with_a_reason() -> None:
    assert len(qr_matrix("x" * 2953, "L")) == 177  # the largest symbol's byte capacity
    with pytest.raises(QRTooLong, match="too long"):
        qr_matrix("x" * 2954, "L")
    with pytest.raises(QRTooLong):
        qr_matrix("x" * 100, "M", version=1)  # fits a larger version, not the one asked
    with pytest.raises(PentoError, match="level"):
        qr_matrix("hello", "X")
