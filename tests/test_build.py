"""build.py's command line and server: argparse, loopback by default, no traceback for a dropped client."""

from __future__ import annotations

import io
import json
import shutil
import socket
import subprocess
import sys
import threading
import urllib.request
from contextlib import redirect_stderr
from typing import Any

import pytest
from support.site import site_config

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
    for name in ("build.txt", "class.txt", "test.txt"):
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


def test_the_page_gets_its_python_packed_trimmed_and_as_bytecode_of_its_own() -> None:
    """Issue 47: build.py packs the page's Python with Pyodide's own (scripts/pack_python.mjs, run by
    Node).  The standard library keeps only what the page can import, every module as bytecode of
    one Python's (one magic number, not the host's), unchecked, as there is no source; the core comes
    once, as bytecode in place of its sources (not the wheel and its bytecode beside it).  Each of
    those, and the runtime, is fetched packed with xz: the .xz is the file, and the page, its offline
    cache and its loading bar know only the .xz (and the decoder the worker unpacks it with)."""
    import importlib.util
    import lzma
    import zipfile

    core, packed, assets, sizes = (site_config(n) for n in ("CORE", "PACKED", "ASSETS", "SIZES"))
    assert core in packed and "pyodide/python_stdlib.zip" in packed and "pyodide/pyodide.asm.wasm" in packed
    for f in packed:
        assert lzma.decompress((build.DIST / (f + ".xz")).read_bytes()) == (build.DIST / f).read_bytes(), f
        assert f + ".xz" in assets and f not in assets and f + ".xz" in sizes
    assert sorted(sizes) == sorted(f + ".xz" for f in packed)
    assert "web/vendor/unxz.wasm" in assets and "web/vendor/unxz-LICENSE.txt" in assets
    assert not list(build.DIST.rglob("*.gz"))  # nothing packed with gzip is left from older builds

    def header(data: bytes) -> tuple[bytes, int]:
        return data[:4], int.from_bytes(data[4:8], "little")

    with zipfile.ZipFile(build.original_stdlib()) as z:
        sources = {n for n in z.namelist() if n.endswith(".py")}
    with zipfile.ZipFile(build.DIST / "pyodide" / "python_stdlib.zip") as z:
        compiled = {n: header(z.read(n)) for n in z.namelist()}
    assert {n[:-1] for n in compiled} < sources  # bytecode only, of modules Pyodide ships
    assert len(compiled) < 0.6 * len(sources)  # trimmed (559 modules ship; some 290 are kept)
    assert {"json/__init__.pyc", "asyncio/__init__.pyc", "gettext.pyc"} < set(compiled)  # Pyodide's, the core's
    assert "unittest/__init__.pyc" not in compiled and "email/__init__.pyc" not in compiled
    magics = {magic for magic, _ in compiled.values()}
    assert len(magics) == 1 and magics != {importlib.util.MAGIC_NUMBER}  # Pyodide's Python, not this one
    assert {flags for _, flags in compiled.values()} == {0b01}  # by hash, unchecked: there is no source
    with zipfile.ZipFile(build.CACHE / "wheel" / core.replace(".zip", "-py3-none-any.whl")) as z:
        wheel = set(z.namelist())
    with zipfile.ZipFile(build.DIST / core) as z:
        page = {n: header(z.read(n)) for n in z.namelist()}
    modules = {n for n in wheel if n.endswith(".py")}
    # beside the core, the page's own module that imports it, and its dataclasses' methods compiled
    # (scripts/pento_page_boot.py)
    own = {"pento_page_boot.pyc", "pento_dataclass_code.marshal"}
    assert own <= set(page)
    core_pyc = {n[:-1] for n in page if n.endswith(".pyc")} - {"pento_page_boot.py"}
    assert core_pyc == modules  # each module's bytecode where its source was
    assert not [n for n in page if n.endswith((".py", ".po"))]  # and no source
    # the data files that only some puzzles read are left out of it, each shipped packed on its own
    # (fetched the first time one is read: tests/e2e/test_browser_pegs.py), and only the .xz is shipped
    from pento_core.resources import APART

    apart = site_config("APART")
    assert apart == [f"{core.removesuffix('.zip')}.data/{path}" for path in APART] and apart
    data = {f"pento_core/{path}" for path in APART}
    assert data <= wheel and not data & set(page)
    files = {n for n in wheel - modules - data if not n.endswith(".po")}
    assert {n for n in page if not n.endswith(".pyc")} - own == files
    with zipfile.ZipFile(build.CACHE / "wheel" / core.replace(".zip", "-py3-none-any.whl")) as z:
        for name, path in zip(apart, APART, strict=True):
            assert lzma.decompress((build.DIST / (name + ".xz")).read_bytes()) == z.read(f"pento_core/{path}")
            assert name + ".xz" in assets and name + ".xz" not in sizes and not (build.DIST / name).exists()
    assert {h for n, h in page.items() if n.endswith(".pyc")} == {(magics.pop(), 0b01)}
    # the core's docstrings are left out of its bytecode (nothing of the core reads them), its strings kept
    with zipfile.ZipFile(build.DIST / core) as z:
        compiled_resources = z.read("pento_core/resources.pyc")
    assert b"The core's data files, some of which a host may ship apart" not in compiled_resources
    assert b"This puzzle needs a file that has not been downloaded yet." in compiled_resources


