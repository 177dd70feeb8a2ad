"""Serving the site over HTTP as a host should: the right types, no caching of what a new build
replaces, and the security policies (the page's, and its worker's, which may compile WebAssembly)."""

from __future__ import annotations

import functools
import http.server
import os
import sys
from pathlib import Path

from .base import DIST

# The headers a host should send (docs/hosting.md lists them).  The page runs no WebAssembly, so its
# policy has no 'wasm-unsafe-eval'; the worker, which boots Pyodide, gets its own policy with it
# (a dedicated worker runs under the policy of its own script's response), and with blob:, which
# lets it import the runtime's JavaScript it has fetched packed and unpacked (web/engine/worker.js).
PAGE_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "worker-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'"
)
WORKER_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' blob:; connect-src 'self'; object-src 'none'"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site's files with the headers a host should send."""

    extensions_map = {  # noqa: RUF012 - the base class declares it this way
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
        ".json": "application/json",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        path = self.path.split("?", 1)[0]
        self.send_header("Content-Security-Policy", WORKER_CSP if path.endswith("/web/engine/worker.js") else PAGE_CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("PENTO_SERVE_LOG"):
            super().log_message(format, *args)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # A browser that drops a connection (a reload, a closed tab) is not an error worth a traceback.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(
    port: int, host: str = "127.0.0.1", directory: Path = DIST, handler: type[SiteHandler] = SiteHandler
) -> http.server.ThreadingHTTPServer:
    """An HTTP server for dist/ or a copy of it (port 0: any free port), on ``host`` only; ``handler``
    a subclass of :class:`SiteHandler` where something more is served (the tests' own requests)."""
    return _Server((host, port), functools.partial(handler, directory=str(directory)))
