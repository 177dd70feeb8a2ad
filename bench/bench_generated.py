"""Benchmark: generated content (issue 28), in CPython and as a player meets it in Chromium.

1. **Tangram silhouettes**: at each level, the time of a new silhouette in CPython and the share of
   grown figures kept (one kept per ``tries``); in Chromium, "A new silhouette" then New, the
   page's ``pento-new`` measure (request to playable board).  Targets: median 1 s, p95 2 s.
2. **Pentomino levels**: the time of ``new`` for every level of every ladder in CPython (a table
   lookup and the proof that the level can be finished); in Chromium, levels opened one after the
   other by New (which moves up the ladder), ``pento-new`` again.  Target: 0.5 s.  The share of
   candidates kept comes from making some blocks of the 6x10 ladder again (the whole table:
   ``python -m pento_core.polyomino.levels``, a few minutes).

Usage: ``.venv/bin/python bench/bench_generated.py [--figures 60] [--browser-runs 15] [--no-browser]``
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from pento_core.games.cover import CoverGame  # noqa: E402
from pento_core.polyomino import levels  # noqa: E402
from pento_core.tangram import generator  # noqa: E402


def q(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def silhouettes(figures: int) -> None:
    print(f"tangram silhouettes, CPython, {figures} a level\n")
    print(f"{'level':<8}{'median s':>10}{'p95 s':>8}{'max s':>8}   figures grown, share kept")
    for level in generator.LEVELS:
        times, tries = [], 0
        for seed in range(figures):
            t0 = time.perf_counter()
            made = generator.generate(level, seed)
            times.append(time.perf_counter() - t0)
            tries += made.tries
        print(
            f"{level:<8}{statistics.median(times):>10.3f}{q(times, 0.95):>8.3f}{max(times):>8.3f}"
            f"   {tries:>5}, {figures / tries:.0%} (one in {tries / figures:.1f})",
            flush=True,
        )


def ladders(blocks: tuple[int, ...]) -> None:
    game = CoverGame()
    print("\npentomino levels, CPython: new() for every level (the lookup and the proof)\n")
    print(f"{'board':<8}{'median s':>10}{'p95 s':>8}{'max s':>8}   hardest")
    for board in levels.BOARDS:
        times = []
        for n in range(1, levels.LEVELS + 1):
            t0 = time.perf_counter()
            game.new(f"level:{board}:{n}", 0)
            times.append(time.perf_counter() - t0)
        worst = max(range(len(times)), key=times.__getitem__) + 1
        print(f"{board:<8}{statistics.median(times):>10.4f}{q(times, 0.95):>8.3f}{max(times):>8.3f}   level {worst}")
    print("\nshare of candidates kept, blocks of the 6x10 ladder made again:")
    for free in blocks:
        levels.make_block("6x10", free, levels.SCHEDULE[free], lambda s: print(f"  {s}", flush=True))


def browser(runs: int) -> None:
    from page_runs import new_puzzle_times
    from playwright.sync_api import sync_playwright
    from support.browser import CHROMIUM_ARGS  # type: ignore[import-not-found]

    import build

    build.build()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"\nChromium, request to playable board (the page's pento-new), {runs} a row")
    with sync_playwright() as p:
        exe = build.find_chromium()
        chromium = p.chromium.launch(args=CHROMIUM_ARGS, **({"executable_path": exe} if exe else {}))
        page = chromium.new_page(viewport={"width": 1280, "height": 860})
        rows: list[tuple[str, str, str | int, float, float]] = [
            (f"silhouette, {level}", "tangram", f"A new silhouette, {level}", 1.0, 2.0) for level in generator.LEVELS
        ]
        rows += [(f"6x10 levels from {n}", "cover", n, 0.5, 0.5) for n in (1, levels.LEVELS - runs + 1)]
        for label, game, button, median_target, p95_target in rows:
            page.goto(base + "?nosw")
            page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
            if isinstance(button, int):  # the 6x10 ladder from level `button`, New moving up one level each time
                record = {"v": 1, "game": "cover", "desc": f"level:6x10:{button - 1}", "solved": True, "wins": []}
                page.evaluate(
                    f"import({base + 'web/model/storage.js'!r}).then(s => s.importProgress([{json.dumps(record)}]))"
                    if button > 1
                    else "localStorage.clear()"
                )
                page.goto(base + "?nosw")
                page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
                page.evaluate("performance.clearMeasures('pento-new')")
                page.locator('.ladder[data-params="level:6x10"]').click()
            else:
                page.locator(f"[data-game={game}]").get_by_role("button", name=button, exact=True).click()
            times = new_puzzle_times(page, runs)
            median, p95 = statistics.median(times), q(times, 0.95)
            met = "ok" if median <= median_target and p95 <= p95_target else "MISSED"
            print(
                f"  {label:<22} median {median:.3f} s, p95 {p95:.3f} s, max {max(times):.3f} s"
                f"  (target median {median_target:g} s, p95 {p95_target:g} s: {met})",
                flush=True,
            )
        chromium.close()
    server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--figures", type=int, default=60, help="silhouettes a level in CPython")
    parser.add_argument("--browser-runs", type=int, default=15)
    parser.add_argument("--blocks", default="2,5,8", help="free-piece counts of the 6x10 blocks made again")
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    silhouettes(args.figures)
    ladders(tuple(int(x) for x in args.blocks.split(",") if x))
    if not args.no_browser:
        browser(args.browser_runs)


if __name__ == "__main__":
    main()
