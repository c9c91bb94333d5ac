"""Disk faults: a full or failing disk never crashes the daemon, never announces an unstored event, loses nothing;
a damaged database at start is a clear error and is left untouched.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import resource
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from device.errors import DeviceError
from device.referee import Referee, oracle_reader
from device.scripted import scripted_game
from device.sources import FolderSource
from device.store import Store
from device.tracker import GameTracker

ROOT = Path(__file__).resolve().parent.parent
KEYS = ("type", "player", "dice", "legal", "play", "reason", "first", "winner", "score", "game")


def _key(event: dict[str, Any]) -> dict[str, Any]:
    return {k: event.get(k) for k in KEYS}


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    script = scripted_game(0, illegal=1, cocked=1, wrong_half=1)
    folder = script.write(tmp_path_factory.mktemp("disk") / "game")
    whole = Referee(FolderSource(folder, labels=True), oracle_reader, GameTracker())
    whole.keep_events = True
    whole.run()
    return folder, whole.events


class FailingDisk:
    """The store's connection, with writes failing as on a full disk while ``full`` is set."""

    WRITES = ("BEGIN", "INSERT", "UPDATE", "COMMIT")

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        self.full = False
        self.refused = 0

    def execute(self, sql: str, *args: Any) -> Any:
        if self.full and sql.lstrip().upper().startswith(self.WRITES):
            self.refused += 1
            raise sqlite3.OperationalError("database or disk is full")
        return self._db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)


class CheckingPublisher:
    """Receives each announced event and checks, through its own connection, that it is already on disk."""

    def __init__(self, path: Path) -> None:
        self.con = sqlite3.connect(path)
        self.seen: list[dict[str, Any]] = []
        self.missing: list[dict[str, Any]] = []

    def publish(self, event: dict[str, Any]) -> None:
        bodies = [json.loads(r[0]) for r in self.con.execute("SELECT body FROM events WHERE type = ? AND frame IS ?",
                                                             (event["type"], event.get("frame")))]
        (self.seen if event in bodies else self.missing).append(event)

    def frame(self, image: Any, observation: Any) -> None:
        pass


def test_every_event_is_on_disk_before_any_publisher_hears_of_it(game, tmp_path):
    folder, reference = game
    db = tmp_path / "m.sqlite3"
    store = Store(db)
    match = store.new_match(0)
    checker = CheckingPublisher(db)
    Referee(FolderSource(folder, labels=True), oracle_reader, GameTracker(), store=store, match_id=match,
            publishers=[checker]).run()
    assert checker.missing == []
    assert [_key(e) for e in checker.seen] == [_key(e) for e in reference]


def test_a_full_disk_holds_events_in_memory_announces_nothing_and_writes_them_when_space_returns(game, tmp_path,
                                                                                                   caplog):
    folder, reference = game
    db = tmp_path / "m.sqlite3"
    waits: list[float] = []
    store = Store(db, sleep=lambda s: (waits.append(s), setattr(disk, "full", len(waits) < 6)))
    match = store.new_match(0)
    disk = FailingDisk(store.db)
    store.db = disk
    checker = CheckingPublisher(db)
    referee = Referee(FolderSource(folder, labels=True), oracle_reader, GameTracker(), store=store, match_id=match,
                      publishers=[checker])
    frames = list(FolderSource(folder, labels=True).frames())
    third_play = [e for e in reference if e["type"] == "play"][2]["frame"]
    caplog.set_level(logging.WARNING, logger="device.store")
    for frame in frames:
        if frame.index == third_play - 5:
            disk.full = True  # the disk fills up while the third play is being made
        referee.process(frame)  # must not raise
    assert disk.refused >= 5
    assert waits[:5] == [0.5, 1.0, 2.0, 4.0, 8.0]  # back-off, then the disk has room again
    assert checker.missing == []  # nothing was announced before it was on disk
    assert [_key(e) for e in store.events(match)] == [_key(e) for e in reference]  # nothing lost or doubled
    assert [_key(e) for e in checker.seen] == [_key(e) for e in reference]
    assert store.pending == [] and store.outages == 1
    text = caplog.text
    assert "database or disk is full" in text and "kept in memory" in text and "writable again" in text


