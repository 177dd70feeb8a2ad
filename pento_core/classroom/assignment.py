"""Assignments: an ordered list of puzzles for a lesson, one short result code per pupil.

A teacher's assignment has an id (six base32 characters, as a race's), a title, whether Hint and
Solve are allowed, and up to :data:`MAX_ITEMS` puzzles of any games a class can race on.  A pupil
plays through it and hands in **one result code** for all of it: their name, and for each puzzle
whether it is solved, the time spent, the hints and solves used (when help is allowed), and the
solution, which the teacher's page checks with the game's own rules.  A class race is an
assignment of one puzzle, with no title and no help (:func:`race_assignment`).

**Result codes, format 2.**  Short enough to type: a 6x10 cover with a six-letter name takes 25
characters.  The code is the digit ``2`` (its format), then one integer in Crockford base32 (the
alphabet of :mod:`pento_core.classroom.race`, read case-insensitively with O as 0 and I, L as 1),
then five characters of check (25 bits of CRC-32 over the assignment and the integer: a mistyped
character or a code from another assignment is refused).  The integer packs, as mixed-radix
choices (:mod:`pento_core.digits`), in this order:

1. the name: its length less one (of 24), then each character: its place in :data:`NAME_CHARS`,
   or the escape (the table's length) and its Unicode code point;
2. for each puzzle in order: solved (of 2), the time in tenths of a second (a count); with help
   allowed, the hints and the solves (counts); when solved, the solution: 1 (of 2) and the game's
   own packing (:class:`~pento_core.games.base.PacksSolutions`, a 6x10 in 37 bits), or 0 and the
   solution's text packed with raw DEFLATE against the game's ``race_dictionary``.

A race's codes of format 1 (:mod:`pento_core.classroom.race`, all beginning with ``0``) are read
as codes of its one-puzzle assignment.  Format 2 is frozen, as format 1 is.

**Spoken codes, format 3** (:mod:`.spoken`): where a proof code is longer than 40 characters, the
code a pupil reads out carries the work without the solutions, and the QR code beside it the
proof (:func:`codes`); the results mark each solve the teacher has only as *reported*.
"""

from __future__ import annotations

import time
import unicodedata
import zlib
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from .. import i18n, registry
from ..budget import Budget, Progress, ProgressFn
from ..digits import DigitReader, DigitWriter
from ..errors import PentoError
from ..games.base import PacksSolutions, RaceGoal
from ..i18n import tr
from ..limits import MAX_STATE
from . import names, race, spoken
from .race import CHECK_CHARS, MAX_CODE, MAX_CODES, MAX_NAME, MAX_TENTHS, READ, RaceCodeError

FORMAT = "2"
MAX_ITEMS = 12  # puzzles in one assignment
MAX_TITLE = 60  # characters of its title
MAX_COUNT = 999  # hints or solves counted on one puzzle
MAX_ROSTER = 60  # names on an assignment's class list
# Names' characters in one table: a name of these costs 6.6 bits a character, any other 27.
NAME_CHARS = (
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789-.'áàâãäçéèêëíïóòôõöúùûüñßÁÀÂÃÄÇÉÈÊËÍÓÔÕÖÚÜÑ"
)
_CHAR = {c: i for i, c in enumerate(NAME_CHARS)}


@dataclass(frozen=True)
class Item:
    """One puzzle of an assignment: a game and its puzzle's desc."""

    game: str
    desc: str


@dataclass(frozen=True)
class Assignment:
    """What a pupil is asked to play, as its link carries it (checked by :func:`check_assignment`)."""

    id: str
    title: str
    help: bool
    items: tuple[Item, ...]
    roster: tuple[str, ...] = ()  # the class list pupils pick their names from (may be empty)

    def key(self) -> bytes:
        """What a code's check covers besides the code: the whole assignment but its class list
        (a name added to the list later leaves every code handed in valid)."""
        parts = [FORMAT, self.id, "h" if self.help else "", self.title]
        parts += [f"{item.game}|{item.desc}" for item in self.items]
        return "|".join(parts).encode()

    @property
    def is_race(self) -> bool:
        """One puzzle, no title, no help: a class race (it also reads the race's format-1 codes)."""
        return len(self.items) == 1 and not self.title and not self.help


