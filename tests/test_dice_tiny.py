"""Dice of a few pixels (a 960x540 camera over a whole board: dice of 6-9 px, pips of one or two pixels).

Why: on such dice a pip's measured shape and its blur are the resize's interpolation, not the die's: the two pips
of a 2 never grouped (unlike elongations), and a one's plain ring reached past the face; the rendered games read
at 540p missed most rolls.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.dice_pips import Pip, face_images, group_pips

from tests.drawn_dice import SUPER, read_inside, sampled

BOARD = (60, 120, 40)  # BGR: a green field


def _tiny_die(edge: float, pip: bool = True, size: int = 120) -> np.ndarray:
    """A field of ``size`` px with a white one of ``edge`` px at its centre (``pip`` False: a blank face), drawn
    large and shrunk by pixel-area averaging, as a camera samples it."""
    big = np.full((size * SUPER, size * SUPER, 3), BOARD, np.uint8)
    c, half = size * SUPER // 2, edge * SUPER / 2
    cv2.rectangle(big, (int(c - half), int(c - half)), (int(c + half), int(c + half)), (230, 235, 240), -1)
    if pip:
        cv2.circle(big, (c, c), int(0.12 * edge * SUPER), (25, 25, 25), -1)
    return sampled(big, size)


@pytest.mark.parametrize("edge", [7.5, 9.0])
@pytest.mark.parametrize("guess", [1.0, 1.2])  # of the die's edge: the board's guess is often above it
def test_a_one_of_a_few_pixels_isread_inside(edge, guess):
    dice = read_inside(_tiny_die(edge), guess * edge)
    assert [d.value for d in dice] == [1]
    assert np.hypot(dice[0].center[0] - 60, dice[0].center[1] - 60) < 2


def test_plain_field_and_a_blank_face_are_no_die():
    assert read_inside(np.full((120, 120, 3), BOARD, np.uint8), 7.5) == []
    assert read_inside(_tiny_die(7.5, pip=False), 7.5) == []


def _pip(x: float, y: float, elongation: float, contrast: float = 150.0) -> Pip:
    return Pip(x=x, y=y, area=9.0, diameter=3.5, elongation=elongation, angle=0.3, contrast=contrast, face=200.0,
               dark=True)


def test_tiny_pips_unlike_in_shape_group_by_size_when_alike_in_ink():
    images = face_images(np.full((60, 60), 200, np.uint8))  # an unbroken face
    a, b = _pip(20, 20, 1.9), _pip(32, 32, 1.2)  # a 2's pips whose shapes are sampling
    faint = _pip(32, 32, 1.2, contrast=40.0)  # a speck of the die's shaded edge
    assert len(group_pips([a, b], images)) == 2  # by shape alone they are two faces
    assert len(group_pips([a, b], images, tiny=4.0)) == 1
    assert len(group_pips([a, faint], images, tiny=4.0)) == 2
    assert len(group_pips([a, b], images, tiny=3.0)) == 2  # larger than tiny: shape still decides
