"""The latest camera frame for the page's overlay, kept cheap for the Pi.

The daemon hands over every frame; almost always nobody is looking. So a frame is only kept when a page asked for
one in the last few seconds, at most a few times a second, shrunk at once (which also copies it, so the camera may
reuse its buffer); and it is JPEG-encoded only when a page actually fetches it, once per kept frame.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any, Optional

import cv2
import numpy as np


@dataclass
class FrameMeta:
    seq: int
    t: float  # time.time() when kept
    width: int  # size of the camera image the observation's pixel coordinates refer to
    height: int
    observation: Optional[dict[str, Any]]


class FrameStore:
    """Thread-safe holder of the latest watched frame. ``offer`` is called from the daemon's thread,
    ``watch``/``meta``/``jpeg`` from the web server's."""

    def __init__(self, max_width: int = 960, min_interval: float = 1 / 3, watch_timeout: float = 5.0,
                 quality: int = 75) -> None:
        self.max_width = max_width
        self.min_interval = min_interval
        self.watch_timeout = watch_timeout
        self.quality = quality
        self._lock = threading.Lock()
        self._last_watch = float("-inf")
        self._last_kept = float("-inf")
        self._image: Optional[np.ndarray] = None
        self._meta: Optional[FrameMeta] = None
        self._jpeg: Optional[tuple[int, bytes]] = None
        self.kept = 0  # frames kept so far (for tests and the daemon's statistics)

    def watch(self) -> None:
        """A page asked for the frame: start (or keep) collecting."""
        self._last_watch = time.monotonic()

    @property
    def watched(self) -> bool:
        return time.monotonic() - self._last_watch <= self.watch_timeout

    def offer(self, image_bgr: Optional[np.ndarray], observation: Any = None) -> bool:
        """Keep this frame if someone watches and the last one is old enough; return whether it was kept."""
        now = time.monotonic()
        if image_bgr is None or not self.watched or now - self._last_kept < self.min_interval:
            return False
        self._last_kept = now
        h, w = image_bgr.shape[:2]
        if w > self.max_width:
            scale = self.max_width / w
            small = cv2.resize(image_bgr, (self.max_width, max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
        else:
            small = image_bgr.copy()
        obs = observation.to_dict() if hasattr(observation, "to_dict") else observation
        with self._lock:
            seq = (self._meta.seq + 1) if self._meta else 1
            self._image = small
            self._meta = FrameMeta(seq=seq, t=time.time(), width=w, height=h, observation=obs)
            self.kept += 1
        return True

    def meta(self) -> Optional[FrameMeta]:
        with self._lock:
            return self._meta

    def jpeg(self) -> Optional[tuple[int, bytes]]:
        """(seq, JPEG bytes) of the latest kept frame, encoding it on first request only."""
        with self._lock:
            if self._meta is None or self._image is None:
                return None
            if self._jpeg is not None and self._jpeg[0] == self._meta.seq:
                return self._jpeg
            seq, image = self._meta.seq, self._image
        ok, buf = cv2.imencode(".jpg", image, [int(cv2.IMWRITE_JPEG_QUALITY), self.quality])
        if not ok:
            return None
        result = (seq, buf.tobytes())
        with self._lock:
            self._jpeg = result
        return result
