"""Checkers on a point read empty whose discs were all dropped (issue 5, vision.checker_lone): a lone checker of its
triangle's own colour and a stack whose base checkers were not found are doubted, never a confident 0. Real image
cases (renders with fixed seeds, read with the renderer's own geometry: the board finder is not what is tested),
and the empty points of the same boards stay read empty."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision.checkers as checkers
from tests.label_geometry import label_geometry
from vision.board import rectify
from vision.checker_lone import (colour_distance, dropped_row, lone_on_own_colour, own_colour_contrast,
                                 rimmed_as_the_board, rimmed_at_base)
from vision.checker_runs import CheckerColour
from vision.reader import Reader


def _read(seed: int) -> tuple[checkers.CheckerCount, dict]:
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    still = sim.render_still(seed)
    geometry = label_geometry(still.label)
    return checkers.count_checkers(rectify(still.image, geometry), geometry), still.label


def _empty_points_stay_empty(count: checkers.CheckerCount, label: dict) -> None:
    for p in range(1, 25):
        if label["points"][p - 1] == 0:
            assert count.points[p - 1] in (0, None), f"point {p} is empty, read {count.points[p - 1]}"


def _lone_checker_not_sure_empty(seed: int, point: int) -> None:
    """Reads render ``seed`` as ``bgref render stills`` writes it (JPEG 90), whole as ``bgref read`` does: the lone
    light checker on ``point`` is read or doubted (never empty for sure), and no empty point is read holding one."""
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    still = sim.render_still(seed)
    ok, jpeg = cv2.imencode(".jpg", still.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    obs = Reader().read(cv2.imdecode(jpeg, cv2.IMREAD_COLOR))
    assert still.label["points"][point - 1] == 1
    assert obs.points[point - 1] == 1 or obs.extra["point_confidence"][point - 1] < 0.6
    for p in range(1, 25):
        if still.label["points"][p - 1] == 0:
            assert obs.points[p - 1] in (0, None), f"point {p} is empty, read {obs.points[p - 1]}"


def test_a_lone_white_checker_on_a_cream_point_is_not_read_empty_for_sure():
    """Render seed 2637 as ``bgref render stills`` writes it (JPEG 90), read whole as ``bgref read`` does: one white
    checker at the base of point 11, a cream triangle. Its rim is clear but fades on its tip side, where it lies on a
    triangle of its own colour, so on the board found it is dropped as the triangle's rounded base; it differs from
    the empty board there and has the light checkers' colour: the empty reading is doubted (it was 1.0 sure)."""
    _lone_checker_not_sure_empty(2637, point=11)


def test_a_stack_whose_base_was_not_found_is_not_read_empty_for_sure():
    """Render seed 1698: seven black checkers on point 20, two layers; the first row's rims hide under the second
    layer, so the discs found further out link to no base and are dropped. They lie one checker's spacing apart on
    the point's column: a row of checkers, doubted."""
    count, label = _read(1698)
    assert label["points"][19] == -7
    assert count.points[19] not in (0, None) or count.confidence[19] < 0.6
    _empty_points_stay_empty(count, label)


def test_a_row_of_dropped_discs_needs_three_at_the_checkers_pitch():
    assert dropped_row([("unlinked", 2.68, 0.25), ("unlinked", 3.6, 0.38), ("unlinked", 4.64, 0.43)])
    assert not dropped_row([("unlinked", 2.68, 0.25), ("unlinked", 3.6, 0.38)])  # two: a print or a die as often
    assert not dropped_row([("unlinked", 1.0, 0.3), ("unlinked", 2.6, 0.3), ("unlinked", 4.2, 0.3)])  # not touching
    assert not dropped_row([("on a die", 1.0, 0.9), ("on a die", 2.0, 0.9), ("on a die", 3.0, 0.9)])  # dice explain
    # dropped as scattered sideways about the column (render 2730 point 16's grain): no column of checkers
    assert not dropped_row([("scattered", 1.17, 0.41), ("scattered", 2.13, 0.24), ("scattered", 3.13, 0.32)])
    assert not dropped_row([("unlinked", 1.0, 0.1), ("unlinked", 2.0, 0.1), ("unlinked", 3.0, 0.1)])  # grain-faint


