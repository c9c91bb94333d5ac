"""Faults and stages around the game logic: the motion gate and stabiliser on real pixels, alerts, clean stops."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from device.alerts import Alerts
from device.events import EventWriter, describe, is_alert
from device.sources import Frame
from device.stability import MotionGate, Stabiliser, thumbnail
from vision.observation import BoardInfo, Observation

ROOT = Path(__file__).resolve().parent.parent


def board_image(checker_at: int | None = None, hand: bool = False, noise_seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(noise_seed)
    img = np.full((720, 1280, 3), (60, 110, 40), np.uint8)
    cv2.rectangle(img, (140, 60), (1140, 660), (90, 140, 190), -1)
    if checker_at is not None:
        cv2.circle(img, (200 + 70 * checker_at, 600), 32, (235, 235, 235), -1)
    if hand:
        cv2.ellipse(img, (640, 420), (260, 140), 20, 0, 360, (150, 170, 220), -1)
    noise = rng.normal(0, 3, img.shape)  # sensor noise must not count as motion
    return np.clip(img + noise, 0, 255).astype(np.uint8)


def test_the_gate_sees_one_checker_move_but_not_sensor_noise():
    gate = MotionGate()
    a, b = thumbnail(board_image(3, noise_seed=1)), thumbnail(board_image(3, noise_seed=2))
    assert not gate.changed(a, b)
    assert gate.changed(a, thumbnail(board_image(4, noise_seed=3)))


class CountingReader:
    """Reads the checker position off the synthetic image (where the white disc is)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, frame: Frame) -> Observation:
        self.calls += 1
        row = frame.image[600, :, 0]
        hand = frame.image[420, 640, 2] > 200
        xs = np.nonzero(row > 220)[0]
        where = int(round((xs.mean() - 200) / 70)) if len(xs) else -1
        points = [0] * 24
        if where >= 0:
            points[where] = 1
        return Observation(board=BoardInfo(found=True), points=points, extra={"hands": bool(hand)})


def test_the_stabiliser_reads_only_after_motion_and_accepts_two_agreeing_reads():
    reader = CountingReader()
    stab = Stabiliser(reader)
    script = [board_image(3, noise_seed=i) for i in range(6)]  # still scene
    script += [board_image(3, hand=True, noise_seed=10 + i) for i in range(3)]  # a hand comes and moves
    script += [board_image(5, noise_seed=20 + i) for i in range(6)]  # the checker moved, still again
    accepted = []
    for i, img in enumerate(script):
        got = stab.step(Frame(i, i / 10, img))
        if got:
            accepted.append((got.frame, got.observation.points.index(1)))
    # two agreeing reads: the frame that first showed the still scene (read late, once the next frame shows it
    # was still) and that next frame; the very first frame counts as still
    assert accepted == [(1, 3), (10, 5)]
    # frames of an accepted, unchanged scene are not read again; a hand over the board is never accepted
    assert reader.calls == READS_EXPECTED


READS_EXPECTED = 7  # frames 0, 1; 6, 7, 8 (the hand, still but never accepted); 9, 10


def test_a_hand_resting_still_over_the_board_is_not_accepted():
    reader = CountingReader()
    stab = Stabiliser(reader)
    frames = [board_image(3, hand=True, noise_seed=i) for i in range(8)]
    assert [stab.step(Frame(i, i / 10, img)) for i, img in enumerate(frames)] == [None] * 8


def test_alerts_fire_for_illegal_plays_and_rerolls_only(tmp_path):
    out = tmp_path / "alerts.jsonl"
    alerts = Alerts(command=f"cat >> {out}")
    events = [{"type": "play", "legal": True}, {"type": "play", "legal": False, "player": "dark"},
              {"type": "reroll", "reason": "cocked"}, {"type": "roll", "dice": [3, 1]},
              {"type": "warning", "message": "x", "alert": True}]
    for e in events:
        alerts.publish(e)
    assert [is_alert(e) for e in events] == [False, True, True, False, True]
    assert alerts.fired == 3
    for _ in range(100):  # the command runs in the background
        if out.exists() and out.read_text().count("}") == 3:
            break
        time.sleep(0.05)
    assert out.read_text().count('"type"') == 3


def test_every_event_has_a_readable_line():
    samples = [
        {"type": "setup", "light": "bottom"}, {"type": "opening_roll", "light": 3, "dark": 3, "first": None},
        {"type": "roll", "player": "dark", "dice": [6, 5]},
        {"type": "reroll", "player": "light", "reason": "wrong_half"},
        {"type": "play", "player": "dark", "dice": [6, 5], "legal": False, "reason": "moved 7 pips",
         "closest": ["24/13"]},
        {"type": "cube", "action": "double", "player": "light", "value": 2},
        {"type": "game_end", "winner": "light", "kind": "gammon", "points": 2, "score": {"light": 2, "dark": 0}},
        {"type": "warning", "message": "camera lost"},
    ]
    lines = [describe(e) for e in samples]
    assert "ILLEGAL dark 6-5: moved 7 pips (legal: 24/13)" in lines
    assert "RE-ROLL light" in lines[3] and "right-hand half" in lines[3]
    assert all(line and not line.startswith("{") for line in lines)


def test_json_lines_writer_appends_to_a_file(tmp_path):
    path = tmp_path / "e.jsonl"
    writer = EventWriter(str(path), log_lines=False)
    writer.publish({"frame": 1, "t": 0.1, "type": "roll"})
    writer.close()
    writer = EventWriter(str(path), log_lines=False)
    writer.publish({"frame": 2, "t": 0.2, "type": "play"})
    writer.close()
    assert [json.loads(x)["frame"] for x in path.read_text().splitlines()] == [1, 2]


def test_sigterm_stops_a_daemon_whose_camera_is_missing_cleanly(tmp_path):
    """No camera at all: the daemon warns, keeps retrying, and stops cleanly (exit 0) on SIGTERM."""
    events = tmp_path / "events.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "device.cli", "run", "--source", "rtsp://127.0.0.1:9/none", "--db",
         str(tmp_path / "m.sqlite3"), "--events", str(events), "--no-bell"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "OPENCV_LOG_LEVEL": "SILENT", "OPENCV_FFMPEG_CAPTURE_OPTIONS": "timeout;500000"})
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (events.exists() and "lost" in events.read_text()):
            assert proc.poll() is None, proc.stderr.read()
            time.sleep(0.1)
        warning = json.loads(events.read_text().splitlines()[0])
        assert warning["type"] == "warning" and "lost" in warning["message"]
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err


def test_a_reader_that_fails_on_a_frame_does_not_stop_the_referee():
    from device.referee import Referee
    from device.sources import Source
    from device.tracker import GameTracker

    class Frames(Source):
        def frames(self):
            for i in range(6):
                yield Frame(i, i / 10, board_image(3, noise_seed=i))

    calls = []

    def flaky(frame):
        calls.append(frame.index)
        if frame.index == 1:
            raise cv2.error("corrupt data in the frame")
        return CountingReader()(frame)

    referee = Referee(Frames(), flaky, GameTracker())
    assert referee.run() == 6
    assert len(calls) >= 3 and 1 in calls
