"""A class race with no server: one puzzle for everyone, a result code per pupil, a ranking.

The teacher's race link names a race (a short random id), a game and a puzzle.
A pupil who solves it gets a **result code** carrying their name, their time
and their solution.  The teacher's results page reads the codes (pasted, or
scanned from the pupils' screens), checks every solution with the game's own
rules, and ranks the pupils by time.  Nothing is sent anywhere: the codes are
what people type, paste or show each other.

A race is now an assignment of one puzzle (:mod:`pento_core.classroom.assignment`): its pupils
hand in the shorter codes of format 2, and the ranking is the assignment's.  This module keeps the
race ids, the names, and format 1, which a race's results page still reads.

A code is Crockford base32 (digits and capitals without I, L, O, U; read
case-insensitively, with O read as 0 and I, L as 1), in groups of five.  Its
bytes are a format number (1), the time in tenths of a second, the name and the
solution, packed with raw DEFLATE against a small dictionary of the game's
position text (the game's ``race_dictionary``, :class:`~pento_core.games.base.Races`).  Its
last five characters are a check:
25 bits of CRC-32 over the race (id, game, puzzle) and those bytes.  So a
mistyped or changed character, or a code from another race, is refused; a
pupil who knows this text could still forge a time, but never a solution,
which the teacher's page checks itself.

Format 1 is frozen: a later Pento reads every format-1 code the same way.
"""

from __future__ import annotations

import secrets
import unicodedata
import zlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .. import registry
from ..errors import PentoError
from ..games.base import Game, Races
from ..i18n import tr
from ..limits import MAX_STATE

