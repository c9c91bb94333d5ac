"""A short row from the base whose column proves it is sure however faint its rims (vision.checker_row_proof; issue 5:
right points flagged unsure cost the referee its verdicts). Touching checkers of one colour hide each other's
rims; the count rests on where the row ends, and the column's difference from the empty board tells that on its
own."""

from __future__ import annotations

import cv2
import pytest

import vision.checkers as checkers
from tests.label_geometry import counted_sample_still, label_geometry
from vision.board import rectify
from vision.checker_row_proof import row_proven
from vision.evaluate import FLAG_BELOW



def _cue(us: list[float], empty: float, **more) -> dict:
    """A point's cues as the counter leaves them (checkers.CheckerCount.cues): a dark row counted from its discs."""
    return {"n": len(us), "us": us, "half": 0, "row_base": 0.45, "empty": empty, "run_n": 0, "run_sign": 1,
            "sign": -1, **more}


def test_only_a_short_plain_row_whose_column_ends_with_it_is_proven():
    # render 6155 point 5 (three, rims 0.58 / 0.21 / 0.2) and 6117 point 12 (four, rims 0.27-0.46): right, flagged
    assert row_proven(_cue([0.34, 1.39, 2.39], 2.65))
    assert row_proven(_cue([0.47, 1.47, 2.47, 3.56], 3.89, run_n=4, run_sign=-1))
    # a row of five may carry a hidden layer: render 6125 point 16 (twelve) and 6166 point 2 (six) read five
    assert not row_proven(_cue([0.37, 1.37, 2.41, 3.37, 4.49], 4.82))
    assert not row_proven(_cue([0.45, 1.49, 2.53, 3.65, 4.62], 4.98, run_n=5, run_sign=-1))
    # the column stops short of the row (render 6194 point 20: three read four; 6129 point 24: one read two) or
    # runs on past it
    assert not row_proven(_cue([0.5, 1.54, 2.58, 3.54], 2.92))
    assert not row_proven(_cue([0.45, 1.86], 0.89))
    assert not row_proven(_cue([0.36, 1.4, 2.45, 3.5], 4.95))
    # a gap (render 6122 point 6: fourteen read four); its own colour runs on past it; a first disc off the row's
    # start (6117 point 6: twelve read five); a layer's disc; a lone disc (its rim is all the count rests on)
    assert not row_proven(_cue([0.36, 1.4, 2.85, 3.73], 4.05))
    assert not row_proven(_cue([0.4, 1.4, 2.4], 2.8, run_n=4, run_sign=-1))
    assert not row_proven(_cue([1.47, 2.51, 3.56], 3.6))
    assert not row_proven(_cue([0.45, 1.45, 2.45], 2.8, half=1))
    assert not row_proven(_cue([0.5], 0.9))


@pytest.mark.parametrize("name, point", [("sim_18", 6), ("sim_13", 12)])
def test_a_short_row_with_faint_rims_is_read_sure_in_a_sample_still(name, point):
    """sim_18 point 6: two light checkers, the base one's rim faint (confidence 0.24 before); sim_13 point 12: two
    dark ones (0.40 before). Both right, both flagged; their columns end where the rows do."""
    label, count = counted_sample_still(name)
    assert count.points[point - 1] == label["points"][point - 1] != 0
    assert count.cues[point].get("row_proven")
    assert count.confidence[point - 1] >= FLAG_BELOW
    # every row the column proves is read right on these stills
    proven = [p for p in range(1, 25) if count.cues[p].get("row_proven")]
    assert all(count.points[p - 1] == label["points"][p - 1] for p in proven)


def test_a_dropped_disc_in_the_rows_next_place_over_an_occupied_column_doubts_the_count():
    """Render seed 9102, point 17: three dark checkers; the two outer ones' faces shade off the dark checkers' colour
    and are dropped as not a checker colour, one and two places past the base one, while the column differs from
    the empty board for nearly three checkers. Read as one with confidence 1.0 before: now doubted."""
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    cv2.setNumThreads(1)
    still = sim.render_still(9102)
    geometry = label_geometry(still.label)
    count = checkers.count_checkers(rectify(still.image, geometry), geometry)
    assert still.label["points"][16] == -3
    assert count.points[16] == -3 or count.confidence[16] < FLAG_BELOW
    assert "dropped disc continues the row" in count.cues[17].get("doubts", [])
    # no right count of this render is doubted for it
    assert all(count.points[p - 1] != still.label["points"][p - 1] for p in range(1, 25)
               if "dropped disc continues the row" in count.cues[p].get("doubts", []))
