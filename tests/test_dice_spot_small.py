"""The checker-spot test (a lone one that is a checker's highlight or the gap between two checkers) is not asked of
dice under SPOT_MIN_DIE_PX.

Why: on games rendered at 960x540 (5656 and 8181: dice of 9.2 and 9.5 px, checkers of ~20 px) it refused the true
ones of the opening roll and of later rolls on most frames; 5656 lost 9 of its 41 events on time and both illegal
plays it had caught, 8181 12 of 109. Here the spot test is made to refuse every one, so a one still read on a small
die shows the test was not asked, and a one lost on a large die that it was.
"""

from __future__ import annotations

import cv2
import numpy as np

import vision.dice as dice_module
from vision.dice_checker_spot import SPOT_MIN_DIE_PX


def _one_on_cloth(edge: int) -> np.ndarray:
    """A white die of ``edge`` px showing a one, alone on green cloth."""
    img = np.zeros((8 * edge, 8 * edge, 3), np.uint8)
    img[:] = (40, 110, 30)
    c = 4 * edge
    cv2.rectangle(img, (c - edge // 2, c - edge // 2), (c + edge // 2, c + edge // 2), (235, 235, 235), -1)
    cv2.circle(img, (c, c), max(1, round(edge * 0.12)), (20, 20, 20), -1, cv2.LINE_AA)
    return cv2.GaussianBlur(img, (3, 3), 0.6)


def _ones(monkeypatch, edge: int) -> list:
    monkeypatch.setattr(dice_module, "is_checker_spot", lambda *a: True)
    img = _one_on_cloth(edge)
    mask = np.ones(img.shape[:2], np.uint8)
    return [d.value for d in dice_module.find_dice(img, mask, die_size_px=float(edge))]


def test_a_small_die_showing_one_is_not_asked_whether_it_is_a_checker_spot(monkeypatch):
    edge = int(SPOT_MIN_DIE_PX) - 2
    assert _ones(monkeypatch, edge) == [1]


def test_a_large_die_showing_one_is_asked(monkeypatch):
    edge = int(SPOT_MIN_DIE_PX) + 6
    assert _ones(monkeypatch, edge) == []
    monkeypatch.undo()
    assert [d.value for d in dice_module.find_dice(_one_on_cloth(edge), np.ones((8 * edge, 8 * edge), np.uint8),
                                                   die_size_px=float(edge))] == [1]
