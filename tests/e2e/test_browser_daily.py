"""A reason to come back (issue 26): the puzzle of the day, my progress and its streak, the result
shared, progress saved to a file, loaded back, cleared, and a corrupt record set aside alone."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from support.browser import App, Console, open_hash, session, wait_until

from pento_core import daily, links, registry
from pento_core.budget import Budget

DAY = dt.date(2026, 11, 25)  # a Wednesday: level 3 of 7
NEXT = DAY + dt.timedelta(days=1)


def at_noon(day: dt.date) -> str:
    return f"{day.isoformat()}T12:00:00Z"


def open_today(page: Any, game: str) -> dict[str, Any]:
    page.locator(f"#today-list [data-game={game}]").click()
    wait_until(page, "window.pento.session() && window.pento.layout() && !window.pento.busy()", timeout=60)
    return session(page)


def device(browser: Any, base_url: str, when: dt.date, console: Console, returning: Any) -> tuple[Any, Any]:
    """A browser of its own on ``when``, there before, loading the page (its engine boots while the
    next one loads)."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    returning(context)
    page = context.new_page()
    console.attach(page)
    page.clock.set_fixed_time(at_noon(when))
    page.goto(base_url + "?nosw")
    return context, page


def test_the_daily_is_everyones_on_its_date_counts_in_progress_and_changes_the_next_day(
    browser: Any, base_url: str, returning: Any
) -> None:
    console = Console()
    ctx_a, a = device(browser, base_url, DAY, console, returning)
    ctx_b, b = device(browser, base_url, DAY, console, returning)
    try:
        for page in (a, b):
            page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
        # the same puzzle in two browsers, the one the core makes for the date (CPython here)
        first = open_today(a, "gandagalo")
        second = open_today(b, "gandagalo")
        expected = daily.daily("gandagalo", DAY)
        assert first["desc"] == second["desc"] == expected.desc
        assert unquote(a.evaluate("location.hash")).startswith(f"#daily:{DAY.isoformat()}:gandagalo:")
        assert "level 3 of 7" in str(a.locator("#status").text_content())

        # solved by the player in browser a: the result to share, the streak, my progress
        game = registry.get("gandagalo")
        found = game.solve(game.start(expected.desc), Budget(max_seconds=30).started(), None)
        a.evaluate("navigator.share = async (d) => { window.__shared = d; }; navigator.canShare = () => true; null")
        for move in found.moves:
            assert a.evaluate(f"window.pento.play({json.dumps(move)}).then(r => r.ok)")
        a.wait_for_selector("#done[open]")
        assert "Puzzle of the day: solved today." in str(a.locator("#done-text").text_content())
        a.locator("#done-share").click()
        shared = wait_until(a, "window.__shared")
        text = shared["text"]
        assert f"puzzle of the day {DAY.isoformat()}" in text and "level 3 of 7" in text and "no hints" in text
        link = text.splitlines()[-1]
        assert link.endswith(expected.link()), link  # the puzzle's start: no move, no position given away
        assert not any(part and part in text for part in session(a)["state"].split(";") if len(part) > 3)
        a.locator("#done-stay").click()

        a.locator("#home-link").click()
        a.wait_for_selector("body[data-screen=home]", state="attached")
        assert a.locator("#today-list [data-game=gandagalo]").get_attribute("data-solved") == "yes"
        assert "1 day in a row" in str(a.locator("#today-streak").text_content())
        a.locator("#open-progress").click()
        a.wait_for_selector("body[data-screen=progress]", state="attached")
        part = a.locator(".progress-game[data-game=gandagalo]")
        assert "Solved: 1" in str(part.locator(".progress-line").text_content())
        row = part.locator("tbody tr").first
        assert f"puzzle of the day {DAY.isoformat()}" in str(row.text_content()) and "✓" in str(row.text_content())
        assert part.locator("svg.time-plot circle").count() == 1
        assert "streak: 1 day" in str(a.locator("#progress-summary").text_content())

        # the next day: another puzzle, and yesterday's streak still alive until it is played
        for page in (a, b):
            page.clock.set_fixed_time(at_noon(NEXT))
            page.evaluate(
                "history.pushState(null, '', location.pathname + location.search);"
                "dispatchEvent(new PopStateEvent('popstate'))"
            )
            page.wait_for_selector("body[data-screen=home]", state="attached")
        assert a.locator("#today-list [data-game=gandagalo]").get_attribute("data-solved") is None
        assert "1 day in a row" in str(a.locator("#today-streak").text_content())
        tomorrow = open_today(b, "gandagalo")
        assert tomorrow["desc"] == daily.daily("gandagalo", NEXT).desc != first["desc"]
    finally:
        ctx_a.close()
        ctx_b.close()
    assert console.errors == [], console.errors


