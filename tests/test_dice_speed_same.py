"""The dice finder's faster forms give the very answers of the plain forms they replaced.

Why: issue 5 (speed) was done on the rule that no reading may move; each shortcut here stands in for a slower
numpy or OpenCV form, and these tests hold it to that form on random inputs.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.dice_masks import kept_mask, mask_box, ones_where_set
from vision.dice_pips import _labels, _near_pairs, stable_order


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 70000), min_size=0, max_size=300))
def test_stable_order_is_numpys_stable_argsort(keys: list[int]) -> None:
    arr = np.array(keys, np.intp)
    assert np.array_equal(stable_order(arr), np.argsort(arr, kind="stable"))


@pytest.mark.parametrize("density", [0.02, 0.3])
def test_sixteen_bit_labels_are_opencvs_labels(density: float) -> None:
    rng = np.random.default_rng(5)
    binary = (rng.random((120, 160)) < density).astype(np.uint8)
    for connectivity in (4, 8):
        n, labels = _labels(binary, connectivity)
        m, reference = cv2.connectedComponents(binary, connectivity=connectivity)
        assert n == m and np.array_equal(labels.astype(np.int32), reference)


def test_near_pairs_along_both_axes_are_the_near_pairs_along_x_that_are_near_along_y() -> None:
    rng = np.random.default_rng(7)
    xy = np.round(rng.random((400, 2)) * 300, 1)  # rounded: ties at exactly the reach are met too
    reach = 20.0
    ii, jj = _near_pairs(xy, reach)
    near = np.abs(xy[ii, 1] - xy[jj, 1]) <= reach
    both = _near_pairs(xy, reach, both=True)
    assert np.array_equal(both[0], ii[near]) and np.array_equal(both[1], jj[near])
    assert near.sum() < len(ii)  # the filter had pairs to drop


def test_mask_helpers_match_the_numpy_forms() -> None:
    mask = np.zeros((90, 120), np.uint8)
    cv2.circle(mask, (70, 40), 20, 255, -1)
    assert mask_box(mask) == cv2.boundingRect((mask > 0).astype(np.uint8))
    assert mask_box(mask > 0) == cv2.boundingRect((mask > 0).astype(np.uint8))
    assert np.array_equal(ones_where_set(mask), (mask > 0).astype(np.uint8))


def test_a_derived_mask_is_kept_only_for_a_read_only_mask() -> None:
    made: list[int] = []

    def make() -> np.ndarray:
        made.append(1)
        return np.ones((4, 4), np.uint8)

    writable = np.zeros((8, 8), np.uint8)
    kept_mask(writable, "k", make)
    kept_mask(writable, "k", make)
    assert len(made) == 2  # a mask that can change is never trusted to be the same
    fixed = np.zeros((8, 8), np.uint8)
    fixed.flags.writeable = False
    first = kept_mask(fixed, "k", make)
    again = kept_mask(fixed, "k", make)
    assert again is first and len(made) == 3 and not first.flags.writeable
    kept_mask(fixed, "other", make)
    assert len(made) == 4
    view = fixed[1:5, 1:5]  # read-only too, but a new object each time: made afresh
    kept_mask(view, "k", make)
    assert len(made) == 5
