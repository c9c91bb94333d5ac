"""The match on disk: durable settings, events with the tracker state, and resuming after a crash."""

from __future__ import annotations

import json
import sqlite3

import pytest

from device.cli import main
from device.errors import DeviceError
from device.referee import Referee, oracle_reader
from device.sources import FolderSource
from device.store import Store
from device.tracker import GameTracker
from device.scripted import scripted_game


def test_the_database_is_wal_with_full_sync(tmp_path):
    store = Store(tmp_path / "m.sqlite3")
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_events_and_snapshot_are_stored_together(tmp_path):
    path = tmp_path / "m.sqlite3"
    store = Store(path)
    match = store.new_match(5)
    store.record(match, [{"type": "roll", "frame": 3, "t": 0.3, "player": "light", "dice": [6, 1]}],
                 {"phase": "moving"})
    # another connection (a restarted daemon) sees it without the first closing: kill -9 loses nothing
    again = Store(path)
    assert again.events(match)[0]["dice"] == [6, 1]
    assert again.open_match() == (match, 5, {"phase": "moving"})


def test_a_database_in_a_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(DeviceError, match="does not exist"):
        Store(tmp_path / "no" / "m.sqlite3")


def test_a_file_that_is_not_a_database_is_a_clear_error(tmp_path):
    bad = tmp_path / "m.sqlite3"
    bad.write_text("hello, this is not SQLite " * 100)
    with pytest.raises(DeviceError, match="m.sqlite3"):
        Store(bad)


def test_a_crashed_daemon_resumes_the_same_match(tmp_path):
    """Stop abruptly mid-game (no close, as kill -9), restart from the store: the same events as one run."""
    script = scripted_game(41, illegal=2, cocked=1)
    folder = script.write(tmp_path / "game")
    whole = Referee(FolderSource(folder, labels=True), oracle_reader, GameTracker())
    whole.keep_events = True
    whole.run()

    db = tmp_path / "m.sqlite3"
    cut = len(script.labels) // 2
    store = Store(db)
    match = store.new_match(0)
    first = Referee(FolderSource(folder, labels=True), oracle_reader, GameTracker(), store=store, match_id=match)
    for frame in FolderSource(folder, labels=True).frames():
        if frame.index >= cut:
            break  # the process dies here: nothing is closed or flushed by us
        first.process(frame)

    store2 = Store(db)
    match_id, _, snapshot = store2.open_match()
    assert match_id == match
    second = Referee(FolderSource(folder, labels=True), oracle_reader, GameTracker.restore(snapshot),
                     store=store2, match_id=match_id)
    for frame in FolderSource(folder, labels=True).frames():
        if frame.index >= cut:  # the camera goes on from where the daemon died
            second.process(frame)
    stored = store2.events(match_id)
    keys = ("type", "player", "dice", "legal", "play", "reason", "first", "winner", "score")
    assert [{k: e.get(k) for k in keys} for e in stored] == [{k: e.get(k) for k in keys} for e in whole.events]


def test_bgref_export_writes_the_stored_match_as_mat(tmp_path):
    script = scripted_game(42, illegal=1)
    folder = script.write(tmp_path / "game")
    db = tmp_path / "m.sqlite3"
    events = tmp_path / "events.jsonl"
    assert main(["run", "--source", str(folder), "--oracle", "--db", str(db), "--events", str(events),
                 "--match-length", "3", "--no-bell"]) == 0
    lines = [json.loads(x) for x in events.read_text().splitlines()]
    assert [e["type"] for e in lines] == [e["type"] for e in script.expected]
    out = tmp_path / "match.mat"
    assert main(["export", "--db", str(db), "-o", str(out)]) == 0
    text = out.read_text()
    assert text.lstrip().startswith("3 point match")
    plays = [e for e in lines if e["type"] == "play"]
    assert text.count(": ") >= len(plays)
    assert "Game 1" in text and "Wins" in text
    first_legal = next(e for e in plays if e["legal"] and e["play"] != "(no play)")
    assert f"{''.join(map(str, first_legal['dice']))}: " in text
    # GNU Backgammon's reader (rules.mat) follows the whole game to the same winner and score
    from rules.mat import read_match

    match = read_match(text, check=False)
    end = next(e for e in lines if e["type"] == "game_end")
    assert len(match.games) == 1
    assert match.score == (end["score"]["light"], end["score"]["dark"])


