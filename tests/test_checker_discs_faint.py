"""Checkers whose rims are faint for a reason the disc finder can see: a same-coloured neighbour touching one side
(vision.checker_discs.contact_scores), a checker larger than every size tried (outward_scores). Synthetic Lab views
drawn here, so each case is exactly the situation named."""

import cv2
import numpy as np

from vision.checker_discs import colour_gradient, contact_scores, find_discs, outward_scores, rim_scores

R = 12  # checker radius in working px
BOARD = (150.0, 140.0, 150.0)  # Lab of the board
DARK = (45.0, 160.0, 145.0)  # Lab of the checkers (maroon)


def _view(centres: list[tuple[float, float]], radius: float = R, size: tuple[int, int] = (160, 200)) -> np.ndarray:
    """A smoothed float Lab view (as checkers._working_view makes one) with checkers of one colour at ``centres``."""
    img = np.zeros((*size, 3), np.float32)
    img[:] = BOARD
    yy, xx = np.mgrid[:size[0], :size[1]]
    for cx, cy in centres:
        img[(xx - cx) ** 2 + (yy - cy) ** 2 <= radius ** 2] = DARK
    return cv2.GaussianBlur(img, (0, 0), 0.7)


def test_a_checker_touched_side_by_side_by_one_of_its_colour_keeps_its_rim_from_the_other_arcs():
    # three lone checkers on neighbouring points, touching (a tilted camera shows them wider than the points)
    centres = [(60.0, 80.0), (60.0 + 2 * R, 80.0), (60.0 + 4 * R, 80.0)]
    lab = _view(centres)
    gx, gy = colour_gradient(lab)
    cx = np.array([c[0] for c in centres])
    cy = np.array([c[1] for c in centres])
    plain = rim_scores(gx, gy, cx, cy, R)
    contact = contact_scores(lab, gx, gy, cx, cy, R)
    alone = rim_scores(*colour_gradient(_view([centres[0]])), cx[:1], cy[:1], R)[0]
    # the middle one has no edge on either side, the outer ones none on one side: all faint as grain
    assert plain.max() < 0.3 * alone
    # forgiven where the neighbour touches, each scores most of what a checker standing alone scores
    assert contact.min() > 0.6 * alone


def test_the_waists_of_two_touching_rows_side_by_side_gain_nothing():
    # two points' rows of two checkers, the rows touching: the waists between each row's checkers also stand side
    # by side one diameter apart, and their side arcs meet the rims only near straight across
    rows = [(60.0, 50.0), (60.0, 50.0 + 2 * R), (60.0 + 2 * R, 50.0), (60.0 + 2 * R, 50.0 + 2 * R)]
    lab = _view(rows)
    gx, gy = colour_gradient(lab)
    waists = contact_scores(lab, gx, gy, np.array([60.0, 60.0 + 2 * R]), np.array([50.0 + R, 50.0 + R]), R)
    checkers = contact_scores(lab, gx, gy, np.array([c[0] for c in rows]), np.array([c[1] for c in rows]), R)
    alone = rim_scores(*colour_gradient(_view([rows[0]])), np.array([60.0]), np.array([50.0]), R)[0]
    assert waists.max() < 0.2 * alone
    assert checkers.min() > 0.6 * alone


def test_a_neighbour_of_another_colour_is_no_contact():
    # a light checker beside a dark one: the edge between them is a rim (rim_scores finds it); contact_scores
    # forgives nothing, so a faint disc next to any disc is not lifted
    lab = _view([(60.0, 80.0)])
    yy, xx = np.mgrid[:lab.shape[0], :lab.shape[1]]
    lab[(xx - (60 + 2 * R)) ** 2 + (yy - 80) ** 2 <= R ** 2] = (230.0, 128.0, 128.0)
    gx, gy = colour_gradient(lab)
    assert contact_scores(lab, gx, gy, np.array([60.0, 60.0 + 2 * R]), np.array([80.0, 80.0]), R).max() == 0.0


def test_a_checker_a_little_larger_than_the_largest_size_tried_is_still_found():
    big = _view([(80.0, 80.0)], radius=R * 1.05)
    gx, gy = colour_gradient(big)
    at = (np.array([80.0]), np.array([80.0]))
    exact = rim_scores(*colour_gradient(_view([(80.0, 80.0)])), *at, R)[0]
    assert outward_scores(gx, gy, *at, R)[0] > 0.7 * exact
    discs, _, _ = find_discs(big, [0.8 * R, 0.9 * R, R], min_rim=0.5 * exact)
    assert [(round(d.x), round(d.y)) for d in discs] == [(80, 80)]


def test_a_rescued_disc_never_outscores_the_frames_typical_strong_rim():
    # ten lone checkers of a colour close to the board's, and a touching pair of a far darker colour: the pair's
    # forgiven rims would be the frame's strongest, raising the reference every rim is measured against
    lone = [(30.0 + 40.0 * (i % 5), 40.0 + 40.0 * (i // 5)) for i in range(10)]
    lab = _view([], size=(200, 260))
    yy, xx = np.mgrid[:200, :260]
    for cx, cy in lone:
        lab[(xx - cx) ** 2 + (yy - cy) ** 2 <= R ** 2] = (105.0, 140.0, 150.0)
    pair = [(60.0, 160.0), (60.0 + 2 * R - 2, 160.0)]  # pressed together: no edge for a few pixels either way
    for cx, cy in pair:
        lab[(xx - cx) ** 2 + (yy - cy) ** 2 <= R ** 2] = DARK
    lab = cv2.GaussianBlur(lab, (0, 0), 0.7)
    discs, _, _ = find_discs(lab, [float(R)], min_rim=10.0)
    near = lambda d, c: abs(d.x - c[0]) <= 1.5 and abs(d.y - c[1]) <= 1.5  # noqa: E731
    lone_rims = [d.rim for d in discs if any(near(d, c) for c in lone)]
    pair_rims = [d.rim for d in discs if any(near(d, c) for c in pair)]
    assert len(lone_rims) == 10 and len(pair_rims) == 2
    gx, gy = colour_gradient(lab)
    plain = rim_scores(gx, gy, np.array([c[0] for c in pair]), np.array([c[1] for c in pair]), R)
    assert min(pair_rims) > plain.max()  # found, and above what the plain rim score gave them
    assert max(pair_rims) <= float(np.median(lone_rims)) + 1e-6
