"""Flatness against the board: the camera recovered from the board's homography, and side-face pips out of reach."""

from __future__ import annotations

import numpy as np
import pytest

from vision.dice_flat import camera_pose, local_jacobian, side_face_excess

SHAPE = (1080, 1920, 3)


def _camera(tilt_deg: float, f: float = 1400.0) -> tuple[np.ndarray, np.ndarray]:
    """Board (cm) -> image homography of a camera 70 cm above (25, 20) tilted about the board's x axis; its centre."""
    a = np.radians(tilt_deg)
    rot = np.array([[1, 0, 0], [0, np.cos(a), -np.sin(a)], [0, np.sin(a), np.cos(a)]])  # world -> camera
    centre = np.array([25.0, 20.0 - 70 * np.tan(a), -70.0])
    t = -rot @ centre
    k = np.array([[f, 0, (SHAPE[1] - 1) / 2], [0, f, (SHAPE[0] - 1) / 2], [0, 0, 1]])
    return k @ np.stack([rot[:, 0], rot[:, 1], t], axis=1), centre


@pytest.mark.parametrize("tilt", [8.0, 20.0])
def test_camera_pose_recovers_a_tilted_camera(tilt):
    h, centre = _camera(tilt)
    rot, t, f = camera_pose(h * 3.7, SHAPE)  # any scale of the homography
    assert abs(f - 1400.0) < 1.0
    assert np.allclose(-rot.T @ t, centre, atol=0.05)


def test_side_pips_beyond_a_flat_dies_reach_mean_a_tilted_die():
    h, _ = _camera(20.0)
    at = h @ np.array([30.0, 25.0, 1.0])
    c = at[:2] / at[2]
    jac = local_jacobian(h, c)
    edge_cm = 1.6
    edge_px = edge_cm * float(np.sqrt(abs(np.linalg.det(jac))))

    def pips(dist_cm):  # two side pips dist_cm from the face centre on the board, either way along x
        return np.array([c + jac @ np.array([dist_cm, 0.2]), c + jac @ np.array([dist_cm, -0.2])])

    near = side_face_excess(pips(0.9), c, edge_px, jac, h, SHAPE)  # on a side band this camera can show
    far = side_face_excess(pips(2.2), c, edge_px, jac, h, SHAPE)
    assert near < 0.1 < 0.4 < far
    assert side_face_excess(pips(2.2)[:1], c, edge_px, jac, h, SHAPE) == -np.inf  # one blob is no evidence
