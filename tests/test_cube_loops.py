"""A small cube's number that closes no loop is not held back by an 8's template (vision.cube._has_hole).

Faces are drawn large, shrunk to a cube's size in a game frame (12-16 px) and read as the board's reader reads a
rectified outline (64 px): blurred so, a 4 or a turned 2 is a lump the 8's template matched nearly as well as its
own, and the number was refused for the margin.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision.cube as cube


def small_face(text: str, side: int, turn: int, thick: int = 8) -> np.ndarray:
    img = np.full((200, 200), 235, np.uint8)
    font = cv2.FONT_HERSHEY_SIMPLEX
    (w, h), _ = cv2.getTextSize(text, font, 3.0, thick)
    cv2.putText(img, text, ((200 - w) // 2, (200 + h) // 2), font, 3.0, 20, thick, cv2.LINE_AA)
    img = np.rot90(img, turn).copy()
    small = cv2.resize(img, (side, side), interpolation=cv2.INTER_AREA)
    return cv2.resize(small, (64, 64), interpolation=cv2.INTER_LINEAR)


@pytest.mark.parametrize("turn", range(4))
def test_a_blurred_4_is_read_though_an_8_matches_it_nearly_as_well(turn):
    assert cube.read_cube_face(small_face("4", 13, turn))[0] == 4


@pytest.mark.parametrize("turn", range(4))
def test_an_8_still_reads_where_it_did(turn):
    assert cube.read_cube_face(small_face("8", 14, turn))[0] == 8
    assert cube.read_cube_face(small_face("8", 20, turn))[0] == 8


def test_an_8_closes_loops_and_a_blurred_4_none():
    eight = cube._face_glyph(small_face("8", 22, 0))
    four = cube._face_glyph(small_face("4", 13, 0))
    assert eight is not None and four is not None
    assert cube._has_hole(eight)
    assert not cube._has_hole(four)


def test_without_the_rule_the_blurred_4_is_refused(monkeypatch):
    """The test above fails for the reason given: the 8 is the rival that holds the 4 back."""
    monkeypatch.setattr(cube, "NO_LOOP_NO_8", False)
    face = small_face("4", 13, 0)
    ranked = cube._rank_face(face)
    assert ranked[1][0] == 8 and ranked[0][1] - ranked[1][1] < cube.MIN_MARGIN
    assert cube.read_cube_face(face)[0] is None
