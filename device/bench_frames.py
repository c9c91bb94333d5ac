"""The benchmark's fixed frames: one board under one camera, as the daemon sees it, with checkers and dice moved.

Why this shape: the daemon watches one board from a fixed camera, so the saved geometry (and its cached warp maps)
stays valid while the checkers and dice change. Each size gets its own camera at that resolution (same seed, so the
same board and the same sequence of positions), and every frame shows a different position and roll: consecutive
frames never look alike, so the reader's unchanged-frame shortcut is only taken where the benchmark asks for it.
Frames are JPEG-encoded as a camera's MJPEG stream would deliver them, and decoded once; the decoded pixels (with
their compression artefacts) are what every stage reads.

Each frame also comes as a turn goes on from it (``turns``): the same position with one checker moved and the same
dice (a typical in-game frame: a hand moved a checker and left), that with the dice lifted (the verdict frame), and
that with the cube turned to the next value (a double offered: a changed frame without dice, where the cube is
read). Each is rendered afresh, so sensor noise differs from frame to frame as a camera's does. With ``cache`` the
frames are written to a folder and loaded from it on the next run instead of being rendered again.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

import cv2
import numpy as np

from calibration.intrinsics import Intrinsics

log = logging.getLogger(__name__)

BENCH_SEED = 2026
JPEG_QUALITY = 90
CACHE_VERSION = 3
DIE_COLOUR = "white"


TURN_STEPS = ("moved", "lifted", "doubled")  # a turn after each frame, step by step (see the module's docstring)


@dataclass
class BenchFrames:
    """The frames of one resolution: JPEG bytes, their decoded images and labels, the calibration view and lens."""

    size: tuple[int, int]  # w, h
    jpegs: list[bytes]
    labels: list[dict[str, Any]]
    calibration_jpeg: bytes  # the starting position without dice: the view the board is calibrated on
    calibration_label: dict[str, Any]
    intrinsics: Intrinsics  # the simulated camera's true lens (a perfectly calibrated camera)
    images: list[np.ndarray] = field(default_factory=list)
    # per frame, TURN_STEPS -> (JPEG, label): the turn that goes on from it (empty when not rendered)
    turns: list[dict[str, tuple[bytes, dict[str, Any]]]] = field(default_factory=list)
    turn_images: list[dict[str, np.ndarray]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.images:
            self.images = [decode(b) for b in self.jpegs]
        if self.turns and not self.turn_images:
            self.turn_images = [{k: decode(j) for k, (j, _) in t.items()} for t in self.turns]

    @property
    def calibration_image(self) -> np.ndarray:
        return decode(self.calibration_jpeg)


def decode(jpeg: bytes) -> np.ndarray:
    """A camera JPEG to BGR pixels (the benchmark's decoding stage)."""
    return cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)


def _encode(image: np.ndarray, quality: int) -> bytes:
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    return buf.tobytes()


def render_frames(size: tuple[int, int], count: int, seed: int = BENCH_SEED,
                  quality: int = JPEG_QUALITY) -> BenchFrames:
    """Render ``count`` frames of one board at ``size``: a new position and a new roll of two dice in each."""
    from device.sim.camera import random_camera
    from device.sim.generate import random_position, roll_dice
    from device.sim.generate import random_scene
    from device.sim.labels import make_label
    from device.sim.layout import StackStyle, place_checkers
    from device.sim.render import Effects, build_stage, render_frame
    from device.sim.stills import board_outline

    rng = np.random.default_rng([seed, 1])
    scene = random_scene(rng, seed, board_kind="tournament", hands=False)
    scene.hands, scene.dice = [], []
    style = StackStyle.random(rng)
    cam = random_camera(rng, board_outline(scene), size, portrait=False, fill=0.8)
    effects = Effects(blur_sigma=0.0, noise_sigma=1.5, jpeg_quality=None, vignette=0.2)
    stage = build_stage(scene, cam, rng, effects)
    frng = np.random.default_rng([seed, 2])

    trng = np.random.default_rng([seed, 3])  # the turns' own draws: the frames stay those of earlier versions

    def shot(pts: list[int], bar: dict[str, int], off: dict[str, int], dice: Any,
             cube: Any = "same", rng: np.random.Generator = frng) -> tuple[bytes, dict, list]:
        pieces = place_checkers(scene.geometry, pts, bar, off, None, style, scene.light_seat, scene.home_right)
        sc = dataclasses.replace(scene, checkers=pieces, world_points=pts, bar=bar, off=off, dice=[])
        if cube != "same":
            sc.cube = cube
        if dice is True:
            half = "right" if frng.random() < 0.5 else "left"
            values = [int(v) for v in frng.integers(1, 7, 2)]
            sc.dice = roll_dice(sc, frng, values, [half, half], DIE_COLOUR, float(frng.uniform(1.3, 1.8)))
        elif dice:
            sc.dice = dice
        result = render_frame(stage, rng, sc)
        return _encode(result.image, quality), make_label(sc, cam, result.occluder), sc.dice

    start = _starting_position(scene.light_seat, scene.home_right)
    cal_jpeg, cal_label, _ = shot(*start, dice=False)
    jpegs, labels, turns = [], [], []
    for _ in range(count):
        pts, bar, off = random_position(frng, scene.light_seat, scene.home_right)
        jpeg, label, dice = shot(pts, bar, off, dice=True)
        jpegs.append(jpeg)
        labels.append(label)
        moved = one_checker_moved(pts, trng)
        turn = {"moved": shot(moved, bar, off, dice=dice, rng=trng)[:2],
                "lifted": shot(moved, bar, off, dice=False, rng=trng)[:2]}
        doubled = None if scene.cube is None else dataclasses.replace(scene.cube, value=min(64, 2 * scene.cube.value))
        turn["doubled"] = shot(moved, bar, off, dice=False, cube=doubled, rng=trng)[:2]
        turns.append(turn)
    intr = Intrinsics(np.asarray(cam.K, np.float64), np.asarray(cam.dist, np.float64).ravel(), (cam.width, cam.height))
    return BenchFrames(size, jpegs, labels, cal_jpeg, cal_label, intr, turns=turns)


