"""axe-core on every screen of every game: no serious or critical accessibility violation.

axe-core comes from npm, pinned and checked by build.py (``build.axe_source()``), and is put into
the page by the test through the DevTools protocol: the page itself never loads it.  Screens: the
start screen, Help, one board of every game (at a laptop's and a phone's size), a hint shown, the
win, the peg board editor, the tangram's own-figure table.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from support.a11y import assert_clean, violations
from support.browser import App, games_with, layout, open_hash, play, wait_until

from pento_core import registry
from pento_core.classroom.race import result_code


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


@pytest.mark.parametrize(("game", "preset"), games_with({"tangram": ["Square", "Make your own"]}))
@pytest.mark.parametrize("size", [(1280, 860), (390, 844)], ids=["laptop", "phone"])
def test_every_game(app: App, game: str, preset: str, size: tuple[int, int]) -> None:
    page = app.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        play(app, preset, game)
        assert_clean(page, f"{game} {preset}")
        if "hint" in registry.get(game).features and size[0] > 1000:
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


def focused(page: Any) -> str:
    return str(page.evaluate("(e => e.id || e.tagName.toLowerCase())(document.activeElement)"))


def test_pegs_with_the_keyboard_alone_and_the_board_in_words(app: App) -> None:
    page = open_hash(app, "pegs:english:")
    page.locator("#view canvas").focus()
    # the cursor starts on the first hole (row 1, column 3): to the peg at row 2, column 4, choose it,
    # down two holes, and jump it into the middle
    for key in ("ArrowRight", "ArrowDown", "Enter", "ArrowDown", "ArrowDown", "Enter"):
        page.keyboard.press(key)
    wait_until(page, "document.getElementById('status').textContent.startsWith('31 pegs left')")
    page.keyboard.press("d")
    page.wait_for_selector("#words[open]", state="attached")
    lines = page.locator("#words-list li").all_inner_texts()
    assert lines[0].startswith("31 pegs left")
    assert lines[2] == "Row 2: peg in column 3; empty hole in column 4; peg in column 5."
    assert lines[3] == "Row 3: pegs in columns 1 to 3; empty hole in column 4; pegs in columns 5 to 7."
    assert lines[4] == "Row 4: pegs in columns 1 to 7."
    assert page.evaluate("document.getElementById('words').contains(document.activeElement)")
    assert_clean(page, "the board in words")
    page.keyboard.press("Escape")
    assert focused(page) == "canvas"  # back where the player was
    # Help offers it too, with its key
    page.keyboard.press("?")
    page.wait_for_selector("#help[open]", state="attached")
    assert "describe the board in words" in page.locator("#help-keys").inner_text()
    page.get_by_role("button", name="Describe the board").click()
    page.wait_for_selector("#words[open]", state="attached")
    assert not page.evaluate("document.getElementById('help').open")


def test_the_workshop_board_editor_with_the_keyboard(app: App) -> None:
    page = play(app, "6 x 10 with the 12 pentominoes", "workshop")
    editor = page.get_by_label("Board editor: arrow keys move, Space paints or erases a cell")
    editor.focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")  # erases row 2, column 2
    wait_until(page, "document.getElementById('status').textContent.startsWith('Board of 59 cells')")
    page.keyboard.press("d")
    page.wait_for_selector("#words[open]", state="attached")
    lines = page.locator("#words-list li").all_inner_texts()
    assert "Row 2: board in column 1; no board in column 2; board in columns 3 to 10." in lines
    page.keyboard.press("Escape")


def canvas_rgb(page: Any, x: float, y: float) -> list[int]:
    """The colour drawn on the board's canvas at page point (x, y)."""
    return list(
        page.evaluate(
            """([x, y]) => { const c = document.querySelector('#view canvas'); const r = c.getBoundingClientRect();
                 const k = c.width / r.width, at = (v) => Math.round(v * k);
                 const d = c.getContext('2d').getImageData(at(x - r.left), at(y - r.top), 1, 1).data;
                 return [d[0], d[1], d[2]]; }""",
            [x, y],
        )
    )


