"""The messages: every text a player reads, extracted from the core (Python) and the page (JS,
index.html) into the gettext catalogues (pento_core/locale, web/locale), kept and compiled with
Babel (pinned in requirements/), and written as the page's catalogues (locale_source); the games'
lines rendered in every language for a reviewer (messages_doc, docs/messages.md)."""

from __future__ import annotations

import dataclasses
import datetime
import html.parser
import io
import json
import re
import sys
from pathlib import Path
from typing import Any

from .base import ROOT, log, project, write_if_changed

# Where each domain's messages are written and where its catalogues live.  Calls of these names are
# messages (Babel's keyword specs: None for the first argument, (1, 2) for singular and plural).
PY_KEYWORDS: dict[str, Any] = {"tr": None, "ntr": (1, 2), "N_": None}
JS_KEYWORDS: dict[str, Any] = {"t": None, "tn": (1, 2), "N_": None}
CORE_LOCALE = ROOT / "pento_core" / "locale"
WEB_LOCALE = ROOT / "web" / "locale"
_HTML_ATTRIBUTES = ("title", "aria-label", "placeholder")


@dataclasses.dataclass
class Message:
    """A message of the sources: its English text (and plural), and where it is first written."""

    msgid: str
    plural: str | None
    where: str


def _add(found: dict[str, Message], msgid: str, plural: str | None, where: str) -> None:
    if msgid and msgid not in found:
        found[msgid] = Message(msgid, plural, where)


def _extract(method: str, paths: list[Path], keywords: dict[str, Any], found: dict[str, Message]) -> None:
    """Babel's extractor ``method`` over ``paths``: every marked message, with where it is first."""
    from babel.messages.extract import extract

    for path in paths:
        with open(path, "rb") as f:
            for line, message, _comments, _context in extract(method, f, keywords=keywords):
                where = f"{path.relative_to(ROOT).as_posix()}:{line}"
                if isinstance(message, tuple):
                    _add(found, message[0], message[1], where)
                else:
                    _add(found, message, None, where)


def core_messages() -> dict[str, Message]:
    """Every message marked in pento_core's sources (see PY_KEYWORDS)."""
    found: dict[str, Message] = {}
    _extract("python", sorted((ROOT / "pento_core").rglob("*.py")), PY_KEYWORDS, found)
    return found


class _HtmlText(html.parser.HTMLParser):
    """The text a person reads in index.html: text nodes, a few attributes, the description
    (Babel has no extractor for HTML)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[tuple[str, int]] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        values = dict(attrs)
        for name in _HTML_ATTRIBUTES:
            if values.get(name):
                self.texts.append((str(values[name]), self.getpos()[0]))
        if tag == "meta" and values.get("name") == "description" and values.get("content"):
            self.texts.append((str(values["content"]), self.getpos()[0]))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        text = data.strip()
        if text and not self._skip and any(c.isalpha() for c in text):
            self.texts.append((text, self.getpos()[0]))


def web_messages() -> dict[str, Message]:
    """Every message of the page: index.html's text, and t(), tn() and N_() calls in web/."""
    found: dict[str, Message] = {}
    reader = _HtmlText()
    reader.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    for text, line in reader.texts:
        if text != "Pento":  # the name stays the name
            _add(found, text, None, f"index.html:{line}")
    _extract("javascript", sorted((ROOT / "web").rglob("*.js")), JS_KEYWORDS, found)
    return found


