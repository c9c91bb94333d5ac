"""`bgref eval --lens`: each image read through the lens its label states, as a Pi set up with
`bgref calibrate camera` reads (the daemon's configuration), and without one where the label states none."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from vision.evaluate import evaluate, label_lens
from vision.observation import BoardInfo, Observation

CAMERA = {"K": [[900.0, 0.0, 320.0], [0.0, 900.0, 240.0], [0.0, 0.0, 1.0]], "dist": [-0.2, 0.05, 0.0, 0.0, 0.0],
          "width": 640, "height": 480}


def test_label_lens_reads_the_camera_and_refuses_what_it_cannot_use():
    lens = label_lens({"camera": CAMERA})
    assert lens is not None and lens.image_size == (640, 480) and not lens.estimated
    assert lens.K[0, 0] == 900.0 and lens.dist[0] == -0.2
    assert label_lens({}) is None
    assert label_lens({"camera": {"K": [[1, 0], [0, 1]], "dist": [0.0], "width": 640, "height": 480}}) is None
    assert label_lens({"camera": {**CAMERA, "width": None}}) is None


class _Recorder:
    """A reader that notes the lens it was built with and reads an empty board."""
    made: list = []

    def __init__(self, intrinsics=None):
        _Recorder.made.append(intrinsics)

    def read(self, image):
        return Observation(board=BoardInfo(True, corners=[[0, 0], [64, 0], [64, 48], [0, 48]]))


def test_eval_lens_hands_each_label_its_own_lens(tmp_path):
    image = np.zeros((48, 64, 3), np.uint8)
    base = {"board": {"found": True, "corners": [[0, 0], [64, 0], [64, 48], [0, 48]]}, "points": [0] * 24,
            "bar": {"light": 0, "dark": 0}, "off": {"light": 0, "dark": 0}, "dice": [], "occluded_points": []}
    for name, label in (("a", {**base, "camera": CAMERA}), ("b", base)):
        cv2.imwrite(str(tmp_path / f"{name}.png"), image)
        (tmp_path / f"{name}.json").write_text(json.dumps({**label, "image": f"{name}.png"}))
    _Recorder.made = []
    table = evaluate([tmp_path], reader_factory=_Recorder, lens=True)
    assert table["lens_images"] == 1 and table["images"] == 2
    lenses = sorted(_Recorder.made, key=lambda x: x is None)
    assert lenses[0] is not None and lenses[0].image_size == (640, 480) and lenses[1] is None
    _Recorder.made = []
    table = evaluate([tmp_path], reader_factory=_Recorder)
    assert _Recorder.made == [None, None] and "lens_images" not in table


def test_a_camera_block_without_its_size_takes_the_recordings():
    """`Intrinsics.from_camera` serves both `eval --lens` and recordings (device.pipeline.recording_lens), whose
    video.json may give the size beside the camera block rather than in it."""
    from calibration.intrinsics import Intrinsics, IntrinsicsError

    bare = {"K": CAMERA["K"], "dist": CAMERA["dist"]}
    assert Intrinsics.from_camera(bare, (640, 480)).image_size == (640, 480)
    assert Intrinsics.from_camera(CAMERA, (1, 1)).image_size == (640, 480)  # the block's own size first
    with pytest.raises(IntrinsicsError):
        Intrinsics.from_camera(bare)
