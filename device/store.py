"""The match on disk: every event and the referee's state, in SQLite, written before anything is announced.

WAL journal with ``synchronous=FULL``: a committed play survives kill -9 and power loss. Each batch of events is
stored together with a snapshot of the game tracker in one transaction, so on restart the daemon resumes exactly
where the last announced event left it. ``bgref export`` reads the events back to write a .mat file.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any, Optional

from device.errors import DeviceError

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    created REAL NOT NULL,
    match_length INTEGER NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    source TEXT
);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches(id),
    game INTEGER NOT NULL,
    type TEXT NOT NULL,
    frame INTEGER,
    t REAL,
    body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_match ON events(match_id, id);
CREATE TABLE IF NOT EXISTS snapshots (
    match_id INTEGER PRIMARY KEY REFERENCES matches(id),
    body TEXT NOT NULL
);
"""


class Store:
    """One SQLite file holding matches, their events and the tracker snapshot of each."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            parent = Path(self.path).parent
            if not parent.is_dir():
                raise DeviceError(f"database {self.path}: folder {parent} does not exist")
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise DeviceError(f"database {self.path}: written by a newer bgref (schema {version})")
            self.db.executescript(SCHEMA)
            self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.DatabaseError as exc:
            raise DeviceError(f"database {self.path}: {exc}") from None

    def close(self) -> None:
        self.db.close()

    # ---------------------------------------------------------------------------------------------- matches
    def new_match(self, match_length: int, source: str = "") -> int:
        cur = self.db.execute("INSERT INTO matches(created, match_length, source) VALUES (?, ?, ?)",
                              (time.time(), int(match_length), source))
        return int(cur.lastrowid)

    def open_match(self) -> Optional[tuple[int, int, Optional[dict[str, Any]]]]:
        """The latest unfinished match: (id, match_length, tracker snapshot or None)."""
        row = self.db.execute("SELECT id, match_length FROM matches WHERE finished = 0 ORDER BY id DESC LIMIT 1"
                              ).fetchone()
        if row is None:
            return None
        return int(row[0]), int(row[1]), self.snapshot(int(row[0]))

    def finish_match(self, match_id: int) -> None:
        self.db.execute("UPDATE matches SET finished = 1 WHERE id = ?", (match_id,))

    def matches(self) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT m.id, m.created, m.match_length, m.finished, COUNT(e.id) FROM matches m "
            "LEFT JOIN events e ON e.match_id = m.id GROUP BY m.id ORDER BY m.id").fetchall()
        return [{"id": r[0], "created": r[1], "match_length": r[2], "finished": bool(r[3]), "events": r[4]}
                for r in rows]

    def match_length(self, match_id: int) -> int:
        row = self.db.execute("SELECT match_length FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise DeviceError(f"database {self.path}: no match {match_id}")
        return int(row[0])

    # ----------------------------------------------------------------------------------------------- events
    def record(self, match_id: int, events: list[dict[str, Any]], snapshot: Optional[dict[str, Any]],
               game: int = 1) -> None:
        """Store events and the tracker state after them in one durable transaction (before announcing)."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            for event in events:
                self.db.execute(
                    "INSERT INTO events(match_id, game, type, frame, t, body) VALUES (?, ?, ?, ?, ?, ?)",
                    (match_id, int(event.get("game", game)), event["type"], event.get("frame"), event.get("t"),
                     json.dumps(event)))
            if snapshot is not None:
                self.db.execute("INSERT OR REPLACE INTO snapshots(match_id, body) VALUES (?, ?)",
                                (match_id, json.dumps(snapshot)))
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise

    def events(self, match_id: int) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT body FROM events WHERE match_id = ? ORDER BY id", (match_id,)).fetchall()
        return [json.loads(r[0]) for r in rows]

    def snapshot(self, match_id: int) -> Optional[dict[str, Any]]:
        row = self.db.execute("SELECT body FROM snapshots WHERE match_id = ?", (match_id,)).fetchone()
        return None if row is None else json.loads(row[0])
