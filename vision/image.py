"""Frames as every vision stage takes them: 8-bit BGR, or a VisionError that names what is wrong."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

from vision.errors import VisionError


def check_image(image: Any, what: str = "image", min_side: int = 0) -> np.ndarray:
    """``image`` as 3-channel 8-bit BGR (grey and BGRA converted, BGR passed through without a copy)."""
    if image is None or not isinstance(image, np.ndarray) or image.size == 0:
        raise VisionError(f"{what}: empty or unreadable image")
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    elif image.ndim == 3 and image.shape[2] == 4:
        image = cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    elif image.ndim != 3 or image.shape[2] != 3:
        raise VisionError(f"{what}: expected a colour or grayscale image, got shape {image.shape}")
    if image.dtype != np.uint8:
        raise VisionError(f"{what}: expected 8-bit pixels, got {image.dtype}")
    if min(image.shape[:2]) < min_side:
        raise VisionError(f"{what}: image of {image.shape[1]}x{image.shape[0]} px is too small to show a board")
    return image