def test_high_contrast_is_chosen_kept_and_drawn(app: App) -> None:
    page = app.page
    try:
        page.get_by_role("checkbox", name="High contrast").check()  # the start screen's (Help's is closed)
        assert page.evaluate("document.documentElement.dataset.contrast") == "high"
        assert page.evaluate("localStorage.getItem('pento.contrast')") == "high"
        page = open_hash(app, "cover:6x10:")
        lay = layout(page)
        x, y = lay["boardX"] + 5.5 * lay["cell"], lay["boardY"] + 2.5 * lay["cell"]  # an empty cell
        assert canvas_rgb(page, x, y) == [255, 255, 255]
        assert_clean(page, "a board in high contrast")
        page.keyboard.press("?")
        page.wait_for_selector("#help[open]", state="attached")
        box = page.locator("#help-contrast")
        assert box.is_checked()
        box.uncheck()  # from Help, in the game: the board is drawn again at once
        page.keyboard.press("Escape")
        assert canvas_rgb(page, x, y) in ([0xF4, 0xF1, 0xEA], [0xEB, 0xE6, 0xDA])
        assert page.evaluate("localStorage.getItem('pento.contrast')") == "standard"
    finally:
        page.evaluate(
            "document.documentElement.dataset.contrast = 'standard';"
            "document.querySelectorAll('.contrast-check').forEach(b => { b.checked = false; });"
        )


def test_colour_blind_friendly_colours_are_chosen_kept_and_used(app: App) -> None:
    """Issue 49: the marks, hints, clashes and the page's good and bad words in colours every colour
    vision tells apart (their palettes are checked by tests/js/colour_vision.test.mjs)."""
    page = app.page
    ok = "getComputedStyle(document.documentElement).getPropertyValue('--ok').trim()"
    try:
        assert page.evaluate(ok) == "#1a7f37"
        page.get_by_role("checkbox", name="Colour-blind friendly").check()
        assert page.evaluate("document.documentElement.dataset.colours") == "safe"
        assert page.evaluate("localStorage.getItem('pento.colours')") == "safe"
        assert page.evaluate(ok) == "#005f96"
        page = play(app, registry.get("gandagalo").presets()[0].label, "gandagalo")
        assert_clean(page, "GandaGalo in colour-blind friendly colours")
        page.keyboard.press("?")
        page.wait_for_selector("#help[open]", state="attached")
        box = page.locator("#help-colours")
        assert box.is_checked()
        box.uncheck()
        page.keyboard.press("Escape")
        assert page.evaluate(ok) == "#1a7f37"
        assert page.evaluate("localStorage.getItem('pento.colours')") == "standard"
    finally:
        page.evaluate(
            "document.documentElement.dataset.colours = 'standard';"
            "document.querySelectorAll('.colours-check').forEach(b => { b.checked = false; });"
        )


def test_the_peg_board_editor_with_the_keyboard(app: App) -> None:
    page = open_hash(app, "pegs:english:")
    page.get_by_role("button", name="Draw a board").click()
    page.locator("canvas.pegs-editor").focus()
    first_row = "window.pento.layout().text.split('/')[0]"
    assert page.evaluate(first_row) == "##ooo##"
    for key in ("ArrowRight", "ArrowRight", "2", "Space", "ArrowRight", "3", "Enter"):
        page.keyboard.press(key)
    assert page.evaluate(first_row) == "##.#o##"  # an empty hole, then no hole
    assert "Cursor at row 1, column 4: no hole." in str(page.locator("canvas.pegs-editor").get_attribute("aria-label"))
    page.get_by_role("button", name="Cancel").click()


