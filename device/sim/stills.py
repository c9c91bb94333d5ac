"""Labelled stills: one random scene and camera per seed, rendered and labelled."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

import cv2
import numpy as np

from device.sim.camera import random_camera
from device.sim.generate import random_scene
from device.sim.labels import make_label
from device.sim.render import Effects, build_stage, render_frame
from device.sim.scene import Scene


@dataclass
class Still:
    image: np.ndarray
    label: dict[str, Any]
    scene: Scene


def board_outline(scene: Scene) -> np.ndarray:
    """World corners the camera must keep in view: the frame top and anything on the table beside the board."""
    g = scene.geometry
    L, R, T, B = g.outer_left, g.outer_right, -g.height / 2, g.height / 2
    return np.array([[L, T, g.frame_z], [R, T, g.frame_z], [R, B, g.frame_z], [L, B, g.frame_z]])


def render_still(seed: int, size: Optional[tuple[int, int]] = None, board_kind: Optional[str] = None,
                 hands: Optional[bool] = None, portrait: Optional[bool] = None, image_name: Optional[str] = None,
                 jpeg_quality: Optional[int] = None, scheme: Optional[int] = None, pair: Optional[int] = None
                 ) -> Still:
    """Render the still for ``seed``: the same seed (and options) always gives the same image and label."""
    rng = np.random.default_rng(seed)
    scene = random_scene(rng, seed, board_kind, hands, scheme, pair)
    portrait = bool(rng.random() < 0.05) if portrait is None else portrait
    cam = random_camera(rng, board_outline(scene), size, portrait)
    effects = Effects.random(rng)
    if jpeg_quality is not None:
        effects.jpeg_quality = jpeg_quality
    stage = build_stage(scene, cam, rng, effects)
    result = render_frame(stage, rng)
    label = make_label(scene, cam, result.occluder, image_name)
    label["seed"] = seed
    return Still(result.image, label, scene)


def write_still(still: Still, out_dir: Path, name: str, quality: int = 90) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{name}.jpg"
    cv2.imwrite(str(path), still.image, [cv2.IMWRITE_JPEG_QUALITY, quality, cv2.IMWRITE_JPEG_OPTIMIZE, 1])
    label = dict(still.label)
    label["image"] = path.name
    (out_dir / f"{name}.json").write_text(json.dumps(label, indent=1) + "\n")
    return path
