"""Camera faults through device.sources: unplugged mid-stream, stalled reads, capture errors, corrupt files.

Fake OpenCV captures play each fault; the source must warn once per outage, back off between attempts (never spin),
come back when the camera does, and never raise.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import cv2
import numpy as np
import pytest

from device.sources import FolderSource, OpenCVSource, read_image

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "sample_images" / "game"


def _image(value: int = 100) -> np.ndarray:
    img = np.full((48, 64, 3), 40, np.uint8)
    cv2.circle(img, (32, 24), 10, (value, value, value), -1)
    return img


class Capture:
    """Gives ``frames`` frames, then fails every read (``read`` returns False: the cable was pulled)."""

    reads_total = 0

    def __init__(self, frames: int) -> None:
        self.frames = frames
        self.released = False

    def isOpened(self) -> bool:
        return True

    def set(self, *args) -> bool:
        return True

    def read(self):
        Capture.reads_total += 1
        if self.frames <= 0:
            return False, None
        self.frames -= 1
        return True, _image()

    def release(self) -> None:
        self.released = True


class HangingCapture(Capture):
    """Gives ``frames`` frames, then a read that hangs until ``unblock`` is set (a stalled stream)."""

    def __init__(self, frames: int) -> None:
        super().__init__(frames)
        self.unblock = threading.Event()
        self.hung = threading.Event()

    def read(self):
        if self.frames <= 0:
            self.hung.set()
            self.unblock.wait(30)
            return False, None
        return super().read()


class RaisingCapture(Capture):
    def read(self):
        raise cv2.error("VIDIOC_DQBUF: No such device")


def _collect(source: OpenCVSource, frames_wanted: int) -> list[str]:
    kinds = []
    for frame in source:
        kinds.append("frame" if frame.image is not None else frame.warning)
        if kinds.count("frame") == frames_wanted:
            source.close()
    return kinds


def test_a_camera_unplugged_mid_stream_warns_once_backs_off_and_comes_back():
    """The capture stays 'open' but every read fails (as a USB camera pulled out, or an RTSP stream that ended):
    the source must not spin on it; it warns, waits longer each time, reopens, and carries on when frames flow."""
    plan = [Capture(3), Capture(0), Capture(0), Capture(2)]
    opened = list(plan)
    waits: list[float] = []
    Capture.reads_total = 0
    source = OpenCVSource(0, opener=lambda target: plan.pop(0) if plan else None, sleep=waits.append,
                          max_failures=3)
    kinds = _collect(source, 5)
    assert kinds == ["frame"] * 3 + ["camera 0 lost; retrying", "camera 0 back", "frame", "frame"]
    assert waits == [0.5, 1.0, 2.0]  # one back-off per failed capture, doubling: no busy loop
    assert Capture.reads_total == 3 + 3 + 3 + 3 + 2  # max_failures reads per dead capture, no more
    for cap in opened:  # every capture given up was released (by its reader thread)
        for _ in range(100):
            if cap.released:
                break
            threading.Event().wait(0.01)
        assert cap.released


def test_a_stalled_camera_is_given_up_after_stall_seconds_and_reopened():
    hanging = HangingCapture(2)
    plan = [hanging, Capture(2)]
    waits: list[float] = []
    source = OpenCVSource(1, opener=lambda target: plan.pop(0) if plan else None, sleep=waits.append,
                          stall_seconds=0.2)
    try:
        kinds = _collect(source, 4)
    finally:
        hanging.unblock.set()
    assert kinds == ["frame", "frame", "camera 1 stalled: no frame for 0.2 s; reconnecting", "camera 1 back",
                     "frame", "frame"]
    assert waits == [0.5]
    assert hanging.hung.is_set()
    for _ in range(200):  # the hung read returned: its thread released the capture
        if hanging.released:
            break
        threading.Event().wait(0.01)
    assert hanging.released


def test_a_capture_that_raises_on_read_is_a_lost_camera_not_a_crash():
    plan = [RaisingCapture(0), Capture(1)]
    waits: list[float] = []
    source = OpenCVSource(2, opener=lambda target: plan.pop(0) if plan else None, sleep=waits.append,
                          max_failures=2)
    assert _collect(source, 1) == ["camera 2 lost; retrying", "camera 2 back", "frame"]
    assert waits == [0.5]


def test_close_during_a_back_off_ends_the_source_at_once():
    source = OpenCVSource(3, opener=lambda target: None)  # no camera at all; waits on the stop event
    seen = []
    timer = threading.Timer(0.2, source.close)
    timer.start()
    for frame in source:
        seen.append(frame.warning)
    timer.join()
    assert seen == ["camera 3 lost; retrying"]


# -------------------------------------------------------------------------------------------- corrupt files

def _corrupt_folder(folder: Path) -> dict[str, bool]:
    """Frames good and bad, by name -> readable."""
    folder.mkdir()
    good = _image(200)
    ok, jpeg = cv2.imencode(".jpg", good)
    assert ok
    jpeg = jpeg.tobytes()
    ok, png = cv2.imencode(".png", good)
    png = png.tobytes()
    files = {
        "000.jpg": (jpeg, True),
        "001.jpg": (b"", False),  # empty: the camera had not written it yet
        "002.jpg": (os.urandom(5000), False),  # noise
        "003.jpg": (jpeg[: len(jpeg) // 2], False),  # cut short: OpenCV would paint the rest grey
        "004.png": (png[: len(png) // 2], False),
        "005.jpg": (b"\xff\xd8\xff\xe0" + os.urandom(3000) + b"\xff\xd9", False),  # a JPEG header over garbage
        "006.jpg": (jpeg + b"\x00" * 16, True),  # padding after the end marker is fine
        "007.png": (png, True),
    }
    for name, (data, _) in files.items():
        (folder / name).write_bytes(data)
    return {name: readable for name, (_, readable) in files.items()}


def test_corrupt_files_in_a_folder_are_skipped_with_a_warning_each(tmp_path):
    expected = _corrupt_folder(tmp_path / "frames")
    frames = list(FolderSource(tmp_path / "frames"))
    assert {f.name: f.image is not None for f in frames} == expected
    for f in frames:
        if f.image is None:
            assert f.warning == f"unreadable frame {f.name} skipped" and f.warning_code == "unreadable_frame"
        else:
            assert f.image.shape == (48, 64, 3) and int(f.image[24, 32, 0]) > 150
    assert read_image(tmp_path / "frames" / "missing.jpg") is None


@pytest.mark.skipif(not (GAME / "frames").is_dir(), reason="sample_images/game/frames is not in this checkout")
def test_bgref_run_reads_on_past_corrupt_frames_with_the_real_reader(tmp_path):
    """The real vision reader on real rendered frames with corrupt files between them: warns, never crashes."""
    folder = tmp_path / "frames"
    folder.mkdir()
    good = sorted((GAME / "frames").iterdir())[:6]
    for i, path in enumerate(good):
        (folder / f"{2 * i:03d}{path.suffix}").write_bytes(path.read_bytes())
        data = path.read_bytes()
        (folder / f"{2 * i + 1:03d}.jpg").write_bytes([b"", os.urandom(2000), data[: len(data) // 3]][i % 3])
    events = tmp_path / "events.jsonl"
    out = subprocess.run([sys.executable, "-m", "device.cli", "run", "--source", str(folder), "--db",
                          str(tmp_path / "m.sqlite3"), "--events", str(events), "--no-bell"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr[-3000:]
    warnings = [json.loads(x) for x in events.read_text().splitlines() if '"warning"' in x]
    assert any("unreadable frame 001.jpg skipped" in w.get("message", "") and w.get("code") == "unreadable_frame"
               for w in warnings)