def luminance(rgb: list[int]) -> float:
    return (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255


def test_dark_is_chosen_kept_drawn_and_clean(app: App) -> None:
    page = app.page
    try:
        page.locator("#home-theme").select_option("dark")
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        assert page.evaluate("localStorage.getItem('pento.theme')") == "dark"
        background = page.evaluate("getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number)")
        assert luminance(background) < 0.15
        assert_clean(page, "the start screen in dark")
        page = open_hash(app, "cover:6x10:")
        lay = layout(page)
        x, y = lay["boardX"] + 5.5 * lay["cell"], lay["boardY"] + 2.5 * lay["cell"]  # an empty cell
        assert luminance(canvas_rgb(page, x, y)) < 0.25  # the board itself is drawn dark
        assert_clean(page, "a board in dark")
        grid = registry.get("gandagalo").new("6x6:easy", 1)
        for link in (f"gandagalo:{quote(grid, safe='')}:", "pegs:english:", "tangram:square:"):
            open_hash(app, link)
            assert_clean(page, f"{link} in dark")
        page.keyboard.press("?")
        page.wait_for_selector("#help[open]", state="attached")
        assert page.locator("#help-theme").input_value() == "dark"
        page.locator("#help-theme").select_option("light")  # from Help, in the game: drawn again at once
        page.keyboard.press("Escape")
        open_hash(app, "cover:6x10:")
        assert luminance(canvas_rgb(page, x, y)) > 0.8
        # "as on this device" follows the system's colours, and their changes
        page.locator("#home-link").click()
        page.locator("#home-theme").select_option("system")
        page.emulate_media(color_scheme="dark")
        wait_until(page, "document.documentElement.dataset.theme === 'dark'")
        page.emulate_media(color_scheme="light")
        wait_until(page, "document.documentElement.dataset.theme === 'light'")
        page.locator("#open-progress").click()
        page.wait_for_selector("body[data-screen=progress]", state="attached")
        assert_clean(page, "my progress")
        page.emulate_media(color_scheme="dark")
        assert_clean(page, "my progress in dark")
    finally:
        page.emulate_media(color_scheme="light")
        page.evaluate(
            "document.querySelectorAll('.theme-select').forEach(s => { s.value = 'system'; });"
            "document.documentElement.dataset.themeChoice = 'system';"
            "document.documentElement.dataset.theme = 'light';"
        )


def test_the_two_short_pages_in_three_languages(app: App) -> None:
    page = app.page.context.new_page()
    try:
        home = app.page
        for link in ("#privacy-link", "#accessibility-link"):
            href = home.locator(link).evaluate("a => a.href")
            assert page.request.get(href).ok
        cases = [
            ("privacy", "en", "What Pento keeps", "Nothing leaves your device."),
            ("privacy", "pt", "O que o Pento guarda", "Nada sai do teu dispositivo."),
            ("privacy", "de", "Was Pento speichert", "Nichts verlässt dein Gerät."),
            ("accessibility", "en", "Accessibility", "Not yet met"),
            ("accessibility", "pt", "Acessibilidade", "Ainda não cumprido"),
            ("accessibility", "de", "Barrierefreiheit", "Noch nicht erfüllt"),
        ]
        for name, lang, title, words in cases:
            page.goto(f"{app.base_url.split('?')[0]}web/about/{name}.html?lang={lang}")
            assert page.evaluate("document.documentElement.lang") == lang
            assert page.locator("article:visible").count() == 1
            assert page.locator("article:visible h1").text_content() == title
            assert words in str(page.locator("article:visible").text_content())
            assert page.title() == f"{title} — Pento"
            if name == "accessibility":  # each tested point names its WCAG 2.1 criteria
                cells = page.locator("article:visible tbody tr td:last-child").all_text_contents()
                assert len(cells) >= 6 and all(any(ch.isdigit() for ch in c) for c in cells)
            assert not violations(page), (name, lang)
        # the language chosen in Pento, when the link names none
        page.evaluate("localStorage.setItem('pento.language', 'de')")
        page.goto(f"{app.base_url.split('?')[0]}web/about/privacy.html")
        assert page.locator("article:visible h1").text_content() == "Was Pento speichert"
    finally:
        page.evaluate("localStorage.removeItem('pento.language')")
        page.close()
