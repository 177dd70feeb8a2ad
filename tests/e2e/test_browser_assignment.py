"""Assignments in the real page (issue 27, items 1, 2, 4, 6): a teacher builds one of three puzzles
from two games (links pasted, a generated puzzle), two pupils on their own devices play it (one
finishes, one stops half way), their one short code each is collected by the results page's camera
(Chromium's fake camera) and by typing, and the ranking, the per-puzzle table and the CSV are
right.  The worksheet prints every puzzle with its own QR code, and answer sheets on request."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from support.browser import App, join_assignment, prints, wait_until
from support.camera import camera_page, scan, y4m
from support.printing import A4, LETTER, pages_of
from support.qrread import decode_grey
from support.races import solved as solved_puzzle

from pento_core import links, registry
from pento_core.budget import Budget
from pento_core.classroom import assignment as A

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}


def build_assignment(page: Any) -> tuple[str, list[dict[str, str]]]:
    """The teacher's builder: two links pasted, a generated GandaGalo, a title; the link made.
    Returns the link (read from its QR code) and the draft's puzzles."""
    page.locator("#teach-open").click()
    page.wait_for_selector("body[data-screen=teach]", state="attached")
    page.locator("#teach-name").fill("Friday's puzzles")
    page.locator("#teach-paste").fill("https://example.org/pento/#pegs:oo.:")
    page.locator("#teach-add-link").click()
    wait_until(page, "document.querySelectorAll('#teach-items li').length === 1")
    page.locator("#teach-paste").fill("#lastfit:8x8~Ann,Bob:")  # not a puzzle one pupil solves
    page.locator("#teach-add-link").click()
    page.wait_for_selector("#teach-error:not([hidden])")
    page.locator("#teach-game").select_option("gandagalo")
    page.locator("#teach-puzzle").select_option(label="6 x 6, easy")
    page.locator("#teach-add").click()
    wait_until(page, "document.querySelectorAll('#teach-items li').length === 2")
    page.locator("#teach-paste").fill("#cover:1x5:")
    page.locator("#teach-add-link").click()
    wait_until(page, "document.querySelectorAll('#teach-items li').length === 3")
    # the 1x5 goes first: the list is in the order pupils play
    page.get_by_role("button", name="Move Pentomino cover: 1 × 5 up").click()
    page.get_by_role("button", name="Move Pentomino cover: 1 × 5 up").click()
    titles = page.locator("#teach-items li > span:first-child").all_inner_texts()
    assert titles[0] == "Pentomino cover: 1 × 5" and titles[1].startswith("Peg solitaire"), titles
    assert titles[2].startswith("GandaGalo: 6 × 6"), titles
    draft = json.loads(page.evaluate("localStorage.getItem('pento.assign-draft')"))
    page.locator("#teach-make").click()
    link = scan(page, "#teach-qr")
    assert link == page.locator("#teach-link").input_value()
    return link, draft["items"]


def make_link(page: Any) -> str:
    """Press Make the link on the builder and return the link made (the field emptied first: the
    shared page may still show another test's link)."""
    page.evaluate("document.getElementById('teach-link').value = ''")
    page.locator("#teach-make").click()
    wait_until(page, "document.getElementById('teach-link').value.includes('#assign:')")
    return str(page.locator("#teach-link").input_value())


def pupil(page: Any, link: str, name: str) -> Any:
    """A pupil's device opening the assignment link (a page already at Pento follows it as a link)."""
    if page.url.startswith("http"):
        fragment = json.dumps(link[link.index("#") :])
        page.evaluate(
            f"history.pushState(null, '', location.pathname + location.search + {fragment});"
            "dispatchEvent(new PopStateEvent('popstate'));"
        )
    else:
        page.goto(link.replace("#", "?nosw#", 1))
    page.wait_for_selector("#assign-name", timeout=90_000)
    wait_until(page, "document.querySelectorAll('#assign-list button').length === 3", timeout=60)
    assert page.locator("#assign-list button").first.is_disabled()  # a name first
    page.locator("#assign-name").fill(name)
    page.locator("#assign-name-form button[type=submit]").click()
    wait_until(page, "!document.querySelector('#assign-list button').disabled")
    return page


def play_to_win(page: Any, moves: list[str]) -> None:
    wait_until(page, "window.pento.session() && window.pento.layout() !== null", timeout=60)
    for move in moves:
        assert page.evaluate(f"window.pento.play({json.dumps(move)}).then(r => r.ok)"), move
    page.wait_for_selector("#done[open]", timeout=30_000)


def solution(game_id: str, desc: str) -> list[str]:
    game = registry.get(game_id)
    found = game.solve(game.start(desc), Budget(max_seconds=30).started(), None)
    assert found.found
    return [m for m in found.moves if m != "clear"]