FORMAT = 1
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32
READ = {c: i for i, c in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
CHECK_CHARS = 5  # 25 bits
ID_CHARS = 6  # a race id: 30 random bits
MAX_NAME = 24  # characters of a pupil's name
MAX_TENTHS = 10 * 24 * 3600 * 7  # a week
TIME_BYTES = 4  # a time of at most a week takes 4 bytes as a varint (7 bits each)
MAX_CODES = 500  # codes read at once by the results page
MAX_CODE = 4_000  # characters of one code


class RaceCodeError(PentoError):
    """A result code that cannot be counted; the message says why, for the teacher."""

    code = "bad_code"


@dataclass(frozen=True)
class Result:
    """What one result code says: who, how long (tenths of a second), which solution."""

    name: str
    tenths: int
    state: str


def new_race_id() -> str:
    """A fresh race id: six base32 characters from the system's random source."""
    return "".join(secrets.choice(ALPHABET) for _ in range(ID_CHARS))


def check_race_id(race_id: str) -> str:
    """``race_id`` in its written form; raises if it is not one."""
    written = race_id.strip().upper()
    if len(written) != ID_CHARS or any(c not in ALPHABET for c in written):
        raise RaceCodeError(
            tr("a race id is {ID_CHARS} characters of {ALPHABET}", ID_CHARS=ID_CHARS, ALPHABET=ALPHABET)
        )
    return written


def racing_game(game_id: str) -> Game[Any, Any]:
    """The game ``game_id`` if a class can race on it (a puzzle one pupil solves, against time): it
    says so in its features and declares what its codes are packed against (:class:`Races`)."""
    game = registry.get(game_id) if game_id in registry.GAMES else None
    if game is None or "race" not in game.features or not isinstance(game, Races):
        raise RaceCodeError(tr("there is no race for the game {value!r}", value=game_id[:40]))
    return game


def check_name(name: str) -> str:
    """A pupil's name as the code carries it: trimmed, 1-24 characters, no control characters."""
    name = unicodedata.normalize("NFC", " ".join(name.split()))
    if not name:
        raise RaceCodeError(tr("type your name first"))
    if len(name) > MAX_NAME:
        raise RaceCodeError(tr("a name has at most {MAX_NAME} characters", MAX_NAME=MAX_NAME))
    if any(unicodedata.category(c)[0] == "C" for c in name):
        raise RaceCodeError(tr("a name has letters, digits, spaces and punctuation only"))
    return name


def _race_key(race_id: str, game_id: str, desc: str) -> bytes:
    return f"{race_id}|{game_id}|{desc}".encode()


def normalised(code: str) -> str:
    """A code as read: no spaces or dashes, capitals."""
    return "".join(code.split()).replace("-", "").upper()


def check_text(check: int) -> str:
    """The check's five characters."""
    return base32(check, CHECK_CHARS)


def base32(value: int, width: int = 1) -> str:
    """``value`` in Crockford base32, at least ``width`` digits."""
    digits: list[str] = []
    while value or len(digits) < width:
        value, d = divmod(value, 32)
        digits.append(ALPHABET[d])
    return "".join(reversed(digits))


def from_base32(text: str) -> int:
    """The integer that ``text`` (base32 characters as read: :data:`READ`) writes."""
    value = 0
    for c in text:
        value = value << 5 | READ[c]
    return value


def grouped(text: str) -> str:
    """``text`` in groups of five joined by dashes, as every code is shown."""
    return "-".join(text[i : i + 5] for i in range(0, len(text), 5))


def _check(key: bytes, payload: bytes) -> int:
    return zlib.crc32(key + payload) & ((1 << (5 * CHECK_CHARS)) - 1)


def _to_base32(data: bytes) -> str:
    bits = int.from_bytes(data, "big") << (-len(data) * 8 % 5)
    count = (len(data) * 8 + 4) // 5
    return "".join(ALPHABET[(bits >> (5 * i)) & 31] for i in reversed(range(count)))


def _from_base32(text: str) -> bytes:
    value = 0
    for c in text:
        value = value << 5 | READ[c]
    extra = len(text) * 5 % 8
    return (value >> extra).to_bytes(len(text) * 5 // 8, "big")


def _dictionary(game: Game[Any, Any]) -> bytes:
    assert isinstance(game, Races)  # racing_game() let only such games through
    return game.race_dictionary.encode()


def pack_text(game: Game[Any, Any], text: str) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, _dictionary(game))
    return packer.compress(text.encode()) + packer.flush()


def unpack_text(game: Game[Any, Any], data: bytes, limit: int) -> str:
    unpacker = zlib.decompressobj(-15, _dictionary(game))
    text = unpacker.decompress(data, limit + 1)
    if len(text) > limit or not unpacker.eof or unpacker.unused_data:
        raise ValueError("not a packed position")
    return text.decode()


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        out.append((n & 0x7F) | (0x80 if n > 0x7F else 0))
        n >>= 7
        if not n:
            return bytes(out)


def result_code(game_id: str, desc: str, race_id: str, name: str, tenths: int, state: str) -> str:
    """The code a pupil hands in for solving the race's puzzle ``desc`` in ``tenths`` of a second
    with position ``state``.  Raises (with a message for the pupil) when the position does not
    solve the puzzle or the name is not one."""
    game = racing_game(game_id)
    race_id = check_race_id(race_id)
    name = check_name(name)
    position = game.start(desc, state)
    if game.status(position).state != "solved":
        raise RaceCodeError(tr("the puzzle is not solved yet"))
    if not 0 <= tenths <= MAX_TENTHS:
        raise RaceCodeError(tr("a race lasts at most a week"))
    named = name.encode()
    payload = bytes([FORMAT]) + _varint(tenths) + bytes([len(named)]) + named
    payload += pack_text(game, game.write_state(position))
    check = _check(_race_key(race_id, game_id, desc), payload)
    return grouped(_to_base32(payload) + check_text(check))


def read_code(game_id: str, desc: str, race_id: str, code: str) -> Result:
    """What ``code`` says, once its check matches this race and its solution solves the puzzle;
    otherwise :class:`RaceCodeError` says which of those failed."""
    racing_game(game_id)
    race_id = check_race_id(race_id)
    if len(code) > MAX_CODE:
        raise RaceCodeError(tr("this is far longer than a result code"))
    return _read(game_id, desc, race_id, normalised(code))


@lru_cache(maxsize=2048)
def _read(game_id: str, desc: str, race_id: str, text: str) -> Result:
    """:func:`read_code` on a code as read (normalised).  A counted code is remembered, so the
    results page, which asks again for every code each time one is added, checks each solution
    once (500 tangram codes took 9 s a render); a refused one raises, which is never remembered,
    and a Result holds no translated text."""
    game = racing_game(game_id)
    strange = sorted({c for c in text if c not in READ})
    if strange:
        raise RaceCodeError(tr("a result code has no {value}: is it mistyped?", value=" ".join(strange[:3])))
    if len(text) < CHECK_CHARS + 4:
        raise RaceCodeError(tr("this is too short for a result code: is part of it missing?"))
    body, tail = text[:-CHECK_CHARS], text[-CHECK_CHARS:]
    payload, written = _from_base32(body), from_base32(tail)
    if _check(_race_key(race_id, game_id, desc), payload) != written:
        raise RaceCodeError(
            tr("the check does not match: a character is mistyped or changed, or the code is from another race")
        )
    if payload[0] != FORMAT:
        raise RaceCodeError(tr("this code was made by a newer Pento: open the results page in that version"))
    # Only a code made to pass the check gets past here: the check is a published CRC, so every
    # field is read as untrusted, each within its bounds.
    unreadable = tr("this code does not read, though its check matches")
    at, tenths, shift = 1, 0, 0
    while True:  # the time: a varint of at most TIME_BYTES bytes
        if at >= len(payload):
            raise RaceCodeError(unreadable)
        byte = payload[at]
        tenths |= (byte & 0x7F) << shift
        at, shift = at + 1, shift + 7
        if not byte & 0x80:
            break
        if at > TIME_BYTES:
            raise RaceCodeError(tr("the time in this code is not a race's time"))
    if tenths > MAX_TENTHS:
        raise RaceCodeError(tr("the time in this code is not a race's time"))
    try:
        size = payload[at]
        name = check_name(payload[at + 1 : at + 1 + size].decode())
        state = unpack_text(game, payload[at + 1 + size :], MAX_STATE)
    except (IndexError, ValueError, zlib.error) as e:
        raise RaceCodeError(unreadable) from e
    try:
        solved = game.status(game.start(desc, state)).state == "solved"
    except PentoError as e:
        raise RaceCodeError(tr("the solution in this code does not fit the puzzle: {e}", e=e)) from e
    if not solved:
        raise RaceCodeError(tr("the solution in this code does not solve the puzzle"))
    return Result(name, tenths, state)
