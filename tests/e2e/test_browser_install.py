"""Installable (issue 26): a web app manifest, real icons, and no installability error in Chromium."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import CHROMIUM_ARGS, wait_until

import build


def test_chromium_finds_nothing_that_stops_an_install(browser: Any, base_url: str, tmp_path: Path) -> None:
    # a profile of its own: Chromium never offers to install from an incognito window
    exe = build.find_chromium()
    options: dict[str, Any] = {"args": CHROMIUM_ARGS, "viewport": {"width": 1280, "height": 860}}
    if exe:
        options["executable_path"] = exe
    context = browser.browser_type.launch_persistent_context(str(tmp_path / "profile"), **options)
    try:
        page = context.new_page()
        installable(page, base_url)
        launched_offline(context, page)
    finally:
        context.close()


def launched_offline(context: Any, page: Any) -> None:
    """What an installed Pento opens (the manifest's start_url), with no network: the start screen
    and a puzzle of the day work from the offline cache."""
    manifest = page.evaluate("document.querySelector('link[rel=manifest]').href")
    start = page.evaluate("([m]) => new URL('../', m).href", [manifest])  # start_url, as the manifest says
    wait_until(page, "navigator.serviceWorker.controller !== null || (location.reload(), false)", timeout=60)
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    cached = "caches.keys().then(ks => ks.length ? caches.open(ks[0]).then(c => c.keys()) : [])"
    assets = len(page.evaluate("import('./web/config.js').then(c => c.ASSETS)"))
    wait_until(page, f"{cached}.then(r => r.length >= {assets})")
    context.set_offline(True)
    try:
        page.goto(start)
        page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
        page.locator("#today-list [data-game=gandagalo]").click()
        wait_until(page, "window.pento.session() && window.pento.session().desc.length > 0", timeout=60)
    finally:
        context.set_offline(False)


def installable(page: Any, base_url: str) -> None:
    page.goto(base_url)  # with its service worker: an installable page works offline
    page.wait_for_selector("body[data-core=ready]", state="attached", timeout=90_000)
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    data = json.loads(manifest["data"])
    assert data["short_name"] == "Pento" and data["display"] == "standalone"
    # relative start and scope: the site works under any path
    assert data["start_url"] == "../" and data["scope"] == "../"
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in data["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in data["icons"]:  # every icon is there, in the build and in the page's offline list
        assert (build.DIST / "web" / icon["src"]).exists(), icon["src"]
    links = page.evaluate(
        "[...document.querySelectorAll('link[rel~=icon], link[rel=apple-touch-icon]')].map(l => l.href)"
    )
    assert len(links) == 3 and all(page.request.get(href).ok for href in links)
