"""The match on disk: every event and the referee's state, in SQLite, written before anything is announced.

WAL journal with ``synchronous=FULL``: a committed play survives kill -9 and power loss. Each batch of events is
stored together with a snapshot of the game tracker in one transaction, so on restart the daemon resumes exactly
where the last announced event left it. ``bgref export`` reads the events back to write a .mat file.

A disk that fails for a while (full, I/O errors, remounted read-only) must not crash the daemon nor lose a play:
``record`` keeps the events in memory, warns, and retries with back-off until they are written, and only then
returns (the referee announces after it returns, so nothing unstored is ever announced). A damaged database at
start is a clear error and the file is left as it is: a new match is never started over an old one.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable, Optional

from device.errors import DeviceError

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2  # 2: events.announced
RETRY_FIRST, RETRY_CAP = 0.5, 10.0  # seconds between attempts to write to a failing disk
WARN_EVERY = 60.0  # an outage is warned of at its start, then this often, and when it ends
OUR_TABLES = {"matches", "events", "snapshots"}

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
    body TEXT NOT NULL,
    announced INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS events_match ON events(match_id, id);
CREATE TABLE IF NOT EXISTS snapshots (
    match_id INTEGER PRIMARY KEY REFERENCES matches(id),
    body TEXT NOT NULL
);
"""


