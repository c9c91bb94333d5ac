"""A calibrated lens tells the dice cues the camera's angle (vision.dice_flat.KNOWN_LENS).

Why: over a camera looking nearly straight down, the focal length that ``camera_pose`` estimates from the board's
homography is noise (judging game 88535: 0.8 degrees from straight down, focal 510 px, estimated 2,180 px), and a
focal length too long understates how far a flat die near the frame's edge shows its side face: the side face's
pips were taken for a lean, a false re-roll."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from calibration.intrinsics import Intrinsics
from vision.dice_flat import KNOWN_LENS, camera_pose
from vision.dice_pose import BoardCamera
from tests.test_dice_pose import _pinhole

SHAPE = (540, 960, 3)
F = 510.0
CX, CY = 481.2, 283.6
K = np.array([[F, 0, CX], [0, F, CY], [0, 0, 1]])


def _project(rot: np.ndarray, t: np.ndarray, pts: np.ndarray) -> np.ndarray:
    q = (np.atleast_2d(pts) @ rot.T + t) @ K.T
    return q[:, :2] / q[:, 2:]


def _found_homography(rot: np.ndarray, t: np.ndarray) -> np.ndarray:
    """The board's homography as a reader finds it: from its four corners, each a fraction of a pixel off."""
    board = np.array([[0, 0, 0], [70, 0, 0], [70, 52, 0], [0, 52, 0]], float)
    img = _project(rot, t, board) + np.array([[0.3, -0.2], [-0.25, 0.3], [0.2, 0.25], [-0.3, -0.2]])
    return cv2.getPerspectiveTransform(board[:, :2].astype(np.float32), img.astype(np.float32)).astype(float)


def test_a_known_lens_places_a_die_near_the_frames_edge_as_the_camera_does():
    rot, t = _pinhole(0.8, over=(35.0, 26.0), height=60.0)  # 60 cm over the board's middle
    h = _found_homography(rot, t)
    die_top = np.array([[64.0, 26.0, 1.6], [62.4, 27.6, 1.6]])  # a die's upper corners near the frame's right edge
    truth = _project(rot, t, die_top)
    token = KNOWN_LENS.set((F, CX, CY))
    try:
        _, _, f = camera_pose(h, SHAPE)
        seen = BoardCamera.from_homography(h, SHAPE).project(die_top)
    finally:
        KNOWN_LENS.reset(token)
    assert f == F
    assert np.abs(seen - truth).max() < 0.5
    # the homography alone cannot tell this camera's focal length: far off
    _, _, guessed = camera_pose(h, SHAPE, use_lens=False)
    assert abs(guessed - F) > 0.3 * F


STILL = sorted(Path(__file__).resolve().parents[1].joinpath("sample_images", "stills").glob("*.jpg"))[0]


def _lens_during_dice(monkeypatch, intrinsics) -> list:
    import vision.dice as dice
    from vision.reader import Reader

    seen = []
    find = dice.find_dice

    def spy(*args, **kwargs):
        seen.append(KNOWN_LENS.get())
        return find(*args, **kwargs)

    monkeypatch.setattr(dice, "find_dice", spy)
    image = cv2.imread(str(STILL))
    Reader(intrinsics=intrinsics).read(image)
    assert KNOWN_LENS.get() is None  # set for the read only
    return seen


def test_the_reader_tells_the_dice_a_calibrated_lens_only(monkeypatch):
    size = (1920, 1080)
    k = np.array([[1400.0, 0, 960], [0, 1400.0, 540], [0, 0, 1]])
    calibrated = Intrinsics(k, np.zeros(5), size)
    estimated = Intrinsics(k, np.zeros(5), size, estimated=True)
    got = _lens_during_dice(monkeypatch, calibrated)
    assert got, "the sample still's dice were never looked for"
    scale = cv2.imread(str(STILL)).shape[1] / size[0]  # the lens scaled to the frame read
    assert all(lens is not None and abs(lens[0] - 1400.0 * scale) < 1e-6 for lens in got)
    assert all(lens is None for lens in _lens_during_dice(monkeypatch, estimated))


def test_without_a_lens_a_camera_nearly_straight_down_is_given_a_wide_lens():
    """No lens and a camera within a few degrees of vertical: the homography cannot tell the focal length, so the
    cocked-die cues take a wide lens's (half the image's width), which overstates the camera's angle at a die (a
    flat die's side face is then expected farther out, never taken for a lean); the two-faces cues keep the
    homography's own estimate (their bars were set on it)."""
    rot, t = _pinhole(0.8, over=(35.0, 26.0), height=60.0)
    h = _found_homography(rot, t)
    _, _, f = camera_pose(h, SHAPE)
    assert f <= 0.5 * SHAPE[1]
    assert camera_pose(h, SHAPE, use_lens=False)[2] > 0.5 * SHAPE[1]  # as before: 2-4x this lens's here
    base, top = np.array([[64.0, 26.0, 0.0]]), np.array([[64.0, 26.0, 1.6]])
    seen = BoardCamera.from_homography(h, SHAPE)
    shown = np.linalg.norm(seen.project(top) - seen.project(base))  # how far a flat die's top leans out in the image
    true = np.linalg.norm(_project(rot, t, top) - _project(rot, t, base))
    assert shown >= true  # overstated, the safe side


def test_without_a_lens_a_tilted_camera_keeps_the_homographys_focal_length():
    rot, t = _pinhole(20.0, over=(35.0, 26.0), height=60.0)
    _, _, f = camera_pose(_found_homography(rot, t), SHAPE)
    assert abs(f - F) < 0.1 * F
