"""Benchmark: the workshop's searches, against the lab report's figure.

The Heidelberg report "POLYOMINO – Ein Spiel" (2012) took 50-60 minutes to
list the tilings of 6x10 with the 12 pentominoes.  This prints, on CPython and
in Chromium (the built page, clicking "Find all tilings"):

* listing all 2339 distinct tilings of 6x10 (and all 9356);
* the time to the first solution on 6x10 and on the 8x8 without its centre.

Usage: ``python3 bench/bench_workshop.py``.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import build  # noqa: E402
from pento_core import api  # noqa: E402
from pento_core.budget import Outcome  # noqa: E402
from pento_core.polyomino.cover import Problem  # noqa: E402
from pento_core.polyomino.puzzle import parse_puzzle  # noqa: E402

REPORT_SECONDS = 50 * 60  # the report's lower figure
SCOTT = "/".join("...##..." if r in (3, 4) else "........" for r in range(8))


def cpython() -> dict[str, float]:
    out = {}
    for name, distinct in (("6x10 distinct", True), ("6x10 all", False)):
        t = time.perf_counter()
        r = api.handle(
            {"id": 1, "cmd": "solutions", "args": {"game": "workshop", "desc": "6x10", "distinct": distinct}},
            lambda p: None,
        )
        out[name] = time.perf_counter() - t
        assert r["result"]["count"] == (2339 if distinct else 9356)
    for name, spec in (("first 6x10", "6x10"), ("first 8x8-2x2", SCOTT)):
        t = time.perf_counter()
        p = parse_puzzle(spec)
        assert Problem(p.board, p.pieces).first().status is Outcome.YES
        out[name] = time.perf_counter() - t
    return out


def browser() -> dict[str, float]:
    from playwright.sync_api import sync_playwright
    from support.browser import CHROMIUM_ARGS  # type: ignore[import-not-found]

    build.build()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/?nosw"
    out = {}
    try:
        with sync_playwright() as p:
            exe = build.find_chromium()
            b = p.chromium.launch(args=CHROMIUM_ARGS, **({"executable_path": exe} if exe else {}))
            page = b.new_page(viewport={"width": 1280, "height": 900})
            for name, spec, distinct in (
                ("6x10 distinct", "6x10", True),
                ("6x10 all", "6x10", False),
                ("first 8x8-2x2", SCOTT, True),
            ):
                page.goto(base + "#workshop:" + spec.replace("/", "%2F") + ":")
                page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
                page.wait_for_selector(".ws-verdict[data-kind=ok]", state="attached")
                box = page.get_by_label("distinct up to the board's symmetries")
                if box.is_checked() != distinct:
                    box.click()
                t = time.perf_counter()
                page.get_by_role("button", name="Find all tilings").click()
                page.wait_for_selector(".ws-solution[data-index='1']", state="attached", timeout=60_000)
                first = time.perf_counter() - t
                page.wait_for_selector(".ws-found[data-state=done]", state="attached", timeout=600_000)
                total = time.perf_counter() - t
                if name.startswith("first"):
                    out[name] = first
                else:
                    out[name] = total
                    if spec == "6x10" and distinct:
                        out["first 6x10"] = first
            b.close()
    finally:
        server.shutdown()
    return out


def main() -> None:
    ours = cpython()
    web = browser()
    print("Listing tilings with the 12 pentominoes; the lab report took 50-60 minutes for 6x10\n")
    print(f"{'task':<22}{'CPython s':>11}{'browser s':>11}{'report / browser':>18}")
    for key in ("6x10 distinct", "6x10 all", "first 6x10", "first 8x8-2x2"):
        ratio = f"{REPORT_SECONDS / web[key]:>17.0f}x" if not key.startswith("first") else ""
        print(f"{key:<22}{ours[key]:>11.3f}{web[key]:>11.3f}{ratio}")
    print("\nbrowser times are wall-clock from the click, in Pyodide in a worker, results drawn on the page")


if __name__ == "__main__":
    main()
