"""A new browser profile that has been to the site before: the tests' returning visitors.

A test that needs a browser profile of its own (a clock, a touch screen, a language, one device of
a class) mostly tests nothing of a first visit; yet a first visit's engine boots in full: it
unpacks the runtime, starts Python, imports the core and every game and keeps a snapshot, some 3.5
CPU-seconds.  A new profile given what that first visit keeps in Cache Storage (the engine's memory
snapshot and the unpacked copies of the packed files) boots its engine as on a return visit, some
1.5 CPU-seconds with the giving (docs/development.md).  Tests of a first visit, of the offline
cache, of an update, or of a browser without Cache Storage keep a plain new profile.

The snapshot is the shared page's (conftest.py's ``shared``, whose first boot kept it): handed
to the tests' HTTP server once (:func:`hand_over_snapshot`), which gives it back to each new
profile of the same site (:func:`give_kept`).  The unpacked copies are the site's own files.  Both
are stored with the engine's own functions (web/engine/kept.js), under the keys it looks for.
"""

from __future__ import annotations

import http.server
import threading
from typing import Any

from pento_build.serving import SiteHandler

KEPT = "/__kept__/"  # a blank page of the site, to store from; its snapshot at KEPT + "snapshot"

_snapshots: dict[int, bytes] = {}  # by the server's port
_lock = threading.Lock()


class KeptSiteHandler(SiteHandler):
    """The site as a host serves it, and at KEPT the tests' own: a blank page, and the snapshot
    handed over (PUT once by the shared page, then read by each returning profile)."""

    def end_headers(self) -> None:
        if self.path.startswith(KEPT):
            # no security policy: another site's blank page is this server's response under that
            # site's address (give_kept), and a policy's 'self' would be this server, not the site
            http.server.SimpleHTTPRequestHandler.end_headers(self)
        else:
            super().end_headers()

    def do_PUT(self) -> None:
        if self.path != KEPT + "snapshot":
            self.send_error(405)
            return
        body = self.rfile.read(int(self.headers["Content-Length"]))
        with _lock:
            _snapshots[self.server.server_address[1]] = body
        self.send_response(204)
        self.end_headers()

    def do_GET(self) -> None:
        if not self.path.startswith(KEPT):
            super().do_GET()
            return
        if self.path == KEPT:
            self._send(b"<!doctype html><meta charset=utf-8><title>kept</title>", "text/html")
            return
        with _lock:
            body = _snapshots.get(self.server.server_address[1])
        if self.path != KEPT + "snapshot" or body is None:
            self.send_error(404)
            return
        self._send(body, "application/octet-stream")

    def _send(self, body: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


# In a page of the site whose engine has kept its snapshot: hand it to the server.
_HAND_OVER = """async (base) => {
  const kept = await import(new URL("web/engine/kept.js", base).href);
  const stored = await kept.findSnapshot();
  if (!stored) return "no snapshot kept";
  const put = await fetch(new URL("__kept__/snapshot", base), { method: "PUT", body: stored });
  return put.ok ? "" : `HTTP ${put.status}`;
}"""

# In the blank page of a new profile: store the snapshot and the copies, as the engine does, and
# read them back as the engine will.
_GIVE = """async (base) => {
  const at = (file) => new URL(file, base).href;
  const { PACKED } = await import(at("web/config.js"));
  const kept = await import(at("web/engine/kept.js"));
  const snapshot = await fetch(at("__kept__/snapshot"));
  if (!snapshot.ok) return `no snapshot handed over (HTTP ${snapshot.status})`;
  if (!(await kept.keepSnapshot(new Uint8Array(await snapshot.arrayBuffer())))) return "the snapshot was not kept";
  for (const file of PACKED) {
    const unpacked = await fetch(at(file)); // a site that ships only the packed file cannot be given it
    if (!unpacked.ok) return `${file}: HTTP ${unpacked.status}`;
    await kept.keepCopy(at(file), unpacked);
  }
  if (!(await kept.findSnapshot())) return "no snapshot found";
  for (const file of PACKED) if (!(await kept.readCopy(at(file)))) return `no copy of ${file} found`;
  return "";
}"""


def hand_over_snapshot(page: Any, base_url: str) -> None:
    """Hand the snapshot ``page``'s engine kept to the tests' server of ``base_url``."""
    failed = page.evaluate(_HAND_OVER, base_url)
    assert not failed, failed


def give_kept(context: Any, base_url: str, site: str | None = None) -> None:
    """Give ``context``, a new profile, what a first visit to ``site`` (``base_url``, the tests'
    server, by default; else another server of the same build, such as the class server) kept,
    after :func:`hand_over_snapshot` to ``base_url``: its engine then boots from the snapshot, with
    no download.  Another site's blank page and snapshot come from ``base_url`` under the site's
    own address (the request, not its bytes, rerouted by the browser), so that the page may read
    them: its policy allows its own address only."""
    site = site or base_url
    page = context.new_page()
    if site != base_url:
        page.route(
            site + KEPT.lstrip("/") + "**", lambda route: route.continue_(url=base_url + route.request.url[len(site) :])
        )
    try:
        page.goto(site + KEPT.lstrip("/"))
        failed = page.evaluate(_GIVE, site)
        assert not failed, failed
    finally:
        page.close()
