"""Hostile links, corrupt saves, a dead engine, full storage: the page keeps every game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from support.browser import App, drag_piece, next_state, open_ready, play, session, wait_until
from support.returning import KEPT

import build

HOSTILE_LINKS = [
    "cover:6x10:Q9@0,0",  # a piece the puzzle does not have
    "cover:Q~Q:",  # a desc the core refuses
    "cover:6x10:X0@99999999999999999999,0",  # a number too long to be a cell
    "cover:6x10:" + "X0%400%2C0%3B" * 3,  # the same piece three times
    "constructor:x:",  # names that are properties of every object
    "__proto__:x:",
    "workshop:6x10:20x20~I2*200~",  # a workshop state past the limits
    "workshop:6x10:20x20~I2*99,I2*99,I2*2~",
    "cover:%E0%A4%A:",  # broken percent-encoding
    "cover:%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E:",  # markup as a desc: shown as text
    "cover:64x64~" + "%2C".join(["I2*99"] * 120) + ":",  # the link that froze the page for 12 s
    "twenty:" + "9" * 3000 + ":",
    "cover:6x10:" + "x" * 250_000,  # longer than any state
]


def saved_ids(page: Any) -> list[str]:
    return sorted(page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pento.game.'))"))


def follow(page: Any, fragment: str) -> None:
    page.evaluate(
        "f => { history.pushState(null, '', location.pathname + location.search + '#' + f);"
        " dispatchEvent(new PopStateEvent('popstate')); }",
        fragment,
    )


@pytest.fixture()
def two_games(app: App) -> Any:
    """The shared page with two games in progress, saved."""
    page = play(app, "6 x 10")
    drag_piece(page, "X", 0, 1)
    next_state(page, "")
    page.locator("#home-link").click()
    play(app, "3 x 20")
    drag_piece(page, "X", 0, 1)
    next_state(page, "")
    page.locator("#home-link").click()
    assert len(saved_ids(page)) == 2
    return page


def test_hostile_links_never_touch_the_saved_games(two_games: Any) -> None:
    page = two_games
    before = {k: page.evaluate(f"localStorage.getItem({json.dumps(k)})") for k in saved_ids(page)}
    for link in HOSTILE_LINKS:
        page.evaluate("document.getElementById('notice').hidden = true")
        follow(page, link)
        wait_until(page, "document.body.dataset.screen === 'home' && !document.getElementById('notice').hidden")
        message = str(page.locator("#notice-text").text_content())
        assert message and "internal" not in message.lower() and "Traceback" not in message, (link[:60], message)
        assert page.locator("#notice img, #notice script").count() == 0
        assert "Your games are safe" in message or "does not have" in message, (link[:60], message)
    after = {k: page.evaluate(f"localStorage.getItem({json.dumps(k)})") for k in saved_ids(page)}
    assert after == before  # every save untouched, byte for byte
    assert page.locator("#saved-list li").count() == 2


def test_corrupt_saves_are_set_aside_alone(two_games: Any) -> None:
    page = two_games
    bad = {
        "pento.game.a": "{not json",
        "pento.game.b": json.dumps({"v": 99}),
        "pento.game.c": json.dumps({"id": "c", "game": "constructor", "desc": "x", "history": ["", "a"], "at": 1}),
        # well formed, but a puzzle the core refuses: found out only when continued
        "pento.game.d": json.dumps(
            {"id": "d", "game": "cover", "desc": "Q~Q", "history": ["", "X0@0,0"], "at": 1, "title": "Broken"}
        ),
    }
    for key, value in bad.items():
        page.evaluate(f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)})")
    follow(page, "")
    page.wait_for_selector("#notice:not([hidden])")
    assert "2 saved games could not be read" in str(page.locator("#notice-text").text_content())
    assert page.locator("#saved-list li").count() == 3  # the two games and "Broken"
    page.locator("#saved-list li[data-slot=d] .saved-open").click()
    aside = "document.getElementById('notice-text').textContent.includes('set aside')"
    wait_until(page, f"document.body.dataset.screen === 'home' && {aside}")
    assert page.locator("#saved-list li").count() == 2
    ids = saved_ids(page)
    assert len(ids) == 3 and "pento.game.c" in ids  # the two games, and the unknown game kept as it was
    assert len(page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pento.aside.'))")) == 3


def test_a_dead_engine_is_noticed_and_replaced_and_the_move_still_lands(
    page: Any, base_url: str, context: Any, returning: Any
) -> None:
    returning(context)
    # the page's own clock (Playwright's): the watchdog's 15 s of silence pass at once, not for real
    page.clock.install()
    open_ready(page, base_url + "?nosw#cover:6x10:")
    wait_until(page, "window.pento.session() && window.pento.layout() !== null")
    drag_piece(page, "X", 0, 1)
    first = next_state(page, "")
    for worker in page.workers:  # the engine and its spare stop answering, alive (an endless loop)
        worker.evaluate("self.onmessage = null")
    drag_piece(page, "I", 1, 9)
    assert page.evaluate("window.pento.session().state") == first  # the move waits for an answer
    page.clock.fast_forward(16_000)  # a silent engine, as long as the watchdog waits
    wait_until(page, f"window.pento.session().state !== {json.dumps(first)}", timeout=60)
    assert session(page)["state"].startswith(first + ";")
    assert "stopped and was restarted" in str(page.locator("#notice-text").text_content())
    assert page.evaluate("document.body.dataset.core") in ("ready", "loading")


def test_an_engine_that_ends_is_noticed_at_once_not_by_its_silence(
    page: Any, base_url: str, context: Any, returning: Any
) -> None:
    """Issue 45: the engine's worker ends in the middle of a move (it closes itself, as a runtime
    that aborts does).  The page's clock is stopped, so the watchdog's 15 s of silence never pass:
    the page learns of the end from the worker's lock (web/engine/worker.js), restarts the engine
    and the move lands, with 2 s of the page's time let run at most."""
    returning(context)
    page.clock.install()
    open_ready(page, base_url + "?nosw#cover:6x10:")
    wait_until(page, "window.pento.session() && window.pento.layout() !== null")
    drag_piece(page, "X", 0, 1)
    first = next_state(page, "")
    page.clock.pause_at(page.evaluate("Date.now()") + 10)
    for worker in page.workers:
        worker.evaluate("self.close()")
    page.clock.run_for(2_000)
    page.wait_for_selector("#notice:not([hidden])")
    assert "stopped and was restarted" in str(page.locator("#notice-text").text_content())
    drag_piece(page, "I", 1, 9)  # the board stays put under the notice: the layout is read now
    wait_until(page, f"window.pento.session().state !== {json.dumps(first)}", timeout=60)
    assert session(page)["state"].startswith(first + ";")


