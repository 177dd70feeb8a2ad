"""What the build wrote into a site's page configuration (``web/config.js``), for the tests."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import build


def site_config(name: str, site: Path | None = None) -> Any:
    """The constant ``name`` of ``site``'s web/config.js (JSON), dist/ by default (built first unless
    the test command has just built it)."""
    if site is None:
        if not os.environ.get("PENTO_BUILT"):
            build.build()
        site = build.DIST
    config = (site / "web" / "config.js").read_text()
    found = re.search(rf"^export const {name} = (.*);$", config, re.MULTILINE)
    assert found, f"web/config.js has no {name}"
    return json.loads(found.group(1))