def test_without_blocking_a_failed_write_is_kept_and_written_first_next_time(tmp_path):
    store = Store(tmp_path / "m.sqlite3")
    match = store.new_match(3)
    disk = FailingDisk(store.db)
    store.db = disk
    disk.full = True
    assert store.record(match, [{"type": "roll", "frame": 1, "dice": [3, 1]}], {"n": 1}, block=False) == []
    assert store.record(match, [{"type": "play", "frame": 2}], {"n": 2}, block=False) == []
    assert len(store.pending) == 2
    disk.full = False
    written = store.record(match, [{"type": "roll", "frame": 3}], {"n": 3}, block=False)
    assert [e["frame"] for e in written] == [1, 2, 3]
    assert [e["frame"] for e in store.events(match)] == [1, 2, 3]
    assert store.snapshot(match) == {"n": 3}


def test_giving_up_on_the_disk_from_another_thread_is_a_clear_error_and_logs_the_events(tmp_path, caplog):
    """What SIGTERM during a disk outage should do: the waiting write ends, naming what could not be stored."""
    store = Store(tmp_path / "m.sqlite3")
    match = store.new_match(0)
    disk = FailingDisk(store.db)
    store.db = disk
    disk.full = True
    threading.Timer(0.2, store.give_up).start()
    caplog.set_level(logging.ERROR, logger="device.store")
    with pytest.raises(DeviceError, match=r"m.sqlite3.*disk is full.*1 event\(s\) unwritten"):
        store.record(match, [{"type": "roll", "frame": 7, "dice": [6, 6]}], None)
    assert '"dice": [6, 6]' in caplog.text  # the journal still has the event


