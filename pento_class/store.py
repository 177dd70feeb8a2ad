"""What the class server keeps: sessions, pupils and their work, in SQLite or PostgreSQL.

Nothing acknowledged is lost: SQLite runs in WAL mode with ``synchronous=FULL`` and PostgreSQL
commits synchronously (its default), so a write that returned is on the disk before the pupil's
page hears "accepted", and a server killed with SIGKILL at any moment comes back with every
acknowledged result (a test does exactly that).  Tokens are kept as their SHA-256 only: a copy of
the database does not let anyone in.

Every method is synchronous and thread-safe (one connection behind a lock); the app calls them
from a worker thread, so the event loop never waits on the disk.  :func:`open_store` opens the
database an address names (``sqlite:///FILE`` or ``postgresql://...``).
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# One schema for both databases ({key}: the pupils' key column, the only difference); the SQL
# below is written with ? for parameters, which PostgreSQL's driver reads as %s.
SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    pin TEXT NOT NULL,
    teacher TEXT NOT NULL,
    assignment TEXT NOT NULL,
    link TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    ended DOUBLE PRECISION
);
CREATE UNIQUE INDEX IF NOT EXISTS sessions_open_pin ON sessions (pin) WHERE ended IS NULL;
CREATE TABLE IF NOT EXISTS pupils (
    id {key},
    session TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    joined DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS pupils_session ON pupils (session);
CREATE TABLE IF NOT EXISTS work (
    pupil BIGINT NOT NULL REFERENCES pupils (id) ON DELETE CASCADE,
    event TEXT NOT NULL,
    item INTEGER NOT NULL,
    solved INTEGER NOT NULL,
    tenths INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    solves INTEGER NOT NULL,
    state TEXT NOT NULL,
    accepted INTEGER NOT NULL,
    reason TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (pupil, event)
);
"""
# sessions: teacher is the SHA-256 of the teacher's token, assignment the assignment as JSON
# (pento_core.classroom.assignment), link what it was made from, ended set by End session (the PIN
# stops working; the index lets only one open session have a PIN); pupils: token the SHA-256 of the
# pupil's token; work: event the page's id for a piece of work (sent twice, kept once).
WORK = "item, event, solved, tenths, hints, solves, state, accepted, reason"
PIN_HOURS = 24  # how long a session's PIN lets pupils join


