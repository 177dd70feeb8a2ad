"""Whether plain JSON has a shape pento_core/protocol.py declares (typed dicts, dataclasses, literals)."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Sequence
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

from pento_core import protocol


def shape_errors(value: Any, t: Any, where: str = "reply") -> list[str]:
    """Where ``value`` (plain JSON) is not of the declared type ``t``; [] when it is.  A record's
    keys must be its fields exactly, except that a GameView holds its game's own fields too."""
    origin, args = get_origin(t), get_args(t)
    if t is Any:
        return []
    if t is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if t in (str, bool):
        return [] if type(value) is t else [f"{where}: {value!r} is not {t.__name__}"]
    if t in (int, float):
        ok = isinstance(value, int | float) and not isinstance(value, bool) and (t is float or isinstance(value, int))
        return [] if ok else [f"{where}: {value!r} is not {t.__name__}"]
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} is not one of {args}"]
    if origin in (Union, types.UnionType):
        return [] if any(not shape_errors(value, a, where) for a in args) else [f"{where}: {value!r} fits no {t}"]
    if origin in (list, Sequence) or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        return [e for i, v in enumerate(value) for e in shape_errors(v, args[0], f"{where}[{i}]")]
    if origin is tuple:
        if not isinstance(value, list) or len(value) != len(args):
            return [f"{where}: {value!r} is not a list of {len(args)}"]
        return [
            e for i, (v, a) in enumerate(zip(value, args, strict=True)) for e in shape_errors(v, a, f"{where}[{i}]")
        ]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        return [e for k, v in value.items() for e in shape_errors(v, args[1], f"{where}.{k}")]
    if typing.is_typeddict(t) or dataclasses.is_dataclass(t):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object ({t.__name__})"]
        hints = get_type_hints(t, include_extras=True)
        errors = []
        for name, hint in hints.items():
            optional = get_origin(hint) is NotRequired
            if name not in value:
                errors += [] if optional else [f"{where}: no {name!r} ({t.__name__})"]
            else:
                errors += shape_errors(value[name], get_args(hint)[0] if optional else hint, f"{where}.{name}")
        extra = set(value) - set(hints)
        if extra and t is not protocol.GameView:
            errors.append(f"{where}: {sorted(extra)} not declared in {t.__name__}")
        return errors
    raise TypeError(f"no check for {t!r}")
