"""Camera sources: each yields :class:`Frame` objects (index, t, BGR image) and never raises on a camera fault.

A live camera that stalls or disappears is retried with back-off; the source yields a :class:`Frame` whose
``warning`` says so (image None) and the referee turns it into a warning event. Unreadable frames are skipped the
same way. Recorded sources (folders, video files) end; live ones run until ``close()``.
"""

from __future__ import annotations

import json
import logging
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

import numpy as np

from device.errors import DeviceError

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp"}
VIDEO_SUFFIXES = {".mp4", ".avi", ".mkv", ".mov", ".mjpeg", ".mjpg", ".h264", ".webm", ".m4v"}


@dataclass
class Frame:
    """One camera frame. ``image`` is None when the frame only carries a ``warning`` (camera lost, bad file).

    ``thumb`` is an optional grey thumbnail for the motion gate (the Pi camera's lores stream gives it for free);
    ``label`` is the perfect reading of a rendered video (``--oracle``), used instead of vision when present.
    """

    index: int
    t: float
    image: Optional[np.ndarray]
    thumb: Optional[np.ndarray] = None
    label: Optional[dict[str, Any]] = None
    warning: Optional[str] = None
    name: Optional[str] = None
    warning_code: Optional[str] = None  # for the warning event: "unreadable_frame", "camera_lost", ...


class Source:
    """Base of every source: iterate for frames, ``close()`` to stop (also from another thread, e.g. SIGTERM)."""

    live = False
    description = "source"

    def __init__(self) -> None:
        self._stop = threading.Event()

    def frames(self) -> Iterator[Frame]:
        raise NotImplementedError

    def __iter__(self) -> Iterator[Frame]:
        return self.frames()

    def close(self) -> None:
        self._stop.set()

    @property
    def closed(self) -> bool:
        return self._stop.is_set()

    def __enter__(self) -> "Source":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Backoff:
    """Retry delays for a lost camera: 0.5 s doubling to ``cap``, reset once frames flow again."""

    def __init__(self, first: float = 0.5, cap: float = 30.0) -> None:
        self.first, self.cap = first, cap
        self.delay = first

    def next(self) -> float:
        delay = self.delay
        self.delay = min(self.cap, self.delay * 2)
        return delay

    def reset(self) -> None:
        self.delay = self.first


def read_image(path: Path) -> Optional[np.ndarray]:
    """Read an image file as BGR; None for a missing, truncated or corrupt file (the caller skips it)."""
    import cv2

    try:
        data = np.fromfile(str(path), dtype=np.uint8)
    except OSError:
        return None
    if data.size == 0:
        return None
    if data[:2].tobytes() == b"\xff\xd8" and b"\xff\xd9" not in data[-64:].tobytes():
        return None  # a JPEG without its end marker: cut short (still being written, or a bad card); OpenCV would
        # decode the top and paint the rest grey, which the reader must never see
    image = cv2.imdecode(data, cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        return None
    return image


def _natural_key(name: str) -> tuple:
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name))


class FolderSource(Source):
    """A folder of frames, read in name order at ``fps`` (t = index / fps), as fast as the consumer reads.

    A rendered game video (``DIR/frames/`` + ``DIR/video.json`` + ``DIR/labels.jsonl``) is accepted as DIR: its
    fps comes from video.json unless given, and ``labels=True`` attaches each frame's label (the oracle reader).
    """

    def __init__(self, path: str | Path, fps: Optional[float] = None, labels: bool = False) -> None:
        super().__init__()
        root = Path(path)
        if not root.is_dir():
            raise DeviceError(f"source {path}: not a folder")
        self.root = root
        self.video: dict[str, Any] = {}
        folder = root
        if (root / "frames").is_dir():
            folder = root / "frames"
            if (root / "video.json").is_file():
                try:
                    self.video = json.loads((root / "video.json").read_text())
                except ValueError as exc:
                    raise DeviceError(f"source {root / 'video.json'}: not valid JSON: {exc}") from None
        self.files = sorted((p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES),
                            key=lambda p: _natural_key(p.name))
        self.labels: Optional[dict[int, dict[str, Any]]] = load_labels(root) if labels else None
        if not self.files and self.labels:  # a label-only recording: the oracle needs no pixels
            self.files = [Path(f"{i:06d}.label") for i in range(max(self.labels) + 1)]
        if not self.files:
            raise DeviceError(f"source {path}: no image files ({', '.join(sorted(IMAGE_SUFFIXES))}) in {folder}")
        self.fps = float(fps or self.video.get("fps") or 10.0)
        if self.fps <= 0:
            raise DeviceError(f"source {path}: fps must be positive, not {self.fps}")
        self.description = f"folder {root} ({len(self.files)} frames at {self.fps:g} fps)"

    def frames(self) -> Iterator[Frame]:
        for index, path in enumerate(self.files):
            if self.closed:
                return
            t = index / self.fps
            label = None
            if self.labels is not None:
                label = self.labels.get(index)
                if label is None:
                    yield Frame(index, t, None, warning=f"no label for frame {index} ({path.name})", name=path.name)
                    continue
                # the oracle needs no pixels: keep a tiny placeholder so memory stays flat
                yield Frame(index, t, None, label=label, name=path.name)
                continue
            image = read_image(path)
            if image is None:
                yield Frame(index, t, None, warning=f"unreadable frame {path.name} skipped", name=path.name,
                            warning_code="unreadable_frame")
                continue
            yield Frame(index, t, image, name=path.name)


