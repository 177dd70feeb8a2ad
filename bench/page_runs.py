"""What the page benchmarks share: puzzles made one after another by the New button, timed by the
page's own ``pento-new`` measure (request to playable board)."""

from __future__ import annotations

from typing import Any


def new_puzzle_times(page: Any, runs: int) -> list[float]:
    """Once the first of ``runs`` puzzles has been asked for (its button clicked), press New for
    each of the others as the last is ready; the seconds each took, in order."""
    from support.browser import wait_until  # type: ignore[import-not-found]

    for k in range(1, runs):
        wait_until(page, f"performance.getEntriesByName('pento-new').length >= {k}", timeout=120)
        wait_until(page, "window.pento.session() !== null && !window.pento.busy()", timeout=120)
        page.get_by_role("button", name="New", exact=True).click()
    wait_until(page, f"performance.getEntriesByName('pento-new').length >= {runs}", timeout=120)
    return [t / 1000 for t in page.evaluate("performance.getEntriesByName('pento-new').map(e => e.duration)")]
