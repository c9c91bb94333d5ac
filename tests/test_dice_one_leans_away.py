"""A one's side-face pips on the side of it turned away from the camera: a leaning one (vision.dice_pose.one_faces_away).

A flat die never shows a face whose outward normal points away from the camera; a die leaning on a checker or the
frame away from the camera turns such a face up. A one gives no turn, so ``leaning``'s flat outline for it is the
circle through every corner its face could have, which holds those pips: cocked ones were read flat.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from tests.test_dice_pose import SHAPE, _die, _homography, _pinhole, _project
from vision.dice_pose import one_faces_away

ONE_SIDE = [(-1, -1), (1, 1), (-1, 1), (1, -1)]  # a side face's pips, in grid steps from its centre (a 4)


def _one(tilt: float, yaw: float, lean: float, at=(30.0, 25.0), edge: float = 1.6):
    """(image centre of the upper face, its edge in px, pips of every side face the camera sees, homography)."""
    rot, t = _pinhole(tilt)
    h = _homography(rot, t)
    _, faces, _ = _die(yaw, lean, np.array(at), edge)
    eye = -rot.T @ t
    top = max(faces, key=lambda f: f[3][2])
    c = _project(rot, t, top[0])[0]
    px = float(np.linalg.norm(_project(rot, t, np.array([at[0], at[1], 0]) + [edge, 0, 0])[0]
                              - _project(rot, t, np.array([at[0], at[1], 0]))[0]))
    xy = []
    for fc, u, w, n in faces:
        if n is top[3] or np.dot(n, eye - fc) <= 0 or n[2] < -0.5:
            continue
        xy += [_project(rot, t, fc + (a * u + b * w) * edge * 0.27)[0] for a, b in ONE_SIDE]
    return c, px, np.array(xy).reshape(-1, 2), h, eye, top[3]


@pytest.mark.parametrize("tilt", [5.0, 15.0, 30.0])
@pytest.mark.parametrize("yaw", [0.0, 0.4, 0.8, 1.2, 1.6, 2.0, 2.5, 3.0, 4.0, 5.0])
def test_a_flat_ones_side_pips_never_lie_on_its_far_side(tilt, yaw):
    c, px, xy, h, _, _ = _one(tilt, yaw, 0.0)
    assert not one_faces_away(xy, c, h, px, SHAPE)


@pytest.mark.parametrize("yaw", [0.0, 0.4, 0.8, 1.2, 1.6, 2.0, 2.5, 3.0, 4.0, 5.0])
@pytest.mark.parametrize("lean", [0.3, -0.3, 0.45, -0.45, 0.6, -0.6])
def test_a_one_leaning_away_from_the_camera_shows_its_far_side(yaw, lean):
    """Leaning 26-34 degrees straight away it is called; at 17 degrees its far face's pips lie only 120 degrees from
    the way to the camera (AWAY_COS' margin), which is not claimed. Leaning towards the camera it never is."""
    c, px, xy, h, eye, up = _one(25.0, yaw, lean)
    # the side face turned up faces the way the upper face's normal tipped from: away from the camera's foot, or not
    ground = np.array([30.0, 25.0])
    away = -float(np.dot(up[:2], (eye[:2] - ground) / np.linalg.norm(eye[:2] - ground))) / math.hypot(*up[:2])
    called = one_faces_away(xy, c, h, px, SHAPE)
    if away < -0.9 and abs(lean) >= 0.45:  # that face turned nearly straight away from the camera: its pips lie on the one's far side
        assert called
    if away > 0:  # turned towards the camera, where a flat die shows its sides too: no call (other cues' business)
        assert not called


def test_pips_nearer_another_die_are_that_die_s():
    c, px, xy, h, eye, up = next(x for x in (_one(25.0, y, 0.45) for y in np.linspace(0, 6, 25))
                                 if one_faces_away(x[2], x[0], x[3], x[1], SHAPE))
    beside = np.mean(xy, axis=0) + (np.mean(xy, axis=0) - c) * 0.5  # a die touching it just beyond those pips
    assert not one_faces_away(xy, c, h, px, SHAPE, others=beside[None, :])


@pytest.mark.parametrize("seed", [91006, 91032])
def test_a_rendered_one_leaning_on_a_checker_away_from_the_camera_is_cocked(monkeypatch, seed):
    """Renders 91006 and 91032 (the roll's first die forced cocked: a one leaning on a checker, away from the camera;
    helper h1's seeds): the one was read flat, its turned-up side face's pips inside the circle that is a one's flat
    outline. Now it is cocked; the other, flat die stays flat with its value."""
    from tests.forced_cocked import read_forced_cocked

    still, dice, die_px = read_forced_cocked(monkeypatch, seed)
    cocked = next(d for d in still.label["dice"] if not d["flat"])
    assert cocked["value"] == 1
    assert [(d.value, d.flat) for d in dice if math.dist(d.center, cocked["center"]) < 0.8 * die_px] == [(1, False)]
    for flat in (d for d in still.label["dice"] if d["flat"]):
        assert [d.flat for d in dice if math.dist(d.center, flat["center"]) < 0.8 * die_px] in ([], [True])