@dataclass(frozen=True)
class Work:
    """A pupil's work on one puzzle: solved or not, the time spent (tenths of a second), the hints
    and solves used, and the solved position (empty when not solved)."""

    solved: bool
    tenths: int
    hints: int = 0
    solves: int = 0
    state: str = ""


@dataclass(frozen=True)
class Handed:
    """What one code says: who, and their work on each puzzle (in the assignment's order)."""

    name: str
    work: tuple[Work, ...]


def race_assignment(race_id: str, game_id: str, desc: str) -> Assignment:
    """A race as the assignment it is: one puzzle, no title, no help."""
    return check_assignment(race_id, "", False, [Item(game_id, desc)])


def check_title(title: str) -> str:
    """An assignment's title: trimmed, at most 60 characters, no control characters."""
    title = unicodedata.normalize("NFC", " ".join(title.split()))
    if len(title) > MAX_TITLE:
        raise RaceCodeError(tr("a title has at most {MAX_TITLE} characters", MAX_TITLE=MAX_TITLE))
    if any(unicodedata.category(c)[0] == "C" for c in title):
        raise RaceCodeError(tr("a title has letters, digits, spaces and punctuation only"))
    return title


# A spreadsheet's column pasted as a class list often starts with its heading: never a pupil.
HEADINGS = frozenset(
    (
        *("name", "names", "first name", "full name", "student", "students", "pupil", "pupils"),
        *("nome", "nomes", "nome completo", "aluno", "alunos", "aluna", "alunas", "estudante", "estudantes"),
        *("vorname", "nachname", "schüler", "schülerin", "schüler:in", "schüler*in", "schülername"),
    )
)


def check_roster(listed: list[str]) -> tuple[str, ...]:
    """A class list: each name as a code carries it (:func:`race.check_name`), blank lines left
    out, in the order given, and a first line that is a column's heading (:data:`HEADINGS`:
    "Name", "Nome", "Schüler") left out too; raises when a name is not one, when two names are
    the same name written two ways (:func:`names.same_form`: pupils could not tell which is
    theirs), or when there are more than :data:`MAX_ROSTER`."""
    out: list[str] = []
    seen: dict[str, str] = {}
    given_names = [given for given in listed if given.strip()]
    if given_names and names.same_form(given_names[0]) in HEADINGS:
        given_names = given_names[1:]
    for given in given_names:
        try:
            name = race.check_name(given)
        except RaceCodeError as e:
            raise RaceCodeError(tr("the class list: {name!r}: {e}", name=given.strip()[:30], e=e)) from None
        form = names.same_form(name)
        if form in seen:
            raise RaceCodeError(tr("the class list has {name} twice: write one of them another way", name=name))
        seen[form] = name
        out.append(name)
    if len(out) > MAX_ROSTER:
        raise RaceCodeError(tr("a class list has at most {n} names", n=MAX_ROSTER))
    return tuple(out)


def check_assignment(
    assignment_id: str, title: str, help: bool, items: list[Item], roster: list[str] | tuple[str, ...] = ()
) -> Assignment:
    """The assignment, once its id, title, every puzzle and its class list are checked; raises
    (with a message for the teacher) naming the first that is not right."""
    if not items:
        raise RaceCodeError(tr("an assignment needs at least one puzzle"))
    if len(items) > MAX_ITEMS:
        raise RaceCodeError(tr("an assignment has at most {MAX_ITEMS} puzzles", MAX_ITEMS=MAX_ITEMS))
    for i, item in enumerate(items):
        try:
            race.racing_game(item.game).validate(item.desc)
        except PentoError as e:
            raise RaceCodeError(tr("puzzle {n}: {e}", n=i + 1, e=e)) from e
    checked = check_roster(list(roster))
    return Assignment(race.check_race_id(assignment_id), check_title(title), bool(help), tuple(items), checked)


