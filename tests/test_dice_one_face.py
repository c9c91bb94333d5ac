"""A one's face measured on its colour (``dice_flat.one_face_edges``) instead of drawn from its pip's size."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.dice_flat import one_face_edges
from vision.dice_layout import FACE_HALF_STEPS

FIELD = (40, 110, 30)  # BGR: green felt
DIE = (235, 235, 235)  # a white die
PIP = (20, 20, 20)


def _one(edge: float, pip: float, turn_deg: float, field=FIELD) -> tuple[np.ndarray, np.ndarray]:
    """A white one of ``edge`` px (its pip ``pip`` px wide), turned ``turn_deg``, on the field; and its centre."""
    img = np.zeros((200, 200, 3), np.uint8)
    img[:] = field
    c = np.array([100.0, 100.0])
    a = math.radians(turn_deg)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    corners = c + (np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * edge / 2) @ rot.T
    cv2.fillConvexPoly(img, np.rint(corners * 16).astype(np.int32), DIE, cv2.LINE_AA, 4)
    cv2.circle(img, (int(c[0] * 16), int(c[1] * 16)), int(pip / 2 * 16), PIP, -1, cv2.LINE_AA, 4)
    return img, c


def test_a_ones_face_is_measured_where_its_pip_would_draw_it_half_as_large_again():
    """A rendered one's pip is 0.22 of its edge, and the reader's face drawn from it (1.9 pip diameters a grid step)
    is ~1.45 edges: the measured face is the die's, and turned as the die is."""
    edge, pip = 40.0, 0.22 * 40.0
    for turn in (0.0, 20.0, 37.0):
        img, c = _one(edge, pip, turn)
        step = 1.9 * pip  # the reader's grid step for a one
        assert 2 * FACE_HALF_STEPS * step > 1.4 * edge
        edges = one_face_edges(img, c, step, dark=True)
        assert edges is not None
        lengths = np.linalg.norm(edges, axis=0)
        assert np.all(np.abs(lengths - edge) < 0.08 * edge)
        along = math.degrees(math.atan2(edges[1, 0], edges[0, 0])) % 90
        assert min(abs(along - turn % 90), 90 - abs(along - turn % 90)) < 4


def test_a_ones_face_running_on_into_a_field_of_its_colour_is_not_measured():
    """A white die on a white board: its colour's region is no face, and the drawn face stands (None)."""
    img, c = _one(40.0, 8.8, 10.0, field=(228, 230, 232))
    assert one_face_edges(img, c, 1.9 * 8.8, dark=True) is None


def test_a_rendered_cocked_one_is_called_cocked(monkeypatch):
    """Render 71176 with its first die forced cocked (a one of 24 px leaning on a checker, a three's side face
    turned up beside it): the face drawn from its pip was 33 px, and no cue reached past a flat die's reach; with
    the face measured (21 px, its square's turn known) its body reaches 0.38 edges past a flat die's outline."""
    from tests.forced_cocked import read_forced_cocked

    still, dice, die_px = read_forced_cocked(monkeypatch, 71176)
    truth = [t for t in still.label["dice"] if not t["flat"]]
    assert [t["value"] for t in truth] == [1]
    near = [d for d in dice if math.dist(d.center, truth[0]["center"]) < 0.8 * die_px]
    assert near and all((d.value, d.flat) == (1, False) for d in near)  # (read twice, at two places of its face)
    flat = [t for t in still.label["dice"] if t["flat"]]
    for t in flat:  # the other die of the roll, flat, stays flat
        assert all(d.flat for d in dice if math.dist(d.center, t["center"]) < 0.8 * die_px)