def digest(token: str) -> str:
    """What is kept of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Session:
    id: str
    pin: str
    assignment: dict[str, Any]
    link: str
    created: float
    ended: float | None


@dataclass(frozen=True)
class Pupil:
    id: int
    session: str
    name: str


@dataclass(frozen=True)
class Event:
    """One piece of a pupil's work as sent (``solved`` as claimed) and the server's verdict."""

    item: int
    event: str
    solved: bool
    tenths: int
    hints: int
    solves: int
    state: str
    accepted: bool
    reason: str


class Store:
    """The class server's database: what is kept and read, the same SQL on either database."""

    where: str  # where it is, for the log: a file, or the PostgreSQL server's address without a password
    shared: bool  # whether other server processes use it at once (PostgreSQL): changes go by notify
    _db: Any  # the driver's connection

    def __init__(
        self, execute: Callable[[str, tuple[Any, ...]], list[tuple[Any, ...]]], unique: type[Exception]
    ) -> None:
        self._lock = threading.Lock()
        self._listeners: list[Callable[[str], None]] = []
        self._execute = execute
        self._unique = unique  # the driver's error for a row a unique index refuses

    def close(self) -> None:
        """Let the database go."""
        with self._lock:
            self._db.close()

    def notify(self, payload: str) -> None:
        """Tell every server process sharing the database (this one too) ``payload``.  A database
        of one process tells this process's listeners, at once."""
        for each in list(self._listeners):
            each(payload)

    def listen(self, each: Callable[[str], None]) -> None:
        """Call ``each`` with every payload notified.  A shared database's listener never returns
        (a thread of its own waits on the database); one process's returns at once."""
        self._listeners.append(each)

    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._execute(sql, args)

    # -- sessions ------------------------------------------------------------------------------

    def create_session(self, assignment: dict[str, Any], link: str) -> tuple[Session, str]:
        """A new session with a PIN no open session has; returns it and the teacher's token."""
        token = secrets.token_urlsafe(24)
        # sessions whose PIN has expired are ended, so that their PINs can be given again
        self._rows(
            "UPDATE sessions SET ended = created WHERE ended IS NULL AND created <= ?",
            (time.time() - PIN_HOURS * 3600,),
        )
        while True:
            session = Session(
                secrets.token_hex(8), f"{secrets.randbelow(1_000_000):06d}", assignment, link, time.time(), None
            )
            try:
                self._rows(
                    "INSERT INTO sessions (id, pin, teacher, assignment, link, created) VALUES (?, ?, ?, ?, ?, ?)",
                    (session.id, session.pin, digest(token), json.dumps(assignment), link, session.created),
                )
                return session, token
            except self._unique:
                continue  # an open session has that PIN (another process may have just taken it)

    @staticmethod
    def _session(row: tuple[Any, ...]) -> Session:
        return Session(row[0], row[1], json.loads(row[2]), row[3], row[4], row[5])

    def session(self, session_id: str) -> Session | None:
        rows = self._rows("SELECT id, pin, assignment, link, created, ended FROM sessions WHERE id = ?", (session_id,))
        return self._session(rows[0]) if rows else None

    def open_session_by_pin(self, pin: str) -> Session | None:
        """The session a pupil joins with ``pin``: one not ended, started at most PIN_HOURS ago (a
        lesson is a day's: a PIN is not a way into last week's)."""
        rows = self._rows(
            "SELECT id, pin, assignment, link, created, ended FROM sessions WHERE pin = ? AND ended IS NULL"
            " AND created > ?",
            (pin, time.time() - PIN_HOURS * 3600),
        )
        return self._session(rows[0]) if rows else None

    def is_teacher(self, session_id: str, token: str) -> bool:
        rows = self._rows("SELECT teacher FROM sessions WHERE id = ?", (session_id,))
        return bool(rows) and secrets.compare_digest(rows[0][0], digest(token))

    def end_session(self, session_id: str) -> None:
        self._rows("UPDATE sessions SET ended = ? WHERE id = ? AND ended IS NULL", (time.time(), session_id))

    def delete_before(self, when: float) -> int:
        """Delete every session made before ``when`` (with its pupils and work); how many."""
        return len(self._rows("DELETE FROM sessions WHERE created < ? RETURNING id", (when,)))

    # -- pupils and their work -------------------------------------------------------------------

    def add_pupil(self, session_id: str, name: str) -> tuple[Pupil, str]:
        token = secrets.token_urlsafe(24)
        rows = self._rows(
            "INSERT INTO pupils (session, token, name, joined) VALUES (?, ?, ?, ?) RETURNING id",
            (session_id, digest(token), name, time.time()),
        )
        return Pupil(int(rows[0][0]), session_id, name), token

    def pupil(self, token: str) -> Pupil | None:
        rows = self._rows("SELECT id, session, name FROM pupils WHERE token = ?", (digest(token),))
        return Pupil(*rows[0]) if rows else None

    def pupil_in_session(self, token: str) -> tuple[Pupil, Session] | None:
        """The pupil whose token this is, and their session, in one query."""
        rows = self._rows(
            "SELECT p.id, p.session, p.name, s.id, s.pin, s.assignment, s.link, s.created, s.ended"
            " FROM pupils p JOIN sessions s ON s.id = p.session WHERE p.token = ?",
            (digest(token),),
        )
        return (Pupil(*rows[0][:3]), self._session(rows[0][3:])) if rows else None

    def event(self, pupil: int, event: str) -> Event | None:
        """The work already kept under ``event`` for this pupil (a page sending it again)."""
        rows = self._rows(f"SELECT {WORK} FROM work WHERE pupil = ? AND event = ?", (pupil, event))
        return _event(rows[0]) if rows else None

    def add_event(self, pupil: int, event: Event) -> Event:
        """Keep ``event`` (on the disk when this returns); an event id kept before keeps its first
        verdict, which is returned."""
        e = event
        rows = self._rows(
            f"INSERT INTO work (pupil, {WORK}, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            f" ON CONFLICT DO NOTHING RETURNING {WORK}",
            (
                pupil,
                e.item,
                e.event,
                int(e.solved),
                e.tenths,
                e.hints,
                e.solves,
                e.state,
                int(e.accepted),
                e.reason,
                time.time(),
            ),
        )
        kept = _event(rows[0]) if rows else self.event(pupil, event.event)  # none returned: kept before
        assert kept is not None
        return kept

    def pupils(self, session_id: str) -> list[tuple[Pupil, list[Event]]]:
        """Every pupil of the session in the order they joined, each with their work in the order
        it came (one query: a board reads this at every change)."""
        columns = ", ".join(f"w.{c.strip()}" for c in WORK.split(","))
        rows = self._rows(
            f"SELECT p.id, p.session, p.name, {columns} FROM pupils p LEFT JOIN work w ON w.pupil = p.id"
            " WHERE p.session = ? ORDER BY p.id, w.at",
            (session_id,),
        )
        out: list[tuple[Pupil, list[Event]]] = []
        for row in rows:
            if not out or out[-1][0].id != row[0]:
                out.append((Pupil(*row[:3]), []))
            if row[4] is not None:  # a pupil with no work yet has one row of nulls
                out[-1][1].append(_event(row[3:]))
        return out


