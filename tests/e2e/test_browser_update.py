"""A new version published while the page is open: the page says so, a reload switches to it,
and the game in progress and its link survive the update."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Any

from support.browser import Console, drag_piece, open_ready, session, wait_until
from support.kept import SNAPSHOT_SIZES, SNAPSHOTS
from support.site import site_config

import build


def test_a_new_version_is_announced_and_the_game_survives_it(context: Any, page: Any, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(build.DIST, site)
    server = build.make_server(0, directory=site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        open_ready(page, base + "#cover:6x10:")
        wait_until(page, "navigator.serviceWorker.controller !== null || (location.reload(), false)", timeout=60)
        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
        wait_until(page, "window.pento.layout() !== null", timeout=60)
        drag_piece(page, "X", 1, 1)
        wait_until(page, "window.pento.session().state !== ''")
        before = session(page)
        assert page.locator("#notice").is_hidden()

        # the engine kept its snapshot of this build (the first boot on this host is a full one)
        # packed and stored once the engine had nothing to do, not the moment it was ready, when the
        # link's puzzle was asked for: that request was answered first
        assert wait_until(page, "window.pento.engine().kept")["after"] >= 1
        this_build = build_id(site)
        assert page.evaluate(SNAPSHOTS) == [f"engine-snapshot-{this_build}"]

        # the teacher's host gets a new build: the service worker's file and the page's
        # configuration change with its build id
        worker = site / "sw.js"
        text = worker.read_text()
        assert text.count('const BUILD = "') == 1
        worker.write_text(text.replace('const BUILD = "', 'const BUILD = "next-', 1))
        config = site / "web" / "config.js"
        config.write_text(config.read_text().replace('export const BUILD = "', 'export const BUILD = "next-', 1))
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")  # as the page checks
        page.wait_for_selector("#notice:not([hidden])", timeout=60_000)
        announced = page.locator("#notice-text").text_content()
        assert announced == "A new version of Pento is ready. Your games and links are kept."
        page.locator("#notice-action").click()  # Reload

        wait_until(page, "window.pento && window.pento.session() && window.pento.layout() !== null", timeout=90)
        after = session(page)
        assert (after["game"], after["desc"], after["state"]) == (before["game"], before["desc"], before["state"])
        assert sorted(page.evaluate("caches.keys()")) == ["pento-next-" + this_build, "pento.runtime"]
        # the new build's engine booted in full (another build's snapshot is never restored, nor its
        # unpacked runtime) and its snapshot and unpacked files replaced the old ones
        assert page.evaluate("window.pento.engine().boot.restored") is False
        assert page.evaluate("window.pento.engine().boot.copies") == 0
        wait_until(page, f"{SNAPSHOTS}.then(k => k.length === 1 && k[0] === 'engine-snapshot-next-{this_build}')")
        copies = "caches.open('pento.runtime').then(c => c.keys()).then(ks => ks.map(k => k.url.split('=').pop()))"
        wait_until(page, f"{copies}.then(k => k.length === 4 && k.every(b => b === 'next-{this_build}'))", timeout=60)
    finally:
        server.shutdown()


def test_a_page_whose_engine_is_of_another_version_reloads_once_then_says_so(tab: Any, base_url: str) -> None:
    """A half-updated cache: the page speaks one protocol, its engine another.  It reloads once to
    finish the update; when that does not help it says so plainly and never half-works."""
    loads: list[str] = []
    tab.on("load", lambda p: loads.append(p.url))

    def other_protocol(route: Any) -> None:
        response = route.fetch()
        body = response.text()
        assert "export const PROTOCOL = " in body
        other = body.replace("export const PROTOCOL = ", "export const PROTOCOL = 1000 + ")
        route.fulfill(response=response, body=other)

    tab.route("**/web/config.js", other_protocol)
    tab.goto(base_url + "?nosw#cover:6x10:")
    message = (
        "This page and its puzzle engine are from two different versions of Pento. "
        "Reload the page to finish the update."
    )
    tab.locator("#load-error-text").get_by_text(message, exact=True).wait_for(timeout=90_000)  # through the reload
    assert tab.locator("#load-error").is_visible()
    assert len(loads) == 2  # the page was loaded again, once, and then no more
    assert tab.evaluate("sessionStorage.getItem('pento.reloaded-for-protocol')") is not None
    assert tab.evaluate("document.body.dataset.core") == "error"
    assert tab.evaluate("window.pento.session()") is None  # no game opened by an engine it cannot trust


def test_a_second_boot_restores_the_engine_and_a_foreign_snapshot_is_ignored(browser: Any, base_url: str) -> None:
    """The engine's memory snapshot (web/engine/worker.js): made on the first boot, restored on the
    next, and one that is not this runtime's (damaged, or another build's) ignored and replaced."""
    ctx = browser.new_context()  # a first visit: nothing kept yet
    try:
        page, console = first_boot(ctx, base_url)
        # the core downloaded and unpacked by a worker of its own (web/engine/unpack_worker.js), not
        # on the engine's thread, which Python's start holds meanwhile
        assert page.evaluate("window.pento.engine().boot.core") == "apart"
        made = wait_until(page, "window.pento.engine().kept", timeout=60)  # the boot report of the engine that made it
        kept = page.evaluate(SNAPSHOTS)
        assert kept == ["engine-snapshot-" + build_id(build.DIST)]
        assert page.evaluate(SNAPSHOT_SIZES)[0] > 5_000_000  # the engine's memory (packed), not a stub

        # and the runtime, the standard library and the core it unpacked, kept for the next start
        copies = "caches.open('pento.runtime').then(c => c.keys()).then(ks => ks.map(k => k.url))"
        unpacked = wait_until(page, f"{copies}.then(k => k.length === 4 && k)", timeout=60)
        assert all(k.endswith("?unpacked=" + build_id(build.DIST)) for k in unpacked), unpacked

        page.reload()
        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
        assert page.evaluate("window.pento.engine().boot.restored") is True
        # its boot report is the one the snapshot holds: the modules in its memory, none compiled here
        restored = page.evaluate("window.pento.engine().boot")
        assert (restored["modules"], restored["compiled"]) == (made["modules"], made["compiled"])
        assert made["modules"] >= 60
        assert page.evaluate("window.pento.engine().boot.copies") == 4  # nothing downloaded or unpacked again
        assert page.evaluate("window.pento.engine().boot.core") == "copy"
        plays_a_move(page)

        # under this build's name: a damaged entry, then a well-formed snapshot of some other
        # memory (which Pyodide refuses: not its build); an older build's entry beside them
        older = kept[0].rsplit("-", 1)[0] + "-older"
        damaged = "new Uint8Array(4096).fill(7)"
        foreign = "import('./web/engine/snapshot_pack.js').then(m => m.pack(new Uint8Array(1 << 20).fill(7)))"
        for planted in (damaged, foreign):
            page.evaluate(
                f"""async ([name, old]) => {{
                     const d = await (await navigator.storage.getDirectory()).getDirectoryHandle('pento.engine');
                     for (const [file, bytes] of [[name, await ({planted})], [old, 'old']]) {{
                       const out = await (await d.getFileHandle(file, {{ create: true }})).createWritable();
                       await out.write(bytes);
                       await out.close();
                     }}
                   }}""",
                [kept[0], older],
            )
            page.reload()
            page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
            assert page.evaluate("window.pento.engine().boot.restored") is False  # refused: a full boot
            if planted == foreign:  # the engine that refused works (Pyodide loaded a second time)
                plays_a_move(page)
            # kept after "ready", as on the first boot (whose wait allows as long): a loaded machine is slow
            wait_until(page, "window.pento.engine().kept", timeout=60)
            assert page.evaluate(SNAPSHOTS) == kept  # replaced by a good one; the older build's gone
            assert page.evaluate(SNAPSHOT_SIZES)[0] > 5_000_000
        assert console.errors == []
    finally:
        ctx.close()


def test_where_no_file_can_be_written_whole_the_snapshot_is_kept_in_cache_storage(browser: Any, base_url: str) -> None:
    """A browser whose private file system has no rename (Safari before its version 26, say) keeps
    the snapshot in Cache Storage, as every browser did before (web/engine/kept.js): made on the
    first boot, restored on the next, and a damaged one there refused and replaced.  Chromium has
    the rename: kept.js is served with its check of it answering "none", the only change."""
    ctx = browser.new_context()
    no_rename = '"move" in FileSystemFileHandle.prototype'

    def without_rename(route: Any) -> None:
        response = route.fetch()
        source = response.text()
        assert no_rename in source  # what a browser without the rename answers, asked here
        route.fulfill(response=response, body=source.replace(no_rename, "false"))

    ctx.route("**/web/engine/kept.js", without_rename)
    try:
        page, console = first_boot(ctx, base_url)
        wait_until(page, "window.pento.engine().kept", timeout=60)
        cache = "caches.open('pento.engine')"
        stored = f"{cache}.then(c => c.keys()).then(ks => ks.map(k => k.url))"
        key = base_url + "engine-snapshot-" + build_id(build.DIST)
        assert page.evaluate(stored) == [key]
        assert page.evaluate(SNAPSHOTS) == []  # nothing in the private file system
        size = f"{cache}.then(c => c.match({key!r})).then(r => r.arrayBuffer()).then(b => b.byteLength)"
        assert page.evaluate(size) > 5_000_000  # the engine's memory (packed), not a stub

        page.reload()
        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
        assert page.evaluate("window.pento.engine().boot.restored") is True
        plays_a_move(page)

        page.evaluate(f"{cache}.then(c => c.put({key!r}, new Response(new Uint8Array(4096).fill(7))))")  # damaged
        page.reload()
        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
        assert page.evaluate("window.pento.engine().boot.restored") is False  # refused: a full boot
        plays_a_move(page)
        wait_until(page, "window.pento.engine().kept", timeout=60)
        assert page.evaluate(stored) == [key]
        assert page.evaluate(size) > 5_000_000  # replaced by a good one
        assert console.errors == []
    finally:
        ctx.close()


def first_boot(ctx: Any, base_url: str) -> tuple[Any, Console]:
    """A page of ``ctx`` (a profile with nothing kept) opened on the site, its console watched, its
    engine booted in full (not restored)."""
    page = ctx.new_page()
    console = Console()
    console.attach(page)
    open_ready(page, base_url + "?nosw")
    assert page.evaluate("window.pento.engine().boot.restored") is False
    return page, console


def build_id(site: Path) -> str:
    """The build id a site's page configuration names (web/config.js)."""
    return str(site_config("BUILD", site))


