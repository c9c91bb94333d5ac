"""A flat die's side face turned towards the camera, read beside its upper face, is no die (vision.dice_two_faces.
flat_side_faces).

Why: a camera 30-45 degrees off vertical sees a flat die's side face at about sin(theta) of its size with pips as
clear as the top's; both faces were read, then merged into one die of no value centred on the side face (own
renders at 1280x720: a 6 with its side 4 beside it, unread). The same pair turned away from the camera, or a side
face rounder than a flat die's side can be, is a cocked die (``two_faces_cocked``) and stays.
"""

from __future__ import annotations

import numpy as np

from vision.dice import FaceCandidate
from vision.dice_two_faces import flat_side_faces, two_faces_cocked

SHAPE = (720, 1280)


def _camera_homography(theta_deg: float = 45.0, height: float = 60.0) -> np.ndarray:
    """Board plane (cm) -> image of a camera ``height`` cm above the board, ``theta_deg`` off vertical at the board's
    origin (towards -y), looking at it: by default 60 cm above and 60 cm before it."""
    k = np.array([[1000.0, 0, 639.5], [0, 1000.0, 359.5], [0, 0, 1]])
    c = np.array([0.0, -height * np.tan(np.radians(theta_deg)), height])
    z = -c / np.linalg.norm(c)
    x = np.array([1.0, 0.0, 0.0])
    y = np.cross(z, x)
    r = np.stack([x, y, z])
    t = -r @ c
    h = k @ np.column_stack([r[:, 0], r[:, 1], t])
    return h / h[2, 2]


def _at(h: np.ndarray, xy) -> np.ndarray:
    p = h @ np.array([xy[0], xy[1], 1.0])
    return p[:2] / p[2]


def _face(value: int, center: np.ndarray, size: float, squash: float) -> FaceCandidate:
    pips = np.array([center + (k - value / 2) * 0.1 * size for k in range(value)]).reshape(-1, 2)
    return FaceCandidate(value, 0.95, np.asarray(center, float), size, True, value, 1.15, pips, 0.15 * size,
                         {"foreshortening": squash}, False)


def _pair(way: float, side_squash: float, top_squash: float = 0.9):
    """An upper 6 at the board's origin and a 4 beside it, ``way`` (+1: towards the camera, -1: away) along y."""
    h = _camera_homography()
    top_c, side_c = _at(h, (0.0, 0.0)), _at(h, (0.0, -0.8 * way))
    size = float(np.linalg.norm(side_c - top_c)) / 0.75
    top = _face(6, top_c, size, top_squash)
    side = _face(4, side_c, size * np.sqrt(side_squash), side_squash)
    return [side, top], h


def test_a_side_face_towards_the_camera_beside_a_square_top_is_dropped():
    faces, h = _pair(+1, 0.6)  # the camera 45 degrees off vertical: a flat die's side face at ~0.71
    assert flat_side_faces(faces, h, SHAPE) == {0}
    assert two_faces_cocked(faces, h, SHAPE) == set()


def test_a_side_face_away_from_the_camera_is_a_cocked_die_and_stays():
    faces, h = _pair(-1, 0.6)
    assert flat_side_faces(faces, h, SHAPE) == set()
    assert two_faces_cocked(faces, h, SHAPE) == {0, 1}


def test_a_face_rounder_than_a_flat_dies_side_face_stays():
    faces, h = _pair(+1, 0.85, top_squash=0.98)  # above sin(theta) + ROUNDER: a die leaning towards the camera
    assert flat_side_faces(faces, h, SHAPE) == set()


def test_two_faces_beside_an_upper_face_seen_oblique_stay():
    faces, h = _pair(+1, 0.5, top_squash=0.7)  # the "upper" face itself squashed: no flat die's top
    assert flat_side_faces(faces, h, SHAPE) == set()
