"""Benchmark: the class server under a school's load (issue 48): ten classes of 30 pupils at once.

Starts ``python -m pento_class serve`` on a fresh SQLite folder, starts ten sessions (each its
teacher's live stream open), lets 300 pupils join and send their work as a lesson does (progress,
a hint, a solution checked by the core: five pieces each, at random moments over the run), and
times each piece from the moment it is sent to the moment the teacher's board has read it back
(its stream says what changed, the board reads the results again, as web/screens/board.js does).
Prints p50/p95/p99 and the worst, the requests refused or failed, and the same figures for the
HTTP replies alone (``accepted`` or not) as a baseline measured in the same run.
The issue's target: every result on the teacher's board within 1 s at p95, no error.

With ``--postgres N``: on a PostgreSQL of its own (Debian's server programs, as the tests start
it: tests/support/postgres.py) and N server processes on the one address, the board's changes
going through PostgreSQL's LISTEN/NOTIFY.

Usage: ``python3 bench/bench_class.py [--classes 10] [--pupils 30] [--seconds 20] [--postgres N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from support.class_server import ClassServer  # noqa: E402

from pento_core import api  # noqa: E402

LINK = "#assign:ABC123:h:Bench:cover:1x5:cover:2x5~PP"


def solved(desc: str) -> str:
    found = api.handle({"id": 1, "cmd": "solve", "args": {"game": "cover", "desc": desc, "state": ""}})["result"]
    state = ""
    for move in found["moves"]:
        args = {"game": "cover", "desc": desc, "state": state, "move": move}
        reply = api.handle({"id": 1, "cmd": "move", "args": args})
        state = reply["result"]["state"]
    return str(state)


class Http:
    """One keep-alive HTTP/1.1 connection (as a pupil's page keeps one)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def call(self, method: str, path: str, body: Any = None, token: str = "") -> tuple[int, Any]:
        try:
            return await self._call(method, path, body, token)
        except (ConnectionError, IndexError):  # the server closed an idle connection: a new one, as a browser does
            await self.close()
            self.writer = None
            return await self._call(method, path, body, token)

    async def _call(self, method: str, path: str, body: Any, token: str) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = json.dumps(body).encode() if body is not None else b""
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Type: application/json\r\n"
        head += f"Content-Length: {len(data)}\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        await self.writer.drain()
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        payload = await self.reader.readexactly(length)
        return status, json.loads(payload) if payload else None

    async def close(self) -> None:
        if self.writer:
            self.writer.close()


async def follow(host: str, port: int, made: dict[str, Any], drawn: dict[str, float], ready: asyncio.Event) -> None:
    """A teacher's board as the page runs it (web/screens/board.js): the session's stream, and at
    each change the results read again (one reading at a time: the changes that come meanwhile are
    drawn by the next).  A piece of work is on the board when a reading that began after it arrived
    has come back: its time is kept in ``drawn`` by its mark."""
    reader, writer = await asyncio.open_connection(host, port)
    request = f"GET /api/sessions/{made['session']}/events HTTP/1.1\r\nHost: {host}\r\n"
    request += f"Authorization: Bearer {made['teacher_token']}\r\n\r\n"
    writer.write(request.encode())
    await writer.drain()
    while (await reader.readline()) not in (b"\r\n", b""):
        pass  # the headers
    ready.set()
    waiting: list[str] = []
    wake = asyncio.Event()
    board = Http(host, port)

    async def draw() -> None:
        while True:
            await wake.wait()
            wake.clear()
            marks = waiting[:]
            waiting.clear()
            status, _ = await board.call("GET", f"/api/sessions/{made['session']}/results", token=made["teacher_token"])
            assert status == 200
            now = time.perf_counter()
            for mark in marks:
                drawn[mark] = now

    drawing = asyncio.create_task(draw())
    try:
        while line := await reader.readline():
            if b"data: " in line:
                change = json.loads(line.split(b"data: ", 1)[1])
                if change.get("type") == "work":
                    waiting.append(f"{change['name']}|{change['tenths']}")
                    wake.set()
    finally:
        drawing.cancel()
        writer.close()
        await board.close()


async def lesson(base: str, classes: int, pupils: int, seconds: float) -> None:
    host, port = base.removeprefix("http://").rsplit(":", 1)
    states = [solved("1x5"), solved("2x5~PP")]
    drawn: dict[str, float] = {}
    sent: dict[str, float] = {}
    replies: list[float] = []
    errors: list[str] = []
    streams = []
    sessions = []
    setup = Http(host, int(port))
    for _ in range(classes):
        status, made = await setup.call("POST", "/api/sessions", {"assignment": LINK})
        assert status == 201, made
        ready = asyncio.Event()
        streams.append(asyncio.create_task(follow(host, int(port), made, drawn, ready)))
        await ready.wait()
        sessions.append(made)
    await setup.close()

    async def pupil(k: int, made: dict[str, Any]) -> None:
        http = Http(host, int(port))
        name = f"P{k:03d}"
        status, joined = await http.call("POST", "/api/join", {"pin": made["pin"], "name": name})
        if status != 200:
            errors.append(f"join {status}")
            return
        token = joined["pupil_token"]
        # (item, solved, hints, state): progress, the strip solved, progress, a hint, the 2 x 5 solved
        plan = [(0, False, 0, ""), (0, True, 0, states[0]), (1, False, 0, "")]
        plan += [(1, False, 1, ""), (1, True, 1, states[1])]
        moments = sorted(random.uniform(0, seconds) for _ in plan)
        start = time.perf_counter()
        for n, ((item, done, hints, state), at) in enumerate(zip(plan, moments, strict=True)):
            await asyncio.sleep(max(0.0, start + at - time.perf_counter()))
            tenths = 10 * (n + 1) + k * 100  # unique per pupil and piece: the mark on the stream
            work = {"item": item, "event": f"{name}-{n}", "solved": done, "tenths": tenths, "hints": hints, "solves": 0}
            t0 = time.perf_counter()
            sent[f"{name}|{tenths}"] = t0
            try:
                status, reply = await http.call("POST", "/api/work", {**work, "state": state}, token)
            except OSError as e:
                errors.append(f"work: {e}")
                continue
            replies.append(time.perf_counter() - t0)
            if status != 200 or not reply["accepted"]:
                errors.append(f"work {status} {reply}")
        await http.close()

    started = time.perf_counter()
    await asyncio.gather(*(pupil(c * pupils + i, made) for c, made in enumerate(sessions) for i in range(pupils)))
    deadline = time.perf_counter() + 10
    while len(drawn) < len(sent) and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    for task in streams:
        task.cancel()
    took = time.perf_counter() - started
    board = [drawn[m] - sent[m] for m in sent if m in drawn]
    missing = len(sent) - len(board)

    def line(label: str, values: list[float]) -> str:
        q = statistics.quantiles(values, n=100) if len(values) > 1 else values * 99
        return (
            f"{label:28s} p50 {1000 * q[49]:7.1f} ms   p95 {1000 * q[94]:7.1f} ms   p99 {1000 * q[98]:7.1f} ms"
            f"   worst {1000 * max(values):7.1f} ms   n={len(values)}"
        )

    rate = len(sent) / took
    print(f"{classes} classes x {pupils} pupils, {len(sent)} pieces of work over {took:.1f} s ({rate:.0f}/s)")
    print(line("sent -> on the teacher's board", board))
    print(line("sent -> HTTP reply (baseline)", replies))
    print(f"errors: {len(errors)}{'  ' + '; '.join(errors[:5]) if errors else ''}   never on the board: {missing}")
    print("target: p95 on the board within 1000 ms, no error")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the pupils' work is spread over")
    parser.add_argument("--postgres", type=int, default=0, metavar="N", help="PostgreSQL and N server processes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, contextlib.ExitStack() as stack:
        extra: list[str] = []
        if args.postgres:
            from support.postgres import Postgres

            postgres = Postgres()
            stack.callback(postgres.close)
            extra = ["--db", postgres.url, "--processes", str(args.postgres)]
            print(f"PostgreSQL, {args.postgres} server processes")
        else:
            print("SQLite, one server process")
        server = ClassServer(Path(data), *extra)
        try:
            asyncio.run(lesson(server.base, args.classes, args.pupils, args.seconds))
        finally:
            server.close()


if __name__ == "__main__":
    main()
