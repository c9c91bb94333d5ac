"""A squashed face of 4-6 pips beside a one, two or three that can be no face of a flat die makes the die cocked
(vision.dice_two_faces._no_flat_face, through two_faces_cocked).

Why: such pairs (``_squashed_beside``: the 1-3 face has no measured shape) made no cocked call, since which face is
the upper one is only guessed. A face squashed far below what a flat die's upper face shows there (cos theta) and
rounder than a flat die's side face (sin theta), or turned away from the camera, is neither: the die leans
(forced-cocked renders 97000-97199: a cocked 3 with its side 6 read at 0.63 under a camera 14 degrees off vertical).
A flat 5 seen as squashed as its camera's angle makes it, beside its own side face, stays flat.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.test_dice_flat_side_face import _at, _camera_homography
from vision.dice import FaceCandidate
from vision.dice_two_faces import two_faces_cocked

SHAPE = (720, 1280)


def _face(value: int, center: np.ndarray, size: float, squash, elongation: float) -> FaceCandidate:
    pips = np.array([center + (k - value / 2) * 0.1 * size for k in range(value)]).reshape(-1, 2)
    return FaceCandidate(value, 0.95, np.asarray(center, float), size, True, value, elongation, pips, 0.15 * size,
                         {"foreshortening": squash}, False)


def _pair(theta: float, way: float, squash: float, small: int = 3, big: int = 6, height: float = 60.0):
    """A face of ``small`` pips (no shape) at the board's origin and a face of ``big`` pips squashed to ``squash``
    beside it, ``way`` (+1: towards the camera, -1: away) along y, as a 1.6 cm die's side face lies from its upper
    face (half an edge, plus half the side face's seen height), its pips a little more elongated."""
    h = _camera_homography(theta, height)
    edge_cm = 1.6
    a = _at(h, (0.0, 0.0))
    b = _at(h, (0.0, -0.5 * edge_cm * (np.cos(np.radians(theta)) + squash) * way))
    edge_px = float(np.linalg.norm(b - a)) / (0.5 * (np.cos(np.radians(theta)) + squash))
    top = _face(small, a, edge_px, None, 1.15)
    side = _face(big, b, edge_px * np.sqrt(squash), squash, 1.3)  # (within SQUASHED_PIPS: _squashed_beside pairs it)
    return [side, top], h


def test_a_side_face_rounder_than_a_flat_dies_beside_a_three_is_a_cocked_die():
    faces, h = _pair(14.0, +1, 0.62)  # sin 14 deg = 0.24: a flat die's side face there is seen at 0.24 at most
    assert two_faces_cocked(faces, h, SHAPE) == {0, 1}


def test_a_squashed_face_turned_away_from_the_camera_beside_a_one_is_a_cocked_die():
    faces, h = _pair(23.0, -1, 0.7, small=1, big=4)  # a flat die never shows a face turned away from the camera
    assert two_faces_cocked(faces, h, SHAPE) == {0, 1}


@pytest.mark.parametrize("theta", [35.0, 40.0, 45.0])
def test_a_flat_upper_face_seen_oblique_beside_its_side_face_stays_flat(theta: float):
    # a flat 5 seen at cos(theta) less pip noise, its blurred side 2 (rounder pips) on the camera's side: the 5 lies
    # away from the camera from the 2, which without NOT_UPPER would read as a side face turned away
    squash = float(np.cos(np.radians(theta))) - 0.1
    faces, h = _pair(theta, -1, squash, small=2, big=5, height=35.0)  # (a die of 14 px or more: its shape is measured)
    assert two_faces_cocked(faces, h, SHAPE) == set()


def test_a_flat_dies_side_face_towards_the_camera_stays_flat():
    faces, h = _pair(35.0, +1, 0.55)  # sin 35 deg = 0.57: a flat die's side face, as squashed as it is seen there
    assert two_faces_cocked(faces, h, SHAPE) == set()


def test_a_small_squashed_face_is_no_evidence():
    faces, h = _pair(14.0, +1, 0.62, height=150.0)  # fitted under dice_flat.MIN_FACE_EDGE_PX: shape is noise
    assert two_faces_cocked(faces, h, SHAPE) == set()


def test_a_rendered_cocked_three_showing_its_side_six_is_cocked_and_the_flat_die_stays_flat(monkeypatch, tmp_path):
    """Forced-cocked render 97031 (its first die a 3 leaning on a checker, its side 6 read at 0.63 beside it under a
    camera 14 degrees off vertical), written as a still's JPEG and read as the board reader calls the dice finder:
    the reading nearest each die is the cocked 3 read flat without the rule."""
    import cv2

    import device.sim.generate as generate
    from device.sim.stills import render_still, write_still
    from vision.dice import find_dice
    from vision.dice_eval import _board_hints, _board_homography

    roll = generate.roll_dice
    monkeypatch.setattr(generate, "roll_dice", lambda scene, rng, values, halves, colour, size, cocked=None:
                        roll(scene, rng, values, halves, colour, size, 0))
    still = render_still(97031)
    write_still(still, tmp_path, "sim_097031")
    image = cv2.imread(str(tmp_path / "sim_097031.jpg"))
    mask, die_px = _board_hints(still.label, image.shape)
    dice = find_dice(image, mask=mask, die_size_px=die_px, board_to_image=_board_homography(still.label))
    truth = still.label["dice"]
    assert [(t["value"], t["flat"]) for t in truth] == [(3, False), (3, True)]
    for t in truth:
        nearest = min(dice, key=lambda d: np.hypot(d.center[0] - t["center"][0], d.center[1] - t["center"][1]))
        assert np.hypot(nearest.center[0] - t["center"][0], nearest.center[1] - t["center"][1]) < 0.8 * die_px
        assert (nearest.value, nearest.flat) == (3, t["flat"])