def solve_items(page: Any, items: dict[int, tuple[str, str]]) -> str:
    """A pupil on an assignment's list solves the puzzles at these places (each a game and its
    desc) with the game's own solver's moves, back to the list after each; returns their code once
    it and its QR code hold those solves."""
    for k, (game, desc) in items.items():
        wait_until(page, "(b => b && !b.disabled)(document.querySelector('#assign-list button'))")
        page.locator("#assign-list button").nth(k).click()
        play_to_win(page, solution(game, desc))
        page.locator("#done").get_by_role("button", name="Back to the assignment").click()
    wait_until(page, f"document.getElementById('assign-code-box').dataset.solved === '{len(items)}'")
    return str(page.locator("#assign-code").text_content())


def test_an_assignment_from_the_builder_to_the_results(app: App, browser: Any, tmp_path: Path, returning: Any) -> None:
    link, items = build_assignment(app.page)
    match = re.fullmatch(r"http://127\.0\.0\.1:\d+/(index\.html)?(#assign:([0-9A-Z]{6}):-:.*)", link)
    assert match, link
    assignment_id = match.group(3)
    gandagalo = unquote(next(i["desc"] for i in items if i["game"] == "gandagalo"))
    results = str(app.page.locator("#teach-results").get_attribute("href"))
    assert results.startswith(f"#assign-results:{assignment_id}:")

    # Ana, on a phone, plays all three: Next puzzle leads on from each win
    context = browser.new_context(viewport=PHONE)
    try:
        returning(context)
        ana = pupil(context.new_page(), link, "Ana")
        ana.locator("#assign-list button").first.click()
        wait_until(ana, "window.pento.session() && window.pento.layout() !== null", timeout=60)
        assert ana.locator("#hint").is_hidden() and ana.locator("#solve").is_hidden()  # help is off
        play_to_win(ana, ["I1@0,0"])
        assert ana.locator("#done-new").is_hidden()
        ana.locator("#done-next").click()
        wait_until(
            ana, "(s => s && s.game === 'pegs')(window.pento.session())", timeout=60
        )  # the next puzzle, not the last
        play_to_win(ana, ["0,0-0,2"])
        ana.locator("#done-next").click()
        wait_until(ana, "(s => s && s.game === 'gandagalo')(window.pento.session())", timeout=60)
        play_to_win(ana, solution("gandagalo", gandagalo))
        assert ana.locator("#done-next").is_hidden()  # the last one
        ana.locator("#done-assignment").click()
        ana.wait_for_selector("#assign-code-box:not([hidden])")
        wait_until(ana, "document.querySelectorAll('#assign-list [data-solved=yes]').length === 3")
        ana.reload()  # nothing is lost: the list and the code come back
        wait_until(ana, "document.querySelectorAll('#assign-list [data-solved=yes]').length === 3", timeout=90)
        wait_until(ana, "document.getElementById('assign-code-box').dataset.solved === '3'")
        ana_code = str(ana.locator("#assign-code").text_content())
        ana_proof = scan(ana, "#assign-qr")  # the QR code: every solution
        # short enough to read out: the proof itself where it fits in 40 characters (the generated
        # GandaGalo's solution makes it 29 to 44), else the spoken code
        assert len(ana_code) <= 40, ana_code
        assert ana_code == ana_proof or (ana_code[0] == "3" and len(ana_proof) > 40), (ana_code, ana_proof)
        assert ana.locator("#assign-code-proof").is_visible() == (ana_code != ana_proof)
    finally:
        context.close()

    # Bruno, on a tablet (the teacher's page is done with: its storage is cleared, as a new device's),
    # solves the first and stops half way through the second
    app.page.set_viewport_size(TABLET)
    app.page.evaluate("localStorage.clear()")
    bruno = pupil(app.page, link, "Bruno")
    bruno.locator("#assign-list button").first.click()
    play_to_win(bruno, ["I1@0,0"])
    bruno.locator("#done-assignment").click()
    wait_until(bruno, "document.querySelectorAll('#assign-list [data-solved=yes]').length === 1")
    bruno.locator("#assign-list button").nth(1).click()
    wait_until(bruno, "window.pento.session() && window.pento.session().desc === 'oo.'", timeout=60)
    bruno.locator("#assign-back").click()
    bruno.wait_for_selector("#assign-code-box:not([hidden])")
    wait_until(bruno, "/^2[0-9A-Z-]+$/.test(document.getElementById('assign-code').textContent)")
    bruno_code = str(bruno.locator("#assign-code").text_content())
    for code in (ana_proof, bruno_code):
        assert re.fullmatch(r"2[0-9A-Z]{4}(-[0-9A-Z]{1,5})+", code), code

    # The teacher's results page on a device with a camera: Ana holds up her screen, Bruno's is typed
    video = tmp_path / "ana.y4m"
    y4m(video, [ana_proof])
    with camera_page(browser, video, f"{app.base_url}{results}", returning) as page:
        page.wait_for_selector("body[data-screen=results]", state="attached", timeout=90_000)
        assert page.locator("#results-title").text_content() == "Results: Friday's puzzles"
        page.locator("#results-scan").click()
        wait_until(page, "document.querySelectorAll('#results-rows tr').length === 1", timeout=60)
        page.locator("#results-scan").click()
        page.locator("#results-input").fill(bruno_code.lower().replace("-", " "))  # typed as heard
        page.locator("#results-add").click()
        wait_until(page, "document.querySelectorAll('#results-rows tr').length === 2")
        assert str(page.locator("#status").text_content()) == "1 code added."
        heads = page.locator("#results-head th").all_inner_texts()
        puzzles = ["Puzzle 1", "Puzzle 2", "Puzzle 3"]
        assert heads == ["Rank", "Name", "Solved", "Time", *puzzles, "Remove"], heads
        rows = [r.split("\t") for r in page.locator("#results-rows tr").all_inner_texts()]
        assert [r[:3] for r in rows] == [["1", "Ana", "3 of 3"], ["2", "Bruno", "1 of 3"]], rows
        # Bruno: the first solved (his whole time), the second opened (not solved), the third not begun
        assert rows[1][4] == rows[1][3] and rows[1][5] in ("not solved", "–") and rows[1][6] == "–", rows
        assert "1 finished every puzzle" in str(page.locator("#results-count").text_content())
        with page.expect_download() as info:
            page.locator("#results-csv").click()
        text = Path(info.value.path()).read_bytes().decode("utf-8")
        lines = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
        head = [
            "Assignment",
            "Puzzle",
            "Rank",
            "Name",
            "Solved",
            "Time",
            "Seconds",
            "Hints",
            "Solves",
            "Solution",
            "Note",
        ]
        assert lines[0] == head
        assert len(lines) == 1 + 2 * 3  # one row per pupil and puzzle
        assert [(line[1][:3], line[3], line[4]) for line in lines[1:]] == [
            ("1. ", "Ana", "yes"),
            ("2. ", "Ana", "yes"),
            ("3. ", "Ana", "yes"),
            ("1. ", "Bruno", "yes"),
            ("2. ", "Bruno", "no"),
            ("3. ", "Bruno", ""),  # not started: its cells empty
        ]
        assert all(line[0] == assignment_id and line[7:9] == ["0", "0"] and line[10] == "" for line in lines[1:-1])
        assert [line[9] for line in lines[1:]] == ["checked"] * 4 + ["", ""]  # every solution in a proof
        assert lines[-1][4:] == ["", "", "", "", "", "", ""]
        assert page.locator("#results-reported").is_hidden()  # nothing only reported
        # the projector view: the table large, and the assignment's QR code for latecomers
        page.locator("#results-projector").click()
        assert scan(page, "#results-join-qr").endswith(match.group(2))