RECORD = {
    "v": 1,
    "game": "pegs",
    "desc": "english",
    "title": "Peg solitaire: English (33 holes)",
    "daily": None,
    "first": 1_700_000_000_000,
    "last": 1_700_000_500_000,
    "solved": True,
    "best": 245,
    "bestMoves": 18,
    "hints": 3,
    "solves": 0,
    "wins": [{"at": 1_700_000_400_000, "seconds": 245, "moves": 18, "hints": 3}],
}


def progress_key(page: Any, game: str, desc: str) -> str:
    """The storage key the page gives a record: found by writing one through its own path."""
    return str(
        page.evaluate(
            "([game, desc]) => import('./web/model/storage.js').then(s => {"
            " s.trackProgress(game, desc, 't', null, {});"
            " return Object.keys(localStorage).find(k => k.startsWith('pento.progress.' + game + '.') &&"
            " JSON.parse(localStorage.getItem(k)).desc === desc); })",
            [game, desc],
        )
    )


def test_progress_goes_to_a_file_comes_back_and_is_cleared_and_a_bad_record_is_set_aside(
    app: App, tmp_path: Path
) -> None:
    page = app.page
    key = progress_key(page, "pegs", "english")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(RECORD)])
    page.evaluate("localStorage.setItem('pento.progress.cover.0000000000000000', '{not json')")
    page.locator("#open-progress").click()
    page.wait_for_selector("body[data-screen=progress]", state="attached")
    # the corrupt record is set aside alone, with a word; the good one is shown
    assert "could not be read and was set aside" in str(page.locator("#notice-text").text_content())
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pento.aside.')).length") == 1
    part = page.locator(".progress-game[data-game=pegs]")
    assert "Best time: 4:05" in str(part.locator(".progress-line").text_content())
    assert "Hints: 3" in str(part.locator(".progress-line").text_content())

    with page.expect_download() as info:
        page.locator("#progress-export").click()
    saved = tmp_path / "progress.json"
    info.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["format"] == "pento-progress" and [r["desc"] for r in data["records"]] == ["english"]

    page.locator("#progress-clear").click()
    page.locator("#clear-no").click()  # not cleared without a yes
    assert part.count() == 1
    page.locator("#progress-clear").click()
    page.locator("#clear-yes").click()
    assert page.locator(".progress-game").count() == 0
    assert "Nothing yet" in str(page.locator("#progress-games").text_content())

    # a file that is not a progress file changes nothing and says so
    bad = tmp_path / "bad.json"
    bad.write_text('{"records": 3}')
    page.locator("#progress-file").set_input_files(str(bad))
    wait_until(page, "document.getElementById('status').dataset.kind === 'error'")
    assert "not a Pento progress file" in str(page.locator("#status").text_content())

    page.locator("#progress-file").set_input_files(str(saved))
    wait_until(page, "document.querySelectorAll('.progress-game').length === 1")
    assert "Best time: 4:05" in str(page.locator(".progress-game[data-game=pegs] .progress-line").text_content())
    assert "Loaded 1 puzzle" in str(page.locator("#status").text_content())


def test_hints_and_the_solver_count_in_progress_and_a_solved_game_is_not_the_players(app: App) -> None:
    page = open_hash(app, "cover:1x5:")
    page.locator("#hint").click()
    wait_until(page, "!window.pento.busy() && document.getElementById('status').textContent.length > 0")
    page.locator("#solve").click()
    page.wait_for_selector("#done[open]", timeout=60_000)
    page.locator("#done-stay").click()
    records = page.evaluate("import('./web/model/storage.js').then(s => s.listProgress())")
    assert len(records) == 1
    record = records[0]
    assert record["game"] == "cover" and record["hints"] == 1 and record["solves"] == 1
    assert record["solved"] is False and record["wins"] == []  # the solver's win is not the player's


def follow_daily(page: Any, fragment: str, desc: str) -> None:
    page.evaluate(
        "f => { history.pushState(null, '', location.pathname + location.search + '#' + f);"
        " dispatchEvent(new PopStateEvent('popstate')); }",
        fragment,
    )
    wait_until(
        page,
        f"window.pento.session() && window.pento.session().desc === {json.dumps(desc)} && !window.pento.busy()",
        timeout=60,
    )


