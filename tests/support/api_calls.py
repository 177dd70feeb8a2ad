"""The core's API as the page calls it, for the tests: a request as JSON text through
:func:`pento_core.api.handle_json`, as the engine's worker sends it."""

from __future__ import annotations

import json
from typing import Any

from pento_core import api


def result(cmd: str, **args: object) -> Any:
    """The result of command ``cmd`` with ``args``; the reply must be ok."""
    reply = json.loads(api.handle_json(json.dumps({"id": 1, "cmd": cmd, "args": args})))
    assert reply["ok"], reply
    return reply["result"]