def test_bgref_run_survives_a_real_file_size_limit_and_catches_up(game, tmp_path):
    """The kernel refuses to grow the database files (RLIMIT_FSIZE: EFBIG, as a full disk gives ENOSPC) in the
    middle of the game; the daemon stops announcing, warns, and once the limit is lifted writes and announces
    everything, ending with the same record as an undisturbed run."""
    folder, reference = game
    db = tmp_path / "m.sqlite3"
    log = tmp_path / "daemon.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "device.cli", "run", "--source", str(folder), "--oracle", "--db", str(db),
         "--events", "-", "--no-bell"], cwd=ROOT, stdout=subprocess.PIPE, stderr=log.open("wb"), text=True)
    announced: list[dict[str, Any]] = []
    try:
        assert proc.stdout is not None
        con = None
        for line in proc.stdout:
            event = json.loads(line)
            announced.append(event)
            con = con or sqlite3.connect(f"file:{db}?mode=ro", uri=True)
            assert event in [json.loads(r[0]) for r in con.execute("SELECT body FROM events")]
            if len(announced) == 10:
                limit = max(os.path.getsize(p) for p in (db, Path(f"{db}-wal")))
                resource.prlimit(proc.pid, resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
                deadline = time.monotonic() + 60
                while "cannot write" not in log.read_text() and time.monotonic() < deadline:
                    assert proc.poll() is None, log.read_text()
                    time.sleep(0.05)
                assert "cannot write" in log.read_text(), "the file size limit never bit"
                assert proc.poll() is None  # still alive, waiting for the disk
                held = len(con.execute("SELECT id FROM events").fetchall())
                resource.prlimit(proc.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text = log.read_text()
    assert proc.returncode == 0, text[-2000:]
    assert "Traceback" not in text and "writable again" in text
    assert held <= len(announced)  # the stored count did not run ahead of what is announced
    store = Store(db)
    assert [_key(e) for e in store.events(1)] == [_key(e) for e in reference]
    assert [_key(e) for e in announced] == [_key(e) for e in reference]


def test_bgref_run_on_a_really_full_disk_waits_and_catches_up(game, tmp_path):
    """A 256 KiB tmpfs fills up under the daemon's own database (real ENOSPC); it is then grown. Needs root's
    mount(8) (the CI machine has it); the file-size-limit test above is the one that runs everywhere."""
    folder, reference = game
    mnt = tmp_path / "disk"
    mnt.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mnt)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here ({mounted.stderr.decode().strip()})")
    proc = None
    try:
        db, log = mnt / "m.sqlite3", tmp_path / "daemon.log"
        proc = subprocess.Popen(
            [sys.executable, "-m", "device.cli", "run", "--source", str(folder), "--oracle", "--db", str(db),
             "--events", "-", "--no-bell"], cwd=ROOT, stdout=subprocess.PIPE, stderr=log.open("wb"), text=True)
        deadline = time.monotonic() + 60
        while "cannot write" not in log.read_text() and time.monotonic() < deadline:
            assert proc.poll() is None, log.read_text()[-2000:]
            time.sleep(0.05)
        assert "database or disk is full" in log.read_text()
        assert proc.poll() is None
        subprocess.run(["mount", "-o", "remount,size=4m", str(mnt)], check=True)
        out, _ = proc.communicate(timeout=120)
        text = log.read_text()
        assert proc.returncode == 0 and "Traceback" not in text and "writable again" in text, text[-2000:]
        announced = [json.loads(x) for x in out.splitlines()]
        assert [_key(e) for e in announced] == [_key(e) for e in reference]
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        stored = [json.loads(r[0]) for r in con.execute("SELECT body FROM events ORDER BY id")]
        con.close()
        assert stored == announced
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        subprocess.run(["umount", str(mnt)], capture_output=True)


# --------------------------------------------------------------------------------------- damaged database

def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "device.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)


def _damaged_bgref_db(path: Path) -> None:
    store = Store(path)
    match = store.new_match(0)
    for i in range(200):
        store.record(match, [{"type": "roll", "frame": i, "player": "light", "dice": [6, 1], "pad": "x" * 200}],
                     {"i": i})
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 6 * page
    data[3 * page:5 * page] = bytes((i * 37) % 251 for i in range(2 * page))  # two pages of the events scribbled
    path.write_bytes(bytes(data))


def _other_app_db(path: Path) -> None:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    con.commit()
    con.close()


@pytest.mark.parametrize("kind,words", [
    ("garbage", ["not a database"]),
    ("damaged", ["damaged", "sqlite3 .recover"]),
    ("other", ["not a bgref database", "photos"]),
])
def test_a_bad_database_at_start_is_one_clear_line_and_the_file_is_kept(game, tmp_path, kind, words):
    folder, _ = game
    db = tmp_path / "m.sqlite3"
    if kind == "garbage":
        db.write_bytes(b"this is not SQLite\n" * 300)
    elif kind == "damaged":
        _damaged_bgref_db(db)
    else:
        _other_app_db(db)
    before = _sha(db)
    for new in ((), ("--new-match",)):
        out = _run_cli("run", "--source", str(folder), "--oracle", "--db", str(db), "--no-bell", "--events",
                       str(tmp_path / "e.jsonl"), *new)
        assert out.returncode == 2, out.stderr
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and str(db) in lines[0] and "Traceback" not in out.stderr, out.stderr
        for word in words:
            assert word in lines[0]
        assert _sha(db) == before  # the old file is kept exactly as it was
        assert not (tmp_path / "e.jsonl").exists() or (tmp_path / "e.jsonl").read_text() == ""
    out = _run_cli("export", "--db", str(db))
    assert out.returncode == 2 and str(db) in out.stderr and "Traceback" not in out.stderr
    assert _sha(db) == before