def load_labels(root: Path) -> dict[int, dict[str, Any]]:
    """Per-frame labels of a rendered video (``labels.jsonl``), keyed by frame index."""
    path = root / "labels.jsonl"
    if not path.is_file():
        raise DeviceError(f"source {root}: --oracle needs {path}, which does not exist")
    labels: dict[int, dict[str, Any]] = {}
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except ValueError:
                raise DeviceError(f"{path}:{lineno}: not valid JSON") from None
            frame = item.get("frame", lineno - 1)
            labels[int(frame)] = item
    return labels


class CaptureReader:
    """Reads one capture in its own thread so a read that hangs (a stalled stream or USB camera) can be given up.

    ``read(timeout)`` asks for one frame and waits at most ``timeout`` seconds: ``(ok, image)``, or None when the
    capture stalled. A stalled capture is abandoned: its thread releases it once the hung read returns (releasing
    it from another thread while a read is in flight is not safe with every OpenCV backend).
    """

    def __init__(self, cap: Any) -> None:
        import queue

        self.cap = cap
        self._want = threading.Event()
        self._done: "queue.Queue[tuple[bool, Any]]" = queue.Queue(maxsize=1)
        self._quit = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="capture-reader", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        try:
            while True:
                self._want.wait()
                self._want.clear()
                if self._quit.is_set():
                    return
                try:
                    result = self.cap.read()
                except Exception as exc:  # a backend may raise instead of returning False
                    log.debug("capture read failed: %s", exc)
                    result = (False, None)
                if self._quit.is_set():
                    return
                self._done.put(result)
        finally:
            try:
                self.cap.release()
            except Exception:
                pass

    def read(self, timeout: Optional[float]) -> Optional[tuple[bool, Any]]:
        import queue

        self._want.set()
        try:
            return self._done.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        """Stop the thread; it releases the capture (now, or when a hung read returns)."""
        self._quit.set()
        self._want.set()


class OpenCVSource(Source):
    """OpenCV capture: a webcam index, an RTSP/HTTP URL or a video file.

    Live captures reconnect with back-off when reads fail (cable pulled) or hang for ``stall_seconds`` (stream
    stalled) and warn once per outage; files end at their last frame and use the file's own frame rate for t.
    """

    def __init__(self, target: int | str, fps: Optional[float] = None, width: Optional[int] = None,
                 height: Optional[int] = None, opener: Optional[Callable[[Any], Any]] = None,
                 sleep: Optional[Callable[[float], Any]] = None, max_failures: int = 5,
                 stall_seconds: float = 10.0) -> None:
        super().__init__()
        import cv2

        self.target = target
        self.live = not (isinstance(target, str) and Path(target).is_file())
        self.fps = fps
        self.width, self.height = width, height
        self._opener = opener or cv2.VideoCapture
        self._sleep = sleep or self._stop.wait  # waiting on the stop event lets close() cut a back-off short
        self.max_failures = max_failures
        self.stall_seconds = stall_seconds
        self.cap: Any = None
        self._reader: Optional[CaptureReader] = None
        self.description = f"camera {target}" if self.live else f"video {target}"
        if not self.live:
            self.cap = self._open()
            if self.cap is None:
                raise DeviceError(f"source {target}: OpenCV cannot open this video file")

    def _open(self) -> Any:
        import cv2

        try:
            cap = self._opener(self.target)
        except Exception as exc:  # a capture backend may raise instead of returning an unopened capture
            log.debug("open %s failed: %s", self.target, exc)
            return None
        if cap is None or not cap.isOpened():
            return None
        if self.live:
            if self.width:
                cap.set(cv2.CAP_PROP_FRAME_WIDTH, self.width)
            if self.height:
                cap.set(cv2.CAP_PROP_FRAME_HEIGHT, self.height)
            if self.fps:
                cap.set(cv2.CAP_PROP_FPS, self.fps)
            cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # the newest frame, not one queued seconds ago
        return cap

    def _release(self) -> None:
        if self._reader is not None:  # its thread releases the capture (at once, or after a hung read)
            self._reader.close()
            self._reader = None
            self.cap = None
        if self.cap is not None:
            try:
                self.cap.release()
            except Exception:
                pass
            self.cap = None

    def frames(self) -> Iterator[Frame]:
        import cv2

        if not self.live:
            fps = self.fps or self.cap.get(cv2.CAP_PROP_FPS) or 10.0
            index = 0
            while not self.closed:
                ok, image = self.cap.read()
                if not ok:
                    break
                if image is None or image.size == 0:
                    yield Frame(index, index / fps, None, warning=f"unreadable frame {index} skipped",
                                warning_code="unreadable_frame")
                else:
                    yield Frame(index, index / fps, image)
                index += 1
            self._release()
            return
        backoff = Backoff()
        start = time.monotonic()
        index = 0
        failures = 0
        lost = False
        while not self.closed:
            if self.cap is None:
                self.cap = self._open()
                if self.cap is None:
                    if not lost:
                        lost = True
                        yield Frame(index, time.monotonic() - start, None,
                                    warning=f"camera {self.target} lost; retrying")
                    self._sleep(backoff.next())
                    continue
                self._reader = CaptureReader(self.cap)
            assert self._reader is not None
            result = self._reader.read(self.stall_seconds)
            if self.closed:
                break
            if result is None:  # the read hung: a stalled stream or camera
                self._release()
                failures = 0
                if not lost:
                    lost = True
                    yield Frame(index, time.monotonic() - start, None,
                                warning=f"camera {self.target} stalled: no frame for {self.stall_seconds:g} s; "
                                        "reconnecting")
                self._sleep(backoff.next())
                continue
            ok, image = result
            if not ok or image is None or getattr(image, "size", 0) == 0:
                failures += 1
                if failures >= self.max_failures:  # unplugged, or the stream ended: reopen after a pause
                    self._release()
                    failures = 0
                    if not lost:
                        lost = True
                        yield Frame(index, time.monotonic() - start, None,
                                    warning=f"camera {self.target} lost; retrying")
                    self._sleep(backoff.next())
                continue
            failures = 0
            if lost:
                lost = False
                backoff.reset()
                yield Frame(index, time.monotonic() - start, None, warning=f"camera {self.target} back")
            yield Frame(index, time.monotonic() - start, image)
            index += 1
        self._release()

    def close(self) -> None:
        super().close()


