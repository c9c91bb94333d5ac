"""Camera sources: folders in name order, video files, live cameras that fail and come back, bad specs."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from device.errors import DeviceError
from device.sources import Backoff, FolderSource, OpenCVSource, open_source


def _image(value: int) -> np.ndarray:
    img = np.full((48, 64, 3), 40, np.uint8)
    cv2.circle(img, (32, 24), 10, (value, value, value), -1)
    return img


def test_a_folder_is_read_in_name_order_at_its_fps(tmp_path):
    for i in (10, 2, 1):  # natural order: 1, 2, 10 (not 1, 10, 2)
        cv2.imwrite(str(tmp_path / f"frame{i}.png"), _image(20 * i))
    frames = list(FolderSource(tmp_path, fps=4))
    assert [f.name for f in frames] == ["frame1.png", "frame2.png", "frame10.png"]
    assert [f.t for f in frames] == [0.0, 0.25, 0.5]
    assert int(frames[2].image[24, 32, 0]) == 200


def test_a_corrupt_frame_is_skipped_with_a_warning(tmp_path):
    cv2.imwrite(str(tmp_path / "000.png"), _image(10))
    (tmp_path / "001.jpg").write_bytes(b"\xff\xd8 truncated")
    cv2.imwrite(str(tmp_path / "002.png"), _image(30))
    frames = list(FolderSource(tmp_path))
    assert [f.image is None for f in frames] == [False, True, False]
    assert "001.jpg" in frames[1].warning
    assert [f.index for f in frames] == [0, 1, 2]


def test_a_rendered_video_folder_takes_fps_from_video_json(tmp_path):
    (tmp_path / "frames").mkdir()
    for i in range(3):
        cv2.imwrite(str(tmp_path / "frames" / f"{i:06d}.jpg"), _image(50))
    (tmp_path / "video.json").write_text('{"fps": 5}')
    assert [f.t for f in FolderSource(tmp_path)] == [0.0, 0.2, 0.4]


def test_a_video_file_plays_to_its_end(tmp_path):
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48))
    for i in range(7):
        writer.write(_image(30 * i))
    writer.release()
    frames = list(open_source(str(path)))
    assert len(frames) == 7 and all(f.image.shape == (48, 64, 3) for f in frames)
    assert frames[3].t == pytest.approx(0.3)


class FakeCapture:
    def __init__(self, frames: int) -> None:
        self.frames = frames
        self.opened = True

    def isOpened(self) -> bool:
        return True

    def set(self, *args) -> bool:
        return True

    def read(self):
        if self.frames <= 0:
            return False, None
        self.frames -= 1
        return True, _image(100)

    def release(self) -> None:
        self.opened = False


def test_a_live_camera_that_fails_is_retried_with_backoff_and_warns_once_per_outage():
    # camera absent twice, then gives 3 frames, stalls (reads fail), absent once, then 2 frames
    plan = [None, None, FakeCapture(3), None, FakeCapture(2)]
    waits: list[float] = []

    def opener(target):
        return plan.pop(0) if plan else None

    source = OpenCVSource(5, opener=opener, sleep=waits.append, max_failures=2)
    got = []
    for frame in source:
        got.append(frame)
        if sum(f.image is not None for f in got) == 5:
            source.close()
    kinds = ["frame" if f.image is not None else f.warning for f in got]
    assert kinds == ["camera 5 lost; retrying", "camera 5 back", "frame", "frame", "frame",
                     "camera 5 lost; retrying", "camera 5 back", "frame", "frame"]
    assert waits[:2] == [0.5, 1.0] and waits[2] == 0.5  # doubling, reset once frames flowed


def test_backoff_doubles_to_its_cap():
    b = Backoff(first=1, cap=5)
    assert [b.next() for _ in range(5)] == [1, 2, 4, 5, 5]


@pytest.mark.parametrize("spec,words", [
    ("", ["empty"]),
    ("/no/such/thing", ["/no/such/thing", "no such"]),
    ("picamera:x", ["picamera:x", "integer"]),
])
def test_bad_specs_are_clear_errors(spec, words):
    with pytest.raises(DeviceError) as info:
        open_source(spec)
    for word in words:
        assert word in str(info.value)


def test_a_single_image_is_not_a_source(tmp_path):
    path = tmp_path / "x.png"
    cv2.imwrite(str(path), _image(1))
    with pytest.raises(DeviceError, match="folder"):
        open_source(str(path))


def test_picamera_without_picamera2_says_how_to_install_it(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "picamera2", None)  # as on a machine without it
    with pytest.raises(DeviceError, match="python3-picamera2"):
        open_source("picamera")
