"""What the class server keeps: sessions, pupils and their work, in SQLite.

Nothing acknowledged is lost: the database runs in WAL mode with ``synchronous=FULL``, so a write
that returned has reached the disk before the pupil's page hears "accepted", and a server killed
with SIGKILL at any moment comes back with every acknowledged result (a test does exactly that).
Tokens are kept as their SHA-256 only: a copy of the database does not let anyone in.

Every method is synchronous and thread-safe (one connection behind a lock); the app calls them
from a worker thread, so the event loop never waits on the disk.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    pin TEXT NOT NULL,
    teacher TEXT NOT NULL,          -- SHA-256 of the teacher's token
    assignment TEXT NOT NULL,       -- the assignment as JSON (pento_core.classroom.assignment)
    link TEXT NOT NULL,             -- the link it was made from
    created REAL NOT NULL,
    ended REAL                      -- set by End session: the PIN stops working
);
CREATE INDEX IF NOT EXISTS sessions_pin ON sessions (pin) WHERE ended IS NULL;
CREATE TABLE IF NOT EXISTS pupils (
    id INTEGER PRIMARY KEY,
    session TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,     -- SHA-256 of the pupil's token
    name TEXT NOT NULL,
    joined REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS work (
    pupil INTEGER NOT NULL REFERENCES pupils (id) ON DELETE CASCADE,
    event TEXT NOT NULL,            -- the page's id for this event: sent twice, kept once
    item INTEGER NOT NULL,
    solved INTEGER NOT NULL,
    tenths INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    solves INTEGER NOT NULL,
    state TEXT NOT NULL,
    accepted INTEGER NOT NULL,
    reason TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (pupil, event)
);
"""


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
    """The class server's database (SQLite at ``path``)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")  # an acknowledged write is on the disk
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _write(self, sql: str, args: tuple[Any, ...]) -> sqlite3.Cursor:
        with self._lock:
            return self._db.execute(sql, args)

    def _rows(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    # -- sessions ------------------------------------------------------------------------------

    def create_session(self, assignment: dict[str, Any], link: str) -> tuple[Session, str]:
        """A new session with a PIN no open session has; returns it and the teacher's token."""
        token = secrets.token_urlsafe(24)
        with self._lock:
            while True:
                pin = f"{secrets.randbelow(1_000_000):06d}"
                taken = self._db.execute("SELECT 1 FROM sessions WHERE pin = ? AND ended IS NULL", (pin,)).fetchone()
                if not taken:
                    break
            session = Session(secrets.token_hex(8), pin, assignment, link, time.time(), None)
            self._db.execute(
                "INSERT INTO sessions (id, pin, teacher, assignment, link, created) VALUES (?, ?, ?, ?, ?, ?)",
                (session.id, pin, digest(token), json.dumps(assignment), link, session.created),
            )
        return session, token

    def _session(self, row: tuple[Any, ...]) -> Session:
        return Session(row[0], row[1], json.loads(row[2]), row[3], row[4], row[5])

    def session(self, session_id: str) -> Session | None:
        rows = self._rows("SELECT id, pin, assignment, link, created, ended FROM sessions WHERE id = ?", (session_id,))
        return self._session(rows[0]) if rows else None

    def open_session_by_pin(self, pin: str) -> Session | None:
        rows = self._rows(
            "SELECT id, pin, assignment, link, created, ended FROM sessions WHERE pin = ? AND ended IS NULL", (pin,)
        )
        return self._session(rows[0]) if rows else None

    def is_teacher(self, session_id: str, token: str) -> bool:
        rows = self._rows("SELECT teacher FROM sessions WHERE id = ?", (session_id,))
        return bool(rows) and secrets.compare_digest(rows[0][0], digest(token))

    def end_session(self, session_id: str) -> None:
        self._write("UPDATE sessions SET ended = ? WHERE id = ? AND ended IS NULL", (time.time(), session_id))

    def delete_before(self, when: float) -> int:
        """Delete every session made before ``when`` (with its pupils and work); how many."""
        return self._write("DELETE FROM sessions WHERE created < ?", (when,)).rowcount

    # -- pupils and their work -------------------------------------------------------------------

    def add_pupil(self, session_id: str, name: str) -> tuple[Pupil, str]:
        token = secrets.token_urlsafe(24)
        cursor = self._write(
            "INSERT INTO pupils (session, token, name, joined) VALUES (?, ?, ?, ?)",
            (session_id, digest(token), name, time.time()),
        )
        assert cursor.lastrowid is not None
        return Pupil(cursor.lastrowid, session_id, name), token

    def pupil(self, token: str) -> Pupil | None:
        rows = self._rows("SELECT id, session, name FROM pupils WHERE token = ?", (digest(token),))
        return Pupil(*rows[0]) if rows else None

    def event(self, pupil: int, event: str) -> Event | None:
        """The work already kept under ``event`` for this pupil (a page sending it again)."""
        rows = self._rows(
            "SELECT item, event, solved, tenths, hints, solves, state, accepted, reason FROM work"
            " WHERE pupil = ? AND event = ?",
            (pupil, event),
        )
        return _event(rows[0]) if rows else None

    def add_event(self, pupil: int, event: Event) -> Event:
        """Keep ``event`` (on the disk when this returns); an event id kept before keeps its first
        verdict, which is returned."""
        with self._lock:
            self._db.execute(
                "INSERT OR IGNORE INTO work (pupil, event, item, solved, tenths, hints, solves, state, accepted,"
                " reason, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    pupil,
                    event.event,
                    event.item,
                    int(event.solved),
                    event.tenths,
                    event.hints,
                    event.solves,
                    event.state,
                    int(event.accepted),
                    event.reason,
                    time.time(),
                ),
            )
            row = self._db.execute(
                "SELECT item, event, solved, tenths, hints, solves, state, accepted, reason FROM work"
                " WHERE pupil = ? AND event = ?",
                (pupil, event.event),
            ).fetchone()
        return _event(row)

    def pupils(self, session_id: str) -> list[tuple[Pupil, list[Event]]]:
        """Every pupil of the session in the order they joined, each with their work in the order
        it came."""
        pupils = [
            Pupil(*row)
            for row in self._rows("SELECT id, session, name FROM pupils WHERE session = ? ORDER BY id", (session_id,))
        ]
        out = []
        for pupil in pupils:
            rows = self._rows(
                "SELECT item, event, solved, tenths, hints, solves, state, accepted, reason FROM work"
                " WHERE pupil = ? ORDER BY rowid",
                (pupil.id,),
            )
            out.append((pupil, [_event(r) for r in rows]))
        return out


def _event(row: tuple[Any, ...]) -> Event:
    item, event, solved, tenths, hints, solves, state, accepted, reason = row
    return Event(item, event, bool(solved), tenths, hints, solves, state, bool(accepted), reason)