def made(page: Any, title: str, help: bool) -> Any:
    """The builder with a draft of two puzzles (a 1x5 cover, a three-hole peg row), its link made."""
    draft = {
        "title": title,
        "help": help,
        "items": [
            {"game": "cover", "desc": "1x5", "title": "Pentomino cover: 1 × 5"},
            {"game": "pegs", "desc": "oo.", "title": "Peg solitaire"},
        ],
    }
    page.evaluate(f"localStorage.setItem('pento.assign-draft', {json.dumps(json.dumps(draft))})")
    page.locator("#teach-open").click()
    page.wait_for_selector("body[data-screen=teach]", state="attached")
    page.locator("#teach-make").click()
    page.wait_for_selector("#teach-qr canvas")
    return page


def test_an_assignment_prints_as_a_worksheet_with_answer_sheets(app: App) -> None:
    page = made(app.page, "Worksheet", help=True)
    link = page.locator("#teach-link").input_value()
    page.locator("#teach-answers").check()
    page.evaluate("delete document.body.dataset.print")  # another test's sheet may be ready still
    before = prints(page)
    page.locator("#teach-print").click()
    wait_until(page, "document.body.dataset.print === 'ready'", timeout=60)
    assert prints(page) == before + 1  # the browser was asked to print it, once
    for paper, size in (("A4", A4), ("Letter", LETTER)):
        pages = pages_of(page.pdf(format=paper), f"worksheet-{paper}")
        assert all(abs(p[0][0] - size[0]) <= 1 and abs(p[0][1] - size[1]) <= 1 for p in pages)
        texts = [p[1] for p in pages]
        assert "Worksheet" in texts[0] and "Hint and Solve are allowed." in texts[0]
        assert decode_grey(*pages[0][2:]) == [link]  # the first page opens the assignment
        # then each puzzle on its own pages, with its own QR code, then the answers
        starts = [text.lstrip()[:20] for text in texts]
        cover = next(i for i, s in enumerate(starts) if s.startswith("1. Pentomino cover"))
        pegs = next(i for i, s in enumerate(starts) if s.startswith("2. Peg solitaire"))
        assert 0 < cover < pegs
        # each puzzle's QR code opens it inside the assignment (issue 46: outside, its work never
        # reached a code), and each puzzle's sheet has its own name line
        assert decode_grey(*pages[cover][2:]) == [link] and decode_grey(*pages[pegs][2:]) == [link]
        assert "Name: ____" in texts[cover] and "Name: ____" in texts[pegs]
        assert "Solution: 1. Pentomino cover: 1 × 5" in texts[-2] and "Solution: 2. Peg solitaire" in texts[-1]
    page.evaluate("delete document.body.dataset.print")


