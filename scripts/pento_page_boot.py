"""The page's engine imports the core with the methods of its dataclasses compiled by the build.

A dataclass's ``__init__``, ``__repr__``, ``__eq__`` (and the rest it asks for) are written as
Python source when its class statement runs, and compiled then (``dataclasses`` calls ``exec`` on
that source).  The core has some hundred dataclasses: in the page's Python, compiling their methods
was about half of the core's import (110 of 240 ms in Node, more on a phone), on every first start
of the engine.  The build (scripts/pack_python.mjs) imports every module of the core once on the
page's own Python under :func:`recording`, and ships what was compiled (source -> code object,
``marshal``-ed: the same Python's format) in the page's core zip as :data:`CODES`; the engine's
worker (web/engine/worker.js) imports the core, and later each game's module, under :func:`install`
(:func:`precompiled` for the engine's life), which gives ``dataclasses``
the compiled code for a source it knows, and compiles, as before, any other.  Nothing else changes:
the code is what compiling the same source gives (``compile(source, "<string>", "exec")``, what
``exec`` of a string does in ``dataclasses``), and the page's Python is the build's, version for
version.

This module is the page's, not the core's: it goes into the page's core zip beside ``pento_core``.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import json
import marshal
import zipimport
from collections.abc import Iterator
from types import CodeType
from typing import Any

CODES = "pento_dataclass_code.marshal"  # in the page's core zip, beside this module
_UNSET = object()


def _compiled(source: str) -> CodeType:
    return compile(source, "<string>", "exec", dont_inherit=True)


@contextlib.contextmanager
def _exec_of_dataclasses(exec_: Any) -> Iterator[None]:
    """``dataclasses`` calling ``exec_`` where it calls ``exec`` (a name it looks up when it runs)."""
    before = dataclasses.__dict__.get("exec", _UNSET)
    dataclasses.exec = exec_  # type: ignore[attr-defined]
    try:
        yield
    finally:
        if before is _UNSET:
            del dataclasses.exec  # type: ignore[attr-defined]
        else:
            dataclasses.exec = before  # type: ignore[attr-defined]


@contextlib.contextmanager
def recording() -> Iterator[dict[str, CodeType]]:
    """The build's side: every dataclass source compiled meanwhile, by its source."""
    codes: dict[str, CodeType] = {}

    def exec_(source: Any, globals: Any = None, locals: Any = None, /) -> None:
        if isinstance(source, str):
            source = codes.setdefault(source, _compiled(source))
        builtins.exec(source, globals, locals)

    with _exec_of_dataclasses(exec_):
        yield codes


@dataclasses.dataclass
class Counts:
    """How many dataclass sources were found compiled, and how many had to be compiled."""

    precompiled: int = 0
    compiled: int = 0


@contextlib.contextmanager
def precompiled(archive: str) -> Iterator[Counts]:
    """The page's side: dataclasses made meanwhile take their methods from :data:`CODES` in the zip
    ``archive`` (none there: every source compiled, as without this module)."""
    try:
        codes = marshal.loads(zipimport.zipimporter(archive).get_data(CODES))
    except (OSError, EOFError, ValueError, TypeError, zipimport.ZipImportError):
        codes = {}
    counts = Counts()

    def exec_(source: Any, globals: Any = None, locals: Any = None, /) -> None:
        if isinstance(source, str):
            code = codes.get(source)
            if code is None:
                counts.compiled += 1
            else:
                counts.precompiled += 1
                source = code
        builtins.exec(source, globals, locals)

    with _exec_of_dataclasses(exec_):
        yield counts


_installed: Counts | None = None
_context: contextlib.AbstractContextManager[Counts] | None = None  # held: a context let go is left


def install(archive: str) -> None:
    """:func:`precompiled` for the rest of this Python's life: the engine imports each game's module
    when the game is first asked for (pento_core.registry), not all of them as it starts."""
    global _installed, _context
    if _context is None:
        _context = precompiled(archive)
        _installed = _context.__enter__()  # never left: the engine's Python ends with its worker


def counts() -> str:
    """The counts since :func:`install`, as JSON (``null`` before it)."""
    return json.dumps(None if _installed is None else dataclasses.asdict(_installed))
