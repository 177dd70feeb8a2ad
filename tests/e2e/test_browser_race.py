"""A class race in the real page: the teacher's QR code, pupils on their own devices, result codes
read back from the pupils' screens by an independent QR decoder, and the teacher's ranking."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

from support.browser import App, open_hash, wait_until
from support.camera import scan

from pento_core.classroom.race import result_code

PHONE = {"width": 390, "height": 844}


def pupil(browser: Any, link: str, name: str, returning: Any) -> tuple[Any, Any]:
    """A pupil's phone, there before, opening the race link and giving a name (a blank one first,
    refused); returns (context, page) at the board."""
    context = browser.new_context(viewport=PHONE)
    returning(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(link.replace("#", "?nosw#", 1))
    page.wait_for_selector("#race-start[open]", timeout=90_000)
    page.locator("#race-name").fill("   ")
    page.locator("#race-go").click()
    page.wait_for_selector("#race-name-error:not([hidden])")
    assert page.locator("#race-name-error").text_content() == "Type your name first."
    page.locator("#race-name").fill(name)
    page.locator("#race-go").click()
    wait_until(page, "window.pento.session() && window.pento.layout() !== null", timeout=60)
    assert errors == []
    return context, page


def test_a_class_race_from_the_teachers_qr_code_to_the_ranking(app: App, browser: Any, returning: Any) -> None:
    teacher = open_hash(app, "cover:1x5:")
    teacher.locator("#race").click()
    link = scan(teacher, "#race-qr")
    assert link == teacher.locator("#race-link").input_value()
    match = re.fullmatch(r"http://127\.0\.0\.1:\d+/(index\.html)?#race:([0-9A-Z]{6}):cover:1x5", link)
    assert match, link
    race_id = match.group(2)
    results_link = teacher.locator("#race-results-link").get_attribute("href")
    assert results_link == link.replace("#race:", "#results:")
    teacher.locator("#race-close").click()

    # Zoë plays on her phone: the keyboard puts the I flat on the strip
    context, phone = pupil(browser, link, "  Zoë <b>Z</b> ", returning)
    try:
        session = phone.evaluate("window.pento.session()")
        assert (session["game"], session["desc"]) == ("cover", "1x5")
        assert phone.locator("#hint").is_hidden() and phone.locator("#solve").is_hidden()
        assert f"Race {race_id}: Zoë <b>Z</b>." in str(phone.locator("#status").text_content())
        # two minutes pass on her phone's wall clock (Playwright's clock: no test waits for a real one)
        phone.clock.set_fixed_time(datetime.now(tz=UTC) + timedelta(seconds=120))
        phone.reload()  # mid-race: no second name, no new clock, the race goes on
        wait_until(phone, "window.pento.session() && window.pento.layout() !== null", timeout=90)
        assert phone.locator("#race-start").get_attribute("open") is None
        assert phone.evaluate("location.hash") == f"#race:{race_id}:cover:1x5"
        assert f"Race {race_id}: Zoë <b>Z</b>." in str(phone.locator("#status").text_content())
        assert phone.locator("#hint").is_hidden()
        # the clock goes on from the race's start (two minutes ago), not from the reload
        wait_until(phone, "/^[2-9]:[0-5][0-9]$/.test(document.getElementById('timer').textContent)")
        phone.locator("#view canvas").first.focus()
        for key in ("Shift+I", "r", "Enter"):
            phone.keyboard.press(key)
        phone.wait_for_selector("#done[open]", timeout=30_000)
        assert phone.locator("#done-title").text_content() == "Finished!"
        # the dialog opens at once; the code follows when the engine has made it
        phone.wait_for_selector("#race-result:not([hidden])", timeout=30_000)
        code = str(phone.locator("#race-code").text_content())
        assert re.fullmatch(r"([0-9A-Z]{5}-)+[0-9A-Z]{1,5}", code), code
        scanned = scan(phone, "#race-result-qr")
        # the QR code: the results link with the proof (her solution in it); the text: a code she can
        # read out, the proof itself where it fits in 40 characters, else the spoken code
        assert scanned.startswith(results_link + ":")
        proof = scanned[len(results_link) + 1 :]
        assert len(code) <= 40 and (code == proof or (code[0] == "3" and len(proof) > 40)), (code, proof)
        phone.locator("#done-stay").click()
        assert code in str(phone.locator("#status").text_content())
        phone.reload()  # the finished race and its code stay on the pupil's device
        wait_until(phone, "window.pento.session() && window.pento.session().solved", timeout=90)
        assert code in str(phone.locator("#status").text_content())
    finally:
        context.close()

    # The teacher scans Zoë's QR code: the results page opens with her code counted
    page = app.page
    page.goto(scanned.replace("#", "?nosw#", 1))
    wait_until(page, "document.querySelectorAll('#results-rows tr').length === 1", timeout=90)
    assert page.evaluate("location.hash") == f"#results:{race_id}:cover:1x5"  # the code is kept, not in the address
    row = page.locator("#results-rows tr").first.inner_text().split("\t")
    assert row[:2] == ["1", "Zoë <b>Z</b>"] and re.fullmatch(r"[2-9]:[0-5]\d\.\d", row[2]), row

    # Bruno sends his code by chat; one more arrives with a typo, and one from another race
    bruno = result_code("cover", "1x5", race_id, "Bruno", 5, "I1@0,0")
    typo = code[:3] + ("X" if code[3] != "X" else "Y") + code[4:]
    elsewhere = result_code("cover", "1x5", "ABCDEF", "Carla", 1, "I1@0,0")
    page.locator("#results-input").fill(f"{bruno}\n{typo}\n{elsewhere}\n{proof}")  # the proof: scanned already
    page.locator("#results-add").click()
    wait_until(page, "document.querySelectorAll('#results-rows tr').length === 2")
    rows = [r.split("\t") for r in page.locator("#results-rows tr").all_inner_texts()]
    assert [r[:3] for r in rows] == [["1", "Bruno", "0:00.5"], ["2", "Zoë <b>Z</b>", row[2]]]
    assert page.locator("#results-rows b").count() == 0  # a name is text, never markup
    refused = page.locator("#results-refused li").all_inner_texts()
    assert len(refused) == 2 and all("check does not match" in r for r in refused), refused
    assert page.locator("#results-count").text_content() == "2 pupils finished."
    # the status says what became of them: Zoë's was already there, Bruno's counted, two refused
    said = str(page.locator("#status").text_content())
    assert said.startswith("1 code added, 2 refused, the first: ") and "check does not match" in said, said

    # the list is kept on the teacher's device and checked again on the next visit (the start
    # screen, then the results link again: the page reads the stored codes and the core checks them)
    page.locator("#home-link").click()
    page.wait_for_selector("body[data-screen=home]", state="attached")
    assert page.locator("#results-rows tr").count() == 2  # the old table, not yet redrawn
    page.evaluate("document.getElementById('results-rows').replaceChildren()")
    page.evaluate(
        f"history.pushState(null, '', location.pathname + location.search + '#results:{race_id}:cover:1x5');"
        "dispatchEvent(new PopStateEvent('popstate'));"
    )
    wait_until(page, "document.querySelectorAll('#results-rows tr').length === 2")
    assert page.evaluate(f"JSON.parse(localStorage.getItem('pento.race.{race_id}')).length") == 4


def test_only_puzzles_against_the_clock_offer_a_race(app: App) -> None:
    assert open_hash(app, "pegs:english:").locator("#race").is_visible()
    assert open_hash(app, "tangram:swan:").locator("#race").is_visible()
    assert open_hash(app, "lastfit:8x8~Ann,Bob:").locator("#race").is_hidden()  # two players, no clock


def test_a_forged_code_never_locks_the_results_page(app: App) -> None:
    """The issue's forged code (a matching check, bytes that are not DEFLATE): once, the results page
    said "Something went wrong" and fell back to the start screen on every visit, the code kept.
    Now the page opens, refuses that code alone, and can remove it."""
    page = app.page
    desc = quote("....../....../....../....../..XO../...X.X", safe="")
    link = f"#results:ABCDEF:gandagalo:{desc}:040G2GFZZW8BSQE"
    page.evaluate(
        f"history.pushState(null, '', location.pathname + location.search + '{link}');"
        "dispatchEvent(new PopStateEvent('popstate'));"
    )
    page.wait_for_selector("body[data-screen=results]", state="attached")
    wait_until(page, "document.querySelectorAll('#results-refused li').length === 1")
    assert "040G2GFZZW8BSQE" in str(page.locator("#results-refused li").text_content())
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#results-clear").click()
    wait_until(page, "document.querySelectorAll('#results-refused li').length === 0")
    assert page.evaluate("localStorage.getItem('pento.race.ABCDEF')") == "[]"


def test_results_sort_by_name_and_go_to_a_spreadsheet(app: App) -> None:
    """The results page's ranking for keeping: sorted by name on request, and a CSV file a
    spreadsheet reads, where a name that would run as a formula stays text."""
    race_id = "CSVTST"
    pupils = (("Bruno", 5), ("Zoë", 31), ("Ana", 9999), ("=2+3", 99999))
    codes = [result_code("cover", "1x5", race_id, name, tenths, "I1@0,0") for name, tenths in pupils]
    page = app.page
    page.evaluate(
        f"history.pushState(null, '', location.pathname + location.search + '#results:{race_id}:cover:1x5');"
        "dispatchEvent(new PopStateEvent('popstate'));"
    )
    page.wait_for_selector("body[data-screen=results]", state="attached")
    page.locator("#results-input").fill("\n".join(codes))
    page.locator("#results-add").click()
    wait_until(page, "document.querySelectorAll('#results-rows tr').length === 4")
    assert str(page.locator("#status").text_content()) == "4 codes added."
    names = lambda: [r.split("\t")[1] for r in page.locator("#results-rows tr").all_inner_texts()]  # noqa: E731
    assert names() == ["Bruno", "Zoë", "Ana", "=2+3"]
    page.get_by_role("button", name="Name", exact=True).click()
    assert names() == ["=2+3", "Ana", "Bruno", "Zoë"]
    assert page.locator("#results-table th[aria-sort=ascending]").inner_text().startswith("Name")
    with page.expect_download() as info:
        page.locator("#results-csv").click()
    text = Path(info.value.path()).read_bytes().decode("utf-8")
    assert text.startswith("\ufeffRace,Puzzle,Rank,Name,Solved,Time,Seconds,Hints,Solves,Solution,Note\r\n")
    lines = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert [line[3] for line in lines[1:]] == ["Bruno", "Zoë", "Ana", "'=2+3"]  # never a formula
    assert lines[1][:3] == [race_id, "Pentomino cover: 1 × 5", "1"] and lines[1][5:] == [
        "0:00.5",
        "0.5",
        "0",
        "0",
        "checked",
        "",
    ]
    assert lines[3][5:7] == ["16:39.9", "999.9"]
    page.get_by_role("button", name="Rank", exact=True).click()
    assert names()[0] == "Bruno"

    # the projector view: the ranking large, and the race's QR code for latecomers to join
    font = "parseFloat(getComputedStyle(document.getElementById('results-table')).fontSize)"
    size = lambda: float(page.evaluate(font))  # noqa: E731
    before = size()
    page.locator("#results-projector").click()
    assert page.evaluate("document.body.dataset.projector") == "yes"
    assert size() > 1.5 * before and page.locator("#results-input").is_hidden()
    joined = scan(page, "#results-join-qr")
    assert joined.endswith(f"#race:{race_id}:cover:1x5"), joined
    page.locator("#results-projector").click()
    assert page.evaluate("document.body.dataset.projector") is None and page.locator("#results-input").is_visible()


def test_a_race_link_to_a_broken_puzzle_says_so_before_asking_a_name(app: App) -> None:
    """Issue 45: the pupil was asked a name, then told the link was broken."""
    page = app.page
    page.evaluate(
        "history.pushState(null, '', location.pathname + location.search + '#race:ABC123:cover:Q~Q:');"
        "dispatchEvent(new PopStateEvent('popstate'))"
    )
    wait_until(page, "!document.getElementById('notice').hidden")
    assert "That race link could not be opened" in str(page.locator("#notice-text").text_content())
    assert page.locator("#race-start[open]").count() == 0
    assert page.evaluate("document.body.dataset.screen") == "home"


def test_a_text_too_long_to_be_a_code_is_refused_before_it_is_stored(app: App) -> None:
    """Issue 45: a 200 kB paste was stored and said "Those codes are already in the list"."""
    page = app.page
    page.evaluate(
        "history.pushState(null, '', location.pathname + location.search + '#results:ABC123:cover:1x5');"
        "dispatchEvent(new PopStateEvent('popstate'))"
    )
    page.wait_for_selector("body[data-screen=results]", state="attached")
    wait_until(page, "!document.getElementById('results-add').disabled")
    page.locator("#results-input").fill("A" * 200_000)
    page.locator("#results-add").click()
    wait_until(page, "/too long/.test(document.getElementById('status').textContent)")
    assert "1 text is too long to be a result code" in str(page.locator("#status").text_content())
    stored = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('pento.race.')).map(k => localStorage[k])"
    )
    assert all(len(v) < 1000 for v in stored)


def test_every_code_handed_in_is_shown_names_alike_are_marked_and_one_code_can_be_removed(app: App) -> None:
    """Issue 46: a second "Ana" replaced the first, a forged "maria" hid the real one, and 500 junk
    entries pasted after two real codes pushed them out.  Now every code is a row of its own, names
    that could be taken for one another are marked (never merged), junk never drops a real code, and
    the teacher removes exactly the code they choose."""
    race_id = "TWNSAB"
    pupils = (("Ana", 50), ("ana", 70), ("maria", 90), ("m\u0430ria", 10), ("Bea", 20))  # a Cyrillic a
    codes = [result_code("cover", "1x5", race_id, name, tenths, "I1@0,0") for name, tenths in pupils]
    junk = [f"JUNK{k}" for k in range(500)]
    page = app.page
    page.evaluate(
        f"history.pushState(null, '', location.pathname + location.search + '#results:{race_id}:cover:1x5');"
        "dispatchEvent(new PopStateEvent('popstate'));"
    )
    page.wait_for_selector("body[data-screen=results]", state="attached")
    page.locator("#results-input").fill(", ".join(codes + junk))
    page.locator("#results-add").click()
    wait_until(page, "document.querySelectorAll('#results-rows tr').length === 5")
    status = str(page.locator("#status").text_content())
    assert status.startswith("5 codes added, 495 refused") and "5 more codes were not added" in status, status
    rows = page.evaluate(
        "[...document.querySelectorAll('#results-rows tr')].map(r => [r.querySelector('th').firstChild.textContent,"
        " r.dataset.mark || '', (r.querySelector('.name-note') || {}).textContent || ''])"
    )
    assert [(name, mark) for name, mark, _ in rows] == [
        ("m\u0430ria", "alike"),
        ("Bea", ""),
        ("Ana", "same"),
        ("ana", "same"),
        ("maria", "alike"),
    ]
    assert "looks like maria" in rows[0][2] and "two pupils" in rows[2][2]
    assert page.locator("#results-refused li").count() == 495

    # the second Ana's code goes, and only it: asked first, then said
    prompts: list[str] = []

    def accept(dialog: Any) -> None:
        prompts.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    page.get_by_role("button", name="Remove the code of ana", exact=True).click()
    wait_until(page, "document.querySelectorAll('#results-rows tr').length === 4")
    assert "ana" in prompts[0] and str(page.locator("#status").text_content()) == "The code of ana was removed."
    stored = page.evaluate(f"JSON.parse(localStorage.getItem('pento.race.{race_id}'))")
    assert codes[1] not in stored and all(c in stored for c in codes[:1] + codes[2:]) and len(stored) == 499
    assert page.evaluate("document.querySelector('#results-rows tr[data-mark=same]')") is None  # one Ana left

    # a refused entry is removed the same way; the remove buttons are touch targets
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#results-refused li").first.get_by_role("button").click()
    wait_until(page, "document.querySelectorAll('#results-refused li').length === 494")
    sizes = page.evaluate(
        "[...document.querySelectorAll('.remove-code')].slice(0, 6).map(b => b.getBoundingClientRect())"
        ".map(r => [r.width, r.height])"
    )
    assert all(w >= 44 and h >= 44 for w, h in sizes), sizes


def test_thirty_pupils_on_six_puzzles_fit_every_screen_and_the_projector_pages_through_them(
    page: Any, base_url: str, context: Any, returning: Any
) -> None:
    """Issue 46: at 1366x768 puzzles 3-4 were off-screen (the page scrolled sideways), and the
    projector at 1920x1080 showed 5 of 25 pupils, without scrolling, every name on the wall.  Now the
    table scrolls inside itself, the projector pages through the class by itself (the page's own
    clock, Playwright's: no test waits), and can show the top five only, or initials."""
    from pento_core import links
    from pento_core.classroom import assignment as A

    title = "Six in a row"
    made = A.check_assignment("SXPZ30", title, True, [A.Item("cover", "1x5")] * 6)
    codes = [
        A.result_code(
            made, f"Pupil {k:02d} Silva", [A.Work(True, 100 + 10 * k + j, j % 2, 0, "I1@0,0") for j in range(6)]
        )
        for k in range(30)
    ]
    fragment = links.fragment(["assign-results", made.id, "h", title, *["cover", "1x5"] * 6])
    returning(context)  # the teacher's computer has been there before
    page.clock.install()
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(base_url + "?nosw")
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    page.evaluate(f"localStorage.setItem('pento.race.{made.id}', {json.dumps(json.dumps(codes))})")
    page.evaluate(f"history.pushState(null, '', {json.dumps(fragment)}); dispatchEvent(new PopStateEvent('popstate'))")
    wait_until(page, "document.querySelectorAll('#results-rows tr').length === 30", timeout=60)
    for size in ({"width": 1366, "height": 768}, {"width": 390, "height": 844}):
        page.set_viewport_size(size)
        widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= widths[1], (size, widths)  # the page never scrolls sideways: the table does
        # ... and the count above it wraps to what is seen, not to the table's width (on a phone it
        # ran on past the screen's edge, cut off)
        seen = page.evaluate(
            "[document.getElementById('results-count').getBoundingClientRect().width,"
            " document.querySelector('.results-scroll').clientWidth]"
        )
        assert seen[0] <= seen[1], (size, seen)
    # on paper nothing scrolls: all six puzzles' columns fit A4's printed width (186 mm: 703 px)
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 703, "height": 1000})
    printed = page.evaluate("document.getElementById('results-table').getBoundingClientRect().right")
    assert printed <= 703, printed
    page.emulate_media(media="screen")

    page.set_viewport_size({"width": 1920, "height": 1080})
    page.locator("#results-projector").click()
    shown = lambda: page.evaluate(  # noqa: E731
        "[...document.querySelectorAll('#results-rows tr')].map(r => r.querySelector('th').firstChild.textContent)"
    )
    first = shown()
    assert 10 <= len(first) < 30 and first[0] == "Pupil 00 Silva"
    bottom = page.evaluate("document.querySelector('#results-rows tr:last-child').getBoundingClientRect().bottom")
    assert bottom <= 1080  # a page of the class fits the wall
    assert page.locator("#results-page").inner_text() == "Page 1 of 3"
    page.clock.run_for(8_100)
    wait_until(page, "document.getElementById('results-page').textContent === 'Page 2 of 3'")
    assert shown()[0] == f"Pupil {len(first):02d} Silva"
    page.locator("#results-show").select_option("top")
    assert shown() == [f"Pupil {k:02d} Silva" for k in range(5)] and page.locator("#results-page").is_hidden()
    page.locator("#results-show").select_option("initials")
    assert shown()[:2] == ["P. 0. S.", "P. 0. S."]
    page.locator("#results-projector").click()
    assert page.locator("#results-show").is_hidden() and len(shown()) == 30


def test_a_results_page_that_cannot_keep_its_codes_says_so(browser: Any, base_url: str, returning: Any) -> None:
    """Issue 46: with storage blocked (an embedded frame, a private window) the teacher's collected
    codes were kept in memory only, without a word; they still count, and the page says to save them."""
    ctx = browser.new_context()
    try:
        returning(ctx)  # localStorage alone blocked: the engine's snapshot is kept in Cache Storage
        blocked = "get() { throw new DOMException('blocked', 'SecurityError'); }"
        ctx.add_init_script(f"Object.defineProperty(window, 'localStorage', {{{blocked}}});")
        page = ctx.new_page()
        page.goto(base_url + "?nosw#results:ABC123:cover:1x5")
        page.wait_for_selector("body[data-screen=results]", state="attached", timeout=90_000)
        assert "lost when this page closes" in str(page.locator("#results-about").text_content())
        page.locator("#results-input").fill(result_code("cover", "1x5", "ABC123", "Ana", 12, "I1@0,0"))
        page.locator("#results-add").click()
        wait_until(page, "document.querySelectorAll('#results-rows tr').length === 1", timeout=60)
    finally:
        ctx.close()
