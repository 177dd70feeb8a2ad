"""The puzzle of the day: the same for everyone on a date, another the next day, harder through the week."""

import datetime as dt
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest
from support import gandagalo_checker

from pento_core import api, daily, registry
from pento_core.budget import Budget
from pento_core.errors import PentoError

ROOT = Path(__file__).resolve().parent.parent
MONDAY = dt.date(2026, 11, 23)
WEEK = [MONDAY + dt.timedelta(days=k) for k in range(7)]
GAMES = daily.games_with_daily()


def cli(*args: str, hash_seed: str = "0") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.run(
        [sys.executable, "-m", "pento_core", *args], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env
    )


def test_the_games_that_generate_have_a_puzzle_of_the_day() -> None:
    assert set(GAMES) == {"cover", "twenty", "pegs", "gandagalo", "lastfit", "tangram", "boxes"}
    for game_id in GAMES:
        assert len(registry.get(game_id).daily_levels) == 7


@pytest.mark.parametrize("game_id", GAMES)
def test_a_week_of_dailies_each_a_new_puzzle_that_can_be_finished(game_id: str) -> None:
    game = registry.get(game_id)
    descs = []
    for day in WEEK:
        one = daily.daily(game_id, day)
        assert one.level == day.isoweekday()  # Monday 1 ... Sunday 7
        assert one.params == game.daily_levels[day.weekday()]
        if day == MONDAY:
            assert daily.daily(game_id, day) == one  # the same date, the same puzzle
        game.validate(one.desc)
        descs.append(one.desc)
        found = game.solve(game.start(one.desc), Budget(max_seconds=60).started(), None)
        assert found.found, (day, found.message)
        state = game.start(one.desc)
        for move in found.moves:
            state = game.apply(state, move)
        assert game.status(state).state == "solved"
    assert all(a != b for a, b in itertools.pairwise(descs)), "two days in a row gave one puzzle"


def test_the_next_week_gives_new_puzzles_where_the_game_generates() -> None:
    for game_id in ("cover", "twenty", "pegs", "gandagalo", "tangram", "boxes"):
        for day in WEEK[:3]:
            later = day + dt.timedelta(days=7)
            assert daily.daily(game_id, day).desc != daily.daily(game_id, later).desc


def test_gandagalo_dailies_have_one_solution_and_the_declared_level() -> None:
    order = {"easy": 0, "hard": 1, "expert": 2}
    levels = []
    for day in WEEK:
        one = daily.daily("gandagalo", day)
        size, level = one.params.split(":")
        levels.append((order[level], int(size.split("x")[0])))
        if day.weekday() < 3:  # the small ones by brute force, an oracle of its own
            board = gandagalo_checker.read(one.desc.replace("/", "\n"))
            assert len(list(gandagalo_checker.fillings(board, limit=2))) == 1
    assert levels == sorted(levels), "the week does not get harder"


def test_free_form_dailies_grow_through_the_week() -> None:
    sizes = [daily.daily("cover", day).desc.split("~")[0].count(".") for day in WEEK]
    assert sizes == sorted(sizes) and sizes[0] == 20 and sizes[-1] == 60  # 4 pentominoes to 12


def test_the_link_carries_the_puzzle_uri_encoded_as_the_page_reads_it() -> None:
    one = daily.daily("pegs", WEEK[4])
    link = one.link("https://school.example/pento/")
    base, fragment = link.split("#")
    assert base == "https://school.example/pento/"
    kind, date, game, desc = (unquote(p) for p in fragment.split(":"))
    assert (kind, date, game, desc) == ("daily", "2026-11-27", "pegs", one.desc)
    assert all(ch.isalnum() or ch in "%-_.!~*'()" for ch in fragment.replace(":", ""))


def test_the_cli_prints_one_line_the_same_in_every_process() -> None:
    first = cli("daily", "gandagalo", "--date", "2026-11-25", hash_seed="1")
    second = cli("daily", "gandagalo", "--date", "2026-11-25", hash_seed="2")
    assert first.returncode == 0 and first.stdout == second.stdout
    assert first.stdout.splitlines() == [daily.daily("gandagalo", dt.date(2026, 11, 25)).link()]
    next_day = cli("daily", "gandagalo", "--date", "2026-11-26")
    assert next_day.stdout != first.stdout
    based = cli("daily", "cover", "--base", "https://x.example/p/")
    assert based.returncode == 0 and based.stdout.startswith("https://x.example/p/#daily:")
    assert f":{daily.today().isoformat()}:" in based.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("workshop",), "Polyomino workshop has no puzzle of the day"),
        (("chess",), "there is no game called 'chess'"),
        (("pegs", "--date", "2026-02-30"), "2026-02-30 is not a day of the calendar"),  # written right, no such day
        (("pegs", "--date", "26-2-3"), "a date is written YYYY-MM-DD"),
        (("pegs", "--date", "1999-12-31"), "from the year 2000 to 2999"),
    ],
)
def test_the_cli_refuses_bad_input_in_one_line(args: tuple[str, ...], message: str) -> None:
    r = cli("daily", *args)
    assert r.returncode == 2 and r.stdout == ""
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_the_api_opens_the_daily_with_its_date_level_and_link() -> None:
    request = {"id": 1, "cmd": "daily", "args": {"game": "cover", "date": "2026-11-29"}}
    reply = json.loads(api.handle_json(json.dumps(request)))
    assert reply["ok"], reply
    result = reply["result"]
    assert result["daily"]["date"] == "2026-11-29" and result["daily"]["level"] == 7
    assert result["desc"] == daily.daily("cover", dt.date(2026, 11, 29)).desc
    assert result["daily"]["link"].startswith("#daily:2026-11-29:cover:")
    assert result["view"]["status"]["state"] == "playing"
    bad_requests = (
        ({"game": "cover", "date": "yesterday"}, "invalid"),
        ({"game": "x", "date": "2026-11-29"}, "unknown_game"),
    )
    for bad, code in bad_requests:
        reply = api.handle({"id": 2, "cmd": "daily", "args": bad})
        assert not reply["ok"] and reply["error"]["code"] == code, reply


def test_a_date_is_checked() -> None:
    assert daily.parse_date(" 2026-01-05 ") == dt.date(2026, 1, 5)
    for bad in ("2026-1-5", "20260105", "2026-02-29", "", "3000-01-01"):
        with pytest.raises(PentoError):
            daily.parse_date(bad)