def plays_a_move(page: Any) -> None:
    """The engine answers: a new 6 x 10 from the start screen, and a piece placed on it."""
    page.locator("[data-game=cover]").get_by_role("button", name="6 x 10", exact=True).click()
    wait_until(page, "window.pento.layout() !== null && window.pento.session() !== null", timeout=60)
    drag_piece(page, "X", 1, 1)
    wait_until(page, "window.pento.session().state !== ''")
    page.locator("#home-link").click()
    page.wait_for_selector("body[data-screen=home]", state="attached")


def test_a_new_profile_given_what_a_first_visit_keeps_boots_as_on_a_return_visit(
    browser: Any, base_url: str, returning: Any
) -> None:
    """What support/returning.py gives a new profile (the engine's snapshot and the unpacked copies,
    stored with web/engine/kept.js) is what the engine looks for: it restores, downloads nothing
    packed, and plays.  (Otherwise every test that takes ``returning`` would pay a first visit's
    boot unseen.)  The same profile without it boots in full: test_a_second_boot_... above."""
    ctx = browser.new_context()
    try:
        returning(ctx)
        page = ctx.new_page()
        console = Console()
        console.attach(page)
        packed: list[str] = []
        page.on("request", lambda r: packed.append(r.url) if r.url.endswith(".xz") else None)
        open_ready(page, base_url + "?nosw")
        boot = page.evaluate("window.pento.engine().boot")
        assert (boot["restored"], boot["copies"], boot["core"]) == (True, len(site_config("PACKED")), "copy")
        assert packed == []
        plays_a_move(page)
        assert console.errors == []
    finally:
        ctx.close()
