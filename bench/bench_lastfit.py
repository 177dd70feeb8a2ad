"""Benchmark: Last Fit's exact search on CPython, and the computer's move in the browser.

Prints:

* exact values of random 8x8 positions with 6, 5, 4 and 3 pieces placed (median and max
  seconds, positions searched per second), beside the targets: from 5 pieces under 1 s,
  from 4 under 10 s;
* with ``--deep S``: how far towards the empty board (Orman's 22 billion positions) the
  search gets in S seconds: positions with 2 pieces, then 1, each given the whole budget;
* the levels against each other (strong against beginner and intermediate, intermediate
  against beginner), to show that they are in order;
* in Chromium: from the player's drop to the strong computer's reply on the board (target
  under 1 s), over several opening moves.

Usage: ``.venv/bin/python bench/bench_lastfit.py [--positions 10] [--deep 600] [--no-browser]``
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

from pento_core.budget import Budget, Outcome  # noqa: E402
from pento_core.polyomino import lastfit as lf  # noqa: E402
from pento_core.polyomino.board import Board  # noqa: E402

TARGETS = {5: 1.0, 4: 10.0}


def position(lay: lf.Layout, pieces: int, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    occupied = used = 0
    for _ in range(pieces):
        moves = lf.legal(lay.moves, occupied, used)
        m = moves[rng.randrange(len(moves))]
        occupied |= m.mask
        used |= 1 << m.piece
    return occupied, used


def exact(positions: int) -> None:
    lay = lf.layout(Board.rectangle(8, 8))
    print(f"CPython {sys.version.split()[0]}; exact values of random 8x8 positions, {positions} each\n")
    print(f"{'placed':>6}{'legal':>8}{'median s':>10}{'max s':>8}{'nodes/s':>10}{'wins':>6}   target")
    for placed in (6, 5, 4, 3):
        times: list[float] = []
        nodes = 0
        won = 0
        legal = []
        for seed in range(positions if placed > 3 else max(3, positions // 3)):
            occupied, used = position(lay, placed, seed)
            legal.append(len(lf.legal(lay.moves, occupied, used)))
            v = lf.solve(lay, occupied, used)
            times.append(v.seconds)
            nodes += v.nodes
            won += v.value is Outcome.YES
        target = TARGETS.get(placed)
        met = "" if target is None else f"{target:g} s {'ok' if max(times) < target else 'MISSED'}"
        print(
            f"{placed:>6}{statistics.median(legal):>8.0f}{statistics.median(times):>10.3f}{max(times):>8.2f}"
            f"{nodes / max(1e-9, sum(times)):>10.0f}{won:>4}/{len(times)}   {met}",
            flush=True,
        )


def deep(seconds: float) -> None:
    lay = lf.layout(Board.rectangle(8, 8))
    print(f"\ntowards the empty board: {seconds:g} s for each position")
    for placed in (2, 1):
        occupied, used = position(lay, placed, 0)
        t0 = time.perf_counter()
        v = lf.solve(lay, occupied, used, Budget(max_seconds=seconds))
        elapsed = time.perf_counter() - t0
        print(
            f"{placed} pieces placed ({len(lf.legal(lay.moves, occupied, used))} legal moves): {v.value}"
            f" after {elapsed:.0f} s, {v.nodes:,} positions ({v.nodes / elapsed:,.0f} per second)",
            flush=True,
        )
        if v.value is Outcome.UNKNOWN:
            break


def levels(games: int) -> None:
    """The computer's levels against each other on 8x8, each side first in half the games."""
    lay = lf.layout(Board.rectangle(8, 8))
    print(f"\nlevels against each other on 8x8, {games} games a pair, first player alternating:")
    for a, b in (("strong", "beginner"), ("strong", "intermediate"), ("intermediate", "beginner")):
        won = {a: 0, b: 0}
        for g in range(games):
            order = (a, b) if g % 2 == 0 else (b, a)
            occupied = used = turn = 0
            while (m := lf.choose(lay, occupied, used, order[turn], g * 1000 + bin(occupied).count("1"))) is not None:
                occupied |= m.mask
                used |= 1 << m.piece
                turn ^= 1
            won[order[1 - turn]] += 1
        print(f"  {a} {won[a]} : {won[b]} {b}", flush=True)


def browser(runs: int) -> None:
    from playwright.sync_api import sync_playwright
    from support.browser import CHROMIUM_ARGS, wait_until  # type: ignore[import-not-found]

    import build

    build.build()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    lay = lf.layout(Board.rectangle(8, 8))
    times: list[float] = []
    first: list[float] = []
    with sync_playwright() as p:
        exe = build.find_chromium()
        chromium = p.chromium.launch(args=CHROMIUM_ARGS, **({"executable_path": exe} if exe else {}))
        page = chromium.new_page(viewport={"width": 1280, "height": 860})
        page.goto(base + "?nosw")
        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
        rng = random.Random(1)
        for k in range(runs):
            page.goto(base + f"?nosw&run={k}#lastfit:8x8~You%2Ccomputer%3Astrong:")
            wait_until(page, "window.pento.session() && window.pento.layout()", timeout=60)
            for turn in range(3):  # three moves of a game: the first also builds the board's move table
                played = set(page.evaluate("window.pento.session().view.moves"))
                occupied = used = 0
                for m in lay.moves:
                    if m.text in played:
                        occupied |= m.mask
                        used |= 1 << m.piece
                options = [m for m in lf.legal(lay.moves, occupied, used) if m.text[1] == "0"]
                if not options:
                    break
                move = rng.choice(options)
                name = lf.NAMES[move.piece]
                r0, c0 = (int(n) for n in move.text.split("@")[1].split(","))
                lay_js = page.evaluate("window.pento.layout()")
                grab = lay_js["tray"][name][0]
                s = lay_js["cell"]
                x = lay_js["boardX"] + (c0 + grab["c"] + 0.5) * s
                y = lay_js["boardY"] + (r0 + grab["r"] + 0.5) * s
                page.mouse.move(grab["x"], grab["y"])
                page.mouse.down()
                page.mouse.move(x, y, steps=3)
                t0 = time.perf_counter()
                page.mouse.up()
                done = len(played) + 2
                wait_until(page, f"window.pento.session().view.moves.length >= {done}", timeout=60)
                (times if turn else first).append(time.perf_counter() - t0)
        chromium.close()
    server.shutdown()
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(
        f"\nbrowser: drop to the strong computer's reply drawn, {len(times)} moves on 8x8 (second and third of"
        f" a game): median {statistics.median(times):.2f} s, p95 {p95:.2f} s"
        f" (target under 1 s: {'ok' if p95 < 1 else 'MISSED'}); a game's first move (it builds the board's"
        f" move table): median {statistics.median(first):.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--deep", type=float, default=0.0, help="seconds for positions nearer the empty board")
    parser.add_argument("--browser-runs", type=int, default=8)
    parser.add_argument("--levels", type=int, default=12, help="games per pair of levels (0: none)")
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    exact(args.positions)
    if args.deep:
        deep(args.deep)
    if args.levels:
        levels(args.levels)
    if not args.no_browser:
        browser(args.browser_runs)


if __name__ == "__main__":
    main()