def test_an_engine_that_ends_and_cannot_start_again_offers_try_again_in_the_game(
    page: Any, base_url: str, context: Any, returning: Any, console: Any
) -> None:
    """The engine ends in the middle of a game, and its new start fails (its kept files gone, the
    connection down).  The game's notice said "restarted" and the start screen's Try again was out of
    sight; now the notice says the engine could not start and offers Try again, which brings the
    engine back, and the game goes on where it was."""
    returning(context)
    down = {"on": False}
    context.route("**/*.xz", lambda route: route.fulfill(status=503, body="down") if down["on"] else route.continue_())
    open_ready(page, base_url + "?nosw#cover:6x10:")
    wait_until(page, "window.pento.session() && window.pento.layout() !== null")
    drag_piece(page, "X", 0, 1)
    first = next_state(page, "")
    page.evaluate(
        "caches.delete('pento.runtime').then(() => navigator.storage.getDirectory())"
        ".then(d => d.removeEntry('pento.engine', {recursive: true}))"
    )
    down["on"] = True
    for worker in page.workers:
        worker.evaluate("self.close()")
    page.wait_for_selector("body[data-core=error]", state="attached", timeout=60_000)
    said = "The puzzle engine could not start: its files did not all arrive. Check the connection and try again."
    assert page.locator("#notice-text").text_content() == said
    assert page.evaluate("document.body.dataset.screen") == "play" and session(page)["state"] == first
    # the notice closed, a piece played meanwhile: the notice comes back with its Try again, and
    # the status line says what became of the move, not the notice's sentence a second time
    page.locator("#notice-close").click()
    assert page.locator("#notice").is_hidden()
    drag_piece(page, "I", 1, 9)
    wait_until(page, "!document.getElementById('notice').hidden")
    assert page.locator("#notice-text").text_content() == said
    assert page.locator("#status").text_content() == (
        "The puzzle engine is not running, so that did not work. Your game is kept."
    )
    assert session(page)["state"] == first
    down["on"] = False
    page.locator("#notice-action").click()  # Try again
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    drag_piece(page, "I", 1, 9)
    wait_until(page, f"window.pento.session().state !== {json.dumps(first)}", timeout=60)
    assert session(page)["state"].startswith(first + ";")
    # the browser's own lines for the refused downloads are expected here, and only those
    assert all("503" in e for e in console.errors)
    console.errors.clear()


