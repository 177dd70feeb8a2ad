"""The class server's command line (``python3 -m pento_class``)."""

from __future__ import annotations

import argparse
import os
import signal
import socket
import sys
import threading
import time
from pathlib import Path

from .store import is_address

DAY = 24 * 3600.0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python3 -m pento_class", description="Pento's class server: a live lesson.")
    sub = p.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="serve the site and the class API")
    serve.add_argument("--data", required=True, metavar="DIR", help="where the lessons are kept (SQLite)")
    serve.add_argument("--port", type=int, default=8000, metavar="P", help="the port (default 8000; 0: any free one)")
    serve.add_argument(
        "--host", default="127.0.0.1", metavar="H", help="the address (default 127.0.0.1; 0.0.0.0: every one)"
    )
    serve.add_argument(
        "--db",
        metavar="URL",
        help="the database: sqlite:///FILE (default: DIR/pento-class.sqlite3) or postgresql://USER@HOST:PORT/NAME",
    )
    serve.add_argument(
        "--processes", type=int, default=1, metavar="N", help="server processes on the one address (PostgreSQL only)"
    )
    serve.add_argument(
        "--keep-days",
        type=float,
        default=30.0,
        metavar="N",
        help="delete sessions N days after they started (default 30)",
    )
    serve.add_argument("--site", metavar="DIR", help="serve this built site instead of building dist/")
    return p


def _end_with(parent: int) -> None:
    """End this process (as SIGTERM does: gracefully) once ``parent`` is no longer its parent."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os.kill(os.getpid(), signal.SIGTERM)


def database(url: str | None, data: Path) -> str:
    """The database's address: ``url``, or the SQLite file in ``data``; exits on anything else."""
    if url is None:
        return "sqlite:///" + str(data / "pento-class.sqlite3")
    if is_address(url):
        return url
    sys.exit(f"pento_class: --db {url[:60]!r} is not a database address (sqlite:///FILE or postgresql://...)")


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    import uvicorn

    from .app import create_app
    from .store import open_store, without_password

    db = database(args.db, Path(args.data))  # before anything is built or opened
    if args.processes < 1 or args.processes > 64:
        sys.exit("pento_class: --processes is between 1 and 64")
    if args.processes > 1 and db.startswith("sqlite:"):
        sys.exit(
            "pento_class: several processes need PostgreSQL (--db postgresql://...):"
            " with SQLite, the live board is one process's"
        )
    if args.site:
        site = Path(args.site)
        if not (site / "index.html").exists():
            sys.exit(f"pento_class: {site} holds no built site (index.html)")
    else:
        import build

        site = build.build()
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as e:
        sys.exit(f"pento_class: cannot listen on {args.host}:{args.port}: {e.strerror}")
    sock.listen(2048)  # connections wait in the queue from now on, while the server starts
    port = sock.getsockname()[1]
    # Several processes: forked now, before any thread or connection, each serving the one socket
    # with a database connection of its own; the first keeps the retention and ends the others.
    children: list[int] = []
    for _ in range(args.processes - 1):
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:
            children = []
            # a process of a server that has gone ends too, however the first ended (uvicorn ends on
            # SIGTERM by raising it again once shut down: no finally of the first's runs then)
            threading.Thread(target=_end_with, args=(parent,), daemon=True).start()
            break
        children.append(pid)
    first = bool(children) or args.processes == 1
    try:
        store = open_store(db)
    except Exception as e:  # the database refused: say which and why, no traceback
        sys.exit(f"pento_class: cannot open the database {without_password(db)[:80]}: {e}")
    if first:
        keep = args.keep_days * DAY

        def forget_old() -> None:  # the retention: sessions older than --keep-days, checked hourly
            while True:
                store.delete_before(time.time() - keep)
                time.sleep(3600)

        threading.Thread(target=forget_old, daemon=True).start()
        shown = f"[{args.host}]" if ":" in args.host else args.host
        many = f", {args.processes} processes" if args.processes > 1 else ""
        print(f"pento_class: serving http://{shown}:{port}/ (lessons kept in {store.where}{many})", flush=True)
    # a teacher's open stream ends a stop within a second, not at its next keep-alive (15 s)
    app = create_app(store, site)
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=1)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        for pid in children:
            os.kill(pid, signal.SIGTERM)
        store.close()
    return 0