def test_a_board_coloured_disc_is_a_maybe_checker_only_with_a_checkers_colour_unlike_the_empty_board():
    light = CheckerColour(np.array([230.0, 128.0, 135.0], np.float32), 14.0)
    dark = CheckerColour(np.array([40.0, 128.0, 128.0], np.float32), 14.0)
    near = colour_distance((225.0, 129.0, 138.0), (light, dark))
    far = colour_distance((150.0, 140.0, 170.0), (light, dark))
    assert near < 1.0 < far
    assert colour_distance((0.0, 0.0, 0.0), (None, None)) == float("inf")
    assert lone_on_own_colour([(0.45, 0.68, 0.19, 0.62, near)], 0.45)
    assert not lone_on_own_colour([(0.45, 0.68, 0.19, 0.62, far)], 0.45)  # the triangle's colour, not a checker's
    assert not lone_on_own_colour([(0.45, 0.68, 0.19, 0.62, 0.7)], 0.45)  # a cream triangle beside pale checkers
    assert not lone_on_own_colour([(0.45, 0.68, 0.19, 0.05, near)], 0.45)  # the empty board shows it there too
    assert not lone_on_own_colour([(0.45, 0.3, 0.19, 0.62, near)], 0.45)  # faint: grain
    assert not lone_on_own_colour([(2.5, 0.68, 0.19, 0.62, near)], 0.45)  # far from where the row's stacks start


def test_an_odd_faced_lone_disc_at_the_base_is_no_checker():
    """checker_lone.odd_faced_lone: a lone disc at the base whose face is 3+ times as uneven as its colour's stacked
    checkers' (and 2.5 Lab more) is the board's own; a real lone checker's face measured 0.9-2.2 times."""
    from vision.checker_lone import odd_faced_lone

    def cue(face: list[float], us: float = 0.45, n: int = 1) -> dict:
        return {"face": face, "us": [us] * n, "n": n, "row_base": 0.45}

    assert odd_faced_lone(cue([5.3, 1.7, 9]))  # render 10304 point 13: 3.1 times
    assert not odd_faced_lone(cue([6.4, 2.9, 8]))  # sample still sim_27 point 8, a real checker: 2.2 times
    assert not odd_faced_lone(cue([10.7, 1.9, 2]))  # too few of its colour's checkers seen to judge
    assert not odd_faced_lone(cue([10.7, 1.9, 6], us=3.9))  # out on the column: a stack's top, not the base
    assert not odd_faced_lone(cue([10.7, 1.9, 6], n=2))  # two discs: not a lone one
    assert not odd_faced_lone(cue([2.0, 0.4, 9]))  # five times, but only 1.6 Lab apart: both faces even


def test_a_lone_cream_checker_rimmed_all_round_at_a_cream_base_is_not_read_empty_for_sure():
    """Render seed 16237 as ``bgref render stills`` writes it (JPEG 90), read whole as ``bgref read`` does: one
    cream checker at the base of point 17, a cream triangle, on burgundy felt where the light checkers rim far more
    strongly; its chain is dropped as faint (0.41 of the typical rim), though its rim runs on round its tip side
    (1.7 times its sides), which a triangle's base does not: the empty reading is doubted (it was 1.0 sure)."""
    _lone_checker_not_sure_empty(16237, point=17)