def test_the_assignment_screens_are_touch_targets_and_clean_for_axe(app: App) -> None:
    from support.a11y import assert_clean, small_controls

    app.page.set_viewport_size(PHONE)
    page = made(app.page, "Touch", help=False)
    assert small_controls(page) == [], "the builder"
    assert_clean(page, "the builder")
    link = page.locator("#teach-link").input_value()
    page.evaluate(
        f"history.pushState(null, '', location.pathname + location.search + {json.dumps(link[link.index('#') :])});"
        "dispatchEvent(new PopStateEvent('popstate'));"
    )
    wait_until(page, "document.querySelectorAll('#assign-list button').length === 2", timeout=60)
    assert small_controls(page) == [], "the pupil's name"
    page.locator("#assign-name").fill("Ana")
    page.locator("#assign-name-form button[type=submit]").click()
    page.wait_for_selector("#assign-qr canvas")
    assert small_controls(page) == [], "the pupil's list"
    assert_clean(page, "the pupil's list")


def test_two_tabs_of_one_assignment_never_unlink_a_pupils_work(app: App) -> None:
    """Issue 45: tab B, opened before tab A played, kept the record it had read; when B opened
    another puzzle it wrote that record back, and A's solved puzzle read "Not started" (its save
    kept, nothing pointing to it).  Each tab now changes the record as it is stored."""
    link = app.base_url + "#assign:TWNTAB:-:Two%20tabs:cover:1x5:pegs:oo."
    tab_a = app.page
    join_assignment(tab_a, link.split("#", 1)[1], 2)
    tab_b = tab_a.context.new_page()
    try:
        tab_b.goto(link)
        wait_until(tab_b, "document.querySelectorAll('#assign-list button:not([disabled])').length === 2", timeout=90)
        tab_a.locator("#assign-list button").nth(0).click()
        play_to_win(tab_a, solution("cover", "1x5"))
        tab_b.locator("#assign-list button").nth(1).click()  # the peg puzzle, from the record B read first
        wait_until(tab_b, "window.pento.session() && window.pento.session().game === 'pegs'", timeout=60)
        record = json.loads(tab_a.evaluate("localStorage.getItem('pento.assign.TWNTAB')"))
        assert all(record["slots"]), record  # both puzzles' games linked
        tab_a.locator("#done").get_by_role("button", name="Back to the assignment").click()
        wait_until(tab_a, "document.querySelectorAll('#assign-list [data-solved=yes]').length === 1")
        assert "Solved in" in tab_a.locator("#assign-list button").nth(0).inner_text()
        assert "1 solved so far" in str(tab_a.locator("#assign-about").text_content())
    finally:
        tab_b.close()


