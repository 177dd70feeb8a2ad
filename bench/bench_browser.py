"""Benchmark: the built page in headless Chromium.

Prints, from one browser run:

* first paint and the start screen with its games listed (target: within 0.5 s,
  before the engine);
* core ready (page load to ``data-core=ready``) and the first playable board
  (a link to a 6x10 opened cold) beside a bare Pyodide boot in a worker
  measured in the same run (target: within bare boot + 0.5 s);
* a return visit (the same profile, everything cached): core ready, restored from the engine's
  memory snapshot, beside a bare Pyodide boot from the same warm cache (target: at most 0.7x);
  without the page's service worker (``?nosw``), and with it, as a player's browser has it (the
  page's files then come from the offline cache);
* the bare boot again with Pyodide's standard library as it ships (sources, compiled as they
  are imported) beside the page's, which build.py compiled to bytecode;
* pointer-up to the redrawn board for checked drops, 95th percentile (target 50 ms);
* a hint on an empty 6x10, request to answer shown, 95th percentile (target 300 ms);
* Stop during a long search to a ready engine, and to the next answer (target 0.5 s).

Usage: ``python3 bench/bench_browser.py [--runs N]``.  Uses the same
Chromium as the tests (build.find_chromium()).
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import build  # noqa: E402

BOOT_HTML = """<!doctype html><meta charset="utf-8"><title>bare boot</title>
<script type="module" src="boot.js"></script>"""
# the bare worker is bench/web/engine/worker.js: the test server gives a path ending so the worker's
# security policy (the one that lets WebAssembly compile), as it gives the page's own worker
BOOT_JS = """const url = new URL("./web/engine/worker.js" + location.search, import.meta.url);
const w = new Worker(url, { type: "module" });
w.onmessage = () => { performance.mark("bare-ready"); document.body.dataset.ready = "yes"; };"""
BOOT_WORKER = """import { loadPyodide } from "../../../pyodide/pyodide.mjs";
const sources = new URL(location.href).searchParams.has("sources");  // Pyodide's stdlib as it ships
await loadPyodide({
  indexURL: new URL("../../../pyodide/", import.meta.url).href,
  ...(sources ? { stdLibURL: new URL("../../python_stdlib-sources.zip", import.meta.url).href } : {}),
});
postMessage("ready");"""


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main(runs: int) -> None:
    from playwright.sync_api import sync_playwright
    from support.browser import CHROMIUM_ARGS, cell_center, layout, wait_until  # type: ignore[import-not-found]

    build.build()
    bench_dir = build.DIST / "bench"
    bench_dir.mkdir(exist_ok=True)
    (bench_dir / "boot.html").write_text(BOOT_HTML)
    (bench_dir / "boot.js").write_text(BOOT_JS)
    (bench_dir / "web" / "engine").mkdir(parents=True, exist_ok=True)
    (bench_dir / "web" / "engine" / "worker.js").write_text(BOOT_WORKER)
    (bench_dir / "python_stdlib-sources.zip").write_bytes(build.original_stdlib().read_bytes())
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    paints: list[float] = []
    homes: list[float] = []
    boards: list[float] = []
    stops: list[float] = []
    after_stop: list[float] = []
    ready: list[float] = []
    bare: list[float] = []
    sources: list[float] = []
    drops: list[float] = []
    hints: list[float] = []
    warm_bare: list[float] = []
    returns: list[float] = []
    served: list[float] = []  # return visits with the page's service worker
    try:
        with sync_playwright() as p:
            exe = build.find_chromium()
            browser = p.chromium.launch(args=CHROMIUM_ARGS, **({"executable_path": exe} if exe else {}))
            for i in range(runs):
                # alternate which goes first, so neither always gets a warm disk cache
                order = ["bare", "sources", "game"] if i % 2 else ["game", "sources", "bare"]
                for which in order:
                    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
                    page = ctx.new_page()
                    if which in ("bare", "sources"):
                        page.goto(base + "bench/boot.html" + ("?sources" if which == "sources" else ""))
                        page.wait_for_selector("body[data-ready=yes]", state="attached", timeout=90_000)
                        mark = page.evaluate("performance.getEntriesByName('bare-ready')[0].startTime")
                        (bare if which == "bare" else sources).append(mark)
                    else:
                        page.goto(base + "?nosw#cover:6x10:")
                        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
                        wait_until(page, "performance.getEntriesByName('pento-board').length > 0", timeout=90)
                        ready.append(page.evaluate("performance.getEntriesByName('pento-core-ready')[0].startTime"))
                        boards.append(page.evaluate("performance.getEntriesByName('pento-board')[0].startTime"))
                        homes.append(page.evaluate("performance.getEntriesByName('pento-home')[0].startTime"))
                        paints.append(
                            page.evaluate(
                                "(performance.getEntriesByName('first-contentful-paint')[0] || "
                                "performance.getEntriesByName('first-paint')[0]).startTime"
                            )
                        )
                    ctx.close()
            # return visits: each page loaded once (a full boot, which keeps the engine's snapshot),
            # then again in the same profile; alternating which goes first
            for i in range(runs):
                for which in ["bare", "game", "served"] if i % 2 else ["served", "game", "bare"]:
                    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
                    page = ctx.new_page()
                    if which == "bare":
                        for _ in range(2):
                            page.goto(base + "bench/boot.html")
                            page.wait_for_selector("body[data-ready=yes]", state="attached", timeout=90_000)
                        warm_bare.append(page.evaluate("performance.getEntriesByName('bare-ready')[0].startTime"))
                    else:
                        page.goto(base + ("?nosw" if which == "game" else ""))
                        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
                        wait_until(page, "window.pento.engine().kept", 60)
                        if which == "served":  # the service worker has the site and controls the page
                            wait_until(page, "navigator.serviceWorker.controller !== null", 60)
                            wait_until(page, "caches.keys().then(ks => ks.some(k => k.startsWith('pento-')))", 60)
                        page.reload()
                        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
                        assert page.evaluate("window.pento.engine().boot.restored"), "not restored"
                        mark = page.evaluate("performance.getEntriesByName('pento-core-ready')[0].startTime")
                        (returns if which == "game" else served).append(mark)
                    ctx.close()
            # drops and hints on one game page
            ctx = browser.new_context(viewport={"width": 1280, "height": 860})
            page = ctx.new_page()
            page.goto(base + "?nosw")
            page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
            page.locator("[data-game=cover]").get_by_role("button", name="6 x 10", exact=True).click()
            page.wait_for_selector("body[data-screen=play]", state="attached")
            wait_until(page, "window.pento.layout() !== null", timeout=60)
            time.sleep(0.3)
            for k in range(30):
                lay = layout(page)
                cell = lay["tray"]["X"][0]
                x, y = cell_center(lay, 1, 1 + (k % 7))
                page.mouse.move(cell["x"], cell["y"])
                page.mouse.down()
                page.mouse.move(x, y, steps=3)
                page.mouse.up()
                time.sleep(0.15)
                # and drag it back onto the tray (a checked move too)
                slot = lay["tray"]["I"][2]
                page.mouse.move(x, y)
                page.mouse.down()
                page.mouse.move(slot["x"], slot["y"], steps=3)
                page.mouse.up()
                time.sleep(0.15)
            drops = page.evaluate("performance.getEntriesByName('pento-drop').map(e => e.duration)")
            for _ in range(20):
                page.get_by_role("button", name="Hint").click()
                page.wait_for_selector("#busy[hidden]", state="attached")
                time.sleep(0.05)
            hints = page.evaluate("performance.getEntriesByName('pento-hint').map(e => e.duration)")
            # Stop: list every tiling of 6x10 in the workshop (seconds of work), stop it, play an edit
            page.goto(base + "?nosw#workshop:6x10:")
            wait_until(page, "window.pento.session() !== null", timeout=90)
            for k in range(runs):
                page.get_by_role("button", name="Find all tilings").click()
                wait_until(page, "Number(document.querySelector('.ws-found').dataset.count) > 20", timeout=90)
                # the search boots the spare engine beside it: Stop is measured with it ready
                wait_until(page, "window.pento.engine().spare === 'ready'", timeout=90)
                page.locator("#stop").click()
                wait_until(page, f"performance.getEntriesByName('pento-stop').length > {k}", timeout=90)
                t0 = time.perf_counter()
                state = page.evaluate("window.pento.session().state")
                page.get_by_label("pieces may be left over").set_checked(k % 2 == 0)  # an edit that keeps it solvable
                wait_until(page, f"window.pento.session().state !== {json.dumps(state)}", timeout=90)
                after_stop.append((time.perf_counter() - t0) * 1000)
                wait_until(page, "window.pento.engine().spare === 'ready'", timeout=90)  # the next spare
            stops = page.evaluate("performance.getEntriesByName('pento-stop').map(e => e.duration)")
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(bench_dir)

    def med(v: list[float]) -> float:
        return statistics.median(v) / 1000

    print(f"Chromium, {runs} page loads each; times in seconds unless marked ms\n")
    print(f"first paint               median {med(paints):.3f}   max {max(paints) / 1000:.3f}   (target 0.5)")
    print(f"start screen with games   median {med(homes):.3f}   max {max(homes) / 1000:.3f}   (before the engine)")
    print(f"bare Pyodide boot         median {med(bare):.3f}   (the standard library as bytecode)")
    print(
        f"  with the stdlib sources median {med(sources):.3f}   ratio bytecode / sources {med(bare) / med(sources):.2f}"
    )
    extra = med(ready) - med(bare)
    print(f"core ready                median {med(ready):.3f}   extra over bare boot {extra:+.3f}")
    extra = med(boards) - med(bare)
    print(f"first playable board      median {med(boards):.3f}   extra over bare boot {extra:+.3f}")
    print(f"                          ratio board / bare boot: {med(boards) / med(bare):.2f}   (target: extra <= 0.5)")
    ratio = med(returns) / med(warm_bare)
    print(f"return visit: core ready  median {med(returns):.3f}   (restored from the engine's snapshot, ?nosw)")
    print(f"  with its service worker median {med(served):.3f}   (as a player's browser has it)")
    print(
        f"  bare boot, warm cache   median {med(warm_bare):.3f}   ratio {ratio:.2f}, with the service worker"
        f" {med(served) / med(warm_bare):.2f}   (target: at most 0.70)"
    )
    drop_med = statistics.median(drops)
    print(f"checked drop -> redrawn   p95 {p95(drops):.1f} ms   median {drop_med:.1f} ms   n={len(drops)}")
    print("                          (target p95 50 ms)")
    print(
        f"hint on empty 6x10        p95 {p95(hints):.1f} ms   median {statistics.median(hints):.1f} ms   n={len(hints)}"
    )
    print("                          (target p95 300 ms)")
    stop_med = statistics.median(stops)
    print(f"Stop -> engine ready      max {max(stops):.1f} ms   median {stop_med:.1f} ms   n={len(stops)}")
    print(f"Stop -> next edit shown   max {max(after_stop):.1f} ms   median {statistics.median(after_stop):.1f} ms")
    print("                          (target 500 ms; before: 4-6 s to restart the engine)")
    print(
        json.dumps(
            {
                "paint": paints,
                "bare": bare,
                "ready": ready,
                "board": boards,
                "return": returns,
                "served": served,
                "warm_bare": warm_bare,
            }
        ),
        file=sys.stderr,
    )


if __name__ == "__main__":
    n = 5
    if "--runs" in sys.argv:
        n = int(sys.argv[sys.argv.index("--runs") + 1])
    main(n)
