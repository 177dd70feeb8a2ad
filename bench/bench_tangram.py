"""Benchmark: a tangram verdict by outline on CPython (target: under 5 ms), and a drop in the browser
(target: from letting go of a tan to its snapped place and the thermometer on screen, p95 under 50 ms).

* Times :func:`pento_core.tangram.outline.check` on the figures of tests/test_tangram.py, turned
  and shifted at random, solved and with one piece moved (which also computes the thermometer).
* Times the game's whole answer to a drop on CPython (``drop I X Y`` snapped, then the view with
  the verdict), for every tan of every library figure dropped near its place in the stored solution.
* ``--browser``: drags tans in headless Chromium (the game as players have it: Pyodide in a worker)
  and reads the page's ``pento-tangram-drop`` measures.

Usage: ``.venv/bin/python bench/bench_tangram.py [--runs 200] [--browser]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from support.tangram_figures import ARROW, ARROW_TARGET, HOLED, HOLED_TARGET, SQUARE, SQUARE_TARGET, moved  # noqa: E402

from pento_core.games.tangram import TangramGame, in_set_order, slug  # noqa: E402
from pento_core.tangram.geometry import add, ccw  # noqa: E402
from pento_core.tangram.library import FIGURES  # noqa: E402
from pento_core.tangram.number import Surd  # noqa: E402
from pento_core.tangram.outline import check  # noqa: E402


def pct(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[int(q * (len(ordered) - 1))]


def game_drops() -> None:
    """Every tan of every library figure dropped 0.1 units off its place, one after another."""
    game = TangramGame()
    times: list[float] = []
    for fig in FIGURES:
        st = game.start(slug(fig.name))
        for i, tan in in_set_order(fig.pieces()):
            st = game.apply(st, f"{i}={tan.code}{tan.turn}{chr(39) if tan.flip else ''}@0,0")  # turned, aside
            x, y = float(tan.at[0]) + 0.1, float(tan.at[1]) - 0.1
            t0 = time.perf_counter()
            st = game.apply(st, f"drop {i} {x:.4f} {y:.4f}")
            game.view(st)
            times.append(time.perf_counter() - t0)
        assert game.view(st)["complete"], fig.name
    ok = "ok" if pct(times, 0.95) < 0.050 else "MISSED"
    print(
        f"drop + view (CPython)  median {statistics.median(times) * 1000:.2f} ms, p95 {pct(times, 0.95) * 1000:.2f} ms,"
        f" max {max(times) * 1000:.2f} ms, n={len(times)} (the browser's budget is 50 ms: {ok})"
    )


def browser_drops(rounds: int) -> None:
    """Drag each tan of the swan from the tray to its place, on ``rounds`` fresh pages, in Chromium."""
    import threading

    from playwright.sync_api import sync_playwright

    # the browser tests' helpers
    from support.browser import CHROMIUM_ARGS, layout, wait_until  # type: ignore[import-not-found]

    import build

    build.build()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    fig = next(f for f in FIGURES if f.name == "Swan")
    try:
        with sync_playwright() as p:
            exe = build.find_chromium()
            browser = p.chromium.launch(args=CHROMIUM_ARGS, **({"executable_path": exe} if exe else {}))
            drops: list[float] = []
            for _ in range(rounds):  # a fresh page each round: every tan starts in the tray
                ctx = browser.new_context(viewport={"width": 1280, "height": 860})
                page = ctx.new_page()
                page.goto(base + "?nosw#tangram:swan:")
                wait_until(page, "window.pento && window.pento.session() && window.pento.layout()", timeout=90)
                for i, tan in in_set_order(fig.pieces()):
                    lay = layout(page)
                    spot = next(c for cells in lay["tray"].values() for c in cells if c["index"] == i)
                    anchor = lay["anchors"][i]
                    tx = lay["origin"]["x"] + float(tan.at[0]) * lay["unit"]
                    ty = lay["origin"]["y"] - float(tan.at[1]) * lay["unit"]
                    page.mouse.move(spot["x"], spot["y"])
                    page.mouse.down()
                    page.mouse.move(spot["x"] + tx - anchor["x"], spot["y"] + ty - anchor["y"], steps=3)
                    page.mouse.up()
                    time.sleep(0.15)
                drops += page.evaluate("performance.getEntriesByName('pento-tangram-drop').map(e => e.duration)")
                ctx.close()
            browser.close()
    finally:
        server.shutdown()
    ok = "ok" if pct(drops, 0.95) < 50 else "MISSED"
    print(
        f"drop -> thermometer (Chromium)  median {statistics.median(drops):.1f} ms, p95 {pct(drops, 0.95):.1f} ms,"
        f" n={len(drops)} (target p95 50 ms: {ok})"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--browser", action="store_true", help="also time drops in headless Chromium")
    args = parser.parse_args()
    rng = random.Random(1)
    figures = [(SQUARE, SQUARE_TARGET), (ARROW, ARROW_TARGET), (HOLED, HOLED_TARGET)]
    solved: list[float] = []
    broken: list[float] = []
    for k in range(args.runs):
        pieces, target = figures[k % 3]
        shift = [Surd(Fraction(rng.randint(-20, 20), 4), Fraction(rng.randint(-20, 20), 4)) for _ in range(2)]
        arrangement = moved(pieces, rng.randrange(8), False, shift[0], shift[1])
        t0 = time.perf_counter()
        assert check(target, arrangement).solved
        solved.append(time.perf_counter() - t0)
        i = rng.randrange(7)
        arrangement[i] = ccw(tuple(add(p, (Surd(1), Surd(0))) for p in arrangement[i]))
        t0 = time.perf_counter()
        assert not check(target, arrangement).solved
        broken.append(time.perf_counter() - t0)
    print(f"CPython {sys.version.split()[0]}; {args.runs} verdicts each")
    for name, times in (("solved", solved), ("one piece moved", broken)):
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        ok = "ok" if p95 < 0.005 else "MISSED"
        print(
            f"{name:<16} median {statistics.median(times) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms (target 5 ms: {ok})"
        )
    game_drops()
    if args.browser:
        browser_drops(4)


if __name__ == "__main__":
    main()
