"""axe-core on every screen of every game: no serious or critical accessibility violation.

axe-core comes from npm, pinned and checked by build.py (``build.axe_source()``), and is put into
the page by the test through the DevTools protocol: the page itself never loads it.  Screens: the
start screen, Help, one board of every game (at a laptop's and a phone's size), a hint shown, the
win, the peg board editor, the tangram's own-figure table.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import App, open_hash, play, wait_until

import build
from pento_core.classroom.race import result_code

AXE = build.axe_source()
RUN = """async () => {
  const r = await axe.run(document, { resultTypes: ["violations"] });
  return r.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                   nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}"""


def violations(page: Any) -> list[dict[str, Any]]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE + "\n;0")
    return list(page.evaluate(RUN))


def assert_clean(page: Any, screen: str) -> None:
    found = violations(page)
    assert not found, f"{screen}: {json.dumps(found, indent=1)}"


def test_axe_itself_finds_a_serious_problem(app: App) -> None:
    # the check can fail: an image without a text alternative is critical for axe
    page = app.page
    page.evaluate("document.body.append(Object.assign(document.createElement('img'), {id: 'axe-probe'}))")
    try:
        assert any(v["id"] == "image-alt" for v in violations(page))
    finally:
        page.evaluate("document.getElementById('axe-probe').remove()")


def test_the_start_screen_and_help(app: App) -> None:
    page = app.page
    assert_clean(page, "start screen")
    page.locator("[data-game=tangram]").get_by_role("button", name="How to play").click()
    page.wait_for_selector("#help[open]", state="attached")
    assert_clean(page, "help")
    page.keyboard.press("Escape")


@pytest.mark.parametrize(
    ("game", "preset"),
    [
        ("cover", "6 x 10"),
        ("twenty", "Game of 20"),
        ("pegs", "English (33 holes)"),
        ("gandagalo", "8 x 8, easy"),
        ("lastfit", "Two players, 8 x 8"),
        ("tangram", "Square"),
        ("tangram", "Make your own"),
        ("workshop", "6 x 10 with the 12 pentominoes"),
    ],
)
@pytest.mark.parametrize("size", [(1280, 860), (390, 844)], ids=["laptop", "phone"])
def test_every_game(app: App, game: str, preset: str, size: tuple[int, int]) -> None:
    page = app.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        play(app, preset, game)
        assert_clean(page, f"{game} {preset}")
        if game != "workshop" and size[0] > 1000:
            page.get_by_role("button", name="Hint").click()
            wait_until(page, "document.querySelector('#busy').hidden")
            assert_clean(page, f"{game} {preset} with a hint")
    finally:
        page.set_viewport_size({"width": 1280, "height": 860})


def test_the_win_and_the_peg_editor(app: App) -> None:
    page = open_hash(app, "tangram:square:")
    page.get_by_role("button", name="Solve").click()
    page.wait_for_selector("#done[open]", state="attached", timeout=30_000)
    assert_clean(page, "the win")
    page.keyboard.press("Escape")
    page = open_hash(app, "pegs:english:")
    page.get_by_role("button", name="Draw a board").click()
    assert_clean(page, "the peg board editor")


def go(page: Any, fragment: str) -> None:
    page.evaluate(
        f"history.pushState(null, '', location.pathname + location.search + {json.dumps('#' + fragment)});"
        "dispatchEvent(new PopStateEvent('popstate'));"
    )


def test_the_class_race_screens(app: App) -> None:
    page = open_hash(app, "cover:6x10:")
    page.get_by_role("button", name="Race").click()
    page.wait_for_selector("#race-qr canvas", timeout=30_000)
    assert_clean(page, "the race dialog")
    page.keyboard.press("Escape")
    go(page, "race:K3M9QX:cover:6x10")
    page.wait_for_selector("#race-start[open]", state="attached", timeout=30_000)
    assert_clean(page, "the pupil's name")
    page.get_by_role("button", name="Not now").click()
    go(page, "results:K3M9QX:cover:6x10")
    page.wait_for_selector("body[data-screen=results]", state="attached")
    page.locator("#results-input").fill("hello?\n" + result_code("cover", "1x5", "K3M9QX", "Ana", 9, "I1@0,0"))
    page.get_by_role("button", name="Add codes").click()
    page.wait_for_selector("#results-refused li", state="attached")
    assert_clean(page, "the race results")


def test_the_print_dialog(app: App) -> None:
    page = open_hash(app, "cover:6x10:")
    page.get_by_role("button", name="Print").click()
    page.wait_for_selector("#print-dialog[open]", state="attached")
    assert_clean(page, "the print dialog")
    page.keyboard.press("Escape")
