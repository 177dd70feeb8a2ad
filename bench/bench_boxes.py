"""Benchmark: Pentacube boxes in headless Chromium (Pyodide in a worker, three.js on the page).

* **drop**: a piece dropped by the keyboard (Enter) until both views are drawn again with the core's
  answer, the page's ``pento-boxes-drop`` measure; target p95 under 50 ms.
* **turn**: a piece turned by a key (X, Y, Z) until both views are drawn, ``pento-boxes-turn``;
  target p95 under 50 ms.
* **turning the box**: the mouse drags the full box's 3D view round for ``--seconds``, a pointer
  move every frame; the frames the view drew meanwhile give its frame rate (target 60 frames a
  second on a laptop) and the p95 of the time between two frames.  Headless Chromium draws WebGL
  in software (SwiftShader) on these machines' CPUs, so this is a floor for a laptop with a
  graphics chip.

Each round fills 3x4x5 by the keyboard with a filling the core's solver finds, on a fresh page.
Usage: ``.venv/bin/python bench/bench_boxes.py [--rounds 3] [--seconds 3]``
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


def e2e_helpers() -> Any:
    """The browser tests' helpers (tests/support/browser.py)."""
    return importlib.import_module("support.browser")


def fill_by_keyboard(page: Any, layout: Any, wait_until: Any) -> None:
    """Put every piece of a filling of 3x4x5 in by keys, each turned to its orientation first (the
    fewest turns, tests/e2e/test_browser_boxes.py's search)."""
    from support.boxes import filling, turns

    page.locator("canvas.board-canvas").focus()
    for i, put in enumerate(filling("3x4x5")):
        page.keyboard.press(f"Shift+{put.name}")
        for axis in turns(put.name, layout(page)["hand"]["o"], put.orientation):
            page.keyboard.press(axis)
        at = layout(page)["hand"]["at"]
        for key_up, key_down, n in (
            ("PageUp", "PageDown", put.anchor[0] - at[0]),
            ("ArrowDown", "ArrowUp", put.anchor[1] - at[1]),
            ("ArrowRight", "ArrowLeft", put.anchor[2] - at[2]),
        ):
            for _ in range(abs(n)):
                page.keyboard.press(key_up if n > 0 else key_down)
        page.keyboard.press("Enter")
        wait_until(page, f"window.pento.session().view.placements.length === {i + 1}")
    wait_until(page, "window.pento.session().view.complete")


def turn_the_box(page: Any, layout: Any, seconds: float) -> tuple[float, list[float]]:
    """Drag the 3D view to and fro for ``seconds``: the mouse is pressed on it (Playwright's), then
    the page gets a pointer move every frame, as a browser delivers a drag (moves sent one by one
    from here arrive at a third of that rate: the benchmark would measure itself).  Returns the
    frames a second the view drew meanwhile and the milliseconds between its frames."""
    box = page.locator("canvas.box-3d").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    started, ended = page.evaluate(
        """([x, y, seconds]) => new Promise((done) => {
          const canvas = document.querySelector("canvas.box-3d");
          const t0 = performance.now();
          let k = 0;
          const step = () => {
            k += 1;
            const at = { clientX: x + 100 * Math.sin(k / 12), clientY: y + 20 * Math.cos(k / 12) };
            const move = { pointerId: 1, pointerType: "mouse", bubbles: true, ...at };
            canvas.dispatchEvent(new PointerEvent("pointermove", move));
            if (performance.now() - t0 < seconds * 1000) requestAnimationFrame(step);
            else done([t0, performance.now()]);
          };
          requestAnimationFrame(step);
        })""",
        [x, y, seconds],
    )
    page.mouse.up()
    frames = [f for f in layout(page)["three"]["frames"] if started <= f <= ended]
    assert len(frames) > 1, "the 3D view drew no frame while it was dragged"
    return (len(frames) - 1) / ((frames[-1] - frames[0]) / 1000), [b - a for a, b in itertools.pairwise(frames)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    import build

    e2e = e2e_helpers()
    layout, wait_until = e2e.layout, e2e.wait_until
    build.build()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    drops: list[float] = []
    turns: list[float] = []
    fps: list[float] = []
    gaps: list[float] = []
    try:
        with sync_playwright() as p:
            exe = build.find_chromium()
            browser = p.chromium.launch(args=e2e.CHROMIUM_ARGS, **({"executable_path": exe} if exe else {}))
            for _ in range(args.rounds):
                ctx = browser.new_context(viewport={"width": 1366, "height": 768})
                page = ctx.new_page()
                page.goto(base + "?nosw#boxes:3x4x5:")
                wait_until(page, "window.pento && window.pento.session() && window.pento.layout()", 90)
                wait_until(page, "window.pento.layout().three.ready === 'yes'", 30)
                fill_by_keyboard(page, layout, wait_until)
                drops += page.evaluate("performance.getEntriesByName('pento-boxes-drop').map(e => e.duration)")
                turns += page.evaluate("performance.getEntriesByName('pento-boxes-turn').map(e => e.duration)")
                page.keyboard.press("Escape")  # the dialog that says the box is full
                wait_until(page, "!document.querySelector('dialog[open]')")
                rate, between = turn_the_box(page, layout, args.seconds)  # the full box: every cube drawn
                fps.append(rate)
                gaps += between
                ctx.close()
            browser.close()
    finally:
        server.shutdown()
    for name, values in (("drop -> both views drawn", drops), ("turn -> both views drawn", turns)):
        ok = "ok" if pct(values, 0.95) < 50 else "MISSED"
        print(
            f"{name:<26} median {statistics.median(values):6.1f} ms, p95 {pct(values, 0.95):6.1f} ms,"
            f" n={len(values)} (target p95 50 ms: {ok})"
        )
    ok = "ok" if min(fps) >= 58 else "MISSED"
    print(
        f"{'turning the box (3D)':<26} {statistics.median(fps):6.1f} frames/s (lowest round {min(fps):.1f}),"
        f" p95 between frames {pct(gaps, 0.95):.1f} ms, frames={len(gaps) + len(fps)}"
        f" (target 60 frames/s: {ok}; WebGL drawn in software here)"
    )


if __name__ == "__main__":
    main()
