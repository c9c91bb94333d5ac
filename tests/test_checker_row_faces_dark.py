"""A short row of dark checkers on a dark point goes on by its colour's face past its last found disc even where the
empty-board model sees nothing past that disc (vision.checkers._row_on_by_faces; issue 5 accuracy): renders with
fixed seeds, read with the renderer's own geometry (the board finder is not what is tested), each count and its
confidence asserted against the label."""

from __future__ import annotations

import pytest

import vision.checkers as checkers
from tests.label_geometry import label_geometry
from vision.board import rectify


def _count(seed: int) -> tuple[dict, checkers.CheckerCount]:
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    still = sim.render_still(seed)
    geometry = label_geometry(still.label)
    return still.label, checkers.count_checkers(rectify(still.image, geometry), geometry)


@pytest.mark.parametrize("seed, point", [(74706, 24), (74637, 9)])
def test_a_dark_row_on_a_dark_point_goes_on_by_its_face_where_the_empty_board_model_is_blind(seed, point):
    """Render 74706 point 24: two black marble checkers on a black point (grey and orange board); 74637 point 9: two
    brown checkers on a dark brown point. Only the base checker's rim is found, and the column differs from the
    empty board only over it (a dark checker on a dark point is within the model's 20 Lab pixel by pixel), so the
    row was not carried on: read one, for sure on 74706. The second checker's face is its colour's: two, in doubt."""
    label, count = _count(seed)
    truth = label["points"]
    assert truth[point - 1] == -2
    cue = count.cues[point]
    assert len(cue["us"]) == 1  # (the rims found: the base checker's only)
    assert float(cue["empty"]) < len(cue["us"]) + 0.5  # (the empty-board model: nothing past that disc)
    assert count.points[point - 1] == -2
    assert cue.get("row_on_faces") == 1
    assert count.confidence[point - 1] < 0.6  # (counted by a face, not a rim: the referee waits on it)
    # the other rows of the board are not carried on past their last checker
    for p in range(1, 25):
        if p != point and count.cues.get(p, {}).get("row_on_faces"):
            assert count.points[p - 1] == truth[p - 1]
