"""A stack read empty for sure and a lone disc that is the empty board (issue 5 accuracy; vision.checker_unseen):
renders with fixed seeds, read with the renderer's own geometry (the board finder is not what is tested), each
count's confidence asserted against the label."""

from __future__ import annotations

import numpy as np
import pytest

import vision.checkers as checkers
from tests.label_geometry import label_geometry
from vision.board import rectify
from vision.checker_unseen import longest_run

NEW_DOUBTS = ("column covered in no board colour", "discs as on the empty board")


def _count(seed: int) -> tuple[dict, checkers.CheckerCount]:
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    still = sim.render_still(seed)
    geometry = label_geometry(still.label)
    return still.label, checkers.count_checkers(rectify(still.image, geometry), geometry)


def _new_doubts(count: checkers.CheckerCount, p: int) -> list[str]:
    return [w for w in count.cues[p].get("doubts") or [] if w in NEW_DOUBTS]


def test_longest_run_bridges_short_breaks_only():
    rows = np.array([0, 1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1, 0], bool)
    assert longest_run(rows, 1) == (8, 13)  # 1-4 (bridged) is four long, 8-12 five
    assert longest_run(rows, 3) == (1, 13)
    assert longest_run(np.zeros(5, bool), 2) == (0, 0)


def test_a_black_stack_on_a_dark_point_with_no_disc_found_is_not_read_empty_for_sure():
    """Render 9103: fifteen black checkers on point 7 (dark brown, beside the bar), layered; no rim clears the
    floor and the base checker looks like the triangle's base, so no disc and no run from the base: read empty at
    1.0. Its column is covered over four diameters by one even colour that is none of the board's."""
    label, count = _count(9103)
    assert label["points"][6] == -15
    assert count.points[6] == 0
    assert "column covered in no board colour" in _new_doubts(count, 7)
    assert count.confidence[6] < 0.6
    # the board's empty points are not doubted by it (the lamp's lift over the other columns is not a cover)
    assert not any(_new_doubts(count, p) for p in range(1, 25) if p != 7 and count.points[p - 1] == label["points"][p - 1])


def test_a_lone_disc_where_the_column_is_the_empty_board_is_doubted():
    """Render 9150: point 24 is empty; the dark triangle's base meeting the frame draws a clear round rim (1.29 of the
    typical rim), read as one dark checker at 1.0. Not one pixel of it, nor of its column, differs from the empty
    board learnt on the other discless points of its colour."""
    label, count = _count(9150)
    assert label["points"][23] == 0
    assert count.points[23] == -1
    assert "discs as on the empty board" in _new_doubts(count, 24)
    assert count.confidence[23] < 0.6
    assert not any(_new_doubts(count, p) for p in range(1, 25) if p != 24 and count.points[p - 1] == label["points"][p - 1])
