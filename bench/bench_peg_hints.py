"""Benchmark: peg solitaire hints, as a player meets them (issue 25).

1. Every position of random games on the English board from its usual start: the hint's time
   in CPython (the core, no page) and in headless Chromium (Hint pressed, request to answer
   shown: the page's ``pento-hint`` measure), worst and 95th percentile; the target is 0.5 s in
   Chromium for every one.  The same positions give the page's speed as a ratio to CPython.
2. The other presets: one position of each of 200 random games (a random point along the game),
   decided by a hint's search in CPython within the hint's 5 s divided by that ratio (the same
   work the page does in 5 s); the target is 99 % decided.

Usage: ``.venv/bin/python bench/bench_peg_hints.py [--games 10] [--presets "french@2,3;3322"]``
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import build  # noqa: E402
from pento_core.budget import Budget  # noqa: E402
from pento_core.games.pegs import PegsGame  # noqa: E402
from pento_core.pegs import solver  # noqa: E402

HINT_SECONDS = 5.0  # the page's hint budget (api.py)
PRESETS = ("triangle", "6x4", "2121", "3322", "french@2,3", "1111", "english~3,3")


def q(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def english_states(games: int, seed: int) -> list[str]:
    """Every position (as a state text) of ``games`` random games on the English board."""
    game = PegsGame()
    rng = random.Random(seed)
    states = []
    for _ in range(games):
        st = game.start("english")
        while True:
            states.append(game.write_state(st))
            moves = st.board.moves(st.pegs)
            if not moves:
                break
            j = rng.choice(moves)
            (r1, c1), (r2, c2) = st.board.cells[j.a], st.board.cells[j.c]
            st = game.play(st, game.parse_move(f"{r1},{c1}-{r2},{c2}"))
    return states


# Each position is hinted twice, finish anywhere and finish in the centre, alternately: the page's
# engine keeps one board's proved-lost positions (solver._failed, keyed by board and finish), so
# each hint evicts the other's and starts afresh, as each does in CPython.
FINISHES = ("english", "english~3,3")


def cpython_hints(states: list[str]) -> list[float]:
    game = PegsGame()
    times = []
    for state, desc in ((s, d) for s in states for d in FINISHES):
        st = game.start(desc, state)
        solver._failed.cache_clear()  # each hint on its own: no earlier hint's work
        t0 = time.perf_counter()
        game.hint(st, Budget(max_seconds=HINT_SECONDS))
        times.append(time.perf_counter() - t0)
    return times


def chromium_hints(states: list[str]) -> list[float]:
    from playwright.sync_api import sync_playwright
    from support.browser import CHROMIUM_ARGS, wait_until  # type: ignore[import-not-found]

    build.build()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with sync_playwright() as p:
            exe = build.find_chromium()
            browser = p.chromium.launch(args=CHROMIUM_ARGS, **({"executable_path": exe} if exe else {}))
            page = browser.new_page(viewport={"width": 1280, "height": 860})
            page.goto(base + "?nosw#pegs:english:")
            wait_until(page, "window.pento.session() !== null", timeout=90)
            for k, (state, desc) in enumerate((s, d) for s in states for d in FINISHES):
                fragment = f"#pegs:{quote(desc, safe='')}:{quote(state, safe='')}"
                page.evaluate(f"location.hash = {json.dumps(fragment)}")
                wait_until(
                    page,
                    f"(s => !!s && s.state === {json.dumps(state)} && s.desc === {json.dumps(desc)})"
                    "(window.pento.session())",
                    timeout=30,
                )
                page.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
                page.locator("#hint").click()
                wait_until(page, f"performance.getEntriesByName('pento-hint').length > {k}", timeout=30)
            times = page.evaluate("performance.getEntriesByName('pento-hint').map(e => e.duration / 1000)")
            browser.close()
    finally:
        server.shutdown()
    return list(times)


def presets(names: list[str], budget_seconds: float, games: int, seed: int) -> None:
    game = PegsGame()
    print(f"\nother presets: one position of each of {games} random games, the hint's search in CPython")
    print(f"within {budget_seconds:.2f} s (the page's {HINT_SECONDS:g} s at the measured ratio)\n")
    print(f"{'preset':<13}{'decided':>9}{'unknown':>9}{'share':>8}{'median s':>10}{'p99 s':>8}")
    for desc in names:
        rng = random.Random(seed)
        unknown = 0
        times = []
        for _ in range(games):
            st = game.start(desc)
            line = [st]
            while moves := st.board.moves(st.pegs):
                j = rng.choice(moves)
                (r1, c1), (r2, c2) = st.board.cells[j.a], st.board.cells[j.c]
                st = game.play(st, game.parse_move(f"{r1},{c1}-{r2},{c2}"))
                line.append(st)
            st = rng.choice(line)
            solver._failed.cache_clear()
            t0 = time.perf_counter()
            hint = game.hint(st, Budget(max_seconds=budget_seconds))
            times.append(time.perf_counter() - t0)
            unknown += hint.kind == "unknown"
        share = (games - unknown) / games
        print(
            f"{desc:<13}{games - unknown:>9}{unknown:>9}{share:>8.1%}"
            f"{statistics.median(times):>10.3f}{q(times, 0.99):>8.2f}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10, help="random English games, every position hinted")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default=";".join(PRESETS), help="descs joined by ; (french@2,3 has a comma)")
    parser.add_argument("--preset-games", type=int, default=200)
    args = parser.parse_args()
    states = english_states(args.games, args.seed)
    py = cpython_hints(states)
    page = chromium_hints(states)
    ratio = statistics.median(b / a for a, b in zip(py, page, strict=True) if a > 0.005)
    print(f"English board, every position of {args.games} random games, finish anywhere and in the centre")
    print(f"({len(py)} hints, each on its own)\n")
    print(f"{'':<10}{'median s':>10}{'p95 s':>8}{'worst s':>9}")
    print(f"{'CPython':<10}{statistics.median(py):>10.4f}{q(py, 0.95):>8.3f}{max(py):>9.3f}")
    print(f"{'Chromium':<10}{statistics.median(page):>10.4f}{q(page, 0.95):>8.3f}{max(page):>9.3f}   (target 0.5)")
    print(f"Chromium / CPython on the hints over 5 ms: {ratio:.2f} (median)")
    presets(args.presets.split(";"), HINT_SECONDS / max(1.0, ratio), args.preset_games, args.seed)


if __name__ == "__main__":
    main()