def _event(row: tuple[Any, ...]) -> Event:
    item, event, solved, tenths, hints, solves, state, accepted, reason = row
    return Event(item, event, bool(solved), tenths, hints, solves, state, bool(accepted), reason)


class SqliteStore(Store):
    """The embedded default: one SQLite file, in WAL mode, every commit synchronous."""

    shared = False

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.where = str(path)
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")  # an acknowledged write is on the disk
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(SCHEMA.format(key="INTEGER PRIMARY KEY"))
        super().__init__(lambda sql, args: self._db.execute(sql, args).fetchall(), sqlite3.IntegrityError)


class PostgresStore(Store):
    """A district's database: PostgreSQL (psycopg 3), which several server processes share; the
    live board's changes go through its LISTEN/NOTIFY (:meth:`listen`, :meth:`notify`)."""

    shared = True
    CHANNEL = "pento_class"

    def __init__(self, url: str) -> None:
        import psycopg

        self.url = url
        self.where = without_password(url)
        self._db = psycopg.connect(url, autocommit=True)
        with self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(4815162342)")  # one process makes the tables
            self._db.execute(SCHEMA.format(key="BIGSERIAL PRIMARY KEY").encode())
        super().__init__(lambda sql, args: self._fetch(sql.replace("?", "%s"), args), psycopg.errors.UniqueViolation)

    def _fetch(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        cursor = self._db.execute(sql.encode(), args)
        return cursor.fetchall() if cursor.description else []

    def notify(self, payload: str) -> None:
        self._rows("SELECT pg_notify(?, ?)", (self.CHANNEL, payload))

    def listen(self, each: Callable[[str], None]) -> None:
        """As :meth:`Store.listen`, from a connection of its own."""
        import psycopg

        listener = psycopg.connect(self.url, autocommit=True)
        listener.execute(f"LISTEN {self.CHANNEL}".encode())
        for note in listener.notifies():
            each(note.payload)


def without_password(url: str) -> str:
    """``url`` as it may be shown: its password, if any, as ***."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


SQLITE, POSTGRESQL = ("sqlite:///",), ("postgresql://", "postgres://")  # what a database's address starts with


def is_address(url: str) -> bool:
    """Whether ``url`` names a database :func:`open_store` opens."""
    return url.startswith(SQLITE + POSTGRESQL)


def open_store(url: str) -> Store:
    """The database ``url`` names: ``sqlite:///FILE`` or ``postgresql://...``; ValueError else."""
    if url.startswith(SQLITE):
        return SqliteStore(Path(url.removeprefix(SQLITE[0])))
    if url.startswith(POSTGRESQL):
        return PostgresStore(url)
    raise ValueError(f"{url[:60]!r} is not a database address (sqlite:///FILE or postgresql://...)")
