"""Checkers on a triangle of their own colour one place out from the base (vision.checker_own_colour): the counter
dropped them as the board's own round shapes, reading two checkers as one (or none) with full confidence. One
checker's place out the triangle is narrower than a checker, so a clear disc there is a checker, with the base one
under it."""

from __future__ import annotations

from tests.label_geometry import counted_sample_still
from vision.checker_own_colour import own_colour_stack


def test_only_clear_discs_one_place_on_and_beyond_continue_the_stack():
    # (diameters from the base, rim as a share of the typical strong rim, offset from the centre line in point widths)
    # as the counter dropped them on renders 6188 point 9 and 6111 point 23 (two checkers each)
    assert own_colour_stack(0.38, [(1.46, 2.46, 0.0)]) == [1.46]
    assert own_colour_stack(0.45, [(1.49, 1.1, 0.05)]) == [1.49]
    # the next place on continues it
    assert own_colour_stack(0.5, [(1.5, 1.0, 0.0), (2.52, 0.8, 0.05)]) == [1.5, 2.52]
    # a triangle's rounded base (at the base place), a print far out, a faint shape, one off the point's line: none
    assert own_colour_stack(0.5, [(0.45, 1.39, 0.0)]) == []
    assert own_colour_stack(0.5, [(3.56, 0.74, 0.0)]) == []
    assert own_colour_stack(0.52, [(1.64, 0.42, 0.0)]) == []  # render 6199 point 9: empty
    assert own_colour_stack(0.5, [(1.5, 1.0, 0.4)]) == []


def test_a_white_checker_on_a_white_one_on_a_white_point_is_counted_in_a_sample_still():
    """sim_02, point 17: two light checkers on a light triangle, the outer one dropped as board-coloured (rim 1.0
    of the typical strong rim, one place out): read 1 with confidence 1.0 before; now 2."""
    label, count = counted_sample_still("sim_02")
    assert label["points"][16] == 2
    assert count.points[16] == 2
    # no point of this still is read wrong with confidence
    assert all(count.points[p] == label["points"][p] for p in range(24)
               if count.points[p] is not None and count.confidence[p] >= 0.6 and p + 1 not in label["occluded_points"])


def test_a_clear_unlinked_disc_the_empty_board_shows_too_leaves_an_empty_point_sure():
    """sample still sim_04, points 5 and 9: a clear round shape near the triangles' tips, dropped as linked to no
    base, that the other points of that colour show as well (it matches the empty board learnt from them): the
    board's own print, no missed checker. Both were doubted ('clear disc dropped', 0.5) though empty and right."""
    from vision.checker_doubt import doubts

    label, count = counted_sample_still("sim_04")
    for p in (5, 9):
        assert label["points"][p - 1] == 0 and count.points[p - 1] == 0
        assert count.confidence[p - 1] >= 0.6
    # a clear unlinked disc unlike the empty board still doubts an empty reading
    cue = {"rejected": [("unlinked", 3.99, 0.6)]}
    assert "clear disc dropped" in doubts(cue)
    assert "clear disc dropped" not in doubts({**cue, "as_the_board": [3.99]})


def _own_colour_read(disc_lab, learnt):
    """Point 19 read as one dark checker at its base, with a clear disc of colour ``disc_lab`` dropped as
    board-coloured one place out on its centre line: what ``_own_colour_stacks`` makes of it."""
    from types import SimpleNamespace

    import numpy as np

    from vision.checker_colours import ColourSplit
    from vision.checker_discs import Disc
    from vision.checkers import _own_colour_stacks

    r = 12.5
    cols = SimpleNamespace(point_of=lambda x, y: 19, width=lambda p: 27.0, centre_x=lambda p: 100.0,
                           from_base=lambda p, y: y)
    base = Disc(100.0, 0.5 * 2 * r, r, 51.5, (93.6, 153.5, 159.3))
    out = Disc(100.0, 1.45 * 2 * r, r, 106.0, disc_lab)
    entry = {"why": "board-coloured"}
    points = [0] * 24
    points[18] = -1
    counted = {19: [base]}
    split = ColourSplit(np.array([214.0, 138.4, 162.8], np.float32), np.array([93.6, 153.5, 159.3], np.float32), 1.0)
    _own_colour_stacks(cols, r, 185.0, [(out, "board-coloured", entry)], [entry], points, counted,
                       {19: {"row_base": 0.5}}, split, {id(base): False}, {1: 185.0, -1: 86.0}, *learnt)
    return points[18]


def test_a_disc_of_neither_checker_colour_on_a_contrasting_triangle_is_the_triangle_not_a_checker():
    """Judging game 96535 frame 1078: a brown checker at the base of an orange point on a grey field; one place
    out the orange triangle, about a checker wide there, drew a clear circle (rim 106, orange inside) that was
    dropped as board-coloured and then counted as a second checker of the point's own colour: -2, sure, and a
    legal play called illegal. A checker on its own colour's triangle has a checker colour; orange has neither."""
    from vision.checker_runs import CheckerColour

    import numpy as np

    light = CheckerColour(np.array([214.0, 138.4, 162.8], np.float32), 14.0)
    dark = CheckerColour(np.array([93.6, 153.5, 159.3], np.float32), 14.0)
    orange = (167.5, 171.8, 196.0)
    assert _own_colour_read(orange, (light, dark)) == -1
    # a brown disc there is a dark checker on a brown point: counted with the base one
    assert _own_colour_read((96.0, 152.0, 160.0), (light, dark)) == -2
    # with no checker colour learnt the rule cannot tell, and counts it as before
    assert _own_colour_read(orange, (None, None)) == -2