def test_a_teacher_never_loses_a_class(app: App) -> None:
    """Issue 46: making the link again gave a new id (and a results page that refused every code
    already handed in), there was no list of past assignments, and a reload hid the link.  Now the
    same draft keeps its id, and "My assignments" lists each assignment made on this device with
    the codes collected, reopening its results page or its link."""
    from pento_core.classroom import assignment as A

    page = app.page
    page.locator("#teach-open").click()
    page.wait_for_selector("body[data-screen=teach]", state="attached")
    assert page.locator("#teach-mine li").count() == 0 and page.locator("#teach-mine-none").is_visible()
    page.locator("#teach-name").fill("Monday")
    page.locator("#teach-paste").fill("#cover:1x5:")
    page.locator("#teach-add-link").click()
    wait_until(page, "document.querySelectorAll('#teach-items li').length === 1")
    first = make_link(page)
    assert make_link(page) == first  # again: the same assignment, the same id
    # the QR code big, for the class to scan: its button stays in sight and brings the page back
    # (it hid every button: no way back); Escape does too
    for leave in ("click", "Escape"):
        page.locator("#teach-big").click()
        wait_until(page, "document.body.dataset.projector === 'yes'")
        assert page.locator("#teach-link").is_hidden() and page.locator("#teach-big").is_visible()
        assert page.locator("#teach-big").get_attribute("aria-pressed") == "true"
        box = page.locator("#teach-big").bounding_box()
        assert box and box["y"] + box["height"] <= page.viewport_size["height"], box
        if leave == "click":
            page.locator("#teach-big").click()
        else:
            page.keyboard.press("Escape")
        wait_until(page, "document.body.dataset.projector === undefined")
        assert page.locator("#teach-link").is_visible()
        assert page.locator("#teach-big").inner_text() == "Show the QR code big"
    assignment_id = first.split("#assign:", 1)[1].split(":", 1)[0]
    made = A.check_assignment(assignment_id, "Monday", False, [A.Item("cover", "1x5")])
    code = A.result_code(made, "Ana", [A.Work(True, 50, 0, 0, "I1@0,0")])
    page.evaluate(f"localStorage.setItem('pento.race.{assignment_id}', JSON.stringify([{json.dumps(code)}]))")

    # a changed draft is another assignment: a new id, both listed, newest first
    page.locator("#teach-name").fill("Monday, again")
    page.locator("#teach-make").click()
    wait_until(page, "document.querySelectorAll('#teach-mine li').length === 2")
    assert page.locator("#teach-link").input_value() != first

    # another visit (the start screen, then the builder again): the list is there, with the code
    page.evaluate(
        "history.pushState(null, '', location.pathname + location.search); dispatchEvent(new PopStateEvent('popstate'))"
    )
    page.wait_for_selector("body[data-screen=home]", state="attached")
    page.locator("#teach-open").click()
    wait_until(page, "document.querySelectorAll('#teach-mine li').length === 2")
    rows = page.locator("#teach-mine li").all_inner_texts()
    assert rows[0].startswith("Monday, again") and "0 codes collected" in rows[0], rows
    assert rows[1].startswith("Monday") and "1 puzzle" in rows[1] and "1 code collected" in rows[1], rows
    page.get_by_role("button", name="Link and QR code of Monday", exact=True).click()
    wait_until(page, f"document.getElementById('teach-link').value === {json.dumps(first)}")
    page.get_by_role("link", name="Results of Monday", exact=True).click()
    page.wait_for_selector("body[data-screen=results]", state="attached")
    wait_until(page, "document.querySelectorAll('#results-rows tr').length === 1")
    assert "Ana" in page.locator("#results-rows tr").inner_text()

    # issue 45: a list damaged on this device (an entry that no longer reads) still shows the two
    # that read, says so, and keeps the whole list as it was, set aside: the next assignment made
    # here does not write the damaged entry away
    page.evaluate(
        "const l = JSON.parse(localStorage.getItem('pento.assign-made'));"
        "l.push({assignment: {id: 'BROKEN'}, made: 'yesterday'});"
        "localStorage.setItem('pento.assign-made', JSON.stringify(l))"
    )
    damaged = page.evaluate("localStorage.getItem('pento.assign-made')")
    page.evaluate(
        "history.pushState(null, '', location.pathname + location.search); dispatchEvent(new PopStateEvent('popstate'))"
    )
    page.wait_for_selector("body[data-screen=home]", state="attached")
    page.locator("#teach-open").click()
    wait_until(page, "document.querySelectorAll('#teach-mine li').length === 2")
    assert "could not be read in full" in page.locator("#notice").inner_text()
    aside = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('pento.aside.') && k.endsWith('.pento.assign-made'))"
        ".map(k => localStorage.getItem(k))"
    )
    assert aside == [damaged]
    """Issue 46: the next pupil on a shared laptop saw "Playing as" the one before and could not
    change it, and a mistyped name could not be corrected.  Now "Not you?" starts the next pupil
    afresh (the work of the one before kept, and given back when their name is typed again), and
    "Change the name" renames the same pupil, their work kept."""
    page = app.page
    link = "#assign:SHRD12:-:Shared:cover:1x5:pegs:oo."
    page.evaluate(f"history.pushState(null, '', {json.dumps(link)}); dispatchEvent(new PopStateEvent('popstate'))")
    wait_until(page, "document.querySelectorAll('#assign-list button').length === 2", timeout=90)

    def name(who: str) -> None:
        page.locator("#assign-name").fill(who)
        page.locator("#assign-name-form button[type=submit]").click()
        wait_until(page, f"document.getElementById('assign-who').textContent === 'Playing as {who}.'")

    solved = lambda: page.locator("#assign-list [data-solved=yes]").count()  # noqa: E731
    name("Ana")
    wait_until(page, "document.getElementById('assign-code').textContent !== ''")
    before = str(page.locator("#assign-code").text_content())
    page.locator("#assign-list button").nth(0).click()
    play_to_win(page, solution("cover", "1x5"))
    page.locator("#done").get_by_role("button", name="Back to the assignment").click()
    wait_until(page, "document.querySelectorAll('#assign-list [data-solved=yes]').length === 1")
    ana_code = str(
        wait_until(page, f"(c => c !== {json.dumps(before)} && c)(document.getElementById('assign-code').textContent)")
    )

    page.get_by_role("button", name="Not you?").click()
    assert page.locator("#assign-name").input_value() == "" and solved() == 0
    assert page.locator("#assign-code-box").is_hidden()  # the one before's code is not on show
    assert "Ana" in str(page.locator("#status").text_content())
    name("Bruno")
    assert solved() == 0
    page.get_by_role("button", name="Change the name").click()
    assert page.locator("#assign-name").input_value() == "Bruno"
    name("Bruna")
    wait_until(page, "!document.getElementById('assign-code-box').hidden")
    assert str(page.locator("#assign-code").text_content()) != ana_code

    page.get_by_role("button", name="Not you?").click()
    name("Ana")  # Ana again: her solved puzzle comes back, and so does her code
    wait_until(page, "document.querySelectorAll('#assign-list [data-solved=yes]').length === 1")
    wait_until(page, f"document.getElementById('assign-code').textContent === {json.dumps(ana_code)}")
    record = json.loads(page.evaluate("localStorage.getItem('pento.assign.SHRD12')"))
    assert record["name"] == "Ana" and [o["name"] for o in record["others"]] == ["Bruna"]


