"""Game videos on disk, in the layout the daemon's ``sim:`` and folder sources read:

``DIR/frames/000000.jpg ...`` (JPEG, numbered from 0), ``DIR/video.json`` (fps, size, seed, light_seat as the image
shows it, camera, scene, script), ``DIR/labels.jsonl`` (one observation-shaped label per frame plus ``frame``,
``hands``, ``moving``) and ``DIR/events.jsonl`` (what a perfect referee emits, in order)."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path
from typing import Any, Iterator, Optional

import cv2
import numpy as np

from device.sim.camera import random_camera
from device.sim.game import Director, GameOptions, FrameState, run_game
from device.sim.generate import SKINS, SLEEVES, random_scene
from device.sim.labels import make_label, view_of
from device.sim.layout import StackStyle, place_checkers
from device.sim.render import Effects, Stage, build_stage, on_field, render_frame
from device.sim.scene import DIE_COLOURS, Scene
from device.sim.stills import board_outline

FPS = 10


@dataclasses.dataclass
class GameVideo:
    """A game being filmed: the static stage and the director that moves things on it."""

    seed: int
    scene: Scene
    stage: Stage
    director: Director
    options: GameOptions

    def info(self) -> dict[str, Any]:
        cam = self.stage.camera
        portrait, turned = view_of(self.scene, cam)
        seat = self.scene.light_seat if not turned else ("top" if self.scene.light_seat == "bottom" else "bottom")
        return {"fps": FPS, "width": cam.width, "height": cam.height, "seed": self.seed, "light_seat": seat,
                "camera": cam.to_dict(), "scene": self.scene.describe(),
                "script": {"plays": self.options.plays, "illegal_rate": self.options.illegal_rate,
                           "incident_rate": self.options.incident_rate, "scripted": self.options.scripted}}

    def frame_scene(self, fs: FrameState) -> Scene:
        pieces = place_checkers(self.scene.geometry, fs.world_points, fs.bar, fs.off, None, self.director.style,
                                self.scene.light_seat, self.scene.home_right) + fs.loose
        return dataclasses.replace(self.scene, checkers=pieces, dice=fs.dice, cube=fs.cube, hands=fs.hands,
                                   world_points=fs.world_points, bar=fs.bar, off=fs.off)

    def frames(self, labels: bool = True) -> Iterator[tuple[int, np.ndarray, Optional[dict[str, Any]]]]:
        """Render lazily: (index, BGR image, label or None), one frame at a time."""
        frng = np.random.default_rng([self.seed, 7])
        for index, fs in enumerate(run_game(self.director, self.options)):
            scene = self.frame_scene(fs)
            result = render_frame(self.stage, frng, scene)
            label = None
            if labels:
                label = make_label(scene, self.stage.camera, result.occluder)
                del label["camera"], label["scene"]  # in video.json once
                label.update(frame=index, hands=bool(fs.hands), moving=fs.moving)
            yield index, result.image, label


def film_game(seed: int, plays: int = 30, illegal_rate: float = 0.1, incident_rate: float = 0.1,
              size: tuple[int, int] = (1280, 720), scripted: bool = False) -> GameVideo:
    rng = np.random.default_rng([seed, 1])
    scene = random_scene(rng, seed, board_kind="tournament" if scripted else None, hands=False)
    scene.dice, scene.hands = [], []
    scene.clutter = [c for c in scene.clutter if not on_field(scene, c)]  # cups are off the field during play
    scene.cube = None if rng.random() < 0.2 else dataclasses.replace(
        scene.cube or _bar_cube(scene), x=0.0, y=0.0, z=scene.geometry.frame_z, value=64)
    style = StackStyle.random(rng)
    cam = random_camera(rng, board_outline(scene), size, portrait=False, fill=0.8 if scripted else None,
                        allow_flip=not scripted)
    effects = Effects(blur_sigma=0.0, noise_sigma=float(rng.uniform(0.8, 2.0)), jpeg_quality=None,
                      vignette=float(rng.uniform(0.0, 0.3)))
    stage = build_stage(scene, cam, rng, effects)
    d = Director(scene=scene, style=style, rng=np.random.default_rng([seed, 5]), fps=FPS,
                 die_colour=str(rng.choice(list(DIE_COLOURS))), die_size=float(rng.uniform(1.3, 1.8)),
                 skin=SKINS[int(rng.integers(len(SKINS)))],
                 sleeves={"light": SLEEVES[int(rng.integers(len(SLEEVES)))],
                          "dark": SLEEVES[int(rng.integers(len(SLEEVES)))] if rng.random() < 0.6 else None})
    d.cube = scene.cube
    if scripted:  # the committed sample: brisk hands, the minimum still time
        d.pace, d.still_frames = 0.5, 4
    _, turned = view_of(scene, cam)
    d.image_light_seat = scene.light_seat if not turned else ("top" if scene.light_seat == "bottom" else "bottom")
    return GameVideo(seed, scene, stage, d, GameOptions(plays, illegal_rate, incident_rate, scripted))


def _bar_cube(scene: Scene):
    from device.sim.scene import CubePiece

    return CubePiece(0.0, 0.0, scene.geometry.frame_z, 64, 0.0, 2.2, "white")


def write_game(out: Path, seed: int = 0, plays: int = 30, illegal_rate: float = 0.1, incident_rate: float = 0.1,
               size: tuple[int, int] = (1280, 720), quality: int = 80, scripted: bool = False) -> int:
    """Render a game into ``out`` (replacing an earlier render there); returns the number of frames."""
    video = film_game(seed, plays, illegal_rate, incident_rate, size, scripted)
    out = Path(out)
    frames_dir = out / "frames"
    if frames_dir.exists():
        shutil.rmtree(frames_dir)
    frames_dir.mkdir(parents=True)
    n = 0
    with (out / "labels.jsonl").open("w") as fh:
        for index, image, label in video.frames(labels=True):
            cv2.imwrite(str(frames_dir / f"{index:06d}.jpg"), image,
                        [cv2.IMWRITE_JPEG_QUALITY, int(quality), cv2.IMWRITE_JPEG_OPTIMIZE, 1])
            fh.write(json.dumps(label) + "\n")
            n += 1
    (out / "video.json").write_text(json.dumps(video.info(), indent=1) + "\n")
    with (out / "events.jsonl").open("w") as fh:
        for event in video.director.events:
            fh.write(json.dumps(event) + "\n")
    return n
