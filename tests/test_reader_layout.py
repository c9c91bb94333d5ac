"""A board whose halves fit a one-point shift almost as well is read with a warning and no sure count."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import cv2
import pytest

import vision.board as board_mod
from vision.board_layout import SHIFT_MARGIN
from vision.reader import Reader

STILL = Path(__file__).resolve().parents[1] / "sample_images" / "stills" / "sim_01.jpg"


@pytest.fixture(scope="module")
def found():
    """The still's board, found once for this file's tests (the search is the slow part)."""
    return board_mod.find_board(cv2.imread(str(STILL)))


def _read(monkeypatch, found, margin):
    image = cv2.imread(str(STILL))
    monkeypatch.setattr(board_mod, "find_board", lambda *a, **k: dataclasses.replace(found, layout_margin=margin))
    return Reader().read(image)


def test_an_ambiguous_layout_caps_every_point_confidence_and_warns(monkeypatch, found):
    sure = _read(monkeypatch, found, 1.0)
    assert not any("off by one point" in w for w in sure.warnings)
    assert max(sure.extra["point_confidence"]) > 0.5
    doubtful = _read(monkeypatch, found, SHIFT_MARGIN / 2)
    assert any("off by one point" in w for w in doubtful.warnings)
    assert max(doubtful.extra["point_confidence"]) <= 0.5
    assert doubtful.points == sure.points  # the counts stand; only how sure they are changes


def test_the_cube_is_searched_round_the_board_at_the_board_s_scale(found):
    """The cube is looked for on the board and the table beside it only, at sizes the checkers' give: the box holds
    the board's corners and the labelled cube, the side range holds a cube's sizes at the bar, and the cube is read
    there as in the whole frame."""
    import json

    import numpy as np

    from vision.cube import read_cube
    from vision.reader import CUBE_SIDE, cube_area

    image = cv2.imread(str(STILL))
    label = json.loads(STILL.with_suffix(".json").read_text())
    geo = found
    (x0, y0, x1, y1), sizes = cube_area(geo, image.shape)
    corners = np.asarray(geo.corners)
    assert (corners[:, 0] >= x0).all() and (corners[:, 0] <= x1).all()
    assert (corners[:, 1] >= y0).all() and (corners[:, 1] <= y1).all()
    assert (x1 - x0) * (y1 - y0) < image.shape[0] * image.shape[1]  # a part of the frame, not all of it
    cx, cy = label["cube"]["center"]
    assert x0 <= cx <= x1 and y0 <= cy <= y1
    # at the bar's middle the range is CUBE_SIDE checker diameters as seen there (the board's two axes may differ a
    # little in px under a tilt), within the range over the whole area
    bx, by = (geo.bar[0] + geo.bar[2]) / 2, (geo.bar[1] + geo.bar[3]) / 2
    d = geo.checker_diameter_px
    ends = geo.to_image(np.array([[bx - d / 2, by], [bx + d / 2, by]]))
    seen = float(np.linalg.norm(ends[1] - ends[0]))
    (lo,), (hi,) = sizes.at(geo.to_image(np.array([[bx, by]])))
    assert 0.8 * CUBE_SIDE[0] * seen < lo <= 1.05 * CUBE_SIDE[0] * seen
    assert 0.95 * CUBE_SIDE[1] * seen <= hi < 1.25 * CUBE_SIDE[1] * seen
    assert sizes.bounds[0] <= lo and hi <= sizes.bounds[1]
    cube = Reader(geo)._cube(image, geo)
    whole = read_cube(image)
    assert cube is not None and whole is not None
    assert cube.value == whole.value == label["cube"]["value"]
    assert np.hypot(cube.center[0] - cx, cube.center[1] - cy) < 20
