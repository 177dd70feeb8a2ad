"""Installable (issue 26): a web app manifest, real icons, and no installability error in Chromium."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from support.browser import TEST_ARGS

import build


def test_chromium_finds_nothing_that_stops_an_install(browser: Any, base_url: str, tmp_path: Path) -> None:
    # a profile of its own: Chromium never offers to install from an incognito window
    exe = build.find_chromium()
    options: dict[str, Any] = {"args": TEST_ARGS, "viewport": {"width": 1280, "height": 860}}
    if exe:
        options["executable_path"] = exe
    context = browser.browser_type.launch_persistent_context(str(tmp_path / "profile"), **options)
    try:
        installable(context.new_page(), base_url)
    finally:
        context.close()


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
