"""Messages in the player's language: English, Portuguese and German.

Every message a person reads is written in English in the source and marked
for translation (the gettext convention, with named ``{placeholders}``):

* :func:`tr` translates and fills in a message now:
  ``tr("Try {piece} here.", piece="F")``;
* :func:`ntr` picks the plural form for a number first:
  ``ntr("{n} cell left", "{n} cells left", n)``;
* :func:`N_` only marks a message that is translated later, where it is
  shown (game titles, rules and presets are defined at import time).

The translations are gettext catalogues, ``pento_core/locale/<lang>.po``
(this package's messages) and ``web/locale/<lang>.po`` (the page's).  Babel
extracts the messages and keeps the catalogues (``python3 build.py
messages``), and compiles this package's into ``locale/<lang>.mo`` at build
time; here the standard library's :mod:`gettext` reads them.  A test fails
while any message lacks a translation.

Text is translated where it is shown, in the language of the request being
answered: no cache of the package holds translated text (a test switches
languages over warm caches), so a language switch clears nothing.

The language is process-wide (a worker serves one page): :func:`set_language`.
English is the default, so the command line prints what it always printed.
"""

from __future__ import annotations

import gettext
import io
import re
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "pt", "de")
"""The languages, the source language first."""

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "pt": "Português", "de": "Deutsch"}
"""Each language's name in itself, for a language menu."""

# The plural rule every catalogue's header states (gettext's own syntax): two forms, index 0 for
# one, 1 for any other number (0 included).  European Portuguese writes "0 peças", as German and
# English do; the catalogues are pt_PT's (Brazil's rule would be n > 1).
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"
CATALOGUE_LOCALES: dict[str, str] = {"pt": "pt_PT", "de": "de"}
"""The locale each language's catalogue is written for."""

_language = "en"


def N_(message: str) -> str:
    """``message`` itself: marks it for translation where it is shown."""
    return message


def set_language(lang: str) -> str:
    """Make ``lang`` (``en``, ``pt``, ``de``, or a tag such as ``pt-BR``) the language of
    every following message; an unknown language means English.  Returns the one chosen."""
    global _language
    _language = choose_language(lang)
    return _language


def language() -> str:
    """The current language."""
    return _language


def choose_language(tag: str) -> str:
    """The supported language for a BCP 47 tag or a POSIX locale name (``de_AT.UTF-8``): its
    primary subtag when supported, else English."""
    primary = re.split(r"[-_.@]", tag.strip().lower(), maxsplit=1)[0]
    return primary if primary in LANGUAGES else "en"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """This package's compiled catalogue for ``lang`` (``locale/<lang>.mo``, which the build
    compiles); English, the source language, needs none.  A missing catalogue is an error, not a
    silent fall back to English."""
    if lang == "en":
        return gettext.NullTranslations()
    # read as a resource of the package, so that it is found in a zip on sys.path too (the page's)
    data = resources.files(__package__).joinpath("locale", f"{lang}.mo").read_bytes()
    return gettext.GNUTranslations(io.BytesIO(data))


# How each language writes 3,986.5 (its digit grouping, its decimal mark), as the page's
# Number.toLocaleString writes it, so that the engine's numbers and the page's agree.
SEPARATORS: dict[str, tuple[str, str]] = {"en": (",", "."), "pt": (".", ","), "de": (".", ",")}


class _Int(int):
    """An integer that a message's format spec (``{n:,}``) writes in the current language."""

    def __format__(self, spec: str) -> str:
        return _marks(int.__format__(int(self), spec))


class _Float(float):
    """A number with decimals that a message's format spec (``{x:.1f}``) writes in the current language."""

    def __format__(self, spec: str) -> str:
        return _marks(float.__format__(float(self), spec))


class _Count(int):
    """How many of something (a plural's ``n``): written with the language's digit grouping even
    where the message says only ``{n}`` (``4,988`` in English, ``4.988`` in Portuguese)."""

    def __format__(self, spec: str) -> str:
        return _marks(int.__format__(int(self), spec or ","))


def _marks(text: str) -> str:
    group, decimal = SEPARATORS[_language]
    return text.translate({ord(","): group, ord("."): decimal})


def _localised(values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with their numbers written the current language's way (bools stay words)."""
    if _language == "en":
        return values
    return {
        k: _Int(v) if type(v) is int else _Float(v) if type(v) is float else v  # type(): a bool stays a bool
        for k, v in values.items()
    }


def tr(message: str, /, **values: Any) -> str:
    """``message`` in the current language, with ``{name}`` filled in from ``values`` (numbers
    with the language's digit grouping and decimal mark)."""
    return translations(_language).gettext(message).format(**_localised(values))


def ntr(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The form of ``singular`` / ``plural`` for the number ``n`` in the current language,
    filled in from ``values`` and ``n`` (written with the language's digit grouping)."""
    return translations(_language).ngettext(singular, plural, n).format(**_localised({"n": _Count(n), **values}))
