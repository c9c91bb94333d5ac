"""A flat die's outline through the board camera, and side-face pips beyond it (vision.dice_pose)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.dice_pose import OUT_OF_REACH, BoardCamera, flat_outline, side_pips_out_of_reach, upper_face

SHAPE = (1080, 1920, 3)
F = 1400.0
K = np.array([[F, 0, (SHAPE[1] - 1) / 2], [0, F, (SHAPE[0] - 1) / 2], [0, 0, 1]])


def _pinhole(tilt_deg: float, over: tuple[float, float] = (25.0, 20.0), height: float = 70.0
             ) -> tuple[np.ndarray, np.ndarray]:
    """World (cm, z up) -> camera rotation and translation of a camera ``height`` cm over ``over`` tilted about x."""
    a = np.radians(tilt_deg)
    down = np.diag([1.0, -1.0, -1.0])  # looking straight down: camera z = -world z
    rot = np.array([[1, 0, 0], [0, np.cos(a), -np.sin(a)], [0, np.sin(a), np.cos(a)]]) @ down
    centre = np.array([over[0], over[1] + height * np.tan(a), height])
    return rot, -rot @ centre


def _project(rot: np.ndarray, t: np.ndarray, pts: np.ndarray) -> np.ndarray:
    q = (np.atleast_2d(pts) @ rot.T + t) @ K.T
    return q[:, :2] / q[:, 2:]


def _homography(rot: np.ndarray, t: np.ndarray) -> np.ndarray:
    return K @ np.stack([rot[:, 0], rot[:, 1], t], axis=1)


@pytest.mark.parametrize("tilt", [5.0, 25.0])
def test_the_board_camera_sees_heights_as_the_pinhole_does(tilt):
    rot, t = _pinhole(tilt)
    cam = BoardCamera.from_homography(_homography(rot, t) * 0.3, SHAPE)
    pts = np.array([[30.0, 25.0, 1.6], [5.0, 2.0, 0.0], [45.0, 38.0, 3.0]])
    assert np.allclose(cam.project(pts), _project(rot, t, pts), atol=0.05)
    img = _project(rot, t, pts)
    for p, q in zip(pts, img):
        assert np.allclose(cam.lift(q, p[2])[0], p, atol=1e-3)


def _die(yaw: float, lean: float, at: np.ndarray, edge: float = 1.6):
    """Corners (8 x 3) of a die resting on the board at ``at``, leaning ``lean`` rad about its own x axis, and its
    faces as (centre, in-face unit vectors u, w, outward normal)."""
    cz, sz, cl, sl = np.cos(yaw), np.sin(yaw), np.cos(lean), np.sin(lean)
    r = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]]) @ np.array([[1, 0, 0], [0, cl, -sl], [0, sl, cl]])
    local = np.array([[x, y, z] for x in (-.5, .5) for y in (-.5, .5) for z in (-.5, .5)]) * edge @ r.T
    centre = np.array([at[0], at[1], -local[:, 2].min()])
    faces = []
    for axis in range(3):
        for sign in (-1, 1):
            n = r[:, axis] * sign
            others = [r[:, k] for k in range(3) if k != axis]
            faces.append((centre + n * edge / 2, others[0], others[1], n))
    return local + centre, faces, r


def _seen(rot, t, at, edge, yaw, lean, side_value_offsets):
    """Image centre of the upper face, its grid axes, and the pips (centres, long-axis angles) of the side faces
    the camera sees (every side face whose outward normal faces the camera), each laid out as ``side_value_offsets``."""
    _, faces, r = _die(yaw, lean, at, edge)
    cam_centre = -rot.T @ t
    top = max(faces, key=lambda f: f[3][2])
    c = _project(rot, t, top[0])[0]
    step = edge * 0.27
    axes = np.stack([_project(rot, t, top[0] + top[1] * step)[0] - c, _project(rot, t, top[0] + top[2] * step)[0] - c],
                    axis=1)
    axes /= np.sqrt(abs(np.linalg.det(axes)))
    xy, ang = [], []
    for fc, u, w, n in faces:
        if n[2] > 0.9 or np.dot(n, cam_centre - fc) <= 0 or n[2] < -0.5:
            continue
        for a, b in side_value_offsets:
            p = fc + (a * u + b * w) * step
            q = _project(rot, t, p)[0]
            du = _project(rot, t, p + u * 0.05)[0] - q
            dw = _project(rot, t, p + w * 0.05)[0] - q
            long = du if np.linalg.norm(du) >= np.linalg.norm(dw) else dw
            xy.append(q)
            ang.append(np.arctan2(long[1], long[0]))
    return c, axes, np.array(xy), np.array(ang)


def _score(tilt, yaw, lean, at=(30.0, 25.0), edge=1.6):
    rot, t = _pinhole(tilt)
    h = _homography(rot, t)
    cam = BoardCamera.from_homography(h, SHAPE)
    c, axes, xy, ang = _seen(rot, t, np.array(at), edge, yaw, lean, [(-1, -1), (1, 1), (-1, 1), (1, -1)])  # 4s
    px = float(np.linalg.norm(_project(rot, t, np.array([at[0], at[1], 0]) + [edge, 0, 0])[0]
                              - _project(rot, t, np.array([at[0], at[1], 0]))[0]))
    top = upper_face(cam, c, axes, 4, px, edge)
    return side_pips_out_of_reach(xy, ang, c, flat_outline(cam, top, edge), px)


@pytest.mark.parametrize("tilt", [0.0, 15.0, 30.0])
@pytest.mark.parametrize("yaw", [0.3, 1.2, 2.5])
def test_a_flat_dies_side_pips_lie_within_its_predicted_outline(tilt, yaw):
    assert _score(tilt, yaw, 0.0) <= OUT_OF_REACH  # -inf when no side face shows two pips


@pytest.mark.parametrize("yaw", [0.3, 1.2, 2.5, 4.0])
def test_a_die_leaning_on_a_checker_shows_side_pips_beyond_a_flat_dies_reach(yaw):
    assert _score(5.0, yaw, 0.5) > OUT_OF_REACH  # an almost overhead camera: any way it leans
    assert _score(5.0, yaw, -0.45) > OUT_OF_REACH


def test_a_degenerate_homography_is_no_evidence_of_a_lean():
    from vision.dice_pose import leaning

    pips = np.array([[10.0, 10.0], [12.0, 12.0]])
    with np.errstate(all="ignore"):
        assert not leaning(pips, np.zeros(2), {"face_axes": np.eye(2), "value": 4}, np.array([5.0, 5.0]),
                           np.zeros((3, 3)), 20.0, (100, 100, 3), 1.0)


def test_two_pips_beyond_the_outline_count_only_on_one_side_face():
    outline = np.array([[0.0, 0.0], [20.0, 0.0], [20.0, 20.0], [0.0, 20.0]])
    centre = np.array([10.0, 10.0])
    pips = np.array([[25.0, 8.0], [26.0, 12.0], [-5.0, 10.0]])  # two beyond the right edge, one beyond the left
    across = np.full(3, np.pi / 2)  # long axes vertical: across the way out to the right and to the left
    same = side_pips_out_of_reach(pips[:2], across[:2], centre, outline, 20.0, np.array([1, 1]))
    assert same == pytest.approx((5.0 - 1.0) / 20.0)  # the nearer of the two, less a pixel of noise
    assert side_pips_out_of_reach(pips[1:], across[1:], centre, outline, 20.0, np.array([1, 0])) == -np.inf
    assert side_pips_out_of_reach(pips[:2], np.zeros(2), centre, outline, 20.0) == -np.inf  # squashed the wrong way