def linked_puzzle(parts: list[str]) -> Item:
    """The one puzzle a link opens (its decoded parts, :func:`pento_core.links.split`): a puzzle's,
    a puzzle of the day's or a race's; raises naming the link's kind when it opens no one puzzle."""
    kind = parts[0]
    if kind in ("daily", "race", "results") and len(parts) >= 4:
        return Item(parts[2], parts[3])
    if kind in registry.GAMES and len(parts) >= 2:
        return Item(kind, parts[1])
    raise PentoError(tr("this link does not open one puzzle (it begins #{kind})", kind=kind[:20]))


def linked_assignment(parts: list[str]) -> Assignment:
    """The assignment a link opens (its decoded parts): an assignment's or its results page's, or a
    race's (its one-puzzle assignment); checked as the page checks it."""
    kind = parts[0]
    if kind in ("assign", "assign-results") and len(parts) >= 6 and len(parts) % 2 == 0:
        rest = parts[4:]
        items = [Item(rest[i], rest[i + 1]) for i in range(0, len(rest), 2)]
        flag, *roster = parts[2].split("\n")
        return check_assignment(parts[1], parts[3], flag == "h", items, roster)
    if kind in ("race", "results") and len(parts) >= 4:
        return race_assignment(parts[1], parts[2], parts[3])
    raise PentoError(tr("this is not the link of an assignment or a race (it begins #{kind})", kind=kind[:20]))


def solves(item: Item, state: str) -> bool:
    """Whether ``state`` is a position of ``item``'s puzzle that the game counts as solved (a state
    that does not read as one of its positions does not)."""
    game = race.racing_game(item.game)
    try:
        return game.status(game.start(item.desc, state)).state == "solved"
    except PentoError:
        return False


# The search each puzzle's start gets to prove that it cannot be won: counted in positions, so that
# the verdict is the same on every machine, however busy (peg solitaire's 1111 is proved lost in
# some 10,000, 0.2 s in CPython, a few times that in the page), and bounded in seconds as well for
# games whose searches count no positions.
FINISH_NODES = 300_000
FINISH_SECONDS = 8.0


def check_finishable(assignment: Assignment, budget: Budget | None = None, first: int = 0) -> None:
    """Raises (naming the puzzle, with the reason) when a puzzle of ``assignment`` can never be
    won: a racing game's puzzle with no goal (:class:`~pento_core.games.base.RaceGoal`), or one
    whose start the game's own hint proves lost (its kind ``blocked``: peg solitaire's "can it be
    done?" boards).  A hint that runs out of time proves nothing: the puzzle is accepted.  Made for
    the teacher's builder, not for reading codes (it searches); ``first``: the puzzles before it
    were checked already (the builder checks each puzzle as it is added)."""
    for i, item in enumerate(assignment.items[first:], start=first):
        game = race.racing_game(item.game)
        missing = game.race_goal_missing(item.desc) if isinstance(game, RaceGoal) else None
        if missing:
            raise RaceCodeError(tr("puzzle {n}: {e}", n=i + 1, e=missing))
        each = replace((budget or Budget()).started().within(FINISH_SECONDS), max_nodes=FINISH_NODES)
        hint = game.hint(game.start(item.desc), each, None)
        if hint.kind == "blocked":
            raise RaceCodeError(tr("puzzle {n} can never be won: {e}", n=i + 1, e=hint.message))


# -- writing a code ---------------------------------------------------------------------------


def _put_name(out: DigitWriter, name: str) -> None:
    out.put(len(name) - 1, MAX_NAME)
    for c in name:
        if c in _CHAR:
            out.put(_CHAR[c], len(NAME_CHARS) + 1)
        else:
            out.put(len(NAME_CHARS), len(NAME_CHARS) + 1)
            out.put(ord(c), 0x110000)


def _take_name(src: DigitReader) -> str:
    chars = []
    for _ in range(src.take(MAX_NAME) + 1):
        i = src.take(len(NAME_CHARS) + 1)
        chars.append(NAME_CHARS[i] if i < len(NAME_CHARS) else chr(src.take(0x110000)))
    return race.check_name("".join(chars))


def _put_solution(out: DigitWriter, game_id: str, desc: str, state: str) -> None:
    game = race.racing_game(game_id)
    position = game.start(desc, state)
    if isinstance(game, PacksSolutions):
        packed = DigitWriter()
        if game.pack_solution(position, packed):
            out.put(1, 2)
            out.put_digits(packed)
            return
    out.put(0, 2)
    out.put_bytes(race.pack_text(game, game.write_state(position)))


