"""Benchmark: free-form boards and the Game of 20, against the thesis's way.

* Compactness on request: time per board built directly in each perimeter
  band (``freeform.compact_board``) beside version 1.2 (build, test the
  perimeter, discard, repeat) measured in the same run.  The thesis reports
  662 discards per accepted board for 19-24 and none found at 18.
* A Game of 20 (and 30) board with its proof: median and 95th percentile on
  CPython (target: median within 200 ms), and in Chromium through the page's
  "New" (target: 95th percentile within 1 s).

Usage: ``python3 bench/bench_freeform.py [--boards N]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import build  # noqa: E402
from pento_core.polyomino import freeform, partition  # noqa: E402

V12_LIMIT = 20.0  # seconds version 1.2 gets per band


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def bands(boards: int) -> None:
    print(f"Boards of 4 pentominoes in a perimeter band ({boards} per band), seconds per board\n")
    print(f"{'band':<8}{'direct median':>15}{'direct max':>12}{'v1.2 per board':>16}{'v1.2 discards':>15}{'ratio':>9}")
    for low, high in freeform.bands(4):
        rng = random.Random(low)
        times = []
        for _ in range(boards):
            t = time.perf_counter()
            board = freeform.compact_board(4, low, high, rng)
            times.append(time.perf_counter() - t)
            assert low <= board.perimeter <= high
        # version 1.2 as the thesis: build with 1.1, keep only boards in the band
        rng = random.Random(low)
        start = time.perf_counter()
        got = tried = 0
        while got < boards and time.perf_counter() - start < V12_LIMIT:
            b = freeform.build("1.1", 4, rng)
            tried += 1
            if low <= b.perimeter <= high:
                got += 1
        spent = time.perf_counter() - start
        med = statistics.median(times)
        if got:
            per = spent / got
            print(
                f"{freeform.band_label((low, high)):<8}{med:>15.4f}{max(times):>12.4f}{per:>16.4f}"
                f"{(tried - got) / got:>15.1f}{per / med:>8.0f}x"
            )
        else:
            print(
                f"{freeform.band_label((low, high)):<8}{med:>15.4f}{max(times):>12.4f}"
                f"{'none in ' + str(int(V12_LIMIT)) + ' s':>16}{tried:>15}{'-':>9}"
            )
    print("\nratio = version 1.2's time per board / the direct construction's median\n")


def games_cpython(boards: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for kind in ("twenty", "thirty"):
        times = []
        for seed in range(boards):
            t = time.perf_counter()
            result = partition.generate(kind, seed)
            times.append(time.perf_counter() - t)
            assert len(result.coverings) == partition.KINDS[kind][1]
        out[kind] = times
    return out


def games_browser(runs: int) -> list[float]:
    from playwright.sync_api import sync_playwright
    from support.browser import CHROMIUM_ARGS  # type: ignore[import-not-found]

    build.build()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            exe = build.find_chromium()
            b = p.chromium.launch(args=CHROMIUM_ARGS, **({"executable_path": exe} if exe else {}))
            page = b.new_page(viewport={"width": 1280, "height": 860})
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/?nosw")
            page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
            page.get_by_role("button", name="Game of 20", exact=True).click()
            page.wait_for_selector("body[data-screen=play]", state="attached")
            for _ in range(runs - 1):
                page.get_by_role("button", name="New", exact=True).click()
                page.wait_for_selector("#busy[hidden]", state="attached", timeout=30_000)
            times: list[float] = page.evaluate("performance.getEntriesByName('pento-new').map(e => e.duration / 1000)")
            b.close()
    finally:
        server.shutdown()
    return times


def main(boards: int) -> None:
    bands(boards)
    cpy = games_cpython(boards * 2)
    web = games_browser(boards)
    print("A board with its proof (three, or two, disjoint coverings), seconds\n")
    for kind, times in cpy.items():
        print(
            f"CPython  Game of {20 if kind == 'twenty' else 30}:  median {statistics.median(times):.3f}"
            f"  p95 {p95(times):.3f}  n={len(times)}" + ("   (target: median 0.200)" if kind == "twenty" else "")
        )
    print(
        f"Chromium Game of 20:  median {statistics.median(web):.3f}  p95 {p95(web):.3f}  n={len(web)}"
        "   (target: p95 1.000)"
    )


if __name__ == "__main__":
    n = 20
    if "--boards" in sys.argv:
        n = int(sys.argv[sys.argv.index("--boards") + 1])
    main(n)
