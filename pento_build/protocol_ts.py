"""``web/protocol.d.ts``, written from :mod:`pento_core.protocol`: the page's types of everything
the core sends, so that the page's type checker (``tsc --checkJs``) holds the page to the core.

Each typed dict and dataclass the replies hold becomes an interface of the same name; ``Literal``
types become unions of strings; :data:`~pento_core.protocol.REPLIES` becomes ``Replies``, the map
from a command to its reply that the engine's client is typed with.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Sequence
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

from pento_core import protocol

HEADER = """\
// Written by build.py from pento_core/protocol.py: do not edit here, edit the core and build.
// The page's types of everything the core sends (pento_core.api's replies, its error codes);
// each command's reply is Replies[command]. What a game's view holds beyond GameView is the
// view's own (views.d.ts).
"""


def _is_record(t: Any) -> bool:
    return typing.is_typeddict(t) or (isinstance(t, type) and dataclasses.is_dataclass(t))


def _fields(t: Any) -> list[tuple[str, Any, bool]]:
    """A typed dict's or a dataclass's fields: name, type, and whether it may be left out."""
    hints = get_type_hints(t, include_extras=True)
    out = []
    for name, hint in hints.items():
        optional = get_origin(hint) is NotRequired
        out.append((name, get_args(hint)[0] if optional else hint, optional))
    return out


class Writer:
    """Turns Python types into TypeScript, collecting the records (interfaces) they name."""

    def __init__(self) -> None:
        self.records: dict[str, Any] = {}
        # types the page names (web/protocol.d.ts declares them once, the records refer to them)
        self.aliases = {
            protocol.ErrorCode: "ErrorCode",
            protocol.PrintStyle: "PrintStyle",
            protocol.HintKind: "HintKind",
        }

    def ts(self, t: Any) -> str:
        """``t`` in TypeScript: a named type where the page has one, else written out."""
        return self.aliases.get(t) or self.written_out(t)

    @staticmethod
    def union(t: Any) -> str:
        """A ``Literal`` as a union of its values."""
        return " | ".join(f'"{a}"' if isinstance(a, str) else str(a).lower() for a in get_args(t))

    def written_out(self, t: Any) -> str:
        origin, args = get_origin(t), get_args(t)
        if t is Any or t is object:
            return "any"
        if t is str:
            return "string"
        if t in (int, float):
            return "number"
        if t is bool:
            return "boolean"
        if t is type(None) or t is None:
            return "null"
        if _is_record(t):
            self.records.setdefault(t.__name__, t)
            return str(t.__name__)
        if origin is Literal:
            return self.union(t)
        if origin in (Union, types.UnionType):
            return " | ".join(self.ts(a) for a in args)
        if origin in (list, Sequence, frozenset, set) or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
            inner = self.ts(args[0])
            return f"({inner})[]" if " " in inner else f"{inner}[]"
        if origin is tuple:
            return "[" + ", ".join(self.ts(a) for a in args) + "]"
        if origin is dict:
            return f"{{ [key: string]: {self.ts(args[1])} }}"
        raise TypeError(f"protocol_ts: no TypeScript for {t!r}")

    def interface(self, name: str, t: Any) -> str:
        doc = " ".join((t.__doc__ or "").split()).replace("``", "`")
        lines = [f"/** {doc} */"] if doc and not doc.startswith(name + "(") else []  # not a dataclass's own
        lines.append(f"export interface {name} {{")
        for field, hint, optional in _fields(t):
            lines.append(f"  {field}{'?' if optional else ''}: {self.ts(hint)};")
        lines.append("}")
        return "\n".join(lines)


def typescript() -> str:
    """The whole of ``web/protocol.d.ts``."""
    w = Writer()
    replies = [f"  {cmd}: {w.ts(t)};" for cmd, t in protocol.REPLIES.items()]
    for extra in (protocol.ErrorReply, protocol.Progress):
        w.ts(extra)
    done: set[str] = set()
    blocks = []
    while len(done) < len(w.records):  # records name more records as they are written
        for name in sorted(set(w.records) - done):
            blocks.append(w.interface(name, w.records[name]))
            done.add(name)

    def declare(doc: str, text: str) -> str:
        return f"/** {doc} */\nexport {text}{'' if text.startswith('interface') else ';'}"

    parts = [
        HEADER.rstrip("\n"),
        declare(
            "The protocol's version: the page checks the engine's hello against it.",
            f"type Protocol = {protocol.PROTOCOL}",
        ),
        declare("Every error code the core replies with.", f"type ErrorCode = {w.union(protocol.ErrorCode)}"),
        declare(
            "The codes the page's client gives its own errors.",
            f"type PageErrorCode = {w.union(protocol.PageErrorCode)}",
        ),
        declare("How a printed sheet draws a game.", f"type PrintStyle = {w.union(protocol.PrintStyle)}"),
        declare("What a hint found.", f"type HintKind = {w.union(protocol.HintKind)}"),
        declare("Each command's reply.", "interface Replies {\n" + "\n".join(replies) + "\n}"),
        declare("A command of the core.", "type Command = keyof Replies"),
        *blocks,
    ]
    return "\n\n".join(parts) + "\n"
