"""The player's data is never lost and the page always boots (issue 45, items 2 and 3): a record
no page can show, storage full to the last character, imports bounded with exact counts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from support.browser import App, drag_piece, next_state, open_ready, session, wait_until

# The file of the issue: a valid daily and a win at 1e300 ms ("Invalid time value" on every page after)
POISON = {
    "format": "pento-progress",
    "version": 1,
    "records": [
        {"v": 1, "game": "cover", "desc": "6x10", "daily": "2026-01-01", "wins": [{"at": 1e300, "seconds": 1}]}
    ],
}

# Storage filled to its last character: keys of halving sizes until even one character is refused.
FILL = """() => {
  let size = 1 << 22, i = 0;
  while (size >= 1) {
    try { localStorage.setItem('filler.' + i, 'x'.repeat(size)); i += 1; } catch { size = Math.floor(size / 2); }
  }
  return i;
}"""


def import_file(page: Any, path: Path) -> str:
    if page.evaluate("document.body.dataset.screen") != "progress":
        page.locator("#open-progress").click()
        page.wait_for_selector("body[data-screen=progress]", state="attached")
    page.evaluate("document.getElementById('status').textContent = ''")
    page.locator("#progress-file").set_input_files(str(path))
    wait_until(page, "/Loaded|file/.test(document.getElementById('status').textContent)", timeout=60)
    return str(page.locator("#status").text_content())


def test_a_record_no_page_can_show_never_keeps_a_link_from_opening(tab: Any, base_url: str, tmp_path: Path) -> None:
    open_ready(tab, base_url + "?nosw")
    poison = tmp_path / "progress.json"
    poison.write_text(json.dumps(POISON))
    said = import_file(tab, poison)
    assert "Loaded 1 puzzle" in said  # the record is kept, without the win no calendar holds
    # every later load: the link opens its puzzle, the start screen draws (was: the start screen, empty)
    tab.goto(base_url + "?nosw#cover:6x10:")
    tab.reload()
    tab.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    wait_until(tab, "window.pento.session() && window.pento.session().desc === '6x10'")
    tab.locator("#home-link").click()
    wait_until(tab, "document.querySelectorAll('#today-list [data-game]').length > 0")


def test_storage_full_to_the_last_character_still_reads_plays_and_clears(tab: Any, base_url: str) -> None:
    open_ready(tab, base_url + "?nosw#cover:6x10:")
    wait_until(tab, "window.pento.session() && window.pento.layout() !== null")
    drag_piece(tab, "X", 0, 1)
    first = next_state(tab, "")
    tab.locator("#home-link").click()
    tab.wait_for_selector("body[data-screen=home]", state="attached")
    assert tab.evaluate(FILL) > 0
    tab.reload()
    tab.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    # full is not blocked: the saved game is there, and the player is told plainly
    assert "is full" in str(tab.locator("#notice-text").text_content())
    assert tab.locator("#saved-list > li").count() == 1
    tab.locator("#open-progress").click()
    tab.wait_for_selector("body[data-screen=progress]", state="attached")
    assert "Puzzles played: 1" in str(tab.locator("#progress-summary").text_content())
    # a move on the saved game still counts for this visit
    tab.evaluate("history.back()")
    tab.wait_for_selector("body[data-screen=home]", state="attached")
    tab.goto(base_url + "?nosw#cover:6x10:" + first)
    wait_until(tab, "window.pento.session() && window.pento.layout() !== null")
    drag_piece(tab, "I", 1, 9)
    second = next_state(tab, first)
    assert session(tab)["state"] == second
    # Clear works when storage is full: the records go, the saved game stays
    tab.locator("#home-link").click()
    tab.locator("#open-progress").click()
    tab.wait_for_selector("body[data-screen=progress]", state="attached")
    tab.locator("#progress-clear").click()
    tab.locator("#clear-yes").click()
    assert "Nothing yet" in str(tab.locator("#progress-games").text_content())
    assert tab.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pento.progress.')).length") == 0
    assert tab.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pento.game.')).length") == 1


def test_an_import_is_bounded_and_says_exactly_what_it_loaded(app: App, tmp_path: Path) -> None:
    page = app.page
    big = tmp_path / "big.json"
    big.write_bytes(b'{"format":"pento-progress","version":1,"records":[' + b" " * 5_200_000 + b"]}")
    assert "too large" in import_file(page, big)  # said before it is read, not "not a progress file"
    many = [
        {"v": 1, "game": "cover", "desc": f"1x5~I,{k}", "wins": [{"at": 1_700_000_000_000, "seconds": 9}]}
        for k in range(5_003)
    ]
    many.append({"v": 1, "game": "", "desc": "no game"})  # one that cannot be read
    lots = tmp_path / "lots.json"
    lots.write_text(json.dumps({"format": "pento-progress", "version": 1, "records": many}))
    said = import_file(page, lots)
    assert (
        "Loaded 5,000 puzzles" in said and "3 puzzles were not loaded" in said and "1 entry could not be read" in said
    )
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pento.progress.')).length") == 5_000
    # the same file again: the 5,000 are updated (merged), the 3 still have no room
    said = import_file(page, lots)
    assert "Loaded 5,000 puzzles" in said and "3 puzzles were not loaded" in said
    assert page.evaluate("document.querySelectorAll('.progress-game').length") == 1
    # twelve are listed, the rest counted, the count written the way the language writes numbers
    assert "and 4,988 more puzzles" in str(page.locator(".progress-game").text_content())
