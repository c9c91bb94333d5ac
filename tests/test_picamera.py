"""The Pi camera backend against a fake picamera2 module: configuration, stale first frame, lores thumbnail, faults."""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest

from device.sources import open_source

MAIN = (64, 48)
LORES = (32, 24)


class FakeRequest:
    def __init__(self, camera: "FakePicamera2", n: int) -> None:
        self.camera, self.n = camera, n

    def make_array(self, stream: str) -> np.ndarray:
        if stream == "main":
            img = np.zeros((MAIN[1], MAIN[0], 3), np.uint8)
            img[:, :, 0] = self.n  # blue channel carries the frame number (BGR order)
            return img
        w, h = LORES
        yuv = np.full((h * 3 // 2, w), 128, np.uint8)
        yuv[:h] = self.n  # luminance plane
        return yuv

    def release(self) -> None:
        self.camera.released += 1


class FakePicamera2:
    instances: list["FakePicamera2"] = []
    fail_starts = 0
    fail_capture_at: set[int] = set()  # counted over every instance: a restarted camera works
    total_requests = 0

    def __init__(self, camera_num: int = 0) -> None:
        if FakePicamera2.fail_starts > 0:
            FakePicamera2.fail_starts -= 1
            raise RuntimeError("Camera __init__ sequence did not complete.")
        self.camera_num = camera_num
        self.config = None
        self.started = False
        self.requests = 0
        self.released = 0
        self.closed = False
        FakePicamera2.instances.append(self)

    def create_video_configuration(self, main=None, lores=None, buffer_count=6, controls=None, **kw):
        return {"main": main, "lores": lores, "buffer_count": buffer_count, "controls": controls}

    def configure(self, config) -> None:
        self.config = config

    def start(self) -> None:
        self.started = True

    def capture_request(self) -> FakeRequest:
        self.requests += 1
        FakePicamera2.total_requests += 1
        if FakePicamera2.total_requests in FakePicamera2.fail_capture_at:
            raise TimeoutError("Camera frontend has timed out!")
        return FakeRequest(self, self.requests)

    def stop(self) -> None:
        self.started = False

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def fake_picamera2(monkeypatch):
    module = types.ModuleType("picamera2")
    module.Picamera2 = FakePicamera2
    FakePicamera2.instances = []
    FakePicamera2.fail_starts = 0
    FakePicamera2.fail_capture_at = set()
    FakePicamera2.total_requests = 0
    monkeypatch.setitem(sys.modules, "picamera2", module)
    return FakePicamera2


def take(source, n):
    got = []
    for frame in source:
        got.append(frame)
        if sum(f.image is not None for f in got) >= n:
            source.close()
    return got


def test_configures_a_bgr_main_stream_and_a_yuv_lores_stream(fake_picamera2):
    source = open_source("picamera", fps=10, width=MAIN[0], height=MAIN[1], lores=LORES)
    source._sleep = lambda s: None
    frames = take(source, 3)
    cam = fake_picamera2.instances[0]
    assert cam.config["main"] == {"size": MAIN, "format": "RGB888"}
    assert cam.config["lores"] == {"size": LORES, "format": "YUV420"}
    assert cam.config["buffer_count"] >= 2
    assert cam.config["controls"]["FrameDurationLimits"] == (100000, 100000)
    # the first request after start is dropped (it may predate start); every request is released
    assert [int(f.image[0, 0, 0]) for f in frames] == [2, 3, 4]
    assert cam.released == cam.requests
    # the thumbnail is the lores luminance plane only, from the same request as the main image
    assert frames[0].thumb.shape == (LORES[1], LORES[0]) and int(frames[0].thumb[0, 0]) == 2
    assert cam.closed  # closed on close()


def test_a_camera_that_will_not_start_is_retried_with_one_warning(fake_picamera2):
    fake_picamera2.fail_starts = 3
    waits = []
    source = open_source("picamera:1", fps=10, width=MAIN[0], height=MAIN[1], lores=LORES)
    source._sleep = waits.append
    frames = take(source, 1)
    warnings = [f.warning for f in frames if f.warning]
    assert warnings == ["Pi camera 1 not available; retrying", "Pi camera 1 back"]
    assert waits[:3] == [0.5, 1.0, 2.0]
    assert fake_picamera2.instances[0].camera_num == 1


def test_a_capture_timeout_restarts_the_camera(fake_picamera2):
    fake_picamera2.fail_capture_at = {3}
    source = open_source("picamera", fps=10, width=MAIN[0], height=MAIN[1], lores=LORES)
    source._sleep = lambda s: None
    frames = take(source, 3)
    assert [f.warning for f in frames if f.warning] == ["Pi camera 0 lost; retrying", "Pi camera 0 back"]
    assert len(fake_picamera2.instances) == 2 and fake_picamera2.instances[0].closed
    assert sum(f.image is not None for f in frames) == 3
