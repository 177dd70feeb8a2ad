"""docs/messages.md: the lines a player reads about a game, written out in English, Portuguese and
German with real numbers and names, for a reviewer who reads the three side by side (issue 49).

The core's lines come from playing every game of the registry: its first two presets, at the
start, after one move, halfway and at the end.  The moves are the game's own solver's; where its
solver writes none (Last Fit between two players, whose solver only judges), its hints', one after
another, until the game is over.  The line is the view's summary: the page's status line, which
its win dialog repeats.  Then the positions such a walk never reaches, which each game names itself
(``Game.situations``: a dead end, a mistake, a loss), each with what its hint says there.  The
page's own lines around a win (web/locale) follow, each with one and with several where it has a
plural, and its lines in a class race and an assignment (the pupil's and the teacher's).

``python3 build.py messages`` writes the file; a test fails while it differs from :func:`render`.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from .base import ROOT

DOC = ROOT / "docs" / "messages.md"

# The page's own lines (web/locale), by where they are said, with the values they are shown with:
# (message, plural or None, values, counts for a plural).  A value is one text, or one per language
# where the page shows it translated (a preset's title, named by its game and preset).
PageLine = tuple[str, str | None, dict[str, "str | dict[str, str]"], tuple[int, ...]]
_GAME = {"game": "cover", "preset": "6x10"}  # shown by its title in each language (see _title)
PAGE_LINES: dict[str, list[PageLine]] = {
    # the win dialog and the status line after a win (web/play/midend.js)
    "the page, after a win": [
        ("Well done!", None, {}, ()),
        ("Time: {time}.", None, {"time": "1:05"}, ()),
        ("Moves: {n}.", None, {}, (1, 12)),
        ("Solved in {time}, {n} move.", "Solved in {time}, {n} moves.", {"time": "1:05"}, (1, 12)),
        ("Puzzle of the day: {n} day in a row!", "Puzzle of the day: {n} days in a row!", {}, (2, 5)),
        ("Puzzle of the day: solved today.", None, {}, ()),
        ("Solved with the solver's help", None, {}, ()),
        ("Solved by the solver (not timed).", None, {}, ()),
        ("Solved. Undo to keep playing, or start another puzzle.", None, {}, ()),
        ("Finished!", None, {}, ()),
    ],
    # a pupil in a class race (web/play/race.js, web/play/midend.js)
    "the page, a pupil in a race": [
        (
            "Everyone plays the same puzzle: {game}. Type your name; the clock starts when you press Start.",
            None,
            {"game": _GAME},
            (),
        ),
        ("Hint and Solve are off during a race.", None, {}, ()),
        ("Race {race}: {name}.", None, {"race": "K7Q2", "name": "Ana"}, ()),
        (
            "Race {race} finished in {time}. Your result code: {code}",
            None,
            {"race": "K7Q2", "time": "1:05.3", "code": "K7Q2 ANA4 9PWM"},
            (),
        ),
    ],
    # the teacher's results page of a race or an assignment (web/play/race.js)
    "the page, the teacher's results": [
        ("{name} added: {time}.", None, {"name": "Ana", "time": "1:05.3"}, ()),
        ("{n} code added.", "{n} codes added.", {}, (1, 25)),
        ("{n} pupil finished.", "{n} pupils finished.", {}, (1, 25)),
        ("{n} pupil handed in a code", "{n} pupils handed in a code", {}, (1, 25)),
        ("{n} on the class list has no code yet.", "{n} on the class list have no code yet.", {}, (1, 3)),
        ("Checking the codes: {n} of {total}…", None, {"n": "12", "total": "25"}, ()),
    ],
    # a pupil working through an assignment (web/screens/assign.js)
    "the page, a pupil's assignment": [
        ("{n} puzzle to play in order.", "{n} puzzles to play in order.", {}, (1, 4)),
        ("{n} solved so far.", "{n} solved so far.", {}, (1, 3)),
        ("Playing as {name}.", None, {"name": "Ana"}, ()),
        ("Type your name: the work of {name} is kept on this device.", None, {"name": "Ana"}, ()),
        ("Solved in {time} ✓", None, {"time": "1:05"}, ()),
        ("A new puzzle, level {level} of {n}", None, {"level": "3", "n": "10"}, ()),
    ],
}


@dataclasses.dataclass(frozen=True)
class Line:
    """One line as a player reads it: where it is said (a game and preset, or the page), when, and
    its text in each of the core's languages (pento_core.i18n.LANGUAGES, English first)."""

    where: str
    when: str
    texts: tuple[str, ...]