def test_bgref_run_resumes_the_open_match_on_restart(tmp_path):
    """The daemon stops mid-game and starts again (the camera has gone on): one match, the same events."""
    script = scripted_game(43, illegal=1)
    whole = script.write(tmp_path / "game")
    cut = len(script.labels) // 2
    parts = []
    for name, labels in (("a", script.labels[:cut]), ("b", script.labels[cut:])):
        part = tmp_path / name
        part.mkdir()
        (part / "video.json").write_text((whole / "video.json").read_text())
        (part / "labels.jsonl").write_text("".join(json.dumps({**x, "frame": i}) + "\n" for i, x in enumerate(labels)))
        parts.append(part)
    db = tmp_path / "m.sqlite3"
    for part in parts:
        assert main(["run", "--source", str(part), "--oracle", "--db", str(db), "--events",
                     str(tmp_path / "e.jsonl"), "--no-bell"]) == 0
    store = Store(db)
    assert len(store.matches()) == 1
    assert [e["type"] for e in store.events(1)] == [e["type"] for e in script.expected]
    assert sum(e["type"] == "game_end" for e in store.events(1)) == 1


def test_the_snapshot_that_ends_a_match_finishes_it_in_the_same_transaction(tmp_path):
    """kill -9 between storing the last game_end and a separate 'finished' update must not reopen a won match."""
    path = tmp_path / "m.sqlite3"
    store = Store(path)
    match = store.new_match(1)
    store.record(match, [{"type": "roll", "frame": 1}], {"match_over": False})
    assert Store(path).open_match() is not None
    store.record(match, [{"type": "game_end", "frame": 9, "winner": "light"}], {"match_over": True})
    assert Store(path).open_match() is None  # no finish_match() call was needed
    assert Store(path).matches()[0]["finished"] is True


def test_events_stored_but_never_announced_are_found_on_restart(tmp_path):
    """kill -9 between storing and announcing: the restarted daemon can announce exactly those."""
    path = tmp_path / "m.sqlite3"
    store = Store(path)
    match = store.new_match(0)
    store.record(match, [{"type": "roll", "frame": 1}, {"type": "play", "frame": 2}], {"n": 1})
    store.mark_announced(match)
    store.record(match, [{"type": "roll", "frame": 3}], {"n": 2})  # ... and the daemon is killed here
    again = Store(path)
    assert [e["frame"] for e in again.unannounced(match)] == [3]
    assert again.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # back to FULL after the mark
    again.mark_announced(match)
    assert again.unannounced(match) == [] and len(again.events(match)) == 3


def test_a_schema_1_database_is_upgraded_with_its_events_counted_as_announced(tmp_path):
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.executescript("""
        CREATE TABLE matches (id INTEGER PRIMARY KEY, created REAL NOT NULL, match_length INTEGER NOT NULL,
                              finished INTEGER NOT NULL DEFAULT 0, source TEXT);
        CREATE TABLE events (id INTEGER PRIMARY KEY, match_id INTEGER NOT NULL REFERENCES matches(id),
                             game INTEGER NOT NULL, type TEXT NOT NULL, frame INTEGER, t REAL, body TEXT NOT NULL);
        CREATE TABLE snapshots (match_id INTEGER PRIMARY KEY REFERENCES matches(id), body TEXT NOT NULL);
        INSERT INTO matches VALUES (1, 0, 3, 0, '');
        INSERT INTO events VALUES (1, 1, 1, 'roll', 5, 0.5, '{"type": "roll", "frame": 5}');
        PRAGMA user_version = 1;
    """)
    con.close()
    store = Store(path)
    assert store.events(1) == [{"type": "roll", "frame": 5}]
    assert store.unannounced(1) == []
    store.record(1, [{"type": "play", "frame": 9}], None)
    assert [e["frame"] for e in store.unannounced(1)] == [9]