class Store:
    """One SQLite file holding matches, their events and the tracker snapshot of each."""

    def __init__(self, path: str | Path, *, sleep: Optional[Callable[[float], Any]] = None) -> None:
        self.path = str(path)
        self.pending: list[tuple[int, list[dict[str, Any]], int]] = []  # events not yet on disk, in order
        self._pending_snapshots: dict[int, dict[str, Any]] = {}
        self._closing = threading.Event()
        self._sleep = sleep or self._closing.wait  # close() from another thread cuts a back-off short
        self._outage_since: Optional[float] = None
        self._warned_at: Optional[float] = None
        self.outages = 0  # how many times the disk failed and came back (for tests and the log)
        if self.path != ":memory:":
            parent = Path(self.path).parent
            if not parent.is_dir():
                raise DeviceError(f"database {self.path}: folder {parent} does not exist")
        existed = self.path != ":memory:" and Path(self.path).is_file() and Path(self.path).stat().st_size > 0
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            if existed:
                self._check_existing()
            self.db.execute("PRAGMA busy_timeout=5000")  # a reader (export, web page) never fails a write
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise DeviceError(f"database {self.path}: written by a newer bgref (schema {version})")
            self.db.executescript(SCHEMA)
            columns = {r[1] for r in self.db.execute("PRAGMA table_info(events)")}
            if "announced" not in columns:  # schema 1: its events were all announced when stored
                self.db.execute("ALTER TABLE events ADD COLUMN announced INTEGER NOT NULL DEFAULT 1")
            self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.DatabaseError as exc:
            raise DeviceError(f"database {self.path}: {exc}; the file was left as it is") from None

    def _check_existing(self) -> None:
        """An existing file must be an undamaged bgref database: never start a new match over anything else."""
        keep = "the file was left as it is"
        try:
            tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            problems = [r[0] for r in self.db.execute("PRAGMA quick_check(5)")] if tables else ["ok"]
        except sqlite3.DatabaseError as exc:
            self.db.close()
            if "not a database" in str(exc):
                raise DeviceError(f"database {self.path}: not an SQLite database ({exc}); {keep}: give another "
                                  "--db") from None
            problems = [str(exc)]
            tables = OUR_TABLES
        if tables and not OUR_TABLES <= tables:
            self.db.close()
            raise DeviceError(f"database {self.path}: not a bgref database (tables: {', '.join(sorted(tables))}); "
                              f"{keep}: give another --db")
        if problems != ["ok"]:
            self.db.close()
            raise DeviceError(f"database {self.path}: damaged ({'; '.join(problems)}); {keep}: move it aside "
                              "(its matches may be recovered with sqlite3 .recover) or give another --db")

    def give_up(self) -> None:
        """Stop waiting for a failing disk (from any thread, e.g. on SIGTERM): the waiting write raises a
        DeviceError after logging each unwritten event as JSON, so the system journal still has them."""
        self._closing.set()

    def close(self) -> None:
        """Close the file; a write waiting for a failing disk gives up (see ``record``)."""
        self._closing.set()
        self._log_unwritten()
        self.db.close()

    def _log_unwritten(self) -> None:
        for match_id, events, _ in self.pending:
            for event in events:
                log.error("database %s: unwritten event of match %d: %s", self.path, match_id, json.dumps(event))

    # ---------------------------------------------------------------------------------------------- matches
    def new_match(self, match_length: int, source: str = "") -> int:
        cur = self._retrying(lambda: self.db.execute(
            "INSERT INTO matches(created, match_length, source) VALUES (?, ?, ?)",
            (time.time(), int(match_length), source)), "a new match")
        return int(cur.lastrowid)

    def open_match(self) -> Optional[tuple[int, int, Optional[dict[str, Any]]]]:
        """The latest unfinished match: (id, match_length, tracker snapshot or None)."""
        row = self.db.execute("SELECT id, match_length FROM matches WHERE finished = 0 ORDER BY id DESC LIMIT 1"
                              ).fetchone()
        if row is None:
            return None
        return int(row[0]), int(row[1]), self.snapshot(int(row[0]))

    def finish_match(self, match_id: int) -> None:
        self._retrying(lambda: self.db.execute("UPDATE matches SET finished = 1 WHERE id = ?", (match_id,)),
                       f"the end of match {match_id}")

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
               game: int = 1, block: bool = True) -> list[dict[str, Any]]:
        """Store events and the tracker state after them in one durable transaction (before announcing).

        Returns the events now on disk: these, after any that an earlier failed call left pending. When the disk
        fails, the events stay in ``pending`` (memory) and the write is retried with back-off until it succeeds
        (``block``, the default: the caller announces nothing meanwhile) or, with ``block=False``, the call
        returns ``[]`` at once and a later ``record`` or ``flush`` writes them, in order.
        """
        self.pending.append((match_id, list(events), game))
        if snapshot is not None:
            self._pending_snapshots[match_id] = snapshot
        return self.flush(block=block)

    def flush(self, block: bool = True) -> list[dict[str, Any]]:
        """Write whatever is pending; the events written (``[]`` if the disk still fails and not ``block``)."""
        if not self.pending and not self._pending_snapshots:
            return []
        written = self._retrying(self._write_pending, "the match's events", block=block)
        return written or []

    def _write_pending(self) -> list[dict[str, Any]]:
        try:
            self.db.execute("BEGIN IMMEDIATE")
            written: list[dict[str, Any]] = []
            for match_id, events, game in self.pending:
                for event in events:
                    self.db.execute(
                        "INSERT INTO events(match_id, game, type, frame, t, body, announced) "
                        "VALUES (?, ?, ?, ?, ?, ?, 0)",
                        (match_id, int(event.get("game", game)), event["type"], event.get("frame"),
                         event.get("t"), json.dumps(event)))
                written.extend(events)
            for match_id, snapshot in self._pending_snapshots.items():
                self.db.execute("INSERT OR REPLACE INTO snapshots(match_id, body) VALUES (?, ?)",
                                (match_id, json.dumps(snapshot)))
                if snapshot.get("match_over"):  # in the same transaction: a crash right after the last game
                    # must not leave a won match open, to be resumed instead of a new one started
                    self.db.execute("UPDATE matches SET finished = 1 WHERE id = ?", (match_id,))
            self.db.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        self.pending.clear()
        self._pending_snapshots.clear()
        return written

    def _rollback(self) -> None:
        try:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # SQLite has rolled back itself after a failed write (disk full, I/O error)

    def _retrying(self, write: Callable[[], Any], what: str, block: bool = True) -> Any:
        """Run ``write`` until the disk takes it: warn at the start of an outage, every minute, and at its end.

        Only operational failures (disk full, I/O error, read-only, locked) are retried; a damaged database is a
        DeviceError at once. ``close()`` from another thread ends the wait with a DeviceError.
        """
        delay = RETRY_FIRST
        while True:
            try:
                result = write()
            except sqlite3.OperationalError as exc:
                now = time.monotonic()
                if self._outage_since is None:
                    self._outage_since = now
                if self._warned_at is None or now - self._warned_at >= WARN_EVERY:
                    self._warned_at = now
                    log.warning("database %s: cannot write %s (%s); %d event(s) kept in memory, retrying",
                                self.path, what, exc, sum(len(e) for _, e, _ in self.pending))
                if not block:
                    return None
                if self._closing.is_set():
                    self._log_unwritten()
                    raise DeviceError(f"database {self.path}: cannot write {what} ({exc}); stopped with "
                                      f"{sum(len(e) for _, e, _ in self.pending)} event(s) unwritten") from None
                self._sleep(delay)
                delay = min(RETRY_CAP, delay * 2)
                continue
            except sqlite3.DatabaseError as exc:
                raise DeviceError(f"database {self.path}: {exc} while writing {what}") from None
            if self._outage_since is not None:
                self.outages += 1
                log.warning("database %s: writable again after %.1f s; %s written", self.path,
                            time.monotonic() - self._outage_since, what)
                self._outage_since = self._warned_at = None
            return result

    def mark_announced(self, match_id: int) -> None:
        """Note that every stored event of the match has been announced (call after the publishers had them).

        Not synced to disk on its own (the next durable write carries it): if power is lost first, an event is at
        worst announced again on restart, never lost. A failing disk is ignored here for the same reason.
        """
        try:
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("UPDATE events SET announced = 1 WHERE match_id = ? AND announced = 0", (match_id,))
        except sqlite3.Error as exc:
            log.debug("database %s: cannot mark events announced (%s)", self.path, exc)
        finally:
            try:
                self.db.execute("PRAGMA synchronous=FULL")
            except sqlite3.Error:
                pass

    def unannounced(self, match_id: int) -> list[dict[str, Any]]:
        """Events stored but not marked announced: the daemon died between storing and announcing them (kill -9,
        power cut), so a restarted daemon announces them first."""
        rows = self.db.execute("SELECT body FROM events WHERE match_id = ? AND announced = 0 ORDER BY id",
                               (match_id,)).fetchall()
        return [json.loads(r[0]) for r in rows]

    def events(self, match_id: int) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT body FROM events WHERE match_id = ? ORDER BY id", (match_id,)).fetchall()
        return [json.loads(r[0]) for r in rows]

    def snapshot(self, match_id: int) -> Optional[dict[str, Any]]:
        row = self.db.execute("SELECT body FROM snapshots WHERE match_id = ?", (match_id,)).fetchone()
        return None if row is None else json.loads(row[0])