def _positions(game: Any, desc: str) -> list[tuple[str, Any]]:
    """The start of ``desc``, after one move, halfway and the end, as (when, state)."""
    from pento_core.budget import Budget

    state = game.start(desc)
    states = [state]
    if "solve" in game.features:
        for move in game.solve(state, Budget(max_seconds=60).started(), None).moves:
            states.append(game.apply(states[-1], move))
    if len(states) == 1 and "hint" in game.features:
        while not game.status(states[-1]).over and len(states) < 60:
            hint = game.hint(states[-1], Budget(max_seconds=60).started(), None)
            if not hint.move:
                break
            states.append(game.apply(states[-1], hint.move))
    picked = [("start", states[0])]
    if len(states) > 2:
        picked.append(("after one move", states[1]))
    if len(states) > 3:
        picked.append(("halfway", states[len(states) // 2]))
    if len(states) > 1:
        picked.append(("the end", states[-1]))
    return picked


def core_lines() -> list[Line]:
    """Every game's lines (see the module's docstring)."""
    from pento_core import registry
    from pento_core.budget import Budget
    from pento_core.i18n import LANGUAGES, language, set_language, tr

    was = language()
    lines: list[Line] = []
    try:
        for game in registry.GAMES.values():
            for preset in game.presets()[:2]:
                desc = game.new(preset.params, 1)
                for when, state in _positions(game, desc):
                    texts = []
                    for lang in LANGUAGES:
                        set_language(lang)
                        texts.append(str(game.view(state)["summary"]))
                    set_language(LANGUAGES[0])
                    lines.append(Line(f"{tr(game.title)}: {tr(preset.label)}", when, tuple(texts)))
            # the positions a walk with the solver never reaches, which the game names itself: its
            # status line there, and what its hint says
            for situation in game.situations():
                state = game.start(situation.desc, situation.state)
                said: list[str] = []
                hinted: list[str] = []
                for lang in LANGUAGES:
                    set_language(lang)
                    said.append(str(game.view(state)["summary"]))
                    if "hint" in game.features:
                        hinted.append(game.hint(state, Budget(max_seconds=60).started(), None).message)
                set_language(LANGUAGES[0])
                where = f"{tr(game.title)}: other positions"
                lines.append(Line(where, situation.label, tuple(said)))
                if hinted:
                    lines.append(Line(where, f"{situation.label}: its hint", tuple(hinted)))
    finally:
        set_language(was)
    return lines


def _title(puzzle: dict[str, str], lang: str) -> str:
    """A preset's title as the page shows it in ``lang`` ("Pentomino cover: 6 x 10")."""
    from pento_core import registry
    from pento_core.i18n import language, set_language, tr

    game = registry.get(puzzle["game"])
    preset = next(p for p in game.presets() if p.params == puzzle["preset"])
    was = language()
    try:
        set_language(lang)
        return f"{tr(game.title)}: {tr(preset.label)}"
    finally:
        set_language(was)


def page_lines() -> list[Line]:
    """The page's own lines (:data:`PAGE_LINES`), from its catalogues (web/locale), with their
    plural forms."""
    from pento_core.i18n import LANGUAGES

    from .messages import WEB_LOCALE, _read_catalogue

    catalogues = {lang: _read_catalogue(WEB_LOCALE / f"{lang}.po", lang) for lang in LANGUAGES[1:]}
    lines = []
    for where, said in PAGE_LINES.items():
        for message, plural, values, counts in said:
            for n in counts or (None,):
                texts = []
                for lang in LANGUAGES:
                    form = message if plural is None or n == 1 else plural
                    if lang != "en":
                        entry = catalogues[lang].get(message)
                        if entry is None or (plural is not None) != isinstance(entry.string, tuple):
                            raise LookupError(f"the page's catalogue {lang}.po has no {message!r} of that form")
                        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
                        form = strings[0] if plural is None or n == 1 else strings[1]
                    shown = {k: v if isinstance(v, str) else _title(v, lang) for k, v in values.items()}
                    texts.append(form.format(**shown, **({} if n is None else {"n": n})))
                lines.append(Line(where, "" if n is None else f"n = {n}", tuple(texts)))
    return lines


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def lines() -> list[Line]:
    """The core's lines, then the page's."""
    return [*core_lines(), *page_lines()]


def render(rendered: list[Line] | None = None) -> str:
    """docs/messages.md as it should read now (of ``rendered``, :func:`lines` by default)."""
    from pento_core.i18n import LANGUAGE_NAMES, LANGUAGES

    out = [
        "# What a player reads, in three languages",
        "",
        "Every game's status line (which its win dialog repeats) at the start, after one move,",
        "halfway and at the end of its first two presets, played with the game's own solver's moves,",
        "then each game's other positions (a dead end, a mistake, a loss) with what its hint says there,",
        "and the page's own lines (around a win, in a race, in an assignment): for a translator or a",
        "reviewer to read side by side.",
        "Written by `python3 build.py messages` (pento_build/messages_doc.py); a test fails while",
        "this file differs from what the games say (tests/test_messages.py).",
        "",
    ]
    where = None
    for line in lines() if rendered is None else rendered:
        if line.where != where:
            where = line.where
            headings = " | ".join(LANGUAGE_NAMES[lang] for lang in LANGUAGES)
            out += ["", f"## {where}", "", f"| | {headings} |", "|---" * (len(LANGUAGES) + 1) + "|"]
        out.append(f"| {line.when} | {' | '.join(_cell(t) for t in line.texts)} |")
    return "\n".join(out) + "\n"


def write() -> Path:
    """Write docs/messages.md; returns its path."""
    from .base import write_if_changed

    write_if_changed(DOC, render())
    return DOC