# How many unpacked copies the engine keeps (kept.js's COPIES): the runtime's two files, the
# standard library and the core
COPIES = "caches.open('pento.runtime').then(c => c.keys()).then(k => k.length)"
OPENED = "(s => s && s.desc === '6x10')(window.pento.session()) && window.pento.layout() !== null"


def start_on_a_damaged_copy(page: Any, base_url: str, file: str, content_type: str, size: int) -> None:
    """Damage the copy of ``file`` an earlier visit kept (its bytes made ``size`` sevens), open a
    6 x 10 link: the start fails at once and says a kept file was damaged, the copies are forgotten;
    then Try again, and the engine is up.  The profile must hold what a first visit keeps."""
    page.goto(base_url + KEPT.lstrip("/"))
    page.evaluate(
        """async ([base, file, type, size]) => {
             const kept = await import(new URL("web/engine/kept.js", base).href);
             const damaged = new Response(new Uint8Array(size).fill(7), { headers: { "Content-Type": type } });
             await kept.keepCopy(new URL(file, base).href, damaged);
           }""",
        [base_url, file, content_type, size],
    )
    page.goto(base_url + "?nosw#cover:6x10:")
    page.wait_for_selector("body[data-core=error]", state="attached", timeout=90_000)
    assert "a file it had kept on this device was damaged" in str(page.locator("#load-error-text").text_content())
    assert page.evaluate(COPIES) == 0  # forgotten
    page.get_by_role("button", name="Try again").click()
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)


def test_a_damaged_copy_of_the_runtime_is_said_at_once_and_replaced(
    page: Any, context: Any, base_url: str, returning: Any
) -> None:
    """A damaged unpacked copy of the runtime's WebAssembly, kept by an earlier visit (kept.js), held
    every start at "loading" for ever: Pyodide only warns of a module that does not compile, and
    waits.  The start now fails at once and says so, the copies are forgotten, and Try again
    downloads the runtime afresh and opens the game the link was opening (it was dropped too)."""
    returning(context)  # an earlier visit's copies and snapshot; then the runtime's copy damaged
    start_on_a_damaged_copy(page, base_url, "pyodide/pyodide.asm.wasm", "application/wasm", 4096)
    assert page.evaluate("window.pento.engine().boot.copies") == 0  # downloaded and unpacked again
    # the game the link was opening opens now, and plays
    wait_until(page, OPENED)
    assert page.evaluate("location.hash") == "#cover:6x10:"
    drag_piece(page, "X", 0, 1)
    next_state(page, "")
    wait_until(page, f"{COPIES}.then(n => n === 4)", timeout=60)  # and sound copies kept for the next start


def test_a_damaged_copy_of_the_standard_library_is_said_at_once_and_replaced(
    page: Any, context: Any, base_url: str, returning: Any
) -> None:
    """A damaged unpacked copy of the standard library, kept by an earlier visit: the engine restored
    its snapshot and said it was ready, and every request that imported a module the snapshot did not
    hold failed (a German player's every game: the catalogue is read through importlib.resources),
    for good, since a ready engine kept its copies.  The start now fails at once and says so, the
    copies are forgotten, and Try again brings the library afresh (the snapshot still restored).
    The copy here has the library's own size: its bytes alone tell it is not the build's."""
    returning(context)  # an earlier visit's copies and snapshot; then the library's copy damaged
    # the library's own size: only its bytes tell (a copy of another size failed the same way)
    size = (build.DIST / "pyodide" / "python_stdlib.zip").stat().st_size
    start_on_a_damaged_copy(page, base_url, "pyodide/python_stdlib.zip", "application/zip", size)
    boot = page.evaluate("window.pento.engine().boot")
    assert boot["restored"] and boot["copies"] == 0  # the snapshot kept, the files downloaded afresh
    wait_until(page, OPENED)
    wait_until(page, f"{COPIES}.then(n => n === 4)", timeout=60)  # sound copies kept for the next start
    # the next start, in German, restores again and reads the catalogue from the new copy
    open_ready(page, base_url + "?nosw&lang=de#cover:6x10:")
    wait_until(page, OPENED)
    assert page.evaluate("window.pento.engine().boot.restored")
    assert "von 12 Teilen gelegt" in str(page.locator("#status").text_content())


