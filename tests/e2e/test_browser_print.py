"""Printed sheets, printed to PDF by Chromium and read back with PDFium: the pages on A4 and
Letter, their text, and the QR code on the paper read by an independent decoder.  The pages are
saved as PNGs in test-artifacts/ for a person to look at."""

from __future__ import annotations

from typing import Any

import pytest
from support.browser import App, open_hash, prints, wait_until
from support.printing import A4, LETTER, pages_of
from support.qrread import decode_grey


def print_sheet(page: Any, solution: bool) -> None:
    """Print the puzzle on screen from its toolbar; the page has built its sheets and asked the
    browser to print once (the tests then print its print view to PDF themselves)."""
    page.evaluate("delete document.body.dataset.print")
    before = prints(page)
    page.get_by_role("button", name="Print").click()
    page.locator("#print-solution").set_checked(solution)
    page.locator("#print-go").click()
    wait_until(page, "document.body.dataset.print === 'ready'", timeout=60)
    assert prints(page) == before + 1


@pytest.mark.parametrize(
    ("fragment", "title", "solution", "count", "cut"),
    [
        ("cover:6x10:", "Pentomino cover: 6 x 10", True, 3, "Cut out the pieces"),
        ("pegs:english:", "Peg solitaire: English board", True, 2, None),
        ("tangram:swan:", "Tangram: Swan", True, 3, "Cut out the seven tans"),
        ("gandagalo:....../....../....../....../..XO../...X.X:", "GandaGalo", False, 1, None),
        ("boxes:2x3x10:", "Pentacube boxes", True, 2, None),  # the layers side by side: nothing to cut
    ],
    ids=["cover", "pegs", "tangram", "gandagalo", "boxes"],
)
def test_a_puzzle_prints_on_a4_and_letter_with_its_qr_code(
    app: App, fragment: str, title: str, solution: bool, count: int, cut: str | None
) -> None:
    page = open_hash(app, fragment)
    page.locator("#view canvas").first.wait_for()
    print_sheet(page, solution)
    link = page.evaluate("location.origin + location.pathname") + "#" + fragment.replace("/", "%2F")
    for paper, size in (("A4", A4), ("Letter", LETTER)):
        pages = pages_of(page.pdf(format=paper), f"{fragment.split(':')[0]}-{paper}")
        assert len(pages) == count, (paper, len(pages))
        assert all(abs(p[0][0] - size[0]) <= 1 and abs(p[0][1] - size[1]) <= 1 for p in pages), [p[0] for p in pages]
        first_text = pages[0][1]
        assert title in first_text and link in first_text.replace("\r\n", "").replace("\n", "")
        assert decode_grey(*pages[0][2:]) == [link]  # the QR code on paper opens this puzzle
        if cut:
            assert cut in pages[1][1]
        if fragment.startswith("boxes:"):  # the layers side by side are said to be so, in words
            assert "the bottom layer on the left" in first_text.replace("\r\n", " ").replace("\n", " ")
        if solution:
            assert "Solution: " + title in pages[-1][1]
    # the page itself is unchanged on screen
    assert page.locator("#view canvas").first.is_visible()


def test_the_pegs_solution_page_lists_every_jump(app: App) -> None:
    page = open_hash(app, "pegs:english:")
    print_sheet(page, True)
    text = pages_of(page.pdf(format="A4"), "pegs-jumps")[-1][1]
    assert "31. " in text and "32. " not in text  # 32 pegs to one: 31 jumps


def test_a_level_sheet_has_only_the_pieces_to_place_and_a_silhouette_prints_light(app: App) -> None:
    """Issue 46: a level's sheet had children cut out all twelve pieces when two were missing, and a
    tangram silhouette printed solid black (toner for 25 copies)."""
    from pento_core import registry

    remaining = registry.get("cover").start("level:6x10:3").position.remaining()
    missing = sorted(piece.name for piece, count in remaining.counts for _ in range(count))
    page = open_hash(app, "cover:level%3A6x10%3A3:")
    page.locator("#view canvas").first.wait_for()
    print_sheet(page, False)
    cut = page.evaluate(
        "[...document.querySelectorAll('#print-sheet .print-piece')].map(p => p.getAttribute('aria-label'))"
    )
    assert cut == [f"piece {name}" for name in missing] and 0 < len(cut) < 12, (cut, missing)
    assert page.locator("#print-sheet .print-name").count() == 1

    page = open_hash(app, "tangram:swan:")
    page.locator("#view canvas").first.wait_for()
    print_sheet(page, False)
    fill = page.evaluate("document.querySelector('#print-sheet .print-board path').getAttribute('fill')")
    assert fill == "#ddd"
