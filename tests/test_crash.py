"""The daemon never loses a recorded game: real `kill -9` of `bgref run` mid-match, restart, export.

A two-game 5-point match (scripted label-only recording, read by the oracle so the test is exact and fast) is
refereed by `bgref run` in a subprocess. The test reads its JSON Lines stdout and, for every announced event,
checks through a second SQLite connection that the event is already in the database (store first, announce
after). After the Nth announced event the process is killed with SIGKILL, no clean-up of any kind; then `bgref
run` is started again on the rest of the recording (from the frame after the last stored event: the camera goes
on) and must resume the same match. The stored record must equal an uninterrupted run's, event for event, and
`bgref export` must read back (rules.mat.read_mat) to the same plays as the uninterrupted match.
"""

from __future__ import annotations

import json
from collections import Counter
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from device.matexport import mat_text
from device.referee import Referee, oracle_reader
from device.scripted import scripted_game
from device.sources import FolderSource
from device.tracker import GameTracker
from rules.mat import read_mat

ROOT = Path(__file__).resolve().parent.parent
MATCH_LENGTH = 5
KEYS = ("type", "player", "dice", "legal", "play", "reason", "first", "winner", "kind", "points", "score", "game",
        "before", "after", "action", "value")


def _write_recording(folder: Path, labels: list[dict[str, Any]], light_seat: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "video.json").write_text(json.dumps({"fps": 10, "width": 1200, "height": 800,
                                                   "light_seat": light_seat}))
    with (folder / "labels.jsonl").open("w") as fh:
        for i, label in enumerate(labels):
            fh.write(json.dumps({**label, "frame": i}) + "\n")
    return folder


@pytest.fixture(scope="module")
def match(tmp_path_factory):
    """Two short scripted games with an illegal play, a cocked die and dice on the wrong half in each."""
    first = scripted_game(0, illegal=1, cocked=1, wrong_half=1)
    second = scripted_game(13, illegal=1, cocked=1, wrong_half=1)
    labels = first.labels + second.labels
    folder = _write_recording(tmp_path_factory.mktemp("crash") / "match", labels, first.seating.light_seat)
    whole = Referee(FolderSource(folder, labels=True), oracle_reader, GameTracker(match_length=MATCH_LENGTH))
    whole.keep_events = True
    whole.run()
    assert sum(e["type"] == "game_end" for e in whole.events) == 2  # the recording is a sound two-game match
    return {"labels": labels, "events": whole.events, "seat": first.seating.light_seat}


def _key(event: dict[str, Any]) -> dict[str, Any]:
    return {k: event.get(k) for k in KEYS}


def _stored(db: Path) -> list[dict[str, Any]]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return [json.loads(r[0]) for r in con.execute("SELECT body FROM events ORDER BY id")]
    finally:
        con.close()


def _matches(db: Path) -> list[tuple]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return con.execute("SELECT id, match_length, finished FROM matches ORDER BY id").fetchall()
    finally:
        con.close()


def _start(folder: Path, db: Path, log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "device.cli", "run", "--source", str(folder), "--oracle", "--db", str(db),
         "--events", "-", "--no-bell", "--match-length", str(MATCH_LENGTH)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=log.open("ab"), text=True, env={**os.environ, "CI": "1"})


def _in_db(con: sqlite3.Connection, event: dict[str, Any]) -> bool:
    stored = {k: v for k, v in event.items() if k != "replayed"}  # a restart's replay is marked, else the same
    rows = con.execute("SELECT body FROM events WHERE type = ? AND frame IS ?", (event["type"], event.get("frame")))
    return any(json.loads(r[0]) == stored for r in rows)


def _run_until_killed(folder: Path, db: Path, log: Path, kill_after: int,
                      must_kill: bool = True) -> list[dict[str, Any]]:
    """`bgref run` until it has announced ``kill_after`` events, then SIGKILL; every announced event, in order.

    Each announced line is checked against the database as it arrives: it must already be there.
    """
    proc = _start(folder, db, log)
    announced: list[dict[str, Any]] = []
    con = None
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            event = json.loads(line)
            if con is None:
                con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
            assert _in_db(con, event), f"announced before it was stored: {event}"
            announced.append(event)
            if len(announced) == kill_after:
                os.kill(proc.pid, signal.SIGKILL)
                break
        rest = proc.stdout.read()  # lines written before the kill and still in the pipe were announced too
        for line in rest.splitlines():
            event = json.loads(line)
            assert _in_db(con, event), f"announced before it was stored: {event}"
            announced.append(event)
        proc.wait(timeout=60)
    finally:
        if con is not None:
            con.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if must_kill:
        assert proc.returncode == -signal.SIGKILL, "the daemon ended before it could be killed mid-match"
    else:
        assert proc.returncode in (0, -signal.SIGKILL), log.read_text()[-2000:]
    return announced


