"""Render Pento's icons from web/icons/icon.svg with the test suite's Chromium (Playwright):
the 192 and 512 px icons, a maskable 512 px one (full bleed, the drawing inside the safe circle),
the Apple touch icon (180 px, full bleed: iOS rounds it) and a 32 px favicon.  The PNGs are
committed; run this again after changing the drawing:

    .venv/bin/python scripts/make_icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the repository's build module finds Chromium)

ICONS = ROOT / "web" / "icons"
# name, size, full bleed (no rounded corners), the drawing's scale inside the square
TARGETS = [
    ("icon-192.png", 192, False, 1.0),
    ("icon-512.png", 512, False, 1.0),
    ("icon-maskable-512.png", 512, True, 0.72),  # the safe zone is the middle 80 % circle
    ("apple-touch-icon.png", 180, True, 0.86),
    ("favicon-32.png", 32, False, 1.0),
]


def page_for(svg: str, size: int, bleed: bool, scale: float) -> str:
    if bleed:
        svg = svg.replace('rx="104"', 'rx="0"')
    # the drawing scaled about the middle, the background kept full size
    inner = svg.split('fill="#2b2d42"/>', 1)[1].rsplit("</svg>", 1)[0]
    head = svg.split('fill="#2b2d42"/>', 1)[0] + 'fill="#2b2d42"/>'
    shift = 256 * (1 - scale)
    drawing = f'{head}<g transform="translate({shift} {shift}) scale({scale})">{inner}</g></svg>'
    return (
        "<!doctype html><html><body style='margin:0;background:transparent'>"
        f"<div style='width:{size}px;height:{size}px'>"
        # the <svg> element's size only (count 1): the background's rect is 512 in the viewBox's units
        + drawing.replace('width="512" height="512"', f'width="{size}" height="{size}"', 1)
        + "</div></body></html>"
    )


def main() -> int:
    from playwright.sync_api import sync_playwright

    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        exe = build.find_chromium()
        browser = p.chromium.launch(**({"executable_path": exe} if exe else {}), args=["--no-sandbox"])
        for name, size, bleed, scale in TARGETS:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_for(svg, size, bleed, scale))
            page.locator("svg").screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            print(f"wrote web/icons/{name}")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
