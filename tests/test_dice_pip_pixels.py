"""The pip finder's strong-hat pixels (vision.dice_pips.pip_pixels, masked in place) are the plain form's
``cv2.bitwise_and(cv2.threshold(hat, 22, 1, THRESH_BINARY)[1], mask)`` on any hat and 0/1 mask, contiguous or cut
from a larger image, and leave the hat and the mask as they were: the same pips, one frame-sized array fewer."""

import cv2
import numpy as np
import pytest

from vision.dice_pips import face_images, find_pips, pip_pixels


def _plain(hat, mask):
    _, binary = cv2.threshold(hat, 22, 1, cv2.THRESH_BINARY)
    return binary if mask is None else cv2.bitwise_and(binary, mask)


@pytest.mark.parametrize("shape", [(1, 1), (7, 3), (64, 97), (301, 411)])
def test_strong_pixels_are_the_plain_forms(shape):
    rng = np.random.default_rng(shape[0] * 1000 + shape[1])
    hat = rng.integers(0, 256, shape, dtype=np.uint8)
    hat[rng.random(shape) < 0.5] = rng.integers(20, 25, dtype=np.uint8)  # many at the cut (22 out, 23 in)
    mask = (rng.random(shape) < 0.6).astype(np.uint8)
    big = np.zeros((shape[0] + 4, shape[1] + 6), np.uint8)
    big[2:-2, 3:-3] = mask
    for m in (mask, big[2:-2, 3:-3], None):
        hat0, m0 = hat.copy(), None if m is None else m.copy()
        got = pip_pixels(hat, m)
        assert got.dtype == np.uint8 and np.array_equal(got, _plain(hat, m))
        assert np.array_equal(hat, hat0) and (m is None or np.array_equal(m, m0))
        assert not np.shares_memory(got, hat) and (m is None or not np.shares_memory(got, m))


def test_a_masked_die_keeps_only_the_pips_inside():
    face = np.full((60, 120), 220, np.uint8)
    spots = [(15, 15), (45, 45), (75, 15), (105, 45)]
    for x, y in spots:
        cv2.circle(face, (x, y), 3, 40, -1)
    mask = np.zeros(face.shape, np.uint8)
    mask[:, :60] = 1
    dark = sorted((round(p.x), round(p.y)) for p in find_pips(face_images(face), mask) if p.dark)
    assert dark == spots[:2]
