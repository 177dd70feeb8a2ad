"""The class server's command line (``python3 -m pento_class``)."""

from __future__ import annotations

import argparse
import socket
import sys
import threading
import time
from pathlib import Path

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
    serve.add_argument("--db", metavar="URL", help="the database: sqlite:///FILE (default: DIR/pento-class.sqlite3)")
    serve.add_argument(
        "--keep-days",
        type=float,
        default=30.0,
        metavar="N",
        help="delete sessions N days after they started (default 30)",
    )
    serve.add_argument("--site", metavar="DIR", help="serve this built site instead of building dist/")
    return p


def database(url: str | None, data: Path) -> Path:
    """The SQLite file ``url`` names (None: ``data``'s), or exits saying what is not supported."""
    if url is None:
        return data / "pento-class.sqlite3"
    if url.startswith("sqlite:///"):
        return Path(url.removeprefix("sqlite:///"))
    if url.startswith(("postgresql://", "postgres://")):
        sys.exit("pento_class: PostgreSQL is not supported yet: use SQLite (the default)")
    sys.exit(f"pento_class: --db {url[:60]!r} is not a database address (sqlite:///FILE)")


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    import uvicorn

    from .app import create_app
    from .store import Store

    db = database(args.db, Path(args.data))  # before anything is built or opened
    if args.site:
        site = Path(args.site)
        if not (site / "index.html").exists():
            sys.exit(f"pento_class: {site} holds no built site (index.html)")
    else:
        import build

        site = build.build()
    store = Store(db)
    keep = args.keep_days * DAY

    def forget_old() -> None:  # the retention: sessions older than --keep-days, checked hourly
        while True:
            store.delete_before(time.time() - keep)
            time.sleep(3600)

    threading.Thread(target=forget_old, daemon=True).start()
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as e:
        sys.exit(f"pento_class: cannot listen on {args.host}:{args.port}: {e.strerror}")
    sock.listen(2048)  # connections wait in the queue from now on, while the server starts
    port = sock.getsockname()[1]
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"pento_class: serving http://{shown}:{port}/ (lessons kept in {store.path})", flush=True)
    config = uvicorn.Config(create_app(store, site), log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])
    store.close()
    return 0
