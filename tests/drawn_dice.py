"""Dice drawn as a camera samples them, for the dice finder's tests: drawn SUPER times larger, then shrunk by
pixel-area averaging, so a pip of one or two pixels is the blur of a round pip, not a hand-placed pixel."""

from __future__ import annotations

import cv2
import numpy as np

from vision.dice import find_dice

SUPER = 8  # drawn this much larger, then shrunk with pixel-area averaging


def sampled(big: np.ndarray, size: int) -> np.ndarray:
    """A drawing SUPER times larger than ``size`` px square, shrunk as a camera's pixels average the scene."""
    return cv2.resize(big, (size, size), interpolation=cv2.INTER_AREA)


def read_inside(image: np.ndarray, die_px: float, margin: int = 10) -> list:
    """The dice found in ``image`` inside a margin (a die's centre must lie in the mask) at the guess ``die_px``."""
    mask = np.zeros(image.shape[:2], np.uint8)
    mask[margin:-margin, margin:-margin] = 255
    return find_dice(image, mask=mask, die_size_px=die_px, memory=None)
