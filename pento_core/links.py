"""The page's links, written and read as the page does: ``#`` then parts joined by ``:``, each
encoded as JavaScript's ``encodeURIComponent`` encodes it (web/play/page.js, ``fragment``).

The kinds the command line writes or reads (the page reads them all):

* ``#GAME:DESC:STATE`` a puzzle (an empty state: its start);
* ``#daily:DATE:GAME:DESC`` the puzzle of the day;
* ``#assign:ID:FLAGS:TITLE:GAME:DESC:...`` an assignment (FLAGS ``h`` when Hint and Solve are
  allowed, else ``-``); ``#assign-results:...`` its results page, the same parts;
* ``#race:ID:GAME:DESC`` a class race; ``#results:ID:GAME:DESC`` its results page.
"""

from __future__ import annotations

from urllib.parse import quote, unquote

from .errors import PentoError
from .i18n import tr

URI_SAFE = "!'()*"  # what encodeURIComponent leaves as it is, besides letters, digits and -_.~
MAX_LINK = 100_000  # characters of a link read: a page's address bar holds far less


def fragment(parts: list[str]) -> str:
    """``#`` and ``parts``, each encoded, joined by ``:``."""
    return "#" + ":".join(quote(p, safe=URI_SAFE) for p in parts)


def split(link: str) -> tuple[str, list[str]]:
    """A link as (what comes before its ``#``, its decoded parts); PentoError when it has no ``#``."""
    if len(link) > MAX_LINK:
        raise PentoError(tr("a link has at most {n:,} characters", n=MAX_LINK))
    base, sep, rest = link.strip().partition("#")
    if not sep or not rest:
        raise PentoError(tr("{link!r} is not a link to a puzzle of Pento: it has no #", link=link.strip()[:60]))
    try:
        return base, [unquote(p, errors="strict") for p in rest.split(":")]
    except UnicodeDecodeError:
        raise PentoError(tr("{link!r} is not a link: a %-escape in it is not text", link=link.strip()[:60])) from None
