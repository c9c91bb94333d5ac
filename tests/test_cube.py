"""Doubling cube reader: drawn cube faces at several turns, and no cube where there is none."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.cube import read_cube, read_cube_face


def draw_cube(value: int, turn: int = 0, edge: int = 70, face=(230, 230, 225), ink=(30, 30, 30)) -> np.ndarray:
    """A cube face seen from above on a dark green field, the number in Hershey Duplex, turned by quarter turns."""
    tile = np.zeros((edge, edge, 3), np.uint8)
    tile[:] = face
    scale = 1.3 if value < 10 else 1.0
    (w, h), _ = cv2.getTextSize(str(value), cv2.FONT_HERSHEY_DUPLEX, scale, 3)
    cv2.putText(tile, str(value), ((edge - w) // 2, (edge + h) // 2), cv2.FONT_HERSHEY_DUPLEX, scale, ink, 3,
                cv2.LINE_AA)
    tile = np.ascontiguousarray(np.rot90(tile, turn))
    img = np.zeros((480, 640, 3), np.uint8)
    img[:] = (40, 90, 40)
    img[200:200 + edge, 300:300 + edge] = tile
    return cv2.GaussianBlur(img, (3, 3), 0.7)


@pytest.mark.parametrize("value", [2, 4, 8, 16, 32, 64])
@pytest.mark.parametrize("turn", [0, 1, 3])
def test_drawn_cube_is_read(value, turn):
    cube = read_cube(draw_cube(value, turn))
    assert cube is not None and cube.value == value
    assert abs(cube.center[0] - 335) < 6 and abs(cube.center[1] - 235) < 6


def test_light_number_on_dark_cube():
    cube = read_cube(draw_cube(32, 2, face=(25, 25, 25), ink=(235, 235, 235)))
    assert cube is not None and cube.value == 32


def test_no_cube_on_plain_field_or_blank_face():
    assert read_cube(np.full((240, 320, 3), 90, np.uint8)) is None
    assert read_cube_face(np.full((64, 64), 200, np.uint8))[0] is None


def test_mask_must_be_an_array():
    with pytest.raises(TypeError):
        read_cube(draw_cube(2), mask="not a mask")  # type: ignore[arg-type]


def draw_key(text: str, scale: float, edge: int = 70, face=(40, 40, 40), ink=(230, 230, 230)) -> np.ndarray:
    """A keyboard key seen from above: a dark square on a light desk with a small light label, like "Fn"."""
    img = np.zeros((480, 640, 3), np.uint8)
    img[:] = (180, 185, 190)
    img[200:200 + edge, 300:300 + edge] = face
    (w, h), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, scale, 2)
    cv2.putText(img, text, (300 + (edge - w) // 2, 200 + (edge + h) // 2), cv2.FONT_HERSHEY_DUPLEX, scale, ink, 2,
                cv2.LINE_AA)
    return cv2.GaussianBlur(img, (3, 3), 0.7)


@pytest.mark.parametrize("text", ["8", "2", "64"])
def test_small_label_in_a_square_is_no_cube(text):
    """A key's or a card's small label in a square outline is not a cube's number (a false "double" otherwise)."""
    assert read_cube(draw_key(text, 0.45)) is None


def test_faint_number_is_no_cube():
    """A number barely darker than its face (a watermark, a shadow's shape) is not printed ink."""
    assert read_cube(draw_cube(8, face=(200, 200, 200), ink=(175, 175, 175))) is None
    assert read_cube(draw_cube(8, face=(200, 200, 200), ink=(60, 60, 60))).value == 8
