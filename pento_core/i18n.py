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
(this package's messages) and ``web/locale/<lang>.po`` (the page's).  One
reader, :func:`read_po`, serves the core at run time and ``build.py``, which
turns both catalogues into the module the page loads.  ``python3 build.py
messages`` brings the catalogues up to date with the sources; a test fails
while any message lacks a translation.

The language is process-wide (a worker serves one page): :func:`set_language`.
English is the default, so the command line prints what it always printed.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "pt", "de")
"""The languages, the source language first."""

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "pt": "Português", "de": "Deutsch"}
"""Each language's name in itself, for a language menu."""

# The plural rule of each language, as gettext writes it in a catalogue's header and as a
# function.  All three have two forms: index 0 for one, 1 for any other number (0 included).
# Both Portuguese spellings agree on 1 and on n >= 2; pt-PT's "0 peças" is the rule kept.
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"
PLURALS: dict[str, Callable[[int], int]] = {lang: (lambda n: int(n != 1)) for lang in LANGUAGES}

_LOCALE = Path(__file__).parent / "locale"
_language = "en"


def N_(message: str) -> str:
    """``message`` itself: marks it for translation where it is shown."""
    return message


def set_language(lang: str) -> str:
    """Make ``lang`` (``en``, ``pt``, ``de``, or a tag such as ``pt-BR``) the language of
    every following message; an unknown language means English.  Returns the one chosen."""
    global _language
    chosen = choose_language(lang)
    if chosen != _language:
        _language = chosen
        _forget_cached_messages()
    return _language


def _forget_cached_messages() -> None:
    """Clear the package's caches (parsed puzzles, figures...): what they hold may include
    messages made in the language before."""
    for name, module in list(sys.modules.items()):
        if name.startswith("pento_core.") and module is not None:
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and value is not catalogue:
                    clear()


def language() -> str:
    """The current language."""
    return _language


def choose_language(tag: str) -> str:
    """The supported language for a BCP 47 tag or a POSIX locale name (``de_AT.UTF-8``): its
    primary subtag when supported, else English."""
    primary = re.split(r"[-_.@]", tag.strip().lower(), maxsplit=1)[0]
    return primary if primary in LANGUAGES else "en"


def tr(message: str, /, **values: Any) -> str:
    """``message`` in the current language, with ``{name}`` filled in from ``values``."""
    text = catalogue(_language).get(message, message)
    return text.format(**values)


def ntr(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The form of ``singular`` / ``plural`` for the number ``n`` in the current language,
    filled in from ``values`` and ``n``."""
    forms = catalogue(_language).plural(singular)
    if forms is None:
        forms = (singular, plural)
    text = forms[min(PLURALS[_language](n), len(forms) - 1)]
    return text.format(n=n, **values)


# -- catalogues ---------------------------------------------------------------------------------


@dataclass
class Entry:
    """One message of a catalogue: ``msgstr`` holds the translated forms (one, or one a
    plural form); empty strings where it is not translated yet."""

    msgid: str
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr)


@dataclass
class Catalogue:
    """A gettext catalogue: its header fields and its entries by msgid."""

    header: dict[str, str] = field(default_factory=dict)
    entries: dict[str, Entry] = field(default_factory=dict)

    def get(self, msgid: str, default: str) -> str:
        entry = self.entries.get(msgid)
        if entry is None or entry.msgid_plural is not None or not entry.translated:
            return default
        return entry.msgstr[0]

    def plural(self, msgid: str) -> tuple[str, ...] | None:
        entry = self.entries.get(msgid)
        if entry is None or entry.msgid_plural is None or not entry.translated:
            return None
        return tuple(entry.msgstr)


class PoError(ValueError):
    """A catalogue that is not valid gettext text."""


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"{where}: expected a quoted string")
    body = text[1:-1]
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), "\\" + m.group(1)), body)


def read_po(text: str, name: str = "catalogue") -> Catalogue:
    """Parse the gettext text ``text`` (what msgfmt reads: comments, msgid, msgid_plural,
    msgstr, msgstr[i], continued strings; no msgctxt).  Raises :class:`PoError` naming the line."""
    cat = Catalogue()
    entry: Entry | None = None
    target: tuple[str, int] | None = None  # which string continuation lines extend
    comments: list[str] = []

    def finish() -> None:
        nonlocal entry
        if entry is None:
            return
        if entry.msgid == "":
            for line in (entry.msgstr[0] if entry.msgstr else "").split("\n"):
                key, sep, value = line.partition(":")
                if sep:
                    cat.header[key.strip()] = value.strip()
        else:
            cat.entries[entry.msgid] = entry
        entry = None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}, line {number}"
        if not line:
            continue
        if line.startswith("#"):
            if entry is not None and target is not None and target[0] == "msgstr":
                finish()
                target = None
            if line.startswith("#."):
                comments.append(line[2:].strip())
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if entry is None or target is None:
                raise PoError(f"{where}: a string continues nothing")
            part = _unquote(line, where)
            if target[0] == "msgid":
                entry.msgid += part
            elif target[0] == "msgid_plural":
                entry.msgid_plural = (entry.msgid_plural or "") + part
            else:
                entry.msgstr[target[1]] += part
        elif keyword == "msgid":
            finish()
            entry = Entry(_unquote(rest, where), comments=comments)
            comments = []
            target = ("msgid", 0)
        elif keyword == "msgid_plural" and entry is not None:
            entry.msgid_plural = _unquote(rest, where)
            target = ("msgid_plural", 0)
        elif keyword == "msgstr" and entry is not None:
            entry.msgstr = [_unquote(rest, where)]
            target = ("msgstr", 0)
        elif (m := re.fullmatch(r"msgstr\[(\d)\]", keyword)) and entry is not None:
            index = int(m.group(1))
            if index != len(entry.msgstr):
                raise PoError(f"{where}: msgstr[{index}] out of order")
            entry.msgstr.append(_unquote(rest, where))
            target = ("msgstr", index)
        else:
            raise PoError(f"{where}: unexpected {keyword[:20]!r}")
    finish()
    return cat


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\n", "\\n") + '"'


def _field(keyword: str, text: str) -> list[str]:
    """``keyword "text"``, split after each newline the way msgmerge writes long strings."""
    if "\n" not in text[:-1]:
        return [f"{keyword} {_quote(text)}"]
    parts = [p for p in re.split(r"(?<=\n)", text) if p]
    return [f'{keyword} ""', *(_quote(p) for p in parts)]


def write_po(cat: Catalogue) -> str:
    """``cat`` as gettext text (the reverse of :func:`read_po`)."""
    lines = _field("msgid", "") + _field("msgstr", "".join(f"{k}: {v}\n" for k, v in cat.header.items()))
    for entry in cat.entries.values():
        lines.append("")
        lines += [f"#. {c}" for c in entry.comments]
        lines += _field("msgid", entry.msgid)
        if entry.msgid_plural is None:
            lines += _field("msgstr", entry.msgstr[0] if entry.msgstr else "")
        else:
            lines += _field("msgid_plural", entry.msgid_plural)
            forms = entry.msgstr or ["", ""]
            for i, form in enumerate(forms):
                lines += _field(f"msgstr[{i}]", form)
    return "\n".join(lines) + "\n"


@cache
def catalogue(lang: str) -> Catalogue:
    """This package's catalogue for ``lang`` (empty for English, the source language)."""
    path = _LOCALE / f"{lang}.po"
    if lang == "en" or not path.exists():
        return Catalogue()
    return read_po(path.read_text(encoding="utf-8"), path.name)