def one_checker_moved(points: list[int], rng: np.random.Generator) -> list[int]:
    """The position with one checker moved to a neighbouring point that is empty or its own colour's."""
    moves = [(i, j) for i, n in enumerate(points) if n for j in (i - 1, i + 1)
             if 0 <= j < 24 and points[j] * n >= 0 and abs(points[j]) < 5]
    if not moves:
        return list(points)
    i, j = moves[int(rng.integers(len(moves)))]
    out = list(points)
    sign = 1 if out[i] > 0 else -1
    out[i] -= sign
    out[j] += sign
    return out


def _starting_position(light_seat: str, home_right: bool) -> tuple[list[int], dict[str, int], dict[str, int]]:
    """The opening position in world points (what the board shows when the referee is set up)."""
    from device.sim.layout import world_point

    pts = [0] * 24
    dark_seat = "top" if light_seat == "bottom" else "bottom"
    for own, n in {24: 2, 13: 5, 8: 3, 6: 5}.items():
        pts[world_point(own, light_seat, home_right) - 1] += n
        pts[world_point(own, dark_seat, home_right) - 1] -= n
    return pts, {"light": 0, "dark": 0}, {"light": 0, "dark": 0}


# ------------------------------------------------------------------------------------------------------ cache
def _cache_dir(root: Path, size: tuple[int, int], seed: int, quality: int) -> Path:
    return Path(root) / f"{size[0]}x{size[1]}_seed{seed}_q{quality}"


def load_frames(root: Path, size: tuple[int, int], count: int, seed: int = BENCH_SEED,
                quality: int = JPEG_QUALITY) -> Optional[BenchFrames]:
    """Frames saved by an earlier run with the same size, seed and quality and at least ``count`` frames."""
    folder = _cache_dir(root, size, seed, quality)
    meta_path = folder / "meta.json"
    if not meta_path.is_file():
        return None
    try:
        meta = json.loads(meta_path.read_text())
        if meta.get("version") != CACHE_VERSION or int(meta["count"]) < count:
            return None
        jpegs = [(folder / f"{i:04d}.jpg").read_bytes() for i in range(count)]
        turns = [{k: ((folder / f"{i:04d}_{k}.jpg").read_bytes(), meta["turn_labels"][i][k]) for k in TURN_STEPS}
                 for i in range(count)]
        cal = (folder / "calibration.jpg").read_bytes()
        intr = Intrinsics.from_dict(meta["intrinsics"])
        return BenchFrames(size, jpegs, meta["labels"][:count], cal, meta["calibration_label"], intr, turns=turns)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("bench frames in %s unusable (%s): rendering them again", folder, exc)
        return None


def save_frames(root: Path, frames: BenchFrames, seed: int = BENCH_SEED, quality: int = JPEG_QUALITY) -> Path:
    folder = _cache_dir(root, frames.size, seed, quality)
    folder.mkdir(parents=True, exist_ok=True)
    for i, jpeg in enumerate(frames.jpegs):
        (folder / f"{i:04d}.jpg").write_bytes(jpeg)
    for i, turn in enumerate(frames.turns):
        for k, (jpeg, _) in turn.items():
            (folder / f"{i:04d}_{k}.jpg").write_bytes(jpeg)
    (folder / "calibration.jpg").write_bytes(frames.calibration_jpeg)
    meta = {"version": CACHE_VERSION, "count": len(frames.jpegs), "size": list(frames.size), "seed": seed,
            "quality": quality, "intrinsics": frames.intrinsics.to_dict(), "labels": frames.labels,
            "calibration_label": frames.calibration_label,
            "turn_labels": [{k: label for k, (_, label) in turn.items()} for turn in frames.turns]}
    (folder / "meta.json").write_text(json.dumps(meta) + "\n")
    return folder


def bench_frames(size: tuple[int, int], count: int, seed: int = BENCH_SEED, quality: int = JPEG_QUALITY,
                 cache: Optional[Path] = None) -> BenchFrames:
    """The frames for one size: loaded from ``cache`` when an earlier run saved them there, else rendered."""
    if cache is not None:
        frames = load_frames(cache, size, count, seed, quality)
        if frames is not None:
            return frames
    frames = render_frames(size, count, seed, quality)
    if cache is not None:
        save_frames(cache, frames, seed, quality)
    return frames