def test_a_class_list_of_25_pupils_pick_their_names_and_the_results_name_who_has_no_code(app: App) -> None:
    """Issue 46: a teacher gives the class's names with the assignment (pasted from a spreadsheet);
    a pupil picks theirs from the list (no typo, no duplicate), or says it is not there and types
    it; the results page names who has no code yet, and the CSV gives them empty cells.  Four
    puzzles of three games, a tangram among them: the code read out still fits in 40 characters."""
    page = app.page
    names = [f"Pupil {k:02d}" for k in range(1, 25)] + ["Zoë Müller"]
    page.locator("#teach-open").click()
    page.wait_for_selector("body[data-screen=teach]", state="attached")
    page.locator("#teach-name").fill("With a class list")
    page.locator("#teach-roster").fill("\n".join(f"{n}\t7B" for n in names))  # a spreadsheet's two columns
    for k, puzzle in enumerate(["#cover:1x5:", "#pegs:oo.:", "#tangram:swan:", "#cover:5x12:"]):
        page.locator("#teach-paste").fill(puzzle)
        page.locator("#teach-add-link").click()
        wait_until(page, f"document.querySelectorAll('#teach-items li').length === {k + 1}", timeout=30)
    link = make_link(page)
    fragment = link[link.index("#") :]
    page.evaluate(f"history.pushState(null, '', {json.dumps(fragment)}); dispatchEvent(new PopStateEvent('popstate'))")
    wait_until(page, "document.querySelectorAll('#assign-pick option').length === 27", timeout=60)
    assert page.locator("#assign-name").is_hidden()
    options = page.locator("#assign-pick option").all_inner_texts()
    assert options[1:-1] == names and options[-1] == "My name is not on the list"
    page.locator("#assign-pick").select_option("Zoë Müller")
    page.locator("#assign-name-form button[type=submit]").click()
    wait_until(page, "document.getElementById('assign-who').textContent === 'Playing as Zoë Müller.'")
    # Zoë solves the 1x5 and the swan: her code read out is a spoken one (the swan's proof is long)
    code = solve_items(page, {0: ("cover", "1x5"), 2: ("tangram", "swan")})
    assert code[0] == "3" and len(code) <= 40, code

    # the next pupil is not on the list: they say so and type their name
    page.get_by_role("button", name="Not you?").click()
    page.locator("#assign-pick").select_option(label="My name is not on the list")
    assert page.locator("#assign-name").is_visible()
    page.locator("#assign-name").fill("Newcomer")
    page.locator("#assign-name-form button[type=submit]").click()
    wait_until(page, "document.getElementById('assign-who').textContent === 'Playing as Newcomer.'")

    results = fragment.replace("#assign:", "#assign-results:", 1)
    page.evaluate(f"history.pushState(null, '', {json.dumps(results)}); dispatchEvent(new PopStateEvent('popstate'))")
    page.wait_for_selector("body[data-screen=results]", state="attached")
    page.locator("#results-input").fill(code)
    page.locator("#results-add").click()
    # (25 rows stand there before the code is read too, all of them absent: wait for the code's row)
    wait_until(page, "document.querySelectorAll('#results-rows tr.absent').length === 24")
    assert page.locator("#results-rows tr").count() == 25
    assert "24 on the class list have no code yet" in str(page.locator("#results-count").text_content())
    with page.expect_download() as info:
        page.locator("#results-csv").click()
    lines = list(csv.reader(io.StringIO(Path(info.value.path()).read_bytes().decode("utf-8").lstrip("\ufeff"))))
    assert [line[3] for line in lines[1:5]] == ["Zoë Müller"] * 4 and lines[1][2] == "1"
    assert [line[9] for line in lines[1:5]] == ["reported", "", "reported", ""]  # solved, in a spoken code
    assert lines[5][2:] == ["", "Pupil 01", "", "", "", "", "", "", ""] and len(lines) == 1 + 25 * 4


