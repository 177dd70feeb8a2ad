"""An assignment's results as a spreadsheet: the CSV file the results page saves and the command
line's ``assignment results --csv`` writes, made here alone for both.

The file is RFC 4180 CSV: a header, then one row per pupil and puzzle (the counted codes in their
ranking's order), then one row per puzzle for each name of the class list with no code, its
cells empty.  A puzzle a pupil has not begun has its cells empty too, not "no" and 0:00.0.  Lines
end in CRLF and the text begins with a byte order mark, so that Excel reads names in UTF-8 right.
A cell a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``, a tab or a return first:
text typed by pupils, such as their names) is kept as text, with a ``'`` before it.  The header
and the words in the cells are in the language of the request (:mod:`pento_core.i18n`).
"""

from __future__ import annotations

import csv
import io

from ..i18n import tr
from .assignment import Assignment, Row

_FORMULA_FIRST = ("=", "+", "-", "@", "\t", "\r")
MAX_TITLE = 200  # characters of a puzzle's title given for the file


def race_time(tenths: int) -> str:
    """Tenths of a second as the page's clock shows them: ``1:05.3``."""
    s = tenths // 10
    return f"{s // 60}:{s % 60:02d}.{tenths % 10}"


def seconds(tenths: int) -> str:
    """Tenths of a second as a number a spreadsheet reads: ``65.3``, ``65``."""
    return f"{tenths // 10}" if tenths % 10 == 0 else f"{tenths // 10}.{tenths % 10}"


def as_text(cell: str) -> str:
    """``cell``, kept as text where a spreadsheet would run it as a formula."""
    return "'" + cell if cell.startswith(_FORMULA_FIRST) else cell


def results_rows(given: Assignment, rows: list[Row], titles: list[str]) -> list[list[str]]:
    """The file's rows, the header first (see the module's notes): ``rows`` as
    :func:`~pento_core.classroom.assignment.results` gives them, ``titles`` the puzzles' titles in
    the assignment's order, one each (the caller's, as its results page shows them: the engine's
    request checks them)."""
    head = [tr("Race") if given.is_race else tr("Assignment"), tr("Puzzle"), tr("Rank"), tr("Name")]
    head += [tr("Solved"), tr("Time"), tr("Seconds"), tr("Hints"), tr("Solves"), tr("Solution"), tr("Note")]
    puzzles = [f"{k + 1}. {title}" if len(titles) > 1 else title for k, title in enumerate(titles)]
    counted: list[list[str]] = []
    absent: list[list[str]] = []
    for row in rows:
        if row.absent:  # a name of the class list with no code: a row per puzzle, its cells empty
            absent += [[given.id, puzzle, "", row.name, *[""] * 7] for puzzle in puzzles]
        if not row.rank:
            continue
        for puzzle, w in zip(puzzles, row.work, strict=True):
            who = [given.id, puzzle, str(row.rank), row.name]
            if not (w["solved"] or w["tenths"] > 0):  # not begun
                counted.append([*who, *[""] * 6, row.note])
                continue
            solved = tr("yes") if w["solved"] else tr("no")
            solution = "" if not w["solved"] else tr("checked") if w["proved"] else tr("reported")
            times = [race_time(w["tenths"]), seconds(w["tenths"])]
            counted.append([*who, solved, *times, str(w["hints"]), str(w["solves"]), solution, row.note])
    return [[as_text(cell) for cell in line] for line in [head, *counted, *absent]]


def results_csv(given: Assignment, rows: list[Row], titles: list[str]) -> str:
    """The whole file's text (see the module's notes), byte order mark included: write it as
    UTF-8, with no newline translation."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(results_rows(given, rows, titles))
    return "\ufeff" + out.getvalue()