def test_a_faint_disc_at_the_base_is_a_maybe_checker_only_with_a_rim_all_round_and_nothing_over_the_point():
    # (diameters from the base, rim share, unlike the empty board, tip side / its rim, colour distance)
    checker = (0.56, 0.41, 0.0, 1.68, 2.97)  # render 16237 point 17
    assert rimmed_at_base([checker], 0.64, [-0.1, -0.4, 0.0])
    assert not rimmed_at_base([(0.56, 0.41, 0.0, 0.73, 2.97)], 0.64, None)  # no tip-side rim: a triangle's base
    assert not rimmed_at_base([(0.56, 0.18, 0.0, 1.68, 2.97)], 0.64, None)  # faint: grain, a print
    assert not rimmed_at_base([(1.6, 0.41, 0.0, 1.68, 2.97)], 0.64, None)  # not at the base
    # real photo r19 point 14 (empty): a cream triangle's base under a dice cup's edge, the board round it dark
    assert not rimmed_at_base([(0.48, 0.3, 0.17, 2.32, 1.37)], 0.43, [-61.2, 1.6, -3.2])


def test_a_pale_checker_on_a_white_point_under_the_frame_is_not_read_empty_for_sure():
    """Render seed 57100, read whole as ``bgref read`` does: a pale blue checker at the base of point 19, a white
    triangle, just under the white frame's edge, beside an identical checker that is found on point 20. Its rim is
    faint against the white point and its face within a tolerance of the triangle's colour, so under a tenth of it
    differs from the empty board and it was dropped as the board's own: point 19 read empty at confidence 1.0. Its
    rim is strongest on its tip side, where a triangle's base shows none: the empty reading is doubted."""
    _lone_checker_not_sure_empty(57100, point=19)


def test_a_disc_as_on_the_empty_board_with_a_rim_on_its_tip_side_is_a_maybe_checker():
    """The rule alone: (diameters from the base, rim share, tip-side rim / rim, checker-to-triangle contrast)."""
    assert rimmed_as_the_board([(0.46, 0.12, 2.1, 0.95)], 0.5)  # render 57100 point 19
    assert rimmed_as_the_board([(0.53, 0.11, 1.52, 0.52)], 1.03)  # render 57016 point 6 (row found 0.5 out)
    # a triangle's base: the rim runs on into the triangle on its tip side (the empty points measured: 0.06-0.71)
    assert not rimmed_as_the_board([(0.5, 0.2, 0.71, 0.3)], 0.5)
    assert not rimmed_as_the_board([(0.29, 0.12, 1.28, 1.1)], 0.43)  # real photo r19 point 20, empty
    assert not rimmed_as_the_board([(0.81, 0.19, 1.83, 0.81)], 0.49)  # render 57329 point 4, empty: too far out
    # far from the base, or a checker colour far from the triangle's (the empty-board test sees such a checker)
    assert not rimmed_as_the_board([(1.6, 0.12, 2.1, 0.95)], 0.5)
    assert not rimmed_as_the_board([(0.46, 0.12, 2.1, 3.0)], 0.5)
    assert not rimmed_as_the_board([(0.46, 0.12, 2.1, None)], 0.5)


def test_own_colour_contrast_measures_the_nearest_checker_colour_against_the_triangle():
    light = CheckerColour(lab=np.array([220.0, 128.0, 128.0], np.float32), tolerance=10.0)
    dark = CheckerColour(lab=np.array([40.0, 128.0, 128.0], np.float32), tolerance=20.0)
    # a pale disc on a cream triangle: the light colour is nearest, 1.5 of its tolerances from the triangle
    assert own_colour_contrast([215.0, 128.0, 128.0], [235.0, 128.0, 128.0], (light, dark)) == 1.5
    # a dark disc on the same triangle: the dark colour is nearest, far from the triangle
    assert own_colour_contrast([50.0, 128.0, 128.0], [235.0, 128.0, 128.0], (light, dark)) == 9.75
    assert own_colour_contrast(None, [235.0, 128.0, 128.0], (light, dark)) is None
    assert own_colour_contrast([50.0, 128.0, 128.0], [235.0, 128.0, 128.0], (None, None)) is None
