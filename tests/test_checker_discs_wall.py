"""A checker partly hidden by a wall (the raised bar or the frame's end, seen from a tilted camera) is found beside
it, judged by the side of its rim away from the wall (vision.checker_discs.wall_scores, vision.checkers.wall_sides).
Synthetic Lab views drawn here, so each case is exactly the situation named."""

import cv2
import numpy as np

from vision.checker_discs import find_discs

R = 12.5  # checker radius in working px (the calibrated size)
FIELD = (225.0, 128.0, 128.0)  # Lab of a white field
CHECKER = (120.0, 128.0, 128.0)  # grey checkers (far from the field, a clear rim)
WALL = (15.0, 130.0, 128.0)  # a dark bar
WALL_X = 60  # the bar covers every column left of this one


def _view(checker_x: float | None, size: tuple[int, int] = (120, 200)) -> np.ndarray:
    """A smoothed float Lab view: the field, a checker centred at ``checker_x`` (row 60), then the bar drawn over
    it (the wall stands above the checker and hides what lies behind it); two whole checkers far from the wall
    (x 135 and 170) show how clear the board's rims are (a faint find is never scored above them)."""
    img = np.zeros((*size, 3), np.float32)
    img[:] = FIELD
    yy, xx = np.mgrid[:size[0], :size[1]]
    for x in ([checker_x] if checker_x is not None else []) + [135, 170]:
        img[(xx - x) ** 2 + (yy - 60) ** 2 <= R ** 2] = CHECKER
    img[:, :WALL_X] = WALL
    return cv2.GaussianBlur(img, (0, 0), 0.7)


def _walls(shape: tuple[int, int]) -> list[tuple[float, float, float, float, str]]:
    # the field beside the wall; the wall on a checker's left
    return [(float(WALL_X), float(WALL_X + int(R)), 0.0, float(shape[0] - 1), "right")]


def _near(discs, x: float, min_rim: float = 25.0) -> list:
    return [d for d in discs if abs(d.x - x) <= 2.5 and abs(d.y - 60) <= 2.5 and d.rim > min_rim]


def test_a_checker_partly_behind_the_bar_is_found_beside_it_by_the_side_away_from_the_wall():
    whole, _, _ = find_discs(_view(None), [R], min_rim=25.0)
    alone = _near(whole, 135)[0].rim  # a whole checker's rim on this board
    for hidden in (4.5, 6.5, 10.0):  # px of its 25 hidden behind the wall
        cx = WALL_X + R - hidden
        lab = _view(cx)
        plain, _, _ = find_discs(lab, [R], min_rim=25.0)
        assert not _near(plain, cx)  # both sides wanted: the wall's side lies on the wall, no checker found
        found, r_board, _ = find_discs(lab, [R], min_rim=25.0, walls=_walls(lab.shape[:2]))
        wall = _near(found, cx)
        assert wall and wall[0].seen == "wall" and wall[0].rim > 0.9 * alone
        assert r_board == R


def test_a_whole_checker_beside_the_wall_keeps_its_own_score():
    cx = WALL_X + R + 1.0  # touching the wall, nothing hidden
    lab = _view(cx)
    plain, _, _ = find_discs(lab, [R], min_rim=25.0)
    found, _, _ = find_discs(lab, [R], min_rim=25.0, walls=_walls(lab.shape[:2]))
    same = [(d.x, d.y, d.rim, d.seen) for d in _near(plain, cx)]
    assert [(d.x, d.y, d.rim, d.seen) for d in _near(found, cx)] == same
    assert _near(found, cx)[0].seen == "whole"


def test_the_walls_edge_alone_is_no_checker():
    lab = _view(None)
    found, _, _ = find_discs(lab, [R], min_rim=25.0, walls=_walls(lab.shape[:2]))
    assert [d for d in found if d.x < 115] == []