def test_a_daily_link_counts_only_as_that_days_puzzle(app: App) -> None:
    """Issue 45, item 7: a forged daily link (today's date on a one-piece puzzle) opens as an ordinary
    puzzle, says so, and its win neither ticks today's puzzle nor starts a streak; a date the core
    refuses is no puzzle of the day either."""
    page = app.page
    today = page.evaluate("new Date().toISOString().slice(0, 10)")
    follow_daily(page, f"daily:{today}:cover:1x5~I:", "1x5~I")
    assert "not the puzzle of the day" in str(page.locator("#notice-text").text_content())
    assert page.evaluate("window.pento.play('I1@0,0').then(r => r.ok)")
    page.wait_for_selector("#done[open]", timeout=30_000)
    page.locator("#done-stay").click()
    page.locator("#home-link").click()
    page.wait_for_selector("body[data-screen=home]", state="attached")
    assert page.locator("#today-list [data-game=cover][data-solved]").count() == 0
    assert page.locator("#today-streak").is_hidden()
    records = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('pento.progress.')).map(k => JSON.parse(localStorage[k]))"
    )
    assert [(r["desc"], r["daily"], r["solved"]) for r in records] == [("1x5~I", None, True)]
    page.evaluate("document.getElementById('notice').hidden = true")
    follow_daily(page, "daily:2026-02-30:cover:6x10:", "6x10")
    assert "not the puzzle of the day of 2026-02-30" in str(page.locator("#notice-text").text_content())


@pytest.mark.parametrize("game", ["tangram", "boxes"])
def test_the_tangram_and_the_boxes_have_a_puzzle_of_the_day(app: App, game: str) -> None:
    """Issue 49, item 5: a silhouette and a box of the day, listed with every game's (the registry
    says which have one), opening the puzzle the core makes for today."""
    page = app.page
    listed = page.locator("#today-list [data-game]").evaluate_all("els => els.map(e => e.dataset.game)")
    assert sorted(listed) == sorted(daily.games_with_daily())
    today = dt.date.fromisoformat(page.evaluate("new Date().toISOString().slice(0, 10)"))
    opened = open_today(page, game)
    assert opened["desc"] == daily.daily(game, today).desc
    assert f"level {today.isoweekday()} of 7" in str(page.locator("#status").text_content())  # the day's


def test_my_progress_fits_a_phone_and_names_a_puzzle_once(app: App) -> None:
    """Issue 49: on a phone My progress's table was wider than its card (its last column cut off) and
    each puzzle repeated its game's name under the game's own heading."""
    page = app.page
    page.set_viewport_size({"width": 360, "height": 780})
    open_hash(app, "cover:1x5:")
    assert page.evaluate("window.pento.play('I1@0,0').then(r => r.ok)")
    page.wait_for_selector("#done[open]", timeout=30_000)
    page.locator("#done-stay").click()
    page.locator("#home-link").click()
    page.locator("#open-progress").click()
    card = page.locator(".progress-game[data-game=cover]")
    card.wait_for()
    fit = card.evaluate(
        "c => [c.querySelector('table').getBoundingClientRect().right, c.getBoundingClientRect().right]"
    )
    assert fit[0] <= fit[1], fit
    assert card.locator("tbody th").all_inner_texts() == ["1 × 5"]


def test_a_daily_link_never_dates_an_ordinary_game_of_its_puzzle(app: App) -> None:
    """Issue 45: a daily link to a puzzle the player had an ordinary game of attached its date to
    that game.  Now the ordinary game keeps its moves and no date, and the puzzle of the day is a
    game of its own."""
    page = app.page
    today = dt.date.fromisoformat(page.evaluate("new Date().toISOString().slice(0, 10)"))
    desc = daily.daily("cover", today).desc
    game = registry.get("cover")
    found = game.solve(game.start(desc), Budget(max_seconds=30).started(), None)
    move = next(m for m in found.moves if m != "clear")
    follow_daily(page, links.fragment(["cover", desc])[1:], desc)  # an ordinary game of today's puzzle
    assert page.evaluate(f"window.pento.play({json.dumps(move)}).then(r => r.ok)")
    follow_daily(page, links.fragment(["daily", today.isoformat(), "cover", desc])[1:], desc)
    saves = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('pento.game.')).map(k => JSON.parse(localStorage[k]))"
    )
    mine = [(s.get("daily"), len(s["history"])) for s in saves if s["game"] == "cover" and s["desc"] == desc]
    assert sorted(mine, key=str) == sorted([(None, 2), (today.isoformat(), 1)], key=str), mine
