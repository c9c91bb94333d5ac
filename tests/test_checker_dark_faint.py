"""Black checkers on a navy point whose faces show only a faint dome (issue 5, vision.checker_dark): a slot shaded
like the checkers' face yet nearly as near the plain triangle as that face is doubtful, never a confident 0. A real
image case: a render with a fixed seed read with the renderer's own geometry (the board finder is not tested)."""

from __future__ import annotations

import numpy as np
import pytest

import vision.checkers as checkers
from tests.label_geometry import label_geometry
from vision.board import rectify
from vision.checker_dark import Slot


def test_a_stack_of_black_checkers_on_a_navy_point_is_doubted_not_read_empty_for_sure():
    """Render seed 16032: ten dark brown checkers on point 19, a navy triangle, two layers; no rim is found and the
    base slot is as near the empty triangle (7.2) as the checkers' face (6.5), shaded like that face (0.75 of its
    own shading apart): the empty reading is doubted (it was 1.0 sure). The board's empty points stay read empty."""
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    still = sim.render_still(16032)
    geometry = label_geometry(still.label)
    count = checkers.count_checkers(rectify(still.image, geometry), geometry)
    assert still.label["points"][18] == -10
    assert count.points[18] not in (0, None) or count.confidence[18] < 0.6
    for p in range(1, 25):
        if still.label["points"][p - 1] == 0:
            assert count.points[p - 1] in (0, None), f"point {p} is empty, read {count.points[p - 1]}"


def test_a_slot_is_a_checker_only_nearer_its_face_than_the_empty_board():
    def slot(to_face: float, to_empty: float, shading: float) -> str:
        return Slot(-1, 0.0, 0.0, to_face, to_empty, shading=shading, own=10.0, tint=3.0).verdict()

    assert slot(4.0, 10.0, 3.0) == "yes"  # shaded like the face, far from the empty board
    assert slot(6.5, 7.2, 3.0) == "maybe"  # shaded like it, yet nearly as near the empty board
    assert slot(6.5, 7.2, 7.5) == "maybe"
    assert slot(4.0, 10.0, 8.0) == "maybe"  # shaded a little less like the face
    assert slot(7.5, 7.2, 3.0) == "no"  # nearer the empty board: the board's own look there
    assert slot(4.0, 10.0, 9.5) == "no"  # shaded otherwise
    assert slot(4.0, float(np.inf), 3.0) == "yes"  # no empty view to compare with: the shading decides
