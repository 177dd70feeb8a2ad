"""build.py's command line and server: argparse, loopback by default, no traceback for a dropped client."""

from __future__ import annotations

import io
import socket
import subprocess
import sys
import threading
import urllib.request
from contextlib import redirect_stderr

import pytest

import build


def test_help_exits_0_and_names_the_commands() -> None:
    out = subprocess.run([sys.executable, "build.py", "--help"], cwd=build.ROOT, capture_output=True, text=True)
    assert out.returncode == 0
    for word in ("serve", "test", "build"):
        assert word in out.stdout


@pytest.mark.parametrize(
    ("argv", "port", "host"),
    [
        (["serve"], 8000, "127.0.0.1"),
        (["serve", "--port", "8125"], 8125, "127.0.0.1"),
        (["serve", "--port=8125"], 8125, "127.0.0.1"),
        (["serve", "--host", "0.0.0.0", "--port", "0"], 0, "0.0.0.0"),
    ],
)
def test_serve_arguments(argv: list[str], port: int, host: str) -> None:
    args = build.parse_args(argv)
    assert (args.command, args.port, args.host) == ("serve", port, host)


@pytest.mark.parametrize(
    "argv", [["serve", "--port"], ["serve", "--port", "x"], ["serve", "--port", "70000"], ["bogus"]]
)
def test_bad_arguments_exit_2_with_a_message(argv: list[str]) -> None:
    err = io.StringIO()
    with redirect_stderr(err), pytest.raises(SystemExit) as e:
        build.parse_args(argv)
    assert e.value.code == 2 and "usage:" in err.getvalue() and "Traceback" not in err.getvalue()


def test_test_command_passes_pytest_arguments_on() -> None:
    assert build.parse_args(["test", "-k", "cover", "-x"]).pytest_args == ["-k", "cover", "-x"]


def test_the_server_listens_on_loopback_and_ignores_dropped_connections() -> None:
    server = build.make_server(0)
    assert server.server_address[0] == "127.0.0.1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    port = server.server_address[1]
    try:
        err = io.StringIO()
        with redirect_stderr(err):
            # a client that asks for a large file and hangs up at once
            for _ in range(5):
                s = socket.create_connection(("127.0.0.1", port))
                s.sendall(b"GET /pyodide/pyodide.asm.wasm HTTP/1.1\r\nHost: x\r\n\r\n")
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                s.close()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html") as r:
                assert r.status == 200
        assert "Traceback" not in err.getvalue()
    finally:
        server.shutdown()
        server.server_close()


def test_the_lock_pins_every_package() -> None:
    for name in ("build.txt", "test.txt"):
        for line in (build.ROOT / "requirements" / name).read_text().splitlines():
            line = line.strip()
            if line and not line.startswith(("#", "-r")):
                assert "==" in line, f"{name}: {line} is not pinned"


def test_the_server_sends_the_page_and_the_worker_their_own_policies() -> None:
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html") as r:
            page = r.headers["Content-Security-Policy"]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/web/engine/worker.js") as r:
            worker = r.headers["Content-Security-Policy"]
            assert r.headers["X-Content-Type-Options"] == "nosniff"
        assert "wasm-unsafe-eval" not in page and "unsafe-inline" not in page and "unsafe-eval" not in page
        assert "'wasm-unsafe-eval'" in worker and "'unsafe-eval'" not in worker
    finally:
        server.shutdown()
        server.server_close()


def test_the_page_imports_bytecode_made_by_its_own_python() -> None:
    """build.py compiles the standard library and the core with Pyodide's Python (run by Node), so
    the page's engine imports without compiling (bench_browser: the bare boot in 0.4 of the time).
    Every module has its bytecode, all of one Python's (one magic number, not the host's), the
    standard library's unchecked, the core's checked against its sources' hash, so a stale file is
    never used; the page's configuration names the core's file, and the offline cache holds it."""
    import importlib.util
    import json
    import os
    import re
    import zipfile

    if not os.environ.get("PENTO_BUILT"):
        build.build()
    config = (build.DIST / "web" / "config.js").read_text()
    name = json.loads(re.search(r"BYTECODE = (.*);", config).group(1))  # type: ignore[union-attr]
    wheel = json.loads(re.search(r"WHEEL = (.*);", config).group(1))  # type: ignore[union-attr]
    assert name == wheel.replace(".whl", ".bytecode.zip")
    assert name in json.loads(re.search(r"ASSETS = (.*);", config).group(1))  # type: ignore[union-attr]
    assert name in json.loads(re.search(r"SIZES = (.*);", config).group(1))  # type: ignore[union-attr]

    def header(data: bytes) -> tuple[bytes, int]:
        return data[:4], int.from_bytes(data[4:8], "little")

    with zipfile.ZipFile(build.original_stdlib()) as z:
        sources = {n for n in z.namelist() if n.endswith(".py")}
    with zipfile.ZipFile(build.DIST / "pyodide" / "python_stdlib.zip") as z:
        compiled = {n: header(z.read(n)) for n in z.namelist() if n.endswith(".pyc")}
        assert not [n for n in z.namelist() if n.endswith(".py")]
    assert {n[:-1] for n in compiled} == sources
    magics = {magic for magic, _ in compiled.values()}
    assert len(magics) == 1 and magics != {importlib.util.MAGIC_NUMBER}  # Pyodide's Python, not this one
    assert {flags for _, flags in compiled.values()} == {0b01}  # by hash, unchecked: there is no source
    with zipfile.ZipFile(build.DIST / wheel) as z:
        modules = {n for n in z.namelist() if n.endswith(".py")}
    with zipfile.ZipFile(build.DIST / name) as z:
        core = {n: header(z.read(n)) for n in z.namelist()}
    tag = re.compile(r"(.*)/__pycache__/([^/.]+)\.cpython-3\d+\.pyc")
    assert {"{}/{}.py".format(*tag.fullmatch(n).groups()) for n in core} == modules  # type: ignore[union-attr]
    assert {h for h in core.values()} == {(magics.pop(), 0b11)}  # by hash, checked against the source


def test_a_scorm_package_is_titled_by_what_it_launches() -> None:
    """Issue 46: every package was titled "Pento" on the school's platform."""
    assert build.scorm_title("#assign:ABC123:h%0AAna:Fractions%3A%20week%202:cover:6x10") == "Fractions: week 2"
    assert build.scorm_title("#cover:6x10:") == "Pento: Pentomino cover"
    assert build.scorm_title("#daily:2026-11-26:pegs:english") == "Pento: Peg solitaire"
    assert build.scorm_title("#assign:ABC123:-::cover:6x10") == "Pento"
    assert build.scorm_title("") == "Pento"
