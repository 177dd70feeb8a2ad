"""The class server (issue 48), started for real (``python -m pento_class serve``) and driven over
HTTP: the API exactly as the issue states it, solutions checked by the core, nothing acknowledged
lost to SIGKILL, the live stream, PIN guessing and oversized requests refused."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.class_server import ClassServer, Stream, join, lesson, solution, work

import build

# A two-puzzle assignment (the 1 x 5 strip, two P pentominoes in a 2 x 5)
TWO = "#assign:ABC123:h:Friday:cover:1x5:cover:2x5~PP"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    running = ClassServer(tmp_path_factory.mktemp("lessons"))
    try:
        yield running
    finally:
        running.close()


def test_a_lesson_through_the_api_exactly_so(server: ClassServer) -> None:
    session, pin, teacher = lesson(server, TWO)
    ana, rui = join(server, pin, "Ana"), join(server, pin, "Rui")
    # progress on puzzle 1, then its solution (checked by the core), then a hint on puzzle 2
    assert server.call("POST", "/api/work", work(0, "a1", False, "", 40), ana) == (200, {"accepted": True})
    assert server.call("POST", "/api/work", work(0, "a2", True, solution("1x5"), 95), ana) == (200, {"accepted": True})
    assert server.call("POST", "/api/work", work(1, "a3", False, "", 20, hints=1), ana) == (200, {"accepted": True})
    # a forged solution is not accepted, and says why
    status, forged = server.call("POST", "/api/work", work(1, "r1", True, "", 10), rui)
    assert status == 200 and forged["accepted"] is False and "does not solve puzzle 2" in forged["reason"]
    # an event sent twice counts once: its first verdict stands, whatever the second copy says
    again = server.call("POST", "/api/work", work(1, "r1", True, solution("2x5~PP"), 10), rui)
    assert again == (200, forged)
    assert server.call("POST", "/api/work", work(1, "r2", True, solution("2x5~PP"), 300), rui) == (
        200,
        {"accepted": True},
    )
    status, results = server.call("GET", f"/api/sessions/{session}/results", token=teacher)
    assert status == 200
    assert results == {
        "rows": [
            {
                "name": "Ana",
                "items": [
                    {"solved": True, "tenths": 95, "hints": 0, "solves": 0},
                    {"solved": False, "tenths": 20, "hints": 1, "solves": 0},
                ],
            },
            {
                "name": "Rui",
                "items": [
                    {"solved": False, "tenths": 0, "hints": 0, "solves": 0},
                    {"solved": True, "tenths": 300, "hints": 0, "solves": 0},
                ],
            },
        ]
    }
    # nobody but the teacher reads them: no token 401, a pupil's or another teacher's 403
    assert server.call("GET", f"/api/sessions/{session}/results")[0] == 401
    assert server.call("GET", f"/api/sessions/{session}/results", token=ana)[0] == 403
    other = lesson(server)[2]
    assert server.call("GET", f"/api/sessions/{session}/results", token=other)[0] == 403
    # a pupil's token posts only to their own lesson; an unknown one posts nothing
    assert server.call("POST", "/api/work", work(0, "x", False), "not-a-token")[0] == 403
    # End session: its PIN lets nobody in any more, and its pupils' work is no longer taken
    assert server.call("POST", f"/api/sessions/{session}/end", {}, teacher) == (200, {})
    assert server.call("POST", "/api/join", {"pin": pin, "name": "Late"})[0] == 404
    assert server.call("POST", "/api/work", work(0, "a9", False), ana)[0] == 403


def test_bad_requests_are_refused_with_a_reason(server: ClassServer) -> None:
    _, pin, _ = lesson(server)
    pupil = join(server, pin, "Eva")
    assert server.call("POST", "/api/sessions", {"assignment": "#chess:e4:"})[0] == 400
    assert server.call("POST", "/api/sessions", {"assignment": "no link"})[0] == 400
    assert server.call("POST", "/api/sessions", raw=b"{oops")[0] == 400
    status, reply = server.call("POST", "/api/join", {"pin": pin, "name": "   "})
    assert status == 400 and reply["error"] == "type your name first"
    assert server.call("POST", "/api/work", {**work(0, "e", False), "item": 1}, pupil)[0] == 400  # one puzzle only
    assert server.call("POST", "/api/work", {**work(0, "e", False), "tenths": -1}, pupil)[0] == 400
    assert server.call("POST", "/api/work", {**work(0, "e", False), "solved": "yes"}, pupil)[0] == 400
    assert server.call("POST", "/api/work", {**work(0, "", False)}, pupil)[0] == 400
    status, reply = server.call("POST", "/api/work", raw=b"[" * 70_000, token=pupil)
    assert status == 413 and "at most" in reply["error"]


def test_guessing_pins_is_stopped(tmp_path: Path) -> None:
    server = ClassServer(tmp_path)
    try:
        _, pin, _ = lesson(server)
        wrong = [p for p in (f"{n:06d}" for n in range(20)) if p != pin]
        answers = [server.call("POST", "/api/join", {"pin": p, "name": "Guess"})[0] for p in wrong[:12]]
        assert answers[:10] == [404] * 10 and answers[10:] == [429, 429]
        # and then the right PIN too, from that client, until the minute is over
        assert server.call("POST", "/api/join", {"pin": pin, "name": "Guess"})[0] == 429
    finally:
        server.close()


def test_a_server_killed_mid_lesson_loses_nothing_it_acknowledged(tmp_path: Path) -> None:
    server = ClassServer(tmp_path)
    try:
        session, pin, teacher = lesson(server, TWO)
        pupils = [join(server, pin, name) for name in ("Ana", "Bo", "Cai")]
        for i, token in enumerate(pupils):
            assert server.call("POST", "/api/work", work(0, f"s{i}", True, solution("1x5"), 10 + i), token)[1][
                "accepted"
            ]
        acknowledged = server.call("GET", f"/api/sessions/{session}/results", token=teacher)[1]
        server.kill()
    finally:
        server.close()
    again = ClassServer(tmp_path)  # the same data folder
    try:
        assert again.call("GET", f"/api/sessions/{session}/results", token=teacher) == (200, acknowledged)
        # the pupils' tokens and the PIN still work: a page that sends its queued work again counts once
        assert again.call("POST", "/api/work", work(0, "s0", True, solution("1x5"), 10), pupils[0]) == (
            200,
            {"accepted": True},
        )
        assert again.call("GET", f"/api/sessions/{session}/results", token=teacher) == (200, acknowledged)
        assert again.call("POST", "/api/join", {"pin": pin, "name": "Dia"})[0] == 200
    finally:
        again.close()


def test_the_teacher_sees_each_join_and_each_work_as_it_happens(server: ClassServer) -> None:
    session, pin, teacher = lesson(server)
    stream = Stream(server, session, teacher)
    pupil = join(server, pin, "Lia")
    server.call("POST", "/api/work", work(0, "l1", True, solution("1x5"), 77), pupil)
    changes = stream.wait_for(2)
    stream.close()
    assert changes == [
        {"type": "join", "name": "Lia"},
        {
            "type": "work",
            "name": "Lia",
            "item": 0,
            "solved": True,
            "tenths": 77,
            "hints": 0,
            "solves": 0,
            "accepted": True,
        },
    ]
    # a pupil's token gets no stream
    assert server.call("GET", f"/api/sessions/{session}/events", token=pupil)[0] == 403


def test_the_server_serves_the_site_with_its_policies(server: ClassServer) -> None:
    import urllib.request

    from pento_build.serving import PAGE_CSP, WORKER_CSP

    with urllib.request.urlopen(server.base + "/") as reply:
        assert reply.status == 200 and b"Pento" in reply.read()
        assert reply.headers["Content-Security-Policy"] == PAGE_CSP
    with urllib.request.urlopen(server.base + "/web/engine/worker.js") as reply:
        assert reply.headers["Content-Security-Policy"] == WORKER_CSP
    # its service worker is marked as a class server's, as its page is: a browser that kept this
    # build's page from a plain host at the same address finds the worker changed (web/sw.js)
    with urllib.request.urlopen(server.base + "/sw.js") as reply:
        assert reply.headers["Content-Type"].startswith("text/javascript")
        served = reply.read().decode()
    plain = (build.DIST / "sw.js").read_text(encoding="utf-8")
    assert served != plain and served.startswith(plain)


def test_the_command_line_says_what_it_cannot_do(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "pento_class", "serve", "--data", str(tmp_path), "--site", str(tmp_path)]
    done = subprocess.run([*run, "--db", "mysql://localhost/class"], cwd=build.ROOT, capture_output=True, text=True)
    assert done.returncode == 1 and "is not a database address" in done.stderr
    done = subprocess.run([*run, "--processes", "2"], cwd=build.ROOT, capture_output=True, text=True)
    assert done.returncode == 1 and "several processes need PostgreSQL" in done.stderr
    done = subprocess.run(run, cwd=build.ROOT, capture_output=True, text=True)
    assert done.returncode == 1 and "holds no built site" in done.stderr


def test_the_core_never_imports_the_class_server() -> None:
    core = Path(build.ROOT / "pento_core")
    assert not [p for p in core.rglob("*.py") if "pento_class" in p.read_text(encoding="utf-8")]


def test_a_pin_lets_pupils_in_for_a_day(tmp_path: Path) -> None:
    """A PIN expires with its session: ended by the teacher, or a day after it started (a lesson is
    a day's), when a new session may be given the same PIN."""
    from pento_class.store import PIN_HOURS, SqliteStore

    store = SqliteStore(tmp_path / "lessons.sqlite3")
    session, _ = store.create_session({"id": "ABC123", "title": "", "help": False, "items": [], "roster": []}, "#x")
    assert store.open_session_by_pin(session.pin) == session
    store._rows("UPDATE sessions SET created = created - ?", (PIN_HOURS * 3600 + 1,))  # a day and a second ago
    assert store.open_session_by_pin(session.pin) is None
    store.create_session({"id": "ABC124", "title": "", "help": False, "items": [], "roster": []}, "#y")
    assert store.session(session.id).ended is not None  # type: ignore[union-attr]
    store.close()