def test_the_builder_refuses_a_puzzle_that_cannot_be_won_with_the_reason(app: App) -> None:
    """Issue 46: "1111: can it be done?" (no) and the tangram's "Make your own" (nothing to win) went
    into assignments no pupil could finish."""
    page = app.page
    page.locator("#teach-open").click()
    page.wait_for_selector("body[data-screen=teach]", state="attached")
    for game, label, says in (
        ("pegs", "1111: can it be done?", "can never be won"),
        ("tangram", "Make your own", "no goal to reach"),
    ):
        page.locator("#teach-game").select_option(game)
        page.locator("#teach-puzzle").select_option(label=label)
        page.locator("#teach-add").click()
        wait_until(page, f"document.getElementById('teach-error').textContent.includes({json.dumps(says)})", timeout=30)
        assert page.locator("#teach-error").is_visible() and page.locator("#teach-items li").count() == 0
    page.locator("#teach-game").select_option("pegs")
    page.locator("#teach-puzzle").select_option(label="Triangle (15 holes)")
    page.locator("#teach-add").click()
    wait_until(page, "document.querySelectorAll('#teach-items li').length === 1")
    assert page.locator("#teach-error").is_hidden()


def test_inside_an_assignment_nothing_leaves_it_without_a_word(app: App) -> None:
    """Issue 46: New inside an assignment's puzzle left the assignment silently, and the peg board's
    Draw a board was offered there (Race already was not).  Outside an assignment they are there."""
    page = app.page
    join_assignment(page, "assign:NWTST1:-:Fixed:pegs:oo.", 1)
    page.locator("#assign-list button").first.click()
    wait_until(page, "(s => s && s.game === 'pegs')(window.pento.session())", timeout=60)
    assert page.locator("#new").is_hidden() and page.locator("#race").is_hidden()
    assert page.locator(".draw-board").is_hidden()
    page.locator("#view canvas").first.focus()
    page.keyboard.press("n")  # New's key does nothing here either
    assert page.evaluate("window.pento.session().desc") == "oo."
    page.evaluate("history.pushState(null, '', '#pegs:english:'); dispatchEvent(new PopStateEvent('popstate'))")
    wait_until(page, "(s => s && s.desc === 'english')(window.pento.session())", timeout=60)
    assert page.locator("#new").is_visible() and page.locator(".draw-board").is_visible()


def test_a_teachers_assignments_and_codes_move_to_another_device_in_one_file(app: App, tmp_path: Path) -> None:
    """Issue 46: the teacher's assignments and the codes collected save to one file and load on
    another device (here: the same page with its storage emptied), joined to what it has, none lost."""
    from pento_core.classroom import assignment as A

    page = app.page
    made = {
        "assignment": {"id": "MVD123", "title": "Moved", "help": False, "items": [{"game": "cover", "desc": "1x5"}]},
        "titles": ["Pentomino cover: 1 × 5"],
        "made": 1795000000000,
    }
    checked = A.check_assignment("MVD123", "Moved", False, [A.Item("cover", "1x5")])
    code = A.result_code(checked, "Ana", [A.Work(True, 50, 0, 0, "I1@0,0")])
    page.evaluate(
        f"localStorage.setItem('pento.assign-made', {json.dumps(json.dumps([made]))});"
        f"localStorage.setItem('pento.race.MVD123', {json.dumps(json.dumps([code]))})"
    )
    page.locator("#teach-open").click()
    page.wait_for_selector("body[data-screen=teach]", state="attached")
    with page.expect_download() as info:
        page.locator("#teach-export").click()
    saved = tmp_path / "teacher.json"
    info.value.save_as(saved)
    assert str(page.locator("#status").text_content()) == "Saved 1 assignment and 1 code to the file."

    page.evaluate("localStorage.clear()")  # another device: nothing made there, but one code of its own
    other = A.result_code(checked, "Bea", [A.Work(True, 70, 0, 0, "I1@0,0")])
    page.evaluate(f"localStorage.setItem('pento.race.MVD123', {json.dumps(json.dumps([other]))})")
    page.locator("#teach-file").set_input_files(str(saved))
    wait_until(page, "document.querySelectorAll('#teach-mine li').length === 1")
    # the list can be drawn before the status line says what was loaded: wait for the line itself
    wait_until(page, "document.getElementById('status').textContent.startsWith('Loaded')")
    assert str(page.locator("#status").text_content()) == "Loaded 1 assignment and 1 code from the file."
    assert "2 codes collected" in page.locator("#teach-mine li").inner_text()
    page.locator("#teach-file").set_input_files(str(saved))  # again: nothing twice
    wait_until(page, "document.getElementById('status').textContent.includes('0 assignments and 0 codes')")
    (tmp_path / "junk.json").write_text('{"format": "pento-progress"}')
    page.locator("#teach-file").set_input_files(str(tmp_path / "junk.json"))
    wait_until(page, "document.getElementById('status').textContent.includes('not a file of Pento assignments')")
    assert page.evaluate("JSON.parse(localStorage.getItem('pento.race.MVD123')).length") == 2


