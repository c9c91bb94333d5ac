"""A cocked die's side face as a band beside one edge of its upper face (vision.dice_tilt_band)."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.dice_tilt_band import COCKED_BAND, band_cocked, band_excess

SHAPE = (400, 400, 3)
FIELD = (40, 120, 40)  # BGR: green felt
DIE = (40, 40, 200)  # a red die
SIDE = (30, 30, 150)  # its side face, in shade
EDGE = 30  # px
H = np.array([[10.0, 0, 50], [0, 10.0, 50], [0, 0, 1]])  # a camera straight down, 10 px per board unit
FIVE = {"face_axes": np.eye(2), "value": 5}
C = np.array([200.0, 200.0])


def _five(band: int = 0, stripe: bool = False) -> np.ndarray:
    """A five seen from above in the image's middle; ``band`` px of side face beside its right edge; ``stripe``: a
    strip of the die's own colour along the right edge, running on past the die's corners (print on a board)."""
    img = np.full(SHAPE, FIELD, np.uint8)
    if stripe:
        cv2.rectangle(img, (215, 100), (229, 300), DIE, -1)
    if band:
        cv2.rectangle(img, (215, 185), (215 + band, 215), SIDE, -1)
        cv2.ellipse(img, (215 + band // 2, 200), (1, 3), 0, 0, 360, (240, 240, 240), -1)  # a side pip, squashed
    cv2.rectangle(img, (185, 185), (215, 215), DIE, -1)
    for dx, dy in [(-8, -8), (8, -8), (-8, 8), (8, 8), (0, 0)]:
        cv2.circle(img, (200 + dx, 200 + dy), 3, (240, 240, 240), -1)
    return cv2.GaussianBlur(img, (3, 3), 0)


def test_a_band_of_side_face_beside_one_edge_is_a_cocked_die():
    img = _five(14)  # 0.47 edges: a die leaning ~28 degrees
    assert COCKED_BAND < band_excess(img, FIVE, C, EDGE, H, SHAPE) < 0.5
    assert band_cocked(img, FIVE, C, EDGE, H, SHAPE)


def test_a_flat_die_and_a_thin_band_are_not_cocked():
    assert band_excess(_five(), FIVE, C, EDGE, H, SHAPE) < 0.05
    assert not band_cocked(_five(), FIVE, C, EDGE, H, SHAPE)
    assert not band_cocked(_five(5), FIVE, C, EDGE, H, SHAPE)  # 0.17 edges: within a flat die's noise


def test_the_dies_colour_running_on_past_its_corners_is_the_field_not_a_side_face():
    """A strip of the die's colour beside it, as long as the board's print, not as long as the die's edge: a flat
    die on it stays flat (renders: a white die on a white board, a green one on green felt)."""
    img = _five(stripe=True)
    assert not band_cocked(img, FIVE, C, EDGE, H, SHAPE)


def test_a_band_towards_another_die_is_not_looked_at_but_towards_its_own_side_face_it_is():
    img = _five(14)
    assert not band_cocked(img, FIVE, C, EDGE, H, SHAPE, others=np.array([[250.0, 200.0]]))  # a die 1.7 edges off
    assert band_cocked(img, FIVE, C, EDGE, H, SHAPE, others=np.array([[222.0, 200.0]]))  # its side face read


def test_a_one_is_not_judged_by_its_band():
    """A one's single pip gives neither its face's turn nor its size: the band of a 5 says nothing for it."""
    assert not band_cocked(_five(14), {"face_axes": np.eye(2), "value": 1}, C, EDGE, H, SHAPE)


def test_a_rendered_die_cocked_against_a_checker_is_called(monkeypatch):
    """Render 9829 with its first die forced cocked (a 3 leaning 0.41 rad on a checker, its side face beside the
    upper face): every earlier cue read it flat (the body along rays reached 0.31 of the 0.35 it needed); the band
    beside the upper face's edge calls it cocked, with its value."""
    from tests.forced_cocked import read_forced_cocked

    still, dice, die_px = read_forced_cocked(monkeypatch, 9829)
    assert [t["flat"] for t in still.label["dice"]] == [False]
    truth = still.label["dice"][0]
    near = [d for d in dice if math.dist(d.center, truth["center"]) < 0.8 * die_px]
    assert [(d.value, d.flat) for d in near] == [(truth["value"], False)]
