"""``SimSource``: the simulated camera as the daemon's ``sim:`` source.

``SimSource("path/to/video")`` plays a rendered game video folder (frames/ + labels.jsonl); ``SimSource("seed=7,
plays=20,illegal=0.1,incidents=0.1,size=1280x720,scripted=0,labels=0")`` films a game on the fly. Either way it is
an iterable of ``(frame_index, bgr_image)`` (or ``(frame_index, bgr_image, label)`` with ``labels=1``), produced
lazily one frame at a time, so memory stays flat however long the game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator, Optional

import cv2

from device.errors import DeviceError

KEYS = {"seed", "plays", "illegal", "incidents", "size", "scripted", "labels", "fps"}


def parse_spec(spec: str) -> dict[str, Any]:
    """``key=value`` pairs separated by commas; a bare number is the seed."""
    out: dict[str, Any] = {"seed": 0, "plays": 30, "illegal": 0.1, "incidents": 0.1, "size": (1280, 720),
                           "scripted": False, "labels": False, "fps": 10.0}
    for part in [p.strip() for p in spec.split(",") if p.strip()]:
        key, sep, value = part.partition("=")
        if not sep:
            key, value = "seed", part
        key = key.strip().lower()
        if key not in KEYS:
            raise DeviceError(f"sim:{spec}: unknown setting {key!r} (known: {', '.join(sorted(KEYS))})")
        try:
            if key in ("seed", "plays"):
                out[key] = int(value)
            elif key in ("illegal", "incidents", "fps"):
                out[key] = float(value)
            elif key == "size":
                w, h = (int(v) for v in value.lower().split("x"))
                out[key] = (w, h)
            else:
                out[key] = value.strip().lower() in ("1", "true", "yes", "on")
        except ValueError:
            raise DeviceError(f"sim:{spec}: bad value for {key}: {value!r}") from None
    if out["plays"] < 1:
        raise DeviceError(f"sim:{spec}: plays must be at least 1")
    return out


class SimSource:
    """Iterable of ``(index, image)`` or ``(index, image, label)`` frames from the simulated camera."""

    def __init__(self, spec: str | Path, labels: Optional[bool] = None) -> None:
        self.spec = str(spec)
        path = Path(self.spec)
        self.folder: Optional[Path] = None
        if path.is_dir():
            if not (path / "frames").is_dir():
                raise DeviceError(f"sim:{spec}: a folder without frames/ (not a rendered game video)")
            self.folder = path
            info = {}
            if (path / "video.json").is_file():
                try:
                    info = json.loads((path / "video.json").read_text())
                except json.JSONDecodeError as exc:
                    raise DeviceError(f"sim:{spec}: video.json is not valid JSON: {exc}") from None
            self.fps = float(info.get("fps", 10.0))
            self.labels = bool(labels)
            self.options: dict[str, Any] = {}
        else:
            if any(c in self.spec for c in "/\\") and "=" not in self.spec:
                raise DeviceError(f"sim:{spec}: no such video folder")
            self.options = parse_spec(self.spec)
            self.fps = self.options["fps"]
            self.labels = self.options["labels"] if labels is None else bool(labels)

    def __iter__(self) -> Iterator[tuple]:
        if self.folder is not None:
            return self._from_folder(self.folder)
        return self._filmed()

    def _from_folder(self, folder: Path) -> Iterator[tuple]:
        frames = sorted((folder / "frames").glob("*.jpg")) + sorted((folder / "frames").glob("*.png"))
        frames.sort(key=lambda p: p.name)
        label_file = folder / "labels.jsonl"
        fh = label_file.open() if self.labels and label_file.is_file() else None
        try:
            for i, path in enumerate(frames):
                image = cv2.imread(str(path), cv2.IMREAD_COLOR)
                if image is None:
                    raise DeviceError(f"sim:{self.spec}: cannot read frame {path}")
                if fh is not None:
                    line = fh.readline()
                    yield (i, image, json.loads(line) if line.strip() else None)
                else:
                    yield (i, image)
        finally:
            if fh is not None:
                fh.close()

    def _filmed(self) -> Iterator[tuple]:
        from device.sim.video import film_game

        o = self.options
        video = film_game(o["seed"], o["plays"], o["illegal"], o["incidents"], o["size"], o["scripted"])
        self.video = video
        for index, image, label in video.frames(labels=self.labels):
            yield (index, image, label) if self.labels else (index, image)

    @property
    def events(self) -> list[dict[str, Any]]:
        """Expected events so far (on-the-fly games: grows as frames are produced)."""
        if self.folder is not None:
            path = self.folder / "events.jsonl"
            return [json.loads(x) for x in path.read_text().splitlines() if x.strip()] if path.is_file() else []
        video = getattr(self, "video", None)
        return list(video.director.events) if video is not None else []
