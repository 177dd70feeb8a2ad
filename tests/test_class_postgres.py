"""The class server on PostgreSQL (issue 48: a district's database), against a real PostgreSQL the
tests start themselves (tests/support/postgres.py): two servers on one database share its sessions
and the live board (its LISTEN/NOTIFY), several processes serve one address, and a server killed
with SIGKILL loses nothing it acknowledged."""

from __future__ import annotations

import os
import select
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.class_server import ClassServer, Stream, join, lesson, solution, work
from support.postgres import Postgres

TWO = "#assign:ABC123:h:Friday:cover:1x5:cover:2x5~PP"


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    running = Postgres()
    try:
        yield running
    finally:
        running.close()


def test_two_servers_on_one_database_share_the_lesson_and_its_live_board(postgres: Postgres, tmp_path: Path) -> None:
    a = ClassServer(tmp_path / "a", "--db", postgres.url)
    b = ClassServer(tmp_path / "b", "--db", postgres.url)
    try:
        session, pin, teacher = lesson(a, TWO)
        stream = Stream(a, session, teacher)  # the teacher's board holds its stream on server A
        pupils = [join(b if k % 2 else a, pin, f"P{k}") for k in range(6)]  # pupils on both
        for k, token in enumerate(pupils):
            server = a if k % 2 else b
            assert server.call("POST", "/api/work", work(0, f"e{k}", True, solution("1x5"), 10 + k), token) == (
                200,
                {"accepted": True},
            )
        changes = stream.wait_for(12)  # every join and every work, wherever it was sent
        stream.close()
        assert sorted(c["name"] for c in changes if c["type"] == "join") == [f"P{k}" for k in range(6)]
        assert sorted(c["tenths"] for c in changes if c["type"] == "work") == list(range(10, 16))
        rows_a = a.call("GET", f"/api/sessions/{session}/results", token=teacher)
        assert rows_a == b.call("GET", f"/api/sessions/{session}/results", token=teacher)
        assert [r["items"][0]["solved"] for r in rows_a[1]["rows"]] == [True] * 6
        # a PIN is one lesson's on every server; an ended one no server takes
        assert b.call("POST", f"/api/sessions/{session}/end", {}, teacher) == (200, {})
        assert a.call("POST", "/api/join", {"pin": pin, "name": "Late"})[0] == 404
    finally:
        a.close()
        b.close()


def test_several_processes_serve_one_address(postgres: Postgres, tmp_path: Path) -> None:
    server = ClassServer(tmp_path, "--db", postgres.url, "--processes", "2")
    try:
        children = subprocess.run(
            ["pgrep", "-P", str(server.process.pid)], capture_output=True, text=True
        ).stdout.split()
        assert len(children) == 1  # the first process and one more, on the one socket
        session, pin, teacher = lesson(server)
        stream = Stream(server, session, teacher)
        for k in range(8):  # each request on a connection of its own: the processes share them out
            token = join(server, pin, f"Q{k}")
            assert server.call("POST", "/api/work", work(0, "w", True, solution("1x5"), k), token)[1]["accepted"]
        assert len(stream.wait_for(16)) == 16
        stream.close()
    finally:
        server.close()
    # and the other process ends with the first (it was left running: uvicorn ends on SIGTERM by
    # raising it again, so the first never ran its own clean-up)
    for pid in map(int, children):
        gone(pid)


def gone(pid: int) -> None:
    """Wait until process ``pid`` has ended: on its pidfd, which becomes readable when it does (a
    minute at most: a guard, not a measure)."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return  # ended already
    try:
        readable, _, _ = select.select([fd], [], [], 60)
        assert readable, f"process {pid} is still running"
    finally:
        os.close(fd)


def test_a_server_killed_loses_nothing_it_acknowledged(postgres: Postgres, tmp_path: Path) -> None:
    server = ClassServer(tmp_path, "--db", postgres.url)
    try:
        session, pin, teacher = lesson(server, TWO)
        for k in range(3):
            token = join(server, pin, f"K{k}")
            assert server.call("POST", "/api/work", work(1, "s", True, solution("2x5~PP"), 5 + k), token)[1]["accepted"]
        acknowledged = server.call("GET", f"/api/sessions/{session}/results", token=teacher)
        server.kill()
    finally:
        server.close()
    again = ClassServer(tmp_path, "--db", postgres.url)
    try:
        assert again.call("GET", f"/api/sessions/{session}/results", token=teacher) == acknowledged
    finally:
        again.close()