def test_a_code_too_long_to_read_out_is_a_spoken_code_and_its_qr_code_the_proof(app: App, tmp_path: Path) -> None:
    """Issue 46, item 3: two tangram figures and a GandaGalo solved make a proof of some 200
    characters; the pupil reads out a code of at most 40 (grouped in fives, a line never breaking
    inside a group) and the QR code carries the proof.  On the results page the proof counts as
    checked and the spoken code as reported: a star on each of its solves, and a line saying why."""
    keys = [("tangram", "swan"), ("gandagalo", "8x8:easy"), ("tangram", "cat")]
    puzzles = [(game, solved_puzzle(game, params)) for game, params in keys]
    made = A.check_assignment("SPKN12", "Shapes", False, [A.Item(game, desc) for game, (desc, _) in puzzles])
    page = app.page
    page.set_viewport_size(PHONE)
    link = links.fragment(["assign", made.id, "-", made.title, *(p for i in made.items for p in (i.game, i.desc))])
    join_assignment(page, link[1:], 3, "João Gonçalo")
    code = solve_items(page, {k: (game, desc) for k, (game, (desc, _)) in enumerate(puzzles)})
    assert code[0] == "3", code
    proof = scan(page, "#assign-qr")
    assert len(code) <= 40 < len(proof) and proof[0] == "2", (code, proof)
    assert "QR code holds them" in page.locator("#assign-code-proof").inner_text()  # the pupil is told
    assert re.fullmatch(r"3[0-9A-Z]{4}(-[0-9A-Z]{1,5})+", code), code
    # one line break opportunity after each dash, none inside a group; the box holds it on a phone
    assert page.evaluate("document.querySelectorAll('#assign-code wbr').length") == code.count("-")
    box = page.evaluate("(e => [e.scrollWidth, e.clientWidth])(document.getElementById('assign-code'))")
    assert box[0] <= box[1], box
    page.screenshot(path=str(tmp_path / "spoken-phone.png"))

    # the teacher's results page: the proof (as the camera reads it) and the code read out
    page.set_viewport_size({"width": 1366, "height": 768})
    results = links.fragment(
        ["assign-results", made.id, "-", made.title, *(p for i in made.items for p in (i.game, i.desc))]
    )
    page.evaluate(f"history.pushState(null, '', {json.dumps(results)}); dispatchEvent(new PopStateEvent('popstate'))")
    page.wait_for_selector("body[data-screen=results]", state="attached", timeout=60_000)
    page.locator("#results-input").fill(proof)
    page.locator("#results-add").click()
    wait_until(page, "document.querySelectorAll('#results-rows tr').length === 1")
    assert page.locator("#results-reported").is_hidden()
    page.locator("#results-input").fill(code.lower().replace("-", " "))  # typed as heard
    page.locator("#results-add").click()
    wait_until(page, "document.querySelectorAll('#results-rows tr').length === 2")
    rows = [r.split("\t") for r in page.locator("#results-rows tr").all_inner_texts()]
    assert all(r[1].startswith("João Gonçalo") and r[2] == "3 of 3" for r in rows), rows
    # never merged: both rows, marked as one name twice; the spoken one's solves starred
    assert all("Another code has this name too" in r[1] for r in rows), rows
    starred = [[cell.endswith("\u00a0*") for cell in r[4:7]] for r in rows]
    assert sorted(starred) == [[False] * 3, [True] * 3], rows
    assert page.locator("#results-reported").is_visible()
    assert "QR code" in page.locator("#results-reported").inner_text()
    page.screenshot(path=str(tmp_path / "spoken-results.png"))