def _export(db: Path) -> str:
    out = subprocess.run([sys.executable, "-m", "device.cli", "export", "--db", str(db)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout


def _mat_records(text: str) -> list[list[tuple]]:
    mat = read_mat(text)
    assert mat.length == MATCH_LENGTH
    return [[(a.player, a.kind, a.dice, a.play, a.cube, a.points) for a in g.actions] for g in mat.games]


# kill points: just after the set-up, in game 1's opening, mid game 1, right after game 1 ended, mid game 2
@pytest.mark.parametrize("kill_after", [1, 3, 40, "game_end", "game2"])
def test_kill_9_mid_match_loses_nothing_and_resumes_the_same_match(match, tmp_path, kill_after):
    reference = match["events"]
    end_1 = next(i for i, e in enumerate(reference) if e["type"] == "game_end") + 1
    n = {"game_end": end_1, "game2": end_1 + 40}.get(kill_after, kill_after)
    folder = _write_recording(tmp_path / "all", match["labels"], match["seat"])
    db, log = tmp_path / "match.sqlite3", tmp_path / "daemon.log"

    announced = _run_until_killed(folder, db, log, n)
    stored = _stored(db)
    assert len(announced) >= n
    # every announced event is stored, once, in the order announced; nothing stored is out of the reference
    assert stored[:len(announced)] == announced
    assert [_key(e) for e in stored] == [_key(e) for e in reference[:len(stored)]]
    assert _matches(db) == [(1, MATCH_LENGTH, 0)]

    # the camera goes on: restart on the frames after the last stored event
    last_frame = stored[-1]["frame"]
    rest = _write_recording(tmp_path / "rest", match["labels"][last_frame + 1:], match["seat"])
    proc = _start(rest, db, log)
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == 0, log.read_text()[-2000:]
    text = log.read_text()
    assert "Traceback" not in text
    score = stored[-1].get("score") if stored[-1]["type"] == "game_end" else None
    if score is not None:  # resumed with the score it had when killed
        assert f"score light {score['light']} - dark {score['dark']}" in text.split("resuming match 1")[1]
    assert "resuming match 1 " in text

    final = _stored(db)
    assert [_key(e) for e in final] == [_key(e) for e in reference], "events lost, doubled or changed"
    assert _matches(db) == [(1, MATCH_LENGTH, 0)]  # one match: not a new one after the crash
    after = [json.loads(x) for x in out.splitlines()]
    replayed = [e for e in after if e.get("replayed")]
    fresh = [e for e in after if not e.get("replayed")]
    assert [_key(e) for e in fresh] == [_key(e) for e in reference[len(stored):]]  # new events announced once
    # what was stored but killed before it was announced is announced on restart: nothing stored goes unannounced
    assert len(announced) + len(replayed) >= len(stored)
    if replayed:
        assert [_key(e) for e in replayed] == [_key(e) for e in stored[len(stored) - len(replayed):]]

    # the whole match exported from the database reads back to the uninterrupted match's plays
    assert _mat_records(_export(db)) == _mat_records(mat_text(reference, MATCH_LENGTH))


def test_killed_again_and_again_the_match_is_still_whole(match, tmp_path):
    """kill -9 after every 30 announced events, restarting each time on the rest of the recording, to the end."""
    reference = match["events"]
    db, log = tmp_path / "match.sqlite3", tmp_path / "daemon.log"
    offset, kills, announced_all = 0, 0, []
    while True:
        part = _write_recording(tmp_path / f"part{kills}", match["labels"][offset:], match["seat"])
        announced = _run_until_killed(part, db, log, 30, must_kill=False)
        announced_all.extend(announced)
        stored = _stored(db)
        assert [_key(e) for e in stored] == [_key(e) for e in reference[:len(stored)]]
        if len(stored) == len(reference):
            break
        kills += 1
        assert kills < 20, "no progress between kills"
        offset += stored[-1]["frame"] + 1  # this run stored it: its frame is numbered within this part
    assert kills >= len(reference) // 30 - 1
    assert "Traceback" not in log.read_text()
    assert _matches(db) == [(1, MATCH_LENGTH, 0)]
    # across all the runs no event was announced twice: what was announced is the reference, in order, less at
    # most the few events stored but not yet printed when a kill came
    fresh = [e for e in announced_all if not e.get("replayed")]
    rest = iter([_key(e) for e in reference])
    assert all(any(k == r for r in rest) for k in (_key(e) for e in fresh))
    assert len(fresh) >= len(reference) - 5 * kills
    # with the restarts' replays of what was stored but not yet printed at a kill, every event was announced
    seen = Counter(json.dumps(_key(e), sort_keys=True) for e in announced_all)
    assert not Counter(json.dumps(_key(e), sort_keys=True) for e in reference) - seen
    assert _mat_records(_export(db)) == _mat_records(mat_text(reference, MATCH_LENGTH))


def test_sigterm_mid_match_stops_cleanly_and_the_restart_resumes(match, tmp_path):
    """systemctl stop / restart: SIGTERM ends the daemon after the current frame with exit 0, nothing half-done."""
    reference = match["events"]
    folder = _write_recording(tmp_path / "all", match["labels"], match["seat"])
    db, log = tmp_path / "match.sqlite3", tmp_path / "daemon.log"
    proc = _start(folder, db, log)
    announced = []
    assert proc.stdout is not None
    for line in proc.stdout:
        announced.append(json.loads(line))
        if len(announced) == 25:
            proc.send_signal(signal.SIGTERM)
            break
    announced += [json.loads(x) for x in proc.stdout.read().splitlines()]
    assert proc.wait(timeout=60) == 0, log.read_text()[-2000:]
    stored = _stored(db)
    assert stored == announced  # a clean stop leaves nothing stored-but-unannounced
    assert len(stored) < len(reference)  # it did stop mid-match
    rest = _write_recording(tmp_path / "rest", match["labels"][stored[-1]["frame"] + 1:], match["seat"])
    proc = _start(rest, db, log)
    proc.communicate(timeout=120)
    assert proc.returncode == 0 and "resuming match 1 " in log.read_text()
    assert [_key(e) for e in _stored(db)] == [_key(e) for e in reference]
