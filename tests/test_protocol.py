"""The protocol is written once (pento_core/protocol.py): the page's types are made from it, every
command's real reply has the shape declared for it, and every error code said anywhere is in its
one list."""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import re
from pathlib import Path
from typing import Any

import pytest
from support.shapes import shape_errors

import pento_core
from pento_build.protocol_ts import typescript
from pento_core import api, protocol
from pento_core.errors import PentoError

ROOT = Path(__file__).resolve().parent.parent


def call(cmd: str, seen: list[Any] | None = None, **args: Any) -> Any:
    """The command's result as the page gets it: through JSON text, as the worker passes it on."""
    sink = None if seen is None else (lambda text: seen.append(json.loads(text)))
    reply = json.loads(api.handle_json(json.dumps({"id": 1, "cmd": cmd, "args": args}), sink))
    assert reply["ok"], reply
    return reply["result"]


ASSIGNMENT = {"id": "abc123", "title": "Test", "help": True, "items": [{"game": "cover", "desc": "1x5"}]}


def replies() -> dict[str, Any]:
    """One real reply of every command."""
    out: dict[str, Any] = {"hello": call("hello")}
    out["new"] = call("new", game="cover", params="6x10", seed=0)
    out["load"] = call("load", game="pegs", desc="english", state="")
    out["daily"] = call("daily", game="cover", date="2026-11-23")
    out["move"] = call("move", game="cover", desc="6x10", state="", move="X0@0,1")
    out["hint"] = call("hint", game="cover", desc="1x5", state="")
    out["solve"] = call("solve", game="cover", desc="1x5", state="")
    out["describe"] = call("describe", game="gandagalo", desc="....../....../....../....../..XO../...X.X", state="")
    out["solutions"] = call("solutions", game="workshop", desc="3x20", keep=1)
    out["race"] = race = call("race", game="cover", desc="1x5")["race"]
    out["race"] = {"race": race}
    out["race_name"] = call("race_name", name="Ana")
    out["race_code"] = code = call(
        "race_code", game="cover", desc="1x5", race=race, name="Ana", tenths=93, state="I1@0,0"
    )
    out["race_results"] = call("race_results", game="cover", desc="1x5", race=race, codes=[code["code"], "nonsense"])
    out["assignment"] = call("assignment", title="Test", help=True, items=ASSIGNMENT["items"])
    work = [{"solved": True, "tenths": 120, "hints": 1, "solves": 0, "state": "I1@0,0"}]
    out["assignment_code"] = made = call("assignment_code", assignment=ASSIGNMENT, name="Ana", work=work)
    out["assignment_results"] = call("assignment_results", assignment=ASSIGNMENT, codes=[made["code"], "x"])
    out["results_csv"] = call("results_csv", assignment=ASSIGNMENT, codes=[made["code"]], titles=["Cover 1 x 5"])
    out["qr"] = call("qr", text="https://example.org/#cover:6x10:")
    return out


@pytest.fixture(scope="module")
def real() -> dict[str, Any]:
    return replies()


def test_every_command_has_its_reply_declared() -> None:
    assert list(protocol.REPLIES) == list(api.COMMANDS)


@pytest.mark.parametrize("cmd", list(protocol.REPLIES))
def test_each_commands_real_reply_has_the_declared_shape(cmd: str, real: dict[str, Any]) -> None:
    assert shape_errors(real[cmd], protocol.REPLIES[cmd]) == []


def test_progress_and_a_refusal_have_their_declared_shapes() -> None:
    seen: list[Any] = []
    call("solutions", seen, game="workshop", desc="3x20")
    call("solve", seen, game="cover", desc="6x10", state="")
    assert seen and all(shape_errors(p, protocol.Progress, "progress") == [] for p in seen)
    refused = json.loads(
        api.handle_json('{"id": 1, "cmd": "move", "args": {"game": "cover", "desc": "6x10", "move": "X0@9,9"}}')
    )
    assert shape_errors(refused["error"], protocol.ErrorReply) == []


def test_the_shape_check_can_fail(real: dict[str, Any]) -> None:
    assert shape_errors({**real["hint"], "kind": "maybe"}, protocol.REPLIES["hint"])
    assert shape_errors({**real["qr"], "extra": 1}, protocol.REPLIES["qr"])
    missing = {k: v for k, v in real["new"].items() if k != "info"}
    assert shape_errors(missing, protocol.REPLIES["new"]) == ["reply: no 'info' (Opened)"]


def test_the_pages_types_are_the_cores() -> None:
    """web/protocol.d.ts is what the build writes from pento_core/protocol.py (the build rewrites
    it; this fails when it was edited by hand or the core changed without a build)."""
    written = (ROOT / "web" / "protocol.d.ts").read_text(encoding="utf-8")
    assert written == typescript()
    for name in ("Replies", "Hello", "Opened", "Hint", "Solution", "ErrorCode", "GameView"):
        assert re.search(rf"export (interface|type) {name}\b", written), name


def all_modules() -> list[Any]:
    return [importlib.import_module(m.name) for m in pkgutil.walk_packages(pento_core.__path__, "pento_core.")]


def test_every_error_code_the_core_raises_is_declared() -> None:
    all_modules()
    classes, todo = set(), [PentoError]
    while todo:
        cls = todo.pop()
        classes.add(cls)
        todo += cls.__subclasses__()
    codes = {cls.code for cls in classes}
    tree = ast.parse((ROOT / "pento_core" / "api.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("RequestError", "_error"):
            first = node.args[0] if node.func.id == "RequestError" else node.args[1]  # type: ignore[attr-defined]
            if isinstance(first, ast.Constant):
                codes.add(first.value)
    assert len(codes) >= 8 and codes <= set(protocol.ERROR_CODES), codes - set(protocol.ERROR_CODES)


def test_every_error_code_the_page_names_is_declared() -> None:
    named = set()
    for path in (ROOT / "web").rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        named |= set(re.findall(r"""(?<!typeof )\b\w+\.code\s*[!=]==\s*"([a-z_]+)\"""", text))
        named |= set(re.findall(r"""(?:CoreError|failAll)\(\s*"([a-z_]+)\"""", text))
        named |= set(re.findall(r"""\{\s*code:\s*"([a-z_]+)\"""", text))
    assert {"cancelled", "illegal_move", "outdated"} <= named
    assert named <= set(protocol.ERROR_CODES) | set(protocol.PAGE_ERROR_CODES), named
