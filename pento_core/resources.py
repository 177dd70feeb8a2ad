"""The core's data files, some of which a host may ship apart and fetch only when first needed.

The core reads its data files (tables, catalogues) from its own package.  The page ships the core
to the browser as one download that comes before the first puzzle, so a large file that only some
puzzles read is left out of it: the English peg solitaire table, 193 kB of the core's 673 kB as
the page downloads it, is read by peg solitaire on its English board alone.  :data:`APART` names
such files.  :func:`read` looks for a file in the package, then in the folder where the host put
the files it fetched apart (:func:`provide_in`); when it is in neither it raises
:class:`ResourceMissing`, whose error (code ``resource``) the page's engine answers by fetching
the files apart, putting them there and asking again (web/engine/worker.js).  Everywhere else (the
command line, the tests, a wheel) the package holds every file and nothing is ever missing.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import ClassVar

from .errors import ErrorCode, PentoError
from .i18n import tr

APART: tuple[str, ...] = ("pegs/english.table",)
"""The data files a host may ship apart from the core, as paths inside the package (build.py
leaves them out of the page's core and ships each packed on its own)."""

_provided: Path | None = None


class ResourceMissing(PentoError):
    """A data file the host ships apart (:data:`APART`) is not here yet."""

    code: ClassVar[ErrorCode] = "resource"


def provide_in(folder: str) -> None:
    """Where the host puts the files it ships apart once fetched, each at its path in :data:`APART`."""
    global _provided
    _provided = Path(folder)


def read(path: str) -> bytes:
    """The bytes of the package's data file ``path`` (a path inside the package, "pegs/english.table"),
    from the package, else from the host's folder (:func:`provide_in`).  Raises
    :class:`ResourceMissing` when it is in neither."""
    try:
        return _from_package(path)
    except (FileNotFoundError, KeyError):  # KeyError: a zip's own way of saying it has no such file
        pass
    if _provided is not None:
        try:
            return (_provided / path).read_bytes()
        except FileNotFoundError:
            pass
    raise ResourceMissing(
        tr("This puzzle needs a file that has not been downloaded yet. Connect to the internet and try again.")
    )


def _from_package(path: str) -> bytes:
    return resources.files(__package__).joinpath(*path.split("/")).read_bytes()
