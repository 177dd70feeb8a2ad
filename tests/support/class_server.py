"""The class server (pento_class) as its tests run it: the real command in a process of its own, on
a data folder the test gives, serving the built site; and a small JSON client for its API."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import build


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