def _take_solution(src: DigitReader, game_id: str, desc: str) -> str:
    game = race.racing_game(game_id)
    if src.take(2):
        if not isinstance(game, PacksSolutions):
            raise ValueError("no packing")
        return game.unpack_solution(desc, src)
    return race.unpack_text(game, src.take_bytes(MAX_STATE), MAX_STATE)


def _check(assignment: Assignment, value: int) -> int:
    data = value.to_bytes((value.bit_length() + 7) // 8, "big")
    return zlib.crc32(assignment.key() + data) & ((1 << (5 * CHECK_CHARS)) - 1)


def result_code(assignment: Assignment, name: str, work: list[Work]) -> str:
    """The code a pupil hands in for ``work`` on every puzzle of ``assignment`` (in its order).
    Raises (with a message for the pupil) when the name is not one, or a puzzle said solved is not
    solved by its position."""
    name = race.check_name(name)
    if len(work) != len(assignment.items):
        raise RaceCodeError(tr("the work does not match the assignment's puzzles"))
    out = DigitWriter()
    _put_name(out, name)
    for item, w in zip(assignment.items, work, strict=True):
        out.put(int(w.solved), 2)
        out.put_count(min(max(0, w.tenths), MAX_TENTHS))
        if assignment.help:
            out.put_count(min(max(0, w.hints), MAX_COUNT))
            out.put_count(min(max(0, w.solves), MAX_COUNT))
        if w.solved:
            game = race.racing_game(item.game)
            if game.status(game.start(item.desc, w.state)).state != "solved":
                raise RaceCodeError(tr("the puzzle is not solved yet"))
            _put_solution(out, item.game, item.desc, w.state)
    value = out.value()
    return race.grouped(FORMAT + race.base32(value) + race.check_text(_check(assignment, value)))


def codes(assignment: Assignment, name: str, work: list[Work]) -> tuple[str, str]:
    """The code a pupil reads out and the proof for ``work`` (:func:`result_code` checks it): the
    proof code is both where it has at most :data:`spoken.MAX_SPOKEN` characters (or is no longer
    than the spoken one), else the code read out is the spoken one (format 3, no solutions) and
    the proof goes in the QR code."""
    proof = result_code(assignment, name, work)
    if len(proof) <= spoken.MAX_SPOKEN:
        return proof, proof
    said = [spoken.Said(w.solved, w.tenths, w.hints, w.solves) for w in work]
    told = spoken.write(assignment.key(), assignment.roster, assignment.help, race.check_name(name), said)
    return (told, proof) if len(told) < len(proof) else (proof, proof)


# -- reading codes ----------------------------------------------------------------------------


def read_code(assignment: Assignment, code: str) -> Handed:
    """What ``code`` says, once its check matches ``assignment`` and every solution in it solves
    its puzzle; otherwise :class:`RaceCodeError` says what is wrong."""
    if len(code) > MAX_CODE:
        raise RaceCodeError(tr("this is far longer than a result code"))
    verdict = _verdict(assignment, race.normalised(code), i18n.language())
    if isinstance(verdict, str):
        raise RaceCodeError(verdict)
    return verdict


@lru_cache(maxsize=4096)
def _verdict(assignment: Assignment, text: str, language: str) -> Handed | str:
    """:func:`_read`'s answer, remembered: what a counted code says, or why a refused one is
    refused.  The results page asks again for every code each time one is added; a code that
    passes its check but holds a forged solution costs a check by the game's rules (a twelfth of a
    second for a tangram), so refusals are remembered as well as counts.  The language is part of
    the key: a refusal's reason is a sentence in it."""
    try:
        return _read(assignment, text)
    except RaceCodeError as e:
        return str(e)


def _read(assignment: Assignment, text: str) -> Handed:
    """:func:`read_code` on a code as read."""
    strange = sorted({c for c in text if c not in READ})
    if strange:
        raise RaceCodeError(tr("a result code has no {value}: is it mistyped?", value=" ".join(strange[:3])))
    if text[:1] == spoken.FORMAT and len(text) >= spoken.CHECK_CHARS + 2:
        name, said = spoken.read(assignment.key(), assignment.roster, assignment.help, len(assignment.items), text)
        return Handed(name, tuple(Work(*s) for s in said))  # solved with no state: reported, not proved
    if len(text) < CHECK_CHARS + 2:
        raise RaceCodeError(tr("this is too short for a result code: is part of it missing?"))
    if text[0] == "0":  # a race's code, format 1
        if not assignment.is_race:
            raise RaceCodeError(tr("this code is from a race, not from this assignment"))
        item = assignment.items[0]
        result = race.read_code(item.game, item.desc, assignment.id, text)
        return Handed(result.name, (Work(True, result.tenths, 0, 0, result.state),))
    if text[0] != FORMAT:
        if text[0] in "456789":
            raise RaceCodeError(tr("this code was made by a newer Pento: open the results page in that version"))
        raise RaceCodeError(tr("this is not a result code of Pento: is its beginning missing?"))
    body, tail = text[1:-CHECK_CHARS], text[-CHECK_CHARS:]
    value, written = race.from_base32(body), race.from_base32(tail)
    if _check(assignment, value) != written:
        raise RaceCodeError(
            tr("the check does not match: a character is mistyped or changed, or the code is from another assignment")
        )
    # Only a code made to pass the check gets past here, and the check is a published CRC: every
    # field is read as untrusted, each within its bounds.
    src = DigitReader(value)
    try:
        name = _take_name(src)
        work = []
        for item in assignment.items:
            solved = bool(src.take(2))
            tenths = src.take_count()
            hints, solves = (src.take_count(), src.take_count()) if assignment.help else (0, 0)
            if tenths > MAX_TENTHS or hints > MAX_COUNT or solves > MAX_COUNT:
                raise ValueError("out of bounds")
            state = _take_solution(src, item.game, item.desc) if solved else ""
            work.append(Work(solved, tenths, hints, solves, state))
        if not src.done():
            raise ValueError("more digits than written")
    except RaceCodeError:
        raise
    except (PentoError, ValueError, IndexError, zlib.error) as e:
        raise RaceCodeError(tr("this code does not read, though its check matches")) from e
    for i, (item, w) in enumerate(zip(assignment.items, work, strict=True)):
        if not w.solved:
            continue
        game = race.racing_game(item.game)
        try:
            solved = game.status(game.start(item.desc, w.state)).state == "solved"
        except PentoError as e:
            raise RaceCodeError(tr("puzzle {n}: the solution in this code does not fit the puzzle", n=i + 1)) from e
        if not solved:
            raise RaceCodeError(tr("puzzle {n}: the solution in this code does not solve the puzzle", n=i + 1))
    return Handed(name, tuple(work))


@dataclass(frozen=True)
class Row:
    """One counted code on the results page: the code, its rank, the pupil's name, the puzzles solved
    by themselves, the time those took (tenths), their work on each puzzle, and a mark when the name
    could be taken for another row's (:func:`results`); or a refused code with the ``reason``
    (``rank`` 0)."""

    code: str
    rank: int = 0
    name: str = ""
    solved: int = 0
    tenths: int = 0
    work: tuple[dict[str, Any], ...] = ()
    reason: str = ""
    mark: names.NameMark = ""  # a name a teacher could take for another row's (see results)
    note: str = ""  # the mark in words
    at: int = 0  # where the code is in the list given (so that a page can remove that one code)
    absent: bool = False  # a name of the class list with no code counted (no code, rank 0)


def _score(handed: Handed) -> tuple[int, int]:
    """Puzzles solved without Solve, and the time they took (tenths)."""
    own = [w for w in handed.work if w.solved and not w.solves]
    return len(own), sum(w.tenths for w in own)


def _order(handed: Handed) -> tuple[int, int]:
    """Better first: more puzzles solved without Solve, then less time."""
    solved, tenths = _score(handed)
    return -solved, tenths


def results(assignment: Assignment, codes: list[str], progress: ProgressFn | None = None) -> list[Row]:
    """Every code read and checked: one row for each code counted, never two codes merged into
    one, ranked by puzzles solved by themselves, then by the time those took (equal scores share
    a rank); then the names of the class list with no code counted (``absent``, in the list's
    order); then the refused codes with their reasons, in the order given.  A code given twice
    (the same characters, in any spacing or case) is one code.

    Names are compared only to warn (:mod:`.names`): rows whose names a teacher could take for one
    another are all marked (``mark`` ``same``: the same name written another way; ``alike``: a
    look-alike, other characters that look the same), and so is a name with characters that cannot
    be seen (``unseen``), each with a ``note`` that says so.  The teacher decides whether two rows
    are two pupils or one pupil who handed in twice, and may remove a code.

    ``progress`` hears how many codes are read (``nodes``, unit ``codes``) and counted
    (``solutions``) a few times a second: a class's first look at twelve tangram figures takes
    seconds (bench/bench_results.py), and a page must show it is working."""
    if len(codes) > MAX_CODES:
        raise RaceCodeError(tr("at most {MAX_CODES} codes at once", MAX_CODES=MAX_CODES))
    counted: list[tuple[Handed, str, int]] = []
    refused: list[Row] = []
    seen: set[str] = set()
    started = last = time.monotonic()
    for at, code in enumerate(codes):
        if progress is not None and time.monotonic() - last > 0.25:
            last = time.monotonic()
            progress(Progress(at, len(counted), last - started, "codes"))
        key = race.normalised(code)
        if not key or key in seen:
            continue
        seen.add(key)
        try:
            handed = read_code(assignment, code)
        except RaceCodeError as e:
            refused.append(Row(code=code.strip()[:200], reason=str(e), at=at))
            continue
        except Exception:  # a code is untrusted: whatever it holds is refused alone, never the page
            refused.append(Row(code=code.strip()[:200], reason=tr("this is not a valid code"), at=at))
            continue
        counted.append((handed, code.strip(), at))
    counted.sort(key=lambda hc: (*_order(hc[0]), names.same_form(hc[0].name), hc[2]))
    by_form: dict[str, list[str]] = {}
    by_look: dict[str, list[str]] = {}
    for handed, _, _ in counted:
        by_form.setdefault(names.same_form(handed.name), []).append(handed.name)
        by_look.setdefault(names.skeleton(handed.name), []).append(handed.name)
    rows: list[Row] = []
    for i, (handed, code, at) in enumerate(counted):
        solved, tenths = _score(handed)
        same = rows and (rows[-1].solved, rows[-1].tenths) == (solved, tenths)
        work = tuple(
            {"solved": w.solved, "tenths": w.tenths, "hints": w.hints, "solves": w.solves, "proved": bool(w.state)}
            for w in handed.work
        )
        mark, note = _mark(handed.name, by_form, by_look)
        rank = rows[-1].rank if same else i + 1
        rows.append(Row(code, rank, handed.name, solved, tenths, work, mark=mark, note=note, at=at))
    handed_in = set(by_form)
    absent = [Row("", name=n, absent=True) for n in assignment.roster if names.same_form(n) not in handed_in]
    return rows + absent + refused


def _mark(name: str, by_form: dict[str, list[str]], by_look: dict[str, list[str]]) -> tuple[names.NameMark, str]:
    """The mark of a row whose pupil is ``name`` and its note, for the teacher (see :func:`results`);
    ``by_form`` and ``by_look``: every counted name by its :func:`names.same_form` and its
    :func:`names.skeleton`."""
    if names.unseen(name):
        return "unseen", tr("This name has characters that cannot be seen: check who handed it in.")
    if len(by_form[names.same_form(name)]) > 1:
        return "same", tr("Another code has this name too: two pupils, or one pupil who handed in twice?")
    others = [n for n in by_look[names.skeleton(name)] if names.same_form(n) != names.same_form(name)]
    if others:
        return "alike", tr("This name looks like {other}, but is written with other letters.", other=others[0])
    return "", ""


def race_ranking(game_id: str, desc: str, race_id: str, codes: list[str]) -> list[Row]:
    """A race's results: those of its one-puzzle assignment (:func:`results`), ranked by time."""
    return results(race_assignment(race_id, game_id, desc), codes)
