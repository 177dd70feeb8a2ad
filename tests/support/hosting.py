"""A host that counts what it sends: the site (dist/) over HTTP, every byte and every whole response
(200) per path, optionally gzipped and paced to a link's speed.  For the tests that check nothing
is downloaded twice, and for bench/bench_wire.py."""

from __future__ import annotations

import collections
import functools
import gzip
import io
import threading
import time
from pathlib import Path
from typing import Any

import build

# what a compressing host compresses (by the response's type)
COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "application/wasm", "image/svg")


class Host:
    """dist/ served over HTTP, every byte sent counted per path; optionally gzipped, optionally
    paced to ``mbit`` megabits a second (all connections together) with ``latency`` a request."""

    def __init__(self, gzip_it: bool = False, mbit: float | None = None, latency: float = 0.0) -> None:
        self.sent: collections.Counter[str] = collections.Counter()
        self.requests: collections.Counter[str] = collections.Counter()
        self.bodies: collections.Counter[str] = collections.Counter()  # requests answered in full (200)
        self.lock = threading.Lock()
        self.rate = None if mbit is None else mbit * 1e6 / 8
        self.clock = time.monotonic()
        host = self
        server = build.make_server(0)
        base: Any = server.RequestHandlerClass.func  # type: ignore[attr-defined]
        directory = server.RequestHandlerClass.keywords["directory"]  # type: ignore[attr-defined]

        class Counted(base):  # type: ignore[misc, valid-type]
            def setup(self) -> None:
                super().setup()
                self.wfile = _Meter(self.wfile, host, lambda: self.path.split("?", 1)[0])

            def send_response(self, code: int, message: str | None = None) -> None:
                if code == 200:
                    host.bodies[self.path.split("?", 1)[0]] += 1
                super().send_response(code, message)

            def send_head(self) -> Any:
                if latency:
                    time.sleep(latency)
                host.requests[self.path.split("?", 1)[0]] += 1
                if not gzip_it or "gzip" not in self.headers.get("Accept-Encoding", ""):
                    return super().send_head()
                path = Path(self.translate_path(self.path))
                if path.is_dir():
                    path = path / "index.html"
                ctype = self.guess_type(str(path))
                if not path.is_file() or not ctype.startswith(COMPRESSED_TYPES):
                    return super().send_head()
                if self.headers.get("If-Modified-Since") == self.date_time_string(int(path.stat().st_mtime)):
                    self.send_response(304)  # as a real host revalidates: the body the browser has is fresh
                    self.end_headers()
                    return None
                body = gzip.compress(path.read_bytes(), 6, mtime=0)
                self.send_response(200)
                self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                return io.BytesIO(body)

        server.RequestHandlerClass = functools.partial(Counted, directory=directory)  # type: ignore[assignment]
        self.server = server
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{server.server_address[1]}/"

    def pace(self, n: int) -> None:
        """Hold the sender until ``n`` more bytes fit the link's rate."""
        if self.rate is None:
            return
        with self.lock:
            self.clock = max(self.clock, time.monotonic()) + n / self.rate
            wait = self.clock - time.monotonic()
        if wait > 0:
            time.sleep(wait)

    def close(self) -> None:
        self.server.shutdown()


class _Meter(io.RawIOBase):
    """The handler's output, counted (and paced) per request path."""

    def __init__(self, out: Any, host: Host, path: Any) -> None:
        self.out, self.host, self.path = out, host, path

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        view = memoryview(data)
        for i in range(0, len(view), 64 * 1024):
            chunk = view[i : i + 64 * 1024]
            self.host.pace(len(chunk))
            self.out.write(chunk)
            with self.host.lock:
                self.host.sent[self.path()] += len(chunk)
        return len(view)

    def flush(self) -> None:
        self.out.flush()
