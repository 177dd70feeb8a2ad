"""Benchmark: what a first visit downloads, counted by the host, file by file (issue 47).

A new browser profile opens a link to a 6 x 10 cover and is left until the page's service worker
has cached the site for offline play.  The host counts every byte it sends, per file:

* a plain static host (Python's http.server: nothing compressed), the profile kept on disk;
* the same host, a guest profile (incognito: what a shared school computer often runs);
* a host that gzips what it sends where the browser accepts it, the profile on disk.

Then the first puzzle playable (page load to the board drawn) with the host's link paced to 8 and
to 20 Mbit/s (40 ms a request), a new profile each, the median of five; a return visit on that
link at 8 Mbit/s (the engine ready, and what the host was asked, once the first visit's service
worker and engine snapshot are kept), the median of three; and the SCORM package's size.  The targets of
issue 47: under 6 MB on the wire from any host, nothing fetched twice, playable within 6 s at
8 Mbit/s, a SCORM package of at most 8 MB.

Usage: ``python3 bench/bench_wire.py``.  Uses the same Chromium as the tests (build.find_chromium()).
"""

from __future__ import annotations

import contextlib
import statistics
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from support.hosting import Host  # noqa: E402

import build  # noqa: E402

LINK = "#cover:6x10:"
RUNS = 5  # first visits at each speed


def offline_ready(page: Any) -> None:
    """Wait until the service worker has cached every file of the build (its install is done)."""
    from support.browser import wait_until  # type: ignore[import-not-found]

    wait_until(
        page,
        "navigator.serviceWorker.ready.then(r => !!r.active)"
        ".then(ok => ok && caches.keys()).then(ks => ks && ks.some(k => k.startsWith('pento-')))",
        timeout=180,
    )


def first_visit(p: Any, exe: str | None, host: Host, guest: bool) -> Host:
    options: dict[str, Any] = {"args": build_args(), **({"executable_path": exe} if exe else {})}
    if guest:
        browser = p.chromium.launch(**options)
        ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    else:
        profile = tempfile.mkdtemp(prefix="pento-profile-")
        ctx = p.chromium.launch_persistent_context(profile, viewport={"width": 1280, "height": 860}, **options)
        browser = None
    page = ctx.new_page()
    page.goto(host.base + LINK)
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=180_000)
    offline_ready(page)
    ctx.close()
    if browser:
        browser.close()
    return host


def build_args() -> list[str]:
    from support.browser import CHROMIUM_ARGS  # type: ignore[import-not-found]

    return list(CHROMIUM_ARGS)


@contextlib.contextmanager
def phone(p: Any, exe: str | None, mbit: float) -> Iterator[tuple[Host, Any]]:
    """A new browser's phone page and a host paced to ``mbit`` (40 ms a request), closed after."""
    host = Host(mbit=mbit, latency=0.04)
    browser = p.chromium.launch(args=build_args(), **({"executable_path": exe} if exe else {}))
    try:
        yield (
            host,
            browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page(),
        )
    finally:
        browser.close()
        host.close()


def playable(p: Any, exe: str | None, mbit: float) -> float:
    """Seconds from a new profile's page load to the 6 x 10 drawn, the host paced to ``mbit``."""
    from support.browser import wait_until  # type: ignore[import-not-found]

    with phone(p, exe, mbit) as (host, page):
        page.goto(host.base + "?nosw" + LINK)
        wait_until(page, "performance.getEntriesByName('pento-board').length > 0", timeout=300)
        return float(page.evaluate("performance.getEntriesByName('pento-board')[0].startTime")) / 1000


def return_visit(p: Any, exe: str | None, mbit: float) -> tuple[float, int, int]:
    """A phone's return visit, the host paced to ``mbit``: seconds from the page load to the engine
    ready, and the requests and bytes the host had for it.  The first visit (not timed) is left
    until its service worker has the site and its engine has kept its snapshot."""
    from support.browser import wait_until  # type: ignore[import-not-found]

    with phone(p, exe, mbit) as (host, page):
        page.goto(host.base + LINK)
        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=300_000)
        offline_ready(page)
        wait_until(page, "navigator.serviceWorker.controller !== null", timeout=60)
        wait_until(page, "window.pento.engine().kept", timeout=60)
        asked, sent = sum(host.requests.values()), sum(host.sent.values())
        page.reload()
        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=300_000)
        assert page.evaluate("window.pento.engine().boot.restored"), "the return visit did not restore the snapshot"
        ready = float(page.evaluate("performance.getEntriesByName('pento-core-ready')[0].startTime")) / 1000
        return ready, sum(host.requests.values()) - asked, sum(host.sent.values()) - sent


def report(name: str, host: Host) -> None:
    total = sum(host.sent.values())
    twice = sorted(path for path, n in host.bodies.items() if n > 1)
    print(
        f"\n{name}: {total / 1e6:.1f} MB on the wire, {sum(host.requests.values())} requests,"
        f" {sum(host.requests.values()) - sum(host.bodies.values())} of them answered 'not modified'"
    )
    for path, n in host.sent.most_common(10):
        again = f"  (sent whole {host.bodies[path]} times)" if host.bodies[path] > 1 else ""
        print(f"  {n / 1e6:7.2f} MB  {path}{again}")
    print(f"  files sent whole more than once: {len(twice)}")


def main() -> None:
    from playwright.sync_api import sync_playwright

    build.build()
    exe = build.find_chromium()
    with sync_playwright() as p:
        for name, gzip_it, guest in (
            ("plain host, profile on disk", False, False),
            ("plain host, guest profile", False, True),
            ("gzipping host, profile on disk", True, False),
        ):
            host = Host(gzip_it=gzip_it)
            try:
                report(name, first_visit(p, exe, host, guest))
            finally:
                host.close()
        print()
        # one first visit varies by some 0.3 s here from one run to the next: the median of RUNS
        for mbit in (8, 20):
            times = sorted(playable(p, exe, mbit) for _ in range(RUNS))
            each = ", ".join(f"{t:.2f}" for t in times)
            print(
                f"first puzzle playable at {mbit} Mbit/s (a phone, 40 ms a request):"
                f" median {statistics.median(times):.2f} s of {RUNS} ({each})"
            )
        visits = sorted(return_visit(p, exe, 8) for _ in range(3))
        ready, asked, sent = visits[1]
        print(
            f"a return visit at 8 Mbit/s (a phone, 40 ms a request): the engine ready after a median"
            f" {ready:.2f} s of 3 ({', '.join(f'{v[0]:.2f}' for v in visits)}); that visit asked the host"
            f" {asked} times for {sent / 1e3:.0f} kB"
        )
    package = build.scorm(None)
    print(f"SCORM package: {package.stat().st_size / 1e6:.1f} MB (target: at most 8 MB)")


if __name__ == "__main__":
    main()
