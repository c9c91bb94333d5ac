"""A die's confidence says how cleanly its pips make the face (vision.dice_sure): a one read from a pip off the
middle of its face (a two's or three's corner pip) or with no face round it on one side is below SURE_DIE (0.5);
clean faces are well above it."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tests.test_dice import draw_die
from vision import dice_layout
from vision.dice import find_dice
from vision.dice_sure import face_sureness, outline_of_one

SURE_DIE = 0.5  # the bar past which a face is more likely misread than right (vision.dice_sure)

INF = math.inf
# colour outlines (grid steps from the pip, 16 rays) measured on rendered games by the finder
MISREAD_ONE_10515_F47 = [INF, 3.82, INF, INF, INF, 4.26, 4.26, 3.6, 3.02, 2.87, 2.5, 2.14, 1.99, 1.85, 2.14, 2.72]
TRUE_ONE_10515_F47 = [2.35, 1.91, 1.97, 1.97, 1.91, 2.03, 1.72, 1.84, 2.22, 2.03, 1.84, 2.03, 2.03, 1.91, 1.91, 2.16]
CHECKER_SPOT_10515_F421 = [2.07, 2.17, 2.36, 1.97, 1.97, 1.58, 3.14, INF, 0.81, 0.52, 0.52, 0.61, 0.71, INF, 3.04,
                           2.17]


def test_a_twos_pip_read_as_a_one_is_unsure_and_the_true_one_beside_it_is_sure():
    assert outline_of_one(np.array(MISREAD_ONE_10515_F47)) < SURE_DIE
    assert outline_of_one(np.array(TRUE_ONE_10515_F47)) > 0.9
    assert outline_of_one(np.array(CHECKER_SPOT_10515_F421)) < SURE_DIE


def test_an_outline_that_tells_nothing_leaves_the_one_sure():
    assert outline_of_one(np.full(16, INF)) is None
    assert face_sureness(1, [5.0], [100.0], [np.full(16, INF)]) == 1.0
    assert face_sureness(1, [5.0], [100.0], [np.full(16, 0.09)]) == 1.0  # stopped at the pip's own rim


def test_a_face_with_one_far_fainter_pip_is_unsure():
    assert face_sureness(3, [5.0, 5.0, 5.0], [100.0, 100.0, 100.0]) == 1.0
    assert face_sureness(3, [5.0, 5.0, 5.0], [100.0, 100.0, 45.0]) < SURE_DIE


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_clean_drawn_faces_are_sure(value):
    dice = find_dice(draw_die(value, edge=24, angle=0))
    assert [d.value for d in dice] == [value]
    assert dice[0].confidence >= 0.9


def test_a_lone_pip_off_the_middle_of_its_face_is_read_unsure(monkeypatch):
    with monkeypatch.context() as m:  # a two with one pip lost: the other, at 0.8 of a two's pip's place
        m.setitem(dice_layout.LAYOUTS, 1, np.array([[0.8, 0.8]]))
        image = draw_die(1, edge=24, angle=0)
    dice = find_dice(image)
    assert [d.value for d in dice] == [1]  # the finder reads it as a one, as the misread dice were
    assert dice[0].confidence < SURE_DIE