def _node_json(script: str) -> Any:
    """The JSON line a script of tests/support/ prints when Node runs it on dist/ (its last line)."""
    node = shutil.which("node")
    assert node, "the tests need Node (build.py test installs it)"
    path = build.ROOT / "tests" / "support" / script
    done = subprocess.run([node, str(path), str(build.DIST)], capture_output=True, text=True, cwd=build.ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_engines_unpacker_gives_back_every_packed_file_and_refuses_a_broken_one() -> None:
    """web/engine/unxz.js, on the files as build.py packed them with xz: each unpacked (fed in odd
    chunks, as a network hands them over) is that file to the byte; a download cut short, damaged
    or not xz at all fails with a message instead of reaching Python."""
    packed = site_config("PACKED")
    seen = _node_json("unxz_check.mjs")
    assert seen["files"] == dict.fromkeys(packed, True)
    assert seen["refused"] == {
        "cut": "the download is not whole: it stops before its end",
        "damaged": "the download is not whole: damaged data",
        "foreign": "the download is not whole: not xz",
        "empty": "the download is not whole: it stops before its end",
    }


def test_every_game_plays_on_the_python_the_page_gets() -> None:
    """Issue 47: the trimmed standard library holds every module the page imports.  In Pyodide (run by
    Node) on exactly the page's standard library and core: every module of the core imports, and the
    API's tour (tests/support/api_tour.py: every command of every game, in the three languages) gets
    no internal error, which is what a module left out gives."""

    from pento_core import registry

    site_config("CORE")  # built
    seen = _node_json("page_python.mjs")
    assert seen["modules"] == []
    # every dataclass of the core found its methods compiled by the build (scripts/pento_page_boot.py)
    assert seen["dataclasses"]["compiled"] == 0 and seen["dataclasses"]["precompiled"] >= 90, seen["dataclasses"]
    assert seen["tour"]["internal"] == []
    played = seen["tour"]["games"]
    assert {game: played.get(game, 0) >= 20 for game in registry.GAMES} == dict.fromkeys(registry.GAMES, True), played


def test_a_scorm_package_is_titled_by_what_it_launches() -> None:
    """Issue 46: every package was titled "Pento" on the school's platform."""
    assert build.scorm_title("#assign:ABC123:h%0AAna:Fractions%3A%20week%202:cover:6x10") == "Fractions: week 2"
    assert build.scorm_title("#cover:6x10:") == "Pento: Pentomino cover"
    assert build.scorm_title("#daily:2026-11-26:pegs:english") == "Pento: Peg solitaire"
    assert build.scorm_title("#assign:ABC123:-::cover:6x10") == "Pento"
    assert build.scorm_title("") == "Pento"
