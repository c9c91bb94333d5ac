"""A side face's reading does not make the upper face's value unsure (vision.dice._merge).

Real photo r19 (../shared/real): a white 5 of ~12 px seen obliquely, its side face's pips in view. A 4 fitted to two
of the 5's pips and two of the side face's (pips 1.4-1.6 long, the 5's 1.0-1.3) fell in the same cluster, and the
die was reported without a value. The flatter-pipped rival is now left out of the vote, as _drop_side_faces would
drop it; two faces with pips alike still leave the value unsure.
"""

from __future__ import annotations

import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.dice import FaceCandidate, _merge, find_dice

REAL = Path(__file__).resolve().parents[2] / "shared" / "real"


@pytest.mark.parametrize("half", [40, 80])
def test_real_white_five_with_side_face_read_as_five(half):
    path = REAL / "r19.jpg"
    if not path.is_file():
        pytest.skip(f"{path} is absent: the real board photos are not here")
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    x, y = 397, 334  # the labelled 5 (r19.json)
    crop = image[y - half:y + half, x - half:x + half]
    mask = np.zeros(crop.shape[:2], np.uint8)
    mask[half // 2:-(half // 2), half // 2:-(half // 2)] = 255
    dice = find_dice(crop, mask=mask, die_size_px=22.4)
    here = [d.value for d in dice if math.dist(d.center, (half, half)) < 6]
    assert 5 in here and None not in here


def _face(value: int, confidence: float, elongation: float, shift: float) -> FaceCandidate:
    """A face read at (50, 50), its pips elsewhere than a rival's (so neither explains the other)."""
    return FaceCandidate(value, confidence, np.array([50.0, 50.0]), 20.0, True, value, elongation,
                         np.array([[50.0 + shift, 50.0]]), 3.0, {})


def test_rivals_with_pips_alike_leave_the_value_unsure():
    merged = _merge([_face(4, 0.98, 1.1, -5.0), _face(5, 0.95, 1.2, 5.0)])
    assert [m.value for m in merged] == [None]


def test_a_flatter_pipped_rival_is_left_out_of_the_vote():
    merged = _merge([_face(4, 0.98, 1.5, -5.0), _face(5, 0.95, 1.1, 5.0)])
    assert [m.value for m in merged] == [5]