def open_source(spec: str, fps: Optional[float] = None, *, oracle: bool = False, width: Optional[int] = None,
                height: Optional[int] = None, lores: Optional[tuple[int, int]] = None,
                camera_num: int = 0) -> Source:
    """The source a command-line or config ``spec`` names; a clear DeviceError when it names nothing usable.

    ``picamera`` / ``picamera:N``: the Raspberry Pi camera; ``sim:SPEC``: the simulated camera; a number: a
    webcam; ``rtsp://``, ``http://``...: a stream; a folder: frames in name order; a file: a video.
    """
    spec = str(spec).strip()
    if not spec:
        raise DeviceError("source: empty; give a camera, URL, video file, folder or sim:SPEC")
    if spec == "picamera" or spec.startswith("picamera:"):
        from device.picamera import PiCameraSource

        num = camera_num
        if ":" in spec:
            try:
                num = int(spec.split(":", 1)[1])
            except ValueError:
                raise DeviceError(f"source {spec}: the camera number after 'picamera:' must be an integer") from None
        main = (width or 1280, height or 720)
        return PiCameraSource(camera_num=num, fps=fps or 10.0, main_size=main, lores_size=lores or (320, 240))
    if spec.startswith("sim:"):
        try:
            from device.sim.source import SimSource  # the simulated camera
        except ImportError as exc:
            raise DeviceError(f"source {spec}: the simulated camera is not available ({exc})") from None
        return SimCameraSource(SimSource(spec[4:], labels=True if oracle else None), fps=fps)
    if spec.isdigit():
        return OpenCVSource(int(spec), fps=fps, width=width, height=height)
    if re.match(r"^[a-z][a-z0-9+.-]*://", spec, re.I):
        return OpenCVSource(spec, fps=fps, width=width, height=height)
    path = Path(spec)
    if path.is_dir():
        return FolderSource(path, fps=fps, labels=oracle)
    if path.is_file():
        if path.suffix.lower() in IMAGE_SUFFIXES:
            raise DeviceError(f"source {spec}: a single image; give the folder holding the frames")
        if oracle:
            raise DeviceError(f"source {spec}: --oracle needs a rendered video folder with labels.jsonl")
        return OpenCVSource(str(path), fps=fps)
    raise DeviceError(f"source {spec}: no such file, folder or camera "
                      "(use picamera, a webcam number, a URL, a video file, a folder or sim:SPEC)")


class SimCameraSource(Source):
    """Adapter for the simulated camera (device.sim): whatever it yields becomes Frames with labels attached."""

    live = False

    def __init__(self, sim: Any, fps: Optional[float] = None) -> None:
        super().__init__()
        self.sim = sim
        self.fps = float(fps or getattr(sim, "fps", 10.0) or 10.0)
        self.description = f"simulated camera {getattr(sim, 'spec', '')}".strip()

    def frames(self) -> Iterator[Frame]:
        for index, item in enumerate(self.sim):
            if self.closed:
                return
            label = None
            image = item
            if isinstance(item, tuple):  # (index, image) or (index, image, label)
                if len(item) >= 2 and isinstance(item[0], int):
                    index = item[0]
                label = item[-1] if isinstance(item[-1], dict) else None
                image = item[-2] if label is not None else item[-1]
            elif isinstance(item, dict):
                image, label = item.get("image"), item.get("label")
            yield Frame(index, index / self.fps, image, label=label)