def test_a_save_that_cannot_be_written_says_so_at_once(browser: Any, base_url: str, returning: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    returning(ctx)
    ctx.add_init_script(
        "const set = Storage.prototype.setItem;"
        "Storage.prototype.setItem = function (k, v) {"
        "  if (String(k).startsWith('pento.game.') && window.__full)"
        "    throw new DOMException('full', 'QuotaExceededError');"
        "  return set.call(this, k, v); };"
    )
    try:
        page = ctx.new_page()
        open_ready(page, base_url)
        page.locator("[data-game=cover]").get_by_role("button", name="6 x 10", exact=True).click()
        wait_until(page, "window.pento.layout() !== null && window.pento.session() !== null")
        page.evaluate("window.__full = true")
        drag_piece(page, "X", 0, 1)
        next_state(page, "")
        page.wait_for_selector("#notice:not([hidden])")
        assert "could not be saved" in str(page.locator("#notice-text").text_content())
        assert page.locator("#notice-action").text_content() == "Copy link"
        assert "X0" in page.url  # the link still holds the position
    finally:
        ctx.close()


def test_history_is_bounded_and_keeps_the_current_position(app: App) -> None:
    page = app.page
    history = ["", "X0@0,1"] * 300 + ["X0@0,1;I0@1,9"]
    entry = {"id": "long", "game": "cover", "desc": "6x10", "history": history, "at": len(history) - 1, "title": "Long"}
    page.evaluate(f"localStorage.setItem('pento.game.long', {json.dumps(json.dumps(entry))})")
    follow(page, "")
    page.locator("#saved-list li[data-slot=long] .saved-open").click()
    wait_until(page, "window.pento.session() && window.pento.session().state === 'X0@0,1;I0@1,9'")
    drag_piece(page, "L", 0, 5)
    state = next_state(page, "X0@0,1;I0@1,9")
    saved = json.loads(page.evaluate("localStorage.getItem('pento.game.long')"))
    assert len(saved["history"]) <= 400 and saved["history"][saved["at"]] == state
    assert saved["history"][saved["at"] - 1] == "X0@0,1;I0@1,9"


def test_two_tabs_on_one_game_never_drop_each_others_moves(tab: Any, base_url: str) -> None:
    """Issue 24, item 9: tab A played two jumps, tab B one, and the save kept only B's; A's next jump
    wiped B's.  Now B hears of A's jumps (the storage event) and says so; B's own jump, made from an
    older position, becomes a game of its own; A's save is never overwritten.  (Both tabs open in
    the shared page's profile, whose own page waits on its start screen, as a third tab would.)"""
    url = base_url + "?nosw#pegs:english:"
    page = tab  # tab A
    open_ready(page, url)
    wait_until(page, "window.pento.session() && window.pento.layout() !== null", timeout=60)
    other = page.context.new_page()  # tab B, the same game from the same link
    try:
        open_ready(other, url)
        wait_until(other, "window.pento.session() && window.pento.layout() !== null", timeout=60)
        a_id = page.evaluate("window.pento.session().id")
        assert other.evaluate("window.pento.session().id") == a_id  # one save, two tabs
        for move in ("1,3-3,3", "4,3-2,3"):  # A: two jumps
            page.evaluate(f"window.pento.play({move!r})")
        wait_until(page, "window.pento.session().at === 2")
        wait_until(other, "document.getElementById('notice-text').textContent.includes('another tab')")
        other.evaluate("window.pento.play('3,1-3,3')")  # B: one jump, another opening, from the start
        wait_until(other, f"window.pento.session().at === 1 && window.pento.session().id !== {a_id!r}")
        assert "kept as a game of their own" in str(other.locator("#notice-text").text_content())
        page.evaluate("window.pento.play('3,1-3,3')")  # A plays on, its save its own
        wait_until(page, "window.pento.session().at === 3")
        saves = page.evaluate(
            "Object.keys(localStorage).filter(k => k.startsWith('pento.game.'))"
            ".map(k => JSON.parse(localStorage.getItem(k))).map(s => [s.id, s.history.length])"
        )
        assert sorted(n for _, n in saves) == [2, 4], saves  # B's start and jump; A's start and three jumps
        assert dict(saves)[a_id] == 4
    finally:
        other.close()
