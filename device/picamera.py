"""The Raspberry Pi camera through picamera2 (imported only here: it exists only on Raspberry Pi OS).

Two streams from one capture request: ``main`` (BGR, for reading the board) and a small ``lores`` YUV420 stream
whose luminance plane is the motion gate's thumbnail, so watching for hands costs almost nothing. Taking both
arrays from the same request keeps them from the same instant. After (re)starting, the first frame is dropped:
picamera2 may hand back a buffer queued before the call.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Callable, Iterator, Optional

import numpy as np

from device.errors import DeviceError
from device.sources import Backoff, Frame, Source

log = logging.getLogger(__name__)


def _import_picamera2() -> Any:
    try:
        from picamera2 import Picamera2  # type: ignore[import-not-found]
    except ImportError:
        raise DeviceError(
            "source picamera: the picamera2 module is missing; on Raspberry Pi OS run "
            "`sudo apt install python3-picamera2` and make the venv with --system-site-packages"
        ) from None
    return Picamera2


def lores_luma(yuv420: np.ndarray, height: int) -> np.ndarray:
    """The Y (luminance) plane of a YUV420 array: its first ``height`` rows (U and V follow below)."""
    return np.ascontiguousarray(yuv420[:height])


class PiCameraSource(Source):
    """Frames from the Pi camera: BGR main stream plus the lores luminance as the motion thumbnail."""

    live = True

    def __init__(self, camera_num: int = 0, fps: float = 10.0, main_size: tuple[int, int] = (1280, 720),
                 lores_size: tuple[int, int] = (320, 240), buffer_count: int = 4,
                 sleep: Optional[Callable[[float], Any]] = None) -> None:
        super().__init__()
        self.camera_num = camera_num
        self.fps = float(fps)
        self.main_size = (int(main_size[0]), int(main_size[1]))
        # YUV420 wants even dimensions
        self.lores_size = (int(lores_size[0]) // 2 * 2, int(lores_size[1]) // 2 * 2)
        self.buffer_count = max(2, int(buffer_count))
        self._sleep = sleep or self._stop.wait
        self._Picamera2 = _import_picamera2()
        self.camera: Any = None
        self.description = f"Raspberry Pi camera {camera_num} ({main_size[0]}x{main_size[1]} at {fps:g} fps)"

    def configuration(self, camera: Any) -> Any:
        """The video configuration: BGR main stream for reads, small YUV420 lores stream for motion."""
        frame_us = int(round(1_000_000 / self.fps))
        return camera.create_video_configuration(
            main={"size": self.main_size, "format": "RGB888"},  # RGB888 is B,G,R in memory: OpenCV's order
            lores={"size": self.lores_size, "format": "YUV420"},
            buffer_count=self.buffer_count,
            controls={"FrameDurationLimits": (frame_us, frame_us)},
        )

    def _start(self) -> bool:
        try:
            camera = self._Picamera2(self.camera_num)
            camera.configure(self.configuration(camera))
            camera.start()
        except Exception as exc:  # no camera attached, busy, cable loose: retried by the caller
            log.warning("Pi camera %d cannot start: %s", self.camera_num, exc)
            self._stop_camera()
            return False
        self.camera = camera
        try:  # the first buffer may predate start(): drop it
            request = camera.capture_request()
            request.release()
        except Exception:
            pass
        return True

    def _stop_camera(self) -> None:
        camera, self.camera = self.camera, None
        if camera is None:
            return
        for method in ("stop", "close"):
            try:
                getattr(camera, method)()
            except Exception:
                pass

    def _capture(self) -> tuple[np.ndarray, np.ndarray]:
        request = self.camera.capture_request()
        try:
            main = request.make_array("main")
            lores = request.make_array("lores")
        finally:
            request.release()
        if main.ndim == 3 and main.shape[2] == 4:  # XBGR8888 layouts carry a padding channel
            main = main[:, :, :3]
        return np.ascontiguousarray(main), lores_luma(lores, self.lores_size[1])

    def frames(self) -> Iterator[Frame]:
        backoff = Backoff()
        start = time.monotonic()
        index = 0
        lost = False
        period = 1.0 / self.fps
        next_due = time.monotonic()
        while not self.closed:
            if self.camera is None and not self._start():
                if not lost:
                    lost = True
                    yield Frame(index, time.monotonic() - start, None,
                                warning=f"Pi camera {self.camera_num} not available; retrying")
                self._sleep(backoff.next())
                continue
            try:
                image, thumb = self._capture()
            except Exception as exc:  # camera vanished or timed out mid-stream
                log.warning("Pi camera %d capture failed: %s", self.camera_num, exc)
                self._stop_camera()
                if not lost:
                    lost = True
                    yield Frame(index, time.monotonic() - start, None,
                                warning=f"Pi camera {self.camera_num} lost; retrying")
                continue
            if lost:
                lost = False
                backoff.reset()
                yield Frame(index, time.monotonic() - start, None, warning=f"Pi camera {self.camera_num} back")
            yield Frame(index, time.monotonic() - start, image, thumb=thumb)
            index += 1
            next_due += period
            delay = next_due - time.monotonic()
            if delay > 0:
                self._sleep(delay)
            else:
                next_due = time.monotonic()
        self._stop_camera()
