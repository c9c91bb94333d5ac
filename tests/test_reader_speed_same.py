"""Speed rewrites of the reader's own work (issue 5 speed) tell exactly what the plain forms they replaced told."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.reader import CHANGE_REACH, BoardCells


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), changed_share=st.sampled_from([0.0, 0.002, 0.02, 0.2]))
def test_board_changes_are_the_masked_grid(seed: int, changed_share: float) -> None:
    rng = np.random.default_rng(seed)
    regions = [rng.random((18, 32)) < 0.05 for _ in range(28)]
    cells = BoardCells(tuple(regions[:24]), *regions[24:])
    changed = rng.random((18, 32)) < changed_share
    k = 2 * CHANGE_REACH + 1
    grown = cv2.dilate(changed.astype(np.uint8), np.ones((k, k), np.uint8)) > 0
    got = cells.changes(changed)
    assert (got.points, got.bar, got.trays, got.field, got.board) == (
        tuple(bool((grown & m).any()) for m in regions[:24]), *(bool((grown & m).any()) for m in regions[24:]))