def _read_catalogue(path: Path, lang: str) -> Any:
    """The Babel catalogue at ``path`` (an empty one for ``lang`` when there is none)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    sys.path.insert(0, str(ROOT))
    from pento_core.i18n import CATALOGUE_LOCALES

    if not path.exists():
        return Catalog(locale=CATALOGUE_LOCALES[lang])
    with open(path, "rb") as f:
        return read_po(f, locale=CATALOGUE_LOCALES[lang], abort_invalid=True)  # a broken file stops the build


def update_catalogue(path: Path, lang: str, messages: dict[str, Message]) -> tuple[int, int]:
    """Bring ``path`` in line with ``messages`` (Babel's update, without fuzzy guesses): new ones
    with an empty translation, gone ones dropped, translations kept.  Returns (messages, untranslated)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    template = Catalog()
    for m in messages.values():
        where = m.where.rsplit(":", 1)
        template.add(m.msgid if m.plural is None else (m.msgid, m.plural), locations=[(where[0], int(where[1]))])
    catalog = _read_catalogue(path, lang)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.project, catalog.version = "Pento", str(project()["version"])
    catalog.msgid_bugs_address = "the project's issues"
    catalog.last_translator = catalog.language_team = "Pento"
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False, include_previous=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_if_changed(path, _stable_header(out.getvalue().decode("utf-8")))
    entries = [m for m in catalog if m.id]
    return len(entries), sum(1 for m in entries if not m.string or (isinstance(m.string, tuple) and not all(m.string)))


def _stable_header(text: str) -> str:
    """The catalogue's text without the dates Babel writes at each update (they would make every
    run a change)."""
    return re.sub(r'^"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', "", text, flags=re.MULTILINE)


def update_messages() -> int:
    """``build.py messages``: update every catalogue from the sources; say what is untranslated."""
    sys.path.insert(0, str(ROOT))
    from pento_core import i18n

    core = core_messages()
    # the page's catalogue holds what the core's does not: the page loads both
    page = {k: m for k, m in web_messages().items() if k not in core}
    for domain, folder, messages in (("pento_core", CORE_LOCALE, core), ("web", WEB_LOCALE, page)):
        for lang in i18n.LANGUAGES[1:]:
            total, missing = update_catalogue(folder / f"{lang}.po", lang, messages)
            log(f"{domain} {lang}: {total} messages, {missing} untranslated")
    compile_catalogues()
    from . import messages_doc  # the games' lines in three languages, for a reviewer (docs/)

    log(f"wrote {messages_doc.write().relative_to(ROOT)}")
    return 0


MO_DATE = datetime.datetime(2024, 1, 1, tzinfo=datetime.UTC)  # the wheel's zip dates' day


def compile_catalogues() -> None:
    """The core's catalogues compiled for the standard library's gettext (``locale/<lang>.mo``,
    shipped in the wheel; git ignores them), rewritten only when their text changed."""
    from babel.messages.mofile import write_mo

    sys.path.insert(0, str(ROOT))
    from pento_core import i18n

    for lang in i18n.LANGUAGES[1:]:
        out = io.BytesIO()
        catalogue = _read_catalogue(CORE_LOCALE / f"{lang}.po", lang)
        # the .po files carry no creation date, and Babel writes the time of the build instead: the
        # same catalogue must give the same bytes (the wheel, the page's core and the build's id)
        catalogue.creation_date = MO_DATE
        write_mo(out, catalogue, use_fuzzy=False)
        target = CORE_LOCALE / f"{lang}.mo"
        if not target.exists() or target.read_bytes() != out.getvalue():
            target.write_bytes(out.getvalue())


def locale_source(lang: str) -> str:
    """The page's messages in ``lang`` (the page's and the core's catalogues) as an ES module:
    msgid -> text, or -> [one, other] for plurals."""
    out: dict[str, str | list[str]] = {}
    for path in (CORE_LOCALE / f"{lang}.po", WEB_LOCALE / f"{lang}.po"):
        if not path.exists():
            continue
        for m in _read_catalogue(path, lang):
            if not m.id or m.fuzzy:
                continue
            if isinstance(m.id, tuple):
                if m.string and all(m.string):
                    out[m.id[0]] = list(m.string)
            elif m.string:
                out[m.id] = m.string
    return (
        f"// Written by build.py from the {lang} catalogues (pento_core/locale, web/locale).\n"
        f"export const MESSAGES = {json.dumps(out, ensure_ascii=False, separators=(',', ':'))};\n"
    )
