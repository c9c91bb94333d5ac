"""On the board, a number filling its face is read though the face shrunk by 0.9 would cut it (vision.cube._checks).

Why: a glyph touching a face's inner rim is dropped as an edge, so the shrunk outline of a face whose number fills it
holds no glyph and the plainly read number was refused (renders seeds 78000-78119: two 64s on the bar). Beside the
board the shrink still decides: a clock's display traces a light outline tight round its digits.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.cube import CubeSizes, cube_faces, read_cube

BOARD = np.array([[100, 60], [460, 60], [460, 420], [100, 420]], np.float64)
SIZES = CubeSizes(np.array([0.0, 640.0]), np.array([0.0, 480.0]), np.full((2, 2), 25.0), np.full((2, 2), 70.0),
                  board=BOARD)


def _scene(x: int, y: int = 200) -> np.ndarray:
    """A white cube's face (44 px) with a 64 as wide as it, on the board's dark field or the green table."""
    img = np.full((480, 640, 3), (40, 70, 40), np.uint8)
    cv2.rectangle(img, (100, 60), (460, 420), (30, 45, 70), -1)
    rng = np.random.default_rng(3)
    img = np.clip(img.astype(int) + rng.integers(-3, 4, img.shape), 0, 255).astype(np.uint8)
    img[y:y + 44, x:x + 44] = (235, 235, 235)
    (w, h), _ = cv2.getTextSize("64", cv2.FONT_HERSHEY_SIMPLEX, 1.0, 3)
    cv2.putText(img, "64", (x + (44 - w) // 2, y + (44 + h) // 2), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (25, 25, 25), 3,
                cv2.LINE_AA)
    return img


def test_a_number_filling_its_face_on_the_board_is_read():
    read = read_cube(_scene(260), side_range=SIZES)
    assert read is not None and read.value == 64
    assert abs(read.center[0] - 282) < 6 and abs(read.center[1] - 222) < 6


def test_beside_the_board_the_shrink_still_decides():
    assert cube_faces(_scene(520), side_range=SIZES) == []


def test_without_a_board_the_shrink_still_decides():
    assert cube_faces(_scene(260), side_range=CubeSizes(SIZES.xs, SIZES.ys, SIZES.lo, SIZES.hi)) == []
