"""A point read empty along which the dark checkers' own colour runs from the base (``cue["dark_run"]``) is counted
by that run, doubtful (``vision.checkers._count_dark_runs``): the rule on made-up cues, and on a render from a fixed
seed read with the renderer's own geometry (the board finder is not what is tested)."""

from __future__ import annotations

import vision.checkers as checkers
from device.sim.stills import render_still
from tests.label_geometry import label_geometry
from vision.board import rectify


def _counted(runs: dict[int, float], points: dict[int, int] | None = None) -> tuple[list, list[float], dict]:
    pts = [0] * 24
    for p, n in (points or {}).items():
        pts[p - 1] = n
    confidence = [1.0] * 24
    cues = {p: {"dark_run": runs.get(p, 0.0)} for p in range(1, 25)}
    checkers._count_dark_runs(pts, confidence, cues)
    return pts, confidence, cues


def test_a_dark_run_from_an_empty_points_base_is_counted_one_checker_a_diameter_and_doubted():
    pts, confidence, cues = _counted({3: 0.93, 7: 1.9, 9: 2.85, 11: 4.9})
    assert (pts[2], pts[6], pts[8], pts[10]) == (-1, -2, -3, -5)
    assert all(confidence[p - 1] < 0.6 for p in (3, 7, 9, 11))  # the colour tells the length, not the rims
    assert cues[3]["dark_run_count"] == 1


def test_no_run_or_a_short_one_leaves_an_empty_point_empty_and_sure():
    # (empty points on renders 61001-61004, 61011 showed dark runs of 0.12 at most; a die's is under a checker's)
    pts, confidence, cues = _counted({4: 0.12, 5: 0.6})
    assert pts == [0] * 24 and confidence == [1.0] * 24
    assert not any("dark_run_count" in c for c in cues.values())


def test_a_point_already_counted_keeps_its_count():
    pts, confidence, _ = _counted({6: 2.9, 8: 1.0}, {6: -3, 8: 1})
    assert pts[5] == -3 and pts[7] == 1 and confidence[5] == confidence[7] == 1.0


def test_a_black_checker_on_a_black_point_read_by_its_colour_run():
    """Render 61118 (1920x1080): one black checker at the base of point 11 showed neither a rim nor a face the
    slots could tell from the empty triangle, and was read empty at confidence 1.0; the black checkers' colour runs
    0.98 diameters from its base."""
    still = render_still(61118)
    label = still.label
    assert label["points"][10] == -1
    geometry = label_geometry(label)
    count = checkers.count_checkers(rectify(still.image, geometry), geometry)
    assert count.points[10] == -1 and count.confidence[10] < 0.6
    assert count.cues[11].get("dark_run_count") == 1
    # no point the label has empty is given a checker by a dark run
    assert all(label["points"][p - 1] != 0 for p in range(1, 25) if count.cues[p].get("dark_run_count"))
