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


def test_kept_box_is_the_masks_box_and_follows_a_mask_that_can_change() -> None:
    from vision.dice_masks import kept_box

    mask = np.zeros((90, 120), np.uint8)
    mask[20:50, 30:70] = 255
    mask.flags.writeable = False
    assert kept_box(mask) == mask_box(mask) == (30, 20, 40, 30)
    assert kept_box(mask) == (30, 20, 40, 30)  # the kept box, asked again
    free = np.zeros((90, 120), np.uint8)
    free[5:10, 5:10] = 255
    assert kept_box(free) == (5, 5, 5, 5)
    free[60:80, 90:100] = 255  # a writable mask is measured afresh each time
    assert kept_box(free) == mask_box(free) == (5, 5, 95, 75)


def _plain_side_pips(fit, group, pips, level, contrast, top_elong):
    """tilt_cues' pip loop in its plain form (every pip measured one by one): the beside and near pips' centres."""
    from vision.dice_flat import BESIDE_STEPS, MIN_SIDE_PIP_ELONGATION, NEAR_STEPS, SIDE_LEVEL

    inv = np.linalg.inv(fit.affine)
    side, near = [], []
    for p in pips:
        if any(p is q for q in group) or p.dark != group[0].dark:
            continue
        u = np.sort(np.abs(inv @ (np.array([p.x, p.y]) - fit.center)))
        if u[1] > 3.6 or abs(p.face - level) > SIDE_LEVEL * contrast:
            continue
        if p.elongation >= MIN_SIDE_PIP_ELONGATION and u[1] <= NEAR_STEPS and u[0] <= BESIDE_STEPS:
            near.append((p.x, p.y))
        if 1.6 <= u[1] <= 3.6 and u[0] <= 1.9 and top_elong + 0.15 < p.elongation < 2.6:
            side.append((p.x, p.y))
    return side, near


def test_tilt_cues_weigh_the_pips_the_plain_loop_weighs() -> None:
    from vision.dice_flat import tilt_cues
    from vision.dice_layout import LAYOUTS, LayoutFit
    from vision.dice_pips import Pip

    rng = np.random.default_rng(11)
    for trial in range(20):
        angle = rng.uniform(0, np.pi)
        step = rng.uniform(4, 9)
        rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
        affine = step * rot @ np.diag([1.0, rng.uniform(0.6, 1.0)])
        centre = rng.uniform(100, 200, 2)
        fit = LayoutFit(4, centre, affine, 0.0, step)
        group = [Pip(*(affine @ u + centre), 12.0, 4.0, 1.1, 0.0, 120.0, 200.0, True) for u in LAYOUTS[4]]
        # pips round the face, many of them at 3.6 steps along an axis (where the loop's first test cuts)
        offsets = np.vstack([rng.uniform(-6, 6, (40, 2)),
                             np.column_stack([rng.choice([-1, 1], 20) * (3.6 + rng.uniform(-1e-3, 1e-3, 20)),
                                              rng.uniform(-1.9, 1.9, 20)])])
        pips = [Pip(*(affine @ u + centre), 12.0, 4.0, float(rng.uniform(1.0, 2.5)), 0.0, 120.0,
                    float(rng.uniform(180, 220)), True) for u in offsets]
        cues = tilt_cues(fit, group, pips)
        side, near = _plain_side_pips(fit, group, pips, 200.0, 120.0, 1.1)
        assert cues["side_pips"] == len(side)
        assert np.array_equal(cues["side_xy"], np.array(side, float).reshape(-1, 2))
        assert len(cues["near_steps"]) == len(near)


def test_kept_masks_stay_under_their_byte_cap_and_go_with_their_owner(monkeypatch) -> None:
    """Kept masks that are owners in turn, with keys that come and go (a learnt die edge moving between
    widenings), once grew the cache in steps over a long game: all of them together now stay under the cap,
    the least lately used dropped first, and an owner's masks go when it does."""
    import gc

    import vision.dice_masks as dm

    monkeypatch.setattr(dm, "MAX_BYTES", 10_000)
    root = np.zeros((50, 50), np.uint8)
    root.flags.writeable = False
    made = []

    def make(n: int = 1000):
        made.append(1)
        return np.zeros(n, np.uint8)

    for edge in range(40):  # each widening an owner of its own scaled masks
        reach = kept_mask(root, ("reach", edge), make)
        for scale in range(5):
            kept_mask(reach, ("scaled", scale), make)
            assert dm.kept_bytes() <= 10_000
    assert dm.kept_bytes() <= 10_000
    hot = kept_mask(root, ("reach", 39), make)  # the last used are still there
    count = len(made)
    assert kept_mask(hot, ("scaled", 4), make) is kept_mask(hot, ("scaled", 4), make) and len(made) == count
    kept_mask(root, ("reach", 0), make)  # long dropped: made again
    assert len(made) == count + 1
    owner = np.zeros((10, 10), np.uint8)
    owner.flags.writeable = False
    kept_mask(owner, "k", make)
    before = dm.kept_bytes()
    del owner
    gc.collect()
    assert dm.kept_bytes() == before - 1000
