"""Benchmark: GandaGalo boards generated at each level and size, on CPython and in the browser.

Prints, for each size and level: the time to generate a board (median, p95, max, over many
seeds), the share of the time spent proving the level (solver) against making the filling
(a bare baseline measured in the same run), and the distribution of givens and blocked cells.
Targets (the issue): 20x20 hard in at most 1 s median on CPython and 3 s p95 in the browser;
8x8 in under 0.1 s.  The report the game comes from publishes no times.

Usage: ``.venv/bin/python bench/bench_gandagalo.py [--seeds 30] [--browser-runs 20] [--no-browser]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from pento_core.gandagalo.generator import BLOCKED_SHARE, fill, generate, sprinkle  # noqa: E402
from pento_core.gandagalo.solver import analyse  # noqa: E402

SIZES = [(6, 6), (8, 8), (12, 12), (16, 16), (20, 20)]
LEVELS = ("easy", "hard", "expert")
TARGETS = {((20, 20), "hard"): 1.0, ((8, 8), "easy"): 0.1, ((8, 8), "hard"): 0.1, ((8, 8), "expert"): 0.1}


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def spread(values: list[int]) -> str:
    return f"{statistics.mean(values):5.1f} ({min(values)}-{max(values)})"


def cpython(seeds: int) -> None:
    print(f"CPython {sys.version.split()[0]}, {seeds} seeds per row; times in seconds\n")
    head = f"{'size':<7}{'level':<8}{'median':>8}{'p95':>8}{'max':>8}{'filling':>9}{'target':>8}"
    print(head + f"   {'givens (min-max)':<18}{'blocked (min-max)':<19}{'free':>5}")
    for rows, cols in SIZES:
        # the bare baseline: one filling alone (step 1 of the generator), no solver
        rng = random.Random(0)
        t0 = time.perf_counter()
        for _ in range(seeds):
            fill(rows, cols, sprinkle(rows, cols, BLOCKED_SHARE, rng), rng)
        filling = (time.perf_counter() - t0) / seeds
        for level in LEVELS:
            times: list[float] = []
            givens: list[int] = []
            blocked: list[int] = []
            free: list[int] = []
            for seed in range(seeds):
                t0 = time.perf_counter()
                grid = generate(rows, cols, level, seed)
                times.append(time.perf_counter() - t0)
                givens.append((grid.x | grid.o).bit_count())
                blocked.append(grid.blocked.bit_count())
                free.append(grid.empty.bit_count())
                if seed < 3:
                    assert analyse(grid).level == level  # the solver agrees (checked, not timed)
            target = TARGETS.get(((rows, cols), level))
            met = "" if target is None else f"{target:>5.1f} {'ok' if statistics.median(times) <= target else 'MISSED'}"
            print(
                f"{rows}x{cols:<5}{level:<8}{statistics.median(times):>8.3f}{p95(times):>8.3f}{max(times):>8.3f}"
                f"{filling:>9.4f}{met:>8}   {spread(givens):<18}{spread(blocked):<19}{statistics.mean(free):>5.0f}",
                flush=True,
            )


def browser(runs: int) -> None:
    from page_runs import new_puzzle_times
    from playwright.sync_api import sync_playwright
    from support.browser import CHROMIUM_ARGS  # type: ignore[import-not-found]

    import build

    build.build()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as p:
        exe = build.find_chromium()
        chromium = p.chromium.launch(args=CHROMIUM_ARGS, **({"executable_path": exe} if exe else {}))
        page = chromium.new_page(viewport={"width": 1280, "height": 860})
        page.goto(base + "?nosw")
        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
        for label in ("8 x 8, hard", "20 x 20, hard"):
            page.goto(base + "?nosw")
            page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
            page.evaluate("performance.clearMeasures('pento-new')")
            page.locator("[data-game=gandagalo]").get_by_role("button", name=label, exact=True).click()
            times = new_puzzle_times(page, runs)
            print(
                f"browser {label}: request to playable board, {len(times)} boards:"
                f" median {statistics.median(times):.2f} s,"
                f" p95 {p95(times):.2f} s, max {max(times):.2f} s"
                + (f" (target p95 3 s: {'ok' if p95(times) <= 3 else 'MISSED'})" if label.startswith("20") else ""),
                flush=True,
            )
        chromium.close()
    server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--browser-runs", type=int, default=20)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    cpython(args.seeds)
    if not args.no_browser:
        print()
        browser(args.browser_runs)


if __name__ == "__main__":
    main()
