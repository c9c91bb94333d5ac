"""The cube's number read digit by digit (vision.cube_digits) where the whole-number templates are unsure: numbers in
other types (narrow, italic) and numbers turned on the face; and what must never pass for a number: a blot, a ring,
a marker's cells, a die's pips. Faces are drawn here; the real photos (../shared/real) are read when present."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision.cube as cube
from vision.cube_digits import axis_share, read_digits, split_digits
from vision.reader import Reader

REAL = Path(__file__).resolve().parents[2] / "shared" / "real"


def _face(text: str, squeeze: float = 1.0, turn: float = 0.0, font: int = cv2.FONT_HERSHEY_DUPLEX,
          span: float = 0.6) -> np.ndarray:
    """A 64 px light cube face with ``text`` in dark ink: squeezed across by ``squeeze``, turned ``turn`` degrees,
    its longer side ``span`` of the face."""
    canvas = np.zeros((100, 200), np.uint8)
    cv2.putText(canvas, text, (10, 80), font, 2.5, 255, 6, cv2.LINE_AA)
    ys, xs = np.nonzero(canvas > 127)
    glyph = canvas[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    h, w = glyph.shape
    w = max(1, int(w * squeeze))
    s = span * 192 / max(h, w)
    glyph = cv2.resize(glyph, (max(1, int(w * s)), max(1, int(h * s))), interpolation=cv2.INTER_AREA)
    big = np.zeros((192, 192), np.uint8)
    y0, x0 = (192 - glyph.shape[0]) // 2, (192 - glyph.shape[1]) // 2
    big[y0:y0 + glyph.shape[0], x0:x0 + glyph.shape[1]] = glyph
    big = cv2.warpAffine(big, cv2.getRotationMatrix2D((96, 96), turn, 1.0), (192, 192))
    ink = cv2.resize(big, (64, 64), interpolation=cv2.INTER_AREA).astype(np.float32) / 255
    return (225 - ink * 170).astype(np.uint8)


def _templates_sure(face: np.ndarray, value: int) -> bool:
    ranked = cube._rank_face(face)
    return bool(ranked) and ranked[0][0] == value and ranked[0][1] >= cube.MIN_SCORE \
        and ranked[0][1] - ranked[1][1] >= cube.MIN_MARGIN


@pytest.mark.parametrize("text,squeeze,turn", [
    ("2", 0.5, 0.0), ("2", 0.4, 0.0), ("4", 0.5, 0.0), ("32", 0.55, 0.0), ("64", 0.6, 0.0),
    ("16", 1.0, 25.0), ("64", 1.0, 30.0)])
def test_numbers_the_templates_miss_are_read_by_their_digits(text, squeeze, turn):
    face = _face(text, squeeze, turn)
    assert not _templates_sure(face, int(text))  # the case this reader is for
    assert cube.read_cube_face(face)[0] == int(text)


def test_without_digit_reads_a_narrow_two_is_not_read(monkeypatch):
    monkeypatch.setattr(cube, "DIGIT_READS", False)
    assert cube.read_cube_face(_face("2", 0.5))[0] is None
    assert cube.read_cube_face(_face("2", 0.5), digits=False)[0] is None


def test_a_face_proposed_by_its_glyph_is_not_read_by_digits():
    assert cube.read_cube_face(_face("2", 0.5), digits=False)[0] is None


def _ink(face: np.ndarray) -> np.ndarray:
    ink = cube._face_glyph(face)
    assert ink is not None
    return ink


def test_a_blot_a_ring_and_marker_cells_are_no_number():
    blot = np.full((64, 64), 225, np.uint8)
    cv2.ellipse(blot, (32, 36), (16, 12), 0, 180, 360, 40, -1)  # half a disc: a printed letter's bowl
    assert read_digits(_ink(blot))[0] is None
    ring = np.full((64, 64), 225, np.uint8)
    cv2.ellipse(ring, (32, 32), (12, 18), 0, 0, 360, 40, 5)  # a score card's 0: never an 8
    assert read_digits(_ink(ring))[0] is None
    marker = cv2.aruco.generateImageMarker(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), 7, 48)
    face = np.full((64, 64), 225, np.uint8)
    face[8:56, 8:56] = 255 - marker  # (inverted: the cells are the minority ink inside the face)
    ink = cube._face_glyph(face)
    assert ink is None or axis_share(ink) > 0.78 and read_digits(ink)[0] is None


@pytest.mark.parametrize("pips", [[(22, 22), (42, 42)], [(20, 20), (32, 32), (44, 44)]])
def test_a_dies_pips_are_no_digits(pips):
    face = np.full((64, 64), 225, np.uint8)
    for x, y in pips:
        cv2.circle(face, (x, y), 6, 30, -1)
    ink = cube._face_glyph(face)
    assert ink is None or read_digits(ink)[0] is None


def test_two_bold_digits_run_together_are_parted():
    face = _face("64", 1.0, 30.0)
    ink = _ink(face)
    n, _ = cv2.connectedComponents(ink.astype(np.uint8))
    assert n - 1 == 1  # one part: the 6 and the 4 touch
    assert read_digits(ink)[0] == 64


def test_a_number_on_its_side_is_no_digit_pair():
    ink = _ink(_face("64", 1.0, 90.0))
    assert split_digits(ink) is None  # the digits stand one above the other as the face lies
    assert read_digits(ink)[0] == 64  # read after a quarter turn


@pytest.mark.skipif(not REAL.is_dir(), reason=f"real photos not found at {REAL} (../shared/real beside the repo)")
@pytest.mark.parametrize("name", ["r03.jpg", "r15.jpg"])
def test_real_cubes_in_other_types_are_read(name):
    """r03: a black cube whose 2 is printed in a cream disc; r15: a cream cube with a narrow 2 in a wooden tray.
    Neither was read before the digit reader (0 of 6 real cubes)."""
    label = json.loads((REAL / name).with_suffix(".json").read_text())
    obs = Reader().read(cv2.imread(str(REAL / name)))
    assert obs.cube is not None and obs.cube.value == label["cube"]["value"]
    assert np.hypot(*(np.array(obs.cube.center) - label["cube"]["center"])) < 10
