"""The class server (pento_class) as its tests run it: the real command in a process of its own, on
a data folder the test gives, serving the built site; and a small JSON client for its API."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import build
from pento_core import api


def built_site() -> Path:
    """dist/, built unless the test command has just built it."""
    if not os.environ.get("PENTO_BUILT"):
        build.build()
    return build.DIST


def free_port() -> int:
    """A port nothing listens on now (for a server restarted on the same address)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ClassServer:
    """``python -m pento_class serve --data DATA --port PORT`` running (any free port unless
    given); ``base`` its address."""

    def __init__(self, data: Path, *extra: str, port: int = 0) -> None:
        args = [sys.executable, "-m", "pento_class", "serve", "--data", str(data), "--port", str(port)]
        args += ["--site", str(built_site()), *extra]
        self.process = subprocess.Popen(args, cwd=build.ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()  # its first line names its address, once it listens
        if not line.startswith("pento_class: serving "):
            self.process.kill()
            raise RuntimeError(f"the class server did not start: {line}{self.process.stderr.read()}")  # type: ignore[union-attr]
        self.base = line.split()[2].rstrip("/")

    def kill(self) -> None:
        """SIGKILL: no shutdown, nothing flushed on the way out."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait()
        for pipe in (self.process.stdout, self.process.stderr):
            if pipe:
                pipe.close()

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None, raw: bytes | None = None
    ) -> tuple[int, Any]:
        """(status, the reply's JSON) of one request."""
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request) as reply:
                return reply.status, json.loads(reply.read() or b"null")
        except urllib.error.HTTPError as e:
            with e:
                return e.code, json.loads(e.read() or b"null")


def solution(desc: str) -> str:
    """A solved position of a cover puzzle, worked out by the core's own solver and moves."""
    found = api.handle({"id": 1, "cmd": "solve", "args": {"game": "cover", "desc": desc, "state": ""}})["result"]
    state = ""
    for move in found["moves"]:
        state = api.handle(
            {"id": 1, "cmd": "move", "args": {"game": "cover", "desc": desc, "state": state, "move": move}}
        )["result"]["state"]
    return str(state)


def lesson(server: ClassServer, link: str = "#cover:1x5:") -> tuple[str, str, str]:
    """(session, PIN, teacher's token) of a new session."""
    status, made = server.call("POST", "/api/sessions", {"assignment": link})
    assert status == 201, made
    assert set(made) == {"session", "pin", "teacher_token"}
    assert len(made["pin"]) == 6 and made["pin"].isdigit()
    return made["session"], made["pin"], made["teacher_token"]


def join(server: ClassServer, pin: str, name: str) -> str:
    status, joined = server.call("POST", "/api/join", {"pin": pin, "name": name})
    assert status == 200 and set(joined) == {"pupil_token"}, joined
    return str(joined["pupil_token"])


def work(item: int, event: str, solved: bool, state: str = "", tenths: int = 100, hints: int = 0) -> dict[str, Any]:
    return {
        "item": item,
        "event": event,
        "solved": solved,
        "tenths": tenths,
        "hints": hints,
        "solves": 0,
        "state": state,
    }


class Stream:
    """A teacher's live stream (``GET /api/sessions/ID/events``), its changes collected as they
    come by a thread of its own."""

    def __init__(self, server: ClassServer, session: str, token: str) -> None:
        host, port = server.base.removeprefix("http://").rsplit(":", 1)
        self.connection = http.client.HTTPConnection(host, int(port), timeout=60)  # a guard, not a measure
        self.connection.request("GET", f"/api/sessions/{session}/events", headers={"Authorization": f"Bearer {token}"})
        reply = self.connection.getresponse()
        assert reply.status == 200 and reply.getheader("Content-Type", "").startswith("text/event-stream")
        assert reply.readline().startswith(b":")  # the stream is open: what happens from now on is sent
        self.changes: list[dict[str, Any]] = []
        self.came = threading.Condition()

        def read() -> None:
            with contextlib.suppress(OSError, ValueError, AttributeError):  # AttributeError: closed meanwhile
                while line := reply.readline():
                    if line.startswith(b"data: "):
                        with self.came:
                            self.changes.append(json.loads(line[6:]))
                            self.came.notify_all()

        threading.Thread(target=read, daemon=True).start()

    def wait_for(self, n: int) -> list[dict[str, Any]]:
        """The first ``n`` changes, once they have come (waiting on the stream itself)."""
        with self.came:
            self.came.wait_for(lambda: len(self.changes) >= n, timeout=60)
            return self.changes[:n]

    def close(self) -> None:
        # the reading thread waits in a read: ending the socket ends that read, then the connection
        if self.connection.sock is not None:
            with contextlib.suppress(OSError):
                self.connection.sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()
