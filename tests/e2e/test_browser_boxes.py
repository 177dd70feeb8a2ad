"""Pentacube boxes in the browser: 3x4x5 filled by the mouse in the 3D view, by touch in the layer
view and by the keyboard alone, each finished as the core says (its view's ``complete``); a drop the
core refuses says why; the box turns when dragged; a hint puts the piece in hand."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from support.boxes import filling, turns
from support.browser import App, layout, open_hash, session, status_text, wait_until

from pento_core.budget import Budget
from pento_core.games.boxes import BoxesGame
from pento_core.polycube.pieces import solid_by_name
from pento_core.polycube.position import Put

BOX = "3x4x5"


def lowest(put: Put) -> tuple[int, int, int]:
    """The cube of the placement that sits lowest (layer, row, column first): the one the view puts
    on the layer worked on."""
    shape = solid_by_name(put.name).orientations()[put.orientation]
    z, r, c = min(shape)
    return z + put.anchor[0], r + put.anchor[1], c + put.anchor[2]


def hand(page: Any) -> dict[str, Any] | None:
    return layout(page)["hand"]  # type: ignore[no-any-return]


def placed(page: Any, n: int) -> None:
    wait_until(page, f"window.pento.session().view.placements.length === {n} && window.pento.layout().hand === null")


def finished(page: Any) -> None:
    wait_until(page, "window.pento.session().view.complete")
    view = session(page)["view"]
    assert view["filled"] == view["volume"] == 60
    assert "full" in view["summary"]


def open_box(app: App, desc: str = BOX, state: str = "") -> Any:
    page = open_hash(app, f"boxes:{quote(desc, safe='')}:{quote(state, safe='')}")
    wait_until(page, "window.pento.layout().three.ready !== 'loading'", 30)
    return page


def test_a_player_fills_the_3x4x5_box_with_the_mouse_in_the_3d_view(app: App) -> None:
    page = open_box(app)
    assert layout(page)["three"]["ready"] == "yes"  # headless Chromium draws WebGL in software
    plan = filling(BOX)
    for i, put in enumerate(plan):
        tray = layout(page)["tray"][put.name]
        page.mouse.click(tray["x"] + tray["width"] / 2, tray["y"] + tray["height"] / 2)
        held = hand(page)
        assert held and held["name"] == put.name
        for axis in turns(put.name, held["o"], put.orientation):
            page.locator(f"[data-action=turn-{axis}]").click()
        assert hand(page)["o"] == put.orientation  # type: ignore[index]
        z, r, c = lowest(put)
        page.get_by_role("tab", name=f"Layer {z + 1}", exact=True).click()
        x, y = layout(page)["three"]["floor"][f"{z},{r},{c}"]
        page.mouse.move(x + 3, y + 3)
        page.mouse.move(x, y)  # the ghost follows the pointer on the layer's floor
        assert hand(page)["at"] == list(put.anchor)  # type: ignore[index]
        page.mouse.click(x, y)  # a click on the ghost drops it
        placed(page, i + 1)
        if i == 0:
            # a click on the piece in the layer view right after its drop leaves it there and says
            # so in a mouse's words
            lay = layout(page)
            s, board = lay["cell"], lay["boards"][0]
            page.mouse.click(board["x"] + (c + 0.5) * s, board["y"] + (r + 0.5) * s)
            assert hand(page) is None
            assert status_text(page) == f"{put.name} is in place. Click it again to pick it up."
    finished(page)
    assert not page.locator("[data-action=drop]").is_enabled()


def finger_tap(cdp: Any, x: float, y: float) -> None:
    """One finger down and up at (x, y), through the DevTools protocol (touch emulation on)."""
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def tap_element(page: Any, cdp: Any, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    finger_tap(cdp, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def square(page: Any, r: int, c: int) -> tuple[float, float]:
    """The screen point of square (r, c) of the layer shown, as the page lays it out now."""
    lay = layout(page)
    s, board = lay["cell"], lay["boards"][0]
    return board["x"] + (c + 0.5) * s, board["y"] + (r + 0.5) * s


def test_a_player_fills_it_by_touch_in_the_layer_view(app: App) -> None:
    plan = filling(BOX)
    page = open_box(app)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone, upright
    wait_until(page, "window.innerWidth === 390 && window.pento.layout().cell > 0")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    try:
        assert layout(page)["cell"] >= 36  # a finger's square on a phone
        for i, put in enumerate(plan):
            tap_element(page, cdp, f".tray-piece[data-piece='{put.name}']")
            wait_until(page, f"(h => h && h.name === {put.name!r})(window.pento.layout().hand)")
            # issue 49: any turning in one tap, from the strip of the piece's turnings
            strip = page.locator(".box-turnings .turning")
            assert strip.count() == len(solid_by_name(put.name).orientations())
            turning = page.locator(f".box-turnings [data-orientation='{put.orientation}']")
            turning.scroll_into_view_if_needed()
            tap_element(page, cdp, f".box-turnings [data-orientation='{put.orientation}']")
            assert turning.get_attribute("aria-pressed") == "true"
            z, r, c = lowest(put)
            tap_element(page, cdp, f".layer-tabs [aria-label='Layer {z + 1}']")
            assert hand(page)["o"] == put.orientation and layout(page)["layer"] == z  # type: ignore[index]
            point = square(page, r, c)
            if hand(page)["at"] != list(put.anchor):  # type: ignore[index]
                finger_tap(cdp, *point)  # the ghost's lowest cube to this square
                assert hand(page)["at"] == list(put.anchor)  # type: ignore[index]
            finger_tap(cdp, *point)  # the square of its lowest cube again: it drops
            placed(page, i + 1)
            if i == 0:
                # issue 49: a tap more on that square (a double tap) leaves it where it is and says
                # so; a deliberate one picks it up, and it goes back where it was.  (After the drop's
                # own line: on a busy machine that line came after the tap's, and hid it.)  The
                # square stayed under the finger: the strip of turnings keeps its room when it goes.
                wait_until(page, "document.querySelector('#status').textContent.startsWith('1 of 12 ')")
                assert square(page, r, c) == point
                finger_tap(cdp, *point)
                assert hand(page) is None
                assert status_text(page) == f"{put.name} is in place. Tap it again to pick it up."
                finger_tap(cdp, *point)
                wait_until(page, f"(h => h && h.name === {put.name!r} && h.from)(window.pento.layout().hand)")
                assert status_text(page).startswith(f"{put.name} picked up")
                finger_tap(cdp, *point)  # and put back
                placed(page, 1)
        finished(page)
        # the last drop opened "Well done!" under the finger, on pointerdown: the click that ends
        # that tap must not choose the dialog's button there (with this filling, New puzzle)
        assert page.evaluate("document.getElementById('done').open")
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")  # the page took it for a phone
    finally:
        cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": False})
        cdp.detach()


def test_a_player_fills_it_by_keyboard_alone(app: App) -> None:
    page = open_box(app)
    page.locator("canvas.board-canvas").focus()
    plan = filling(BOX)
    for i, put in enumerate(plan):
        page.keyboard.press(f"Shift+{put.name}")  # every planar pentacube's name is one letter
        held = hand(page)
        assert held and held["name"] == put.name
        for axis in turns(put.name, held["o"], put.orientation):
            page.keyboard.press(axis)
        at = hand(page)["at"]  # type: ignore[index]
        steps = [
            ("PageUp", "PageDown", put.anchor[0] - at[0]),
            ("ArrowDown", "ArrowUp", put.anchor[1] - at[1]),
            ("ArrowRight", "ArrowLeft", put.anchor[2] - at[2]),
        ]
        for forward, back, n in steps:
            for _ in range(abs(n)):
                page.keyboard.press(forward if n > 0 else back)
        assert hand(page)["at"] == list(put.anchor)  # type: ignore[index]
        page.keyboard.press("Enter")
        placed(page, i + 1)
    finished(page)
    # a screen reader reads the board from the core's words
    assert "full" in str(page.locator("#board-description").text_content())


def test_a_refused_drop_says_why_and_the_ghost_stays_in_hand(app: App) -> None:
    page = open_box(app, BOX, "X:0@0,0,0")
    page.locator("canvas.board-canvas").focus()
    before = session(page)["state"]
    page.keyboard.press("Shift+I")  # upright in the tray: five rows, and the box has four
    page.keyboard.press("Enter")
    wait_until(page, "window.pento.layout().bad")
    assert status_text(page) == "I would stick out of the box."
    assert hand(page)["name"] == "I"  # type: ignore[index]
    page.keyboard.press("Escape")
    assert hand(page) is None
    page.keyboard.press("Shift+P")  # its first cube at the cursor, on row 1, column 1: across the X
    page.keyboard.press("Enter")
    wait_until(page, "window.pento.layout().bad")
    assert status_text(page) == "P would overlap X at layer 1, row 1, column 2."
    assert session(page)["state"] == before
    assert hand(page)["name"] == "P"  # type: ignore[index]


def test_the_box_turns_when_dragged_and_by_keys(app: App) -> None:
    page = open_box(app, BOX, "X:0@0,0,0;I:1@0,3,0")
    gl = page.locator("canvas.box-3d").bounding_box()
    assert gl
    before = layout(page)["three"]["camera"]
    x, y = gl["x"] + gl["width"] / 2, gl["y"] + gl["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 120, y + 40, steps=6)
    page.mouse.up()
    after = layout(page)["three"]["camera"]
    assert after["azimuth"] > before["azimuth"] and after["tilt"] > before["tilt"]
    page.locator("canvas.box-3d").focus()
    page.keyboard.press("ArrowLeft")
    assert layout(page)["three"]["camera"]["azimuth"] < after["azimuth"]
    assert session(page)["state"] == "X:0@0,0,0;I:1@0,3,0"  # turning the view is no move


def test_a_hint_puts_the_piece_in_hand_where_it_goes(app: App) -> None:
    page = open_box(app, BOX, "X:0@0,0,0")
    page.locator("#hint").click()
    wait_until(page, "window.pento.layout().hand !== null")
    held = hand(page)
    assert held is not None
    page.locator("[data-action=drop]").click()
    wait_until(page, "window.pento.session().view.placements.length === 2")
    state = session(page)["state"]
    game = BoxesGame()
    pos = game.start(BOX, state)
    # the hinted piece is one of a filling: the core still finds one around it
    assert game.hint(pos, Budget(max_seconds=30), None).kind == "place"
    assert state.split(";")[1].startswith(held["name"] + ":")


def test_the_box_workshop_counts_the_fillings_shows_them_in_3d_and_plays_its_box(app: App) -> None:
    page = open_hash(app, "boxshop:2x3x10:" + quote("2,3,10~full~planar-pentacubes", safe=""))
    wait_until(page, "window.pento.layout().three.ready === 'yes'", 30)
    page.get_by_label("distinct up to the box's symmetries").check()
    page.get_by_role("button", name="Count all fillings").click()
    wait_until(page, "window.pento.layout().found === 'done'", 60)
    assert layout(page)["count"] == 12  # Goodger's count for the 12 planar pentacubes in 2x3x10
    first = layout(page)["shown"]
    page.get_by_role("button", name="Next ▶").click()
    second = layout(page)["shown"]
    assert first != second and page.locator(".ws-3d").get_attribute("data-shown") == "2"
    for line in (first, second):  # each shown filling is a filling of the box: twelve pieces of five
        cubes = line.replace("/", "").replace("|", "")
        assert len(cubes) == 60 and all(cubes.count(ch) == 5 for ch in set(cubes)) and len(set(cubes)) == 12
    # a cell taken out of the box: the core says why it cannot be filled, before any search
    lay = layout(page)
    page.mouse.click(lay["editor"]["x"] + lay["cell"] / 2, lay["editor"]["y"] + lay["cell"] / 2)
    wait_until(page, "window.pento.session().view.reason !== null")
    assert page.locator(".ws-verdict").text_content().startswith("This box cannot be filled")  # type: ignore[union-attr]
    assert not page.get_by_role("button", name="Count all fillings").is_enabled()
    page.keyboard.press("Control+z")
    wait_until(page, "window.pento.session().view.reason === null")
    page.get_by_role("button", name="Play this box").click()
    wait_until(page, "(s => s && s.game === 'boxes' && s.desc === '2x3x10')(window.pento.session())", 30)
