"""Languages in the browser: the link, the menu, the device's memory and the browser's own language."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

from support.browser import ARTIFACTS, follow_link, open_ready, status_text, wait_until

from pento_core import api

# Words that every English sentence of the page is full of and that neither German nor
# Portuguese has: any of them on a translated screen is text that was not translated.
ENGLISH = re.compile(r"\b(the|and|of|you|your|with|this|is|to|piece|pieces|board|cells)\b", re.IGNORECASE)


def english_left(page: Any) -> list[str]:
    """Lines of visible text (dialogs included) that read as English."""
    text = page.evaluate(
        """() => [document.body.innerText, ...[...document.querySelectorAll('dialog[open]')].map(d => d.innerText),
             ...[...document.querySelectorAll('[title],[aria-label]')].filter(e => e.checkVisibility())
                .map(e => (e.title || '') + '\\n' + (e.getAttribute('aria-label') || ''))].join('\\n')"""
    )
    return [line for line in text.split("\n") if ENGLISH.search(line)]


def _last_fit_to_the_end(desc: str) -> tuple[str, str]:
    """A Last Fit game played with the first legal move each time: the state before the last move, and it."""
    from pento_core.games.lastfit import LastFitGame
    from pento_core.polyomino import lastfit as lf

    game = LastFitGame()
    st = game.start(desc)
    moves: list[str] = []
    while legal := lf.legal(st.lay.moves, st.occupied, st.used):
        moves.append(legal[0].text)
        st = game.apply(st, legal[0].text)
    return ";".join(moves[:-1]), moves[-1]


def go(page: Any, fragment: str) -> None:
    page.evaluate(
        f"history.pushState(null, '', location.pathname + location.search + {json.dumps('#' + fragment)});"
        "dispatchEvent(new PopStateEvent('popstate'))"
    )


def test_german_by_link_then_portuguese_by_menu_remembered(tab: Any, base_url: str) -> None:
    tab.goto(base_url + "?nosw&lang=de#cover:6x10")
    wait_until(tab, "document.querySelector('#view canvas') && document.body.dataset.core === 'ready'", 40)
    assert tab.evaluate("document.documentElement.lang") == "de"
    assert tab.inner_text("#game-title") == "Pentomino-Bedeckung: 6 x 10"
    assert tab.inner_text("#hint") == "Tipp"
    # a message written by the core, in the worker, in German; with its plural
    assert tab.inner_text("#status") == "0 von 12 Teilen gelegt. Noch 60 Felder zu bedecken."
    tab.click("#hint")
    wait_until(tab, "document.getElementById('status').textContent.startsWith('Versuch ')")
    tab.click("#help-button")
    tab.wait_for_selector("#help[open]")
    assert tab.inner_text("#help-title") == "Spielanleitung: Pentomino-Bedeckung"
    assert english_left(tab) == []
    tab.screenshot(path=str(ARTIFACTS / "i18n-de-help.png"))
    tab.keyboard.press("Escape")
    # peg solitaire: a peg chosen with the keyboard, and the board in words, all in German
    tab.evaluate(
        "history.pushState(null, '', location.pathname + location.search + '#pegs:english');"
        "dispatchEvent(new PopStateEvent('popstate'))"
    )
    wait_until(tab, "window.pento.session() && window.pento.session().game === 'pegs' && window.pento.layout()")
    tab.locator("#view canvas").focus()
    for key in ("ArrowRight", "ArrowDown", "Enter"):
        tab.keyboard.press(key)
    assert tab.inner_text("#status") == "Stift gewählt: ein Sprung ist markiert. Tippe oder ziehe ihn dorthin."
    tab.keyboard.press("d")
    tab.wait_for_selector("#words[open]")
    assert tab.locator("#words-list li").nth(4).inner_text() == (
        "Zeile 4: Stifte in Spalten 1 bis 3; leeres Loch in Spalte 4; Stifte in Spalten 5 bis 7."
    )
    assert english_left(tab) == []
    tab.keyboard.press("Escape")
    # issue 25: a shared board's title, Last Fit's players and its end, all in German
    # a shared GandaGalo board keeps its size and level in its title, in German
    r = api.handle({"cmd": "new", "args": {"game": "gandagalo", "params": "6x6:hard", "seed": 3}})
    desc = r["result"]["desc"]
    go(tab, f"gandagalo:{quote(desc, safe='')}:")
    wait_until(tab, "window.pento.session() && window.pento.layout()")
    assert re.fullmatch(r"GandaGalo: 6 × 6, \w+", tab.inner_text("#game-title"))
    assert "schwer" in tab.inner_text("#game-title") or "Experte" in tab.inner_text("#game-title")
    assert english_left(tab) == []
    # Last Fit's players, and its end: who won, not "Solved in 0:06"
    desc = "5x6~Player 1,Player 2"
    before, last = _last_fit_to_the_end(desc)
    go(tab, f"lastfit:{quote(desc, safe='')}:{quote(before, safe='')}")
    wait_until(tab, "window.pento.session() && window.pento.layout()")
    assert tab.inner_text("#game-title") == "Letztes Teil: Spieler 1 gegen Spieler 2"
    tab.evaluate(f"window.pento.play({json.dumps(last)})")
    wait_until(tab, "window.pento.session().solved")
    tab.evaluate("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
    assert re.fullmatch(r"Spieler 1 kann kein Teil legen \(übrig: .* und Z\): Spieler 2 gewinnt!", status_text(tab))
    assert english_left(tab) == []

    tab.goto(base_url + "?nosw&lang=de")
    tab.wait_for_selector("#game-list .card")
    assert english_left(tab) == []
    assert tab.inner_text("#home-title") == "Rätsel mit Formen"
    # the menu: Portuguese, put into the link (which named a language) and kept on this device
    with tab.expect_navigation():
        tab.select_option(".language-select", "pt")
    tab.wait_for_selector("#game-list .card")
    assert "lang=pt" in tab.url
    assert tab.evaluate("document.documentElement.lang") == "pt"
    assert tab.inner_text("#home-title") == "Quebra-cabeças com formas"
    assert english_left(tab) == []
    assert tab.evaluate("localStorage.getItem('pento.language')") == "pt"
    tab.goto(base_url + "?nosw")  # no language in the link: the device's choice
    tab.wait_for_selector("#game-list .card")
    assert tab.evaluate("document.documentElement.lang") == "pt"
    tab.screenshot(path=str(ARTIFACTS / "i18n-pt-home.png"))
    # Portuguese's longer names on a small phone: no part of the assignment builder runs past the
    # screen's right edge, whichever game's puzzles its list shows (a long one widened the form)
    tab.set_viewport_size({"width": 360, "height": 780})
    go(tab, "teach")
    tab.wait_for_selector("#teach-game option", state="attached")
    for game in tab.locator("#teach-game option").evaluate_all("os => os.map(o => o.value)"):
        tab.locator("#teach-game").select_option(game)
        wide = tab.evaluate(
            "[...document.querySelectorAll('#teach :is(label, input, select, textarea, button)')]"
            ".filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > innerWidth + 0.5)"
            ".map(e => e.id || e.textContent.trim().slice(0, 30))"
        )
        assert wide == [], f"{game}: past the right edge of a phone: {wide}"


def test_the_browser_language_is_followed(browser: Any, base_url: str) -> None:
    for locale, lang, title in (("de-AT", "de", "Rätsel mit Formen"), ("fr-FR", "en", "Puzzles with shapes")):
        context = browser.new_context(locale=locale)
        try:
            page = context.new_page()
            page.goto(base_url + "?nosw")
            page.wait_for_selector("#game-list .card")
            assert page.evaluate("document.documentElement.lang") == lang
            assert page.inner_text("#home-title") == title
        finally:
            context.close()


def test_a_tablets_bar_leaves_the_game_title_readable_in_german(browser: Any, base_url: str, returning: Any) -> None:
    """Issue 49: on a tablet on its side, in German, the game's title shrank to "Pe…" beside the
    buttons.  It keeps at least 12rem (or all of itself), the buttons wrap below it if they must, and
    Undo and Redo are arrows up to 1200 px."""
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    try:
        returning(ctx)
        page = ctx.new_page()
        open_ready(page, base_url + "?nosw&lang=de#cover:6x10:")
        for width, link in [(1024, "cover:6x10:"), (1180, "pegs:english:"), (820, "tangram:square:")]:
            page.set_viewport_size({"width": width, "height": 800})
            follow_link(page, link)
            wait_until(page, f"window.pento.session() && location.hash === '#{link}' && window.pento.layout()", 60)
            shown, whole, rem = page.evaluate(
                "[document.getElementById('game-title').clientWidth, document.getElementById('game-title').scrollWidth,"
                " parseFloat(getComputedStyle(document.documentElement).fontSize)]"
            )
            assert shown >= min(whole, 12 * rem) - 1, (width, link, shown, whole)
            assert page.evaluate("document.querySelector('#undo .label').getBoundingClientRect().width") <= 1
    finally:
        ctx.close()


def test_the_engine_started_early_is_ended_when_the_page_falls_back_to_english(
    context: Any, page: Any, base_url: str, console: Any, returning: Any
) -> None:
    """web/early.js starts the engine in the language the page is about to choose, before the page's
    other modules have loaded; the shell adopts it.  Where the page falls back to English after all
    (its German catalogue does not load), that engine speaks German: it is ended and an English one
    started, so the page and its engine never speak two languages."""
    returning(context)
    context.route("**/web/locale/de.js", lambda route: route.fulfill(status=503, body="unavailable"))
    workers: list[Any] = []
    page.on("worker", lambda worker: workers.append(worker))
    page.goto(base_url + "?nosw&lang=de")
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.evaluate("window.pento.engine().language") == "en"
    # the early one (German), ended, and the page's English one (beside each, on a first visit, the
    # worker that unpacks the core: web/engine/unpack_worker.js)
    engines = [w for w in workers if w.url.endswith("/web/engine/worker.js")]
    assert len(engines) == 2, [w.url for w in workers]
    console.errors[:] = [e for e in console.errors if "503" not in e]  # the refused catalogue, said by the browser


def test_the_page_adopts_the_engine_started_early(tab: Any, base_url: str) -> None:
    workers: list[Any] = []
    tab.on("worker", lambda worker: workers.append(worker))
    tab.goto(base_url + "?nosw&lang=de")
    tab.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    assert [w.url.rsplit("/", 1)[-1] for w in workers] == ["worker.js"]  # from its copies: no core to unpack
    assert "lang=de" in workers[0].evaluate("self.name")
    assert tab.evaluate("window.pento.engine().language") == "de"
