"""The checker counter's parts on small synthetic inputs: the empty-board model, runs, the colour split.

Each test builds what the part is for (columns of one empty board with checkers on some of them, discs of two
colours with clutter) and checks the outcome that matters to the count.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.checker_colours import split_colours
from vision.checker_empty import disc_share, learn_empty, occupied_rows, run_from_base
from vision.checker_runs import run_end
from vision.checker_stacks import stack_count

LENGTH, WIDTH, R = 120, 26, 11


def _empty_band(parity: int, rng: np.random.Generator) -> np.ndarray:
    """One empty column in Lab: a triangle (dark or light by parity) on a mid field, with a little noise."""
    band = np.full((LENGTH, WIDTH, 3), (150.0, 128.0, 140.0), np.float32)
    tri = (60.0, 140.0, 120.0) if parity else (215.0, 128.0, 132.0)
    for y in range(int(0.45 * 2 * LENGTH)):
        half = (1 - y / (0.45 * 2 * LENGTH)) * WIDTH / 2
        if y < LENGTH:
            band[y, int(WIDTH / 2 - half):int(np.ceil(WIDTH / 2 + half))] = tri
    return band + rng.normal(0, 1.5, band.shape).astype(np.float32)


def _put_checkers(band: np.ndarray, n: int, colour: tuple[float, float, float]) -> np.ndarray:
    out = band.copy()
    yy, xx = np.mgrid[:LENGTH, :WIDTH]
    for k in range(n):
        c = R + 2 * R * k
        out[(yy - c) ** 2 + (xx - WIDTH / 2) ** 2 <= R * R] = colour
    return out


def _board(counts: dict[int, tuple[int, tuple[float, float, float]]], seed: int = 0) -> dict[int, np.ndarray]:
    rng = np.random.default_rng(seed)
    bands = {}
    for p in range(1, 25):
        band = _empty_band(p % 2, rng)
        if p in counts:
            band = _put_checkers(band, *counts[p])
        bands[p] = band
    return bands


RED, BLACK = (120.0, 170.0, 150.0), (30.0, 128.0, 128.0)  # unlike either triangle and the field


def test_the_empty_board_is_learnt_under_checkers_and_runs_measure_the_rows():
    # the starting position's pattern: several same-coloured points hold checkers at their bases
    counts = {1: (2, RED), 6: (5, BLACK), 8: (3, BLACK), 12: (5, RED), 13: (5, BLACK), 17: (3, RED),
              19: (5, RED), 24: (2, BLACK)}
    bands = _board(counts)
    # as in the counter, the clear discs are marked (three of the six light points hold checkers: half the views)
    yy, xx = np.mgrid[:LENGTH, :WIDTH]
    masks = {p: np.zeros((LENGTH, WIDTH), bool) for p in bands}
    for p, (n, _) in counts.items():
        for k in range(n):
            masks[p] |= (yy - (R + 2 * R * k)) ** 2 + (xx - WIDTH / 2) ** 2 <= (1.1 * R) ** 2
    empty = learn_empty(bands, masks)
    assert empty is not None
    slot = 2 * R
    for p in range(1, 25):
        unlike = empty.unlike(bands[p], "top" if p >= 13 else "bottom", p % 2)
        run = run_from_base(occupied_rows(unlike), slot, 0.25 * slot)
        n = counts.get(p, (0, None))[0]
        assert round(run / slot) == n, (p, run / slot)


def test_a_checker_coloured_like_its_triangle_at_the_base_still_differs_at_its_rim_but_the_bare_base_does_not():
    bands = _board({2: (1, (215.0, 128.0, 132.0))})  # a light checker on a light triangle, no rim drawn
    empty = learn_empty(bands)
    assert empty is not None
    bare = empty.unlike(bands[4], "bottom", 0)
    share = disc_share(bare, empty.known["bottom", 0], R, WIDTH / 2, 0.9 * R)
    assert share < 0.05  # the empty base of point 4: nothing there


def test_views_known_to_hold_checkers_are_left_out_of_the_empty_board():
    # five of the six light-triangle points of the bottom row hold a black checker at the base: a plain median
    # of the views would take the checker for the board; marking the clear discs leaves the one empty view
    counts = {p: (1, BLACK) for p in (2, 4, 6, 8, 10)}
    bands = _board(counts)
    masks = {p: np.zeros((LENGTH, WIDTH), bool) for p in bands}
    yy, xx = np.mgrid[:LENGTH, :WIDTH]
    for p in (2, 4, 6, 8):  # one of the five (point 10) was not found clearly
        masks[p] = (yy - R) ** 2 + (xx - WIDTH / 2) ** 2 <= (1.1 * R) ** 2
    plain = learn_empty(bands)
    masked = learn_empty(bands, masks)
    assert plain is not None and masked is not None
    on_10_plain = disc_share(plain.unlike(bands[10], "bottom", 0), plain.known["bottom", 0], R, WIDTH / 2, 0.9 * R)
    on_10 = disc_share(masked.unlike(bands[10], "bottom", 0), masked.known["bottom", 0], R, WIDTH / 2, 0.9 * R)
    assert on_10_plain < 0.3  # the contaminated template hides the checker
    assert on_10 > 0.7


def _loop_run_end(rows: list[bool], gap_max: int, start_slack: int) -> float:
    """The run's end as the colour-run reader used to find it, one row at a time."""
    end, gap, started = 0, 0, False
    for i, on in enumerate(rows):
        if on:
            started, end, gap = True, i + 1, 0
        else:
            gap += 1
            if (started and gap > gap_max) or (not started and i > start_slack):
                break
    return float(end)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.booleans(), max_size=60), st.integers(1, 5), st.integers(0, 6))
def test_run_end_is_the_row_by_row_run(rows, gap_max, start_slack):
    assert run_end(np.array(rows, bool), gap_max, start_slack) == _loop_run_end(rows, gap_max, start_slack)


def test_colour_split_follows_the_two_populous_colours_not_the_clutter():
    rng = np.random.default_rng(3)
    red = rng.normal((110, 128, 128), 3, (12, 3))  # a grey photo: red checkers are mid grey ...
    black = rng.normal((35, 128, 128), 2, (8, 3))  # ... black ones dark
    clutter = rng.normal((225, 128, 128), 8, (3, 3))  # and three bright board prints came through
    split = split_colours(np.concatenate([red, black, clutter]).tolist())
    assert abs(split.light[0] - 110) < 10 and abs(split.dark[0] - 35) < 10
    # without clutter, one colour only is recognised as such (no split inside one colour's shades)
    one = split_colours(rng.normal((200, 128, 140), 6, (10, 3)).tolist())
    assert one.separation < 0.5 and one.light[0] > 150


def test_a_faint_disc_on_top_of_a_row_is_a_checker_when_the_row_checker_under_it_is_hidden():
    # a row of six with one checker on top at half a diameter: the top checker's rim lies on checkers of its own
    # colour (faint), the row checker under its far half does not show, the rest of the row does
    r = 10.0
    slot = 2 * r
    seen = [(r + u * slot, rim) for u, rim in ((0.0, 200.0), (0.45, 70.0), (2.0, 300.0), (3.0, 300.0), (4.0, 290.0),
                                                 (5.0, 280.0))]
    assert stack_count(seen, r) == 7
    # the same faint disc between two row checkers that both show is the waist between them
    waist = [(r + u * slot, rim) for u, rim in ((0.0, 200.0), (0.5, 70.0), (1.0, 290.0), (2.0, 300.0), (3.0, 300.0),
                                                  (4.0, 290.0), (5.0, 280.0))]
    assert stack_count(waist, r) == 6


def test_a_hand_reaches_in_from_the_edge_a_skin_toned_patch_inside_the_board_is_no_hand():
    import cv2

    from vision.checker_occlusion import skin_mask

    board = np.full((120, 200, 3), (40, 90, 40), np.uint8)  # a green field
    skin = (120, 150, 200)  # BGR skin tone
    board[0:70, 20:50] = skin  # an arm from the top edge onto the board
    board[60:90, 120:160] = skin  # a skin-toned patch inside (wood, a highlight)
    lab = cv2.cvtColor(board, cv2.COLOR_BGR2Lab).astype(np.float32)
    known = [np.array([c for c in cv2.cvtColor(np.uint8([[[40, 90, 40]]]), cv2.COLOR_BGR2Lab)[0, 0]], np.float32)]
    both = skin_mask(board, lab, known, min_area=200)
    hands = skin_mask(board, lab, known, min_area=200, border_only=True)
    assert both[30, 35] and both[75, 140]
    assert hands[30, 35] and not hands[75, 140]


def test_a_skin_toned_frame_is_the_boards_own_a_hand_over_it_is_still_a_hand():
    # render 56535 frame 316: a mahogany frame round the view, skin-toned and touching the view's edge all round,
    # was taken for an arm over the point beside its end. Its own colour, measured from its strips, is a board colour
    import cv2

    from vision.checker_occlusion import frame_colours, skin_mask

    field, wood, skin = (40, 90, 40), (60, 100, 150), (150, 180, 230)  # BGR: a green field, mahogany, a light hand
    board = np.full((120, 200, 3), field, np.uint8)
    board[:12], board[-12:], board[:, :15], board[:, -15:] = wood, wood, wood, wood
    board[0:70, 60:90] = skin  # an arm from the top edge, over the frame onto the points
    lab = cv2.cvtColor(board, cv2.COLOR_BGR2Lab).astype(np.float32)
    known = [cv2.cvtColor(np.uint8([[field]]), cv2.COLOR_BGR2Lab)[0, 0].astype(np.float32)]
    frame = frame_colours(lab, (15.0, 12.0, 185.0, 108.0))
    assert len(frame) == 4 and all(np.abs(c - lab[5, 5]).max() < 1.0 for c in frame)  # the arm is no strip's median
    alone = skin_mask(board, lab, known, min_area=200, border_only=True)
    assert alone[5, 5] and alone[60, 7]  # without it the frame itself is "skin" reaching the edge
    hands = skin_mask(board, lab, known + frame, min_area=200, border_only=True)
    assert not hands[5, 5] and not hands[60, 7] and not hands[110, 100]
    assert hands[40, 75] and hands[5, 75]  # the arm, over the points and over the frame, is still seen


def _glare_case(glare: float) -> tuple[Any, Any, Any, Any]:
    """Point 9 (a dark triangle) holds three dark checkers under a lamp lifting its lower band by ``glare`` in L;
    returns the measured lift, the disc's seen colour and the two checker colours."""
    from vision.checker_empty import board_lift, disc_mask
    from vision.checker_runs import CheckerColour

    dark_lab = (63.0, 130.0, 126.0)
    bands = _board({9: (3, dark_lab), 20: (2, dark_lab), 1: (4, (220.0, 128.0, 135.0))}, seed=3)
    bands[9] = bands[9].copy()
    bands[9][:90, :, 0] += glare
    masks = {p: np.zeros((LENGTH, WIDTH), bool) for p in bands}
    for p, n in ((9, 3), (20, 2), (1, 4)):
        for k in range(n):
            masks[p] |= disc_mask((LENGTH, WIDTH), R + 2 * R * k, WIDTH / 2, 1.1 * R)
    empty = learn_empty(bands, masks)
    assert empty is not None
    covered = masks[9].copy()
    covered[3 * 2 * R + 2 * R:] = True  # the board past the stack's end is not judged
    lift = board_lift(bands[9], empty.bands[("bottom", 1)], empty.known[("bottom", 1)], covered)
    inside = disc_mask((LENGTH, WIDTH), R, WIDTH / 2, 0.8 * R)
    seen = tuple(float(v) for v in np.median(bands[9][inside], axis=0))
    light = CheckerColour(np.array((220.0, 128.0, 135.0), np.float32), 14.0)
    dark = CheckerColour(np.array(dark_lab, np.float32), 14.0)
    return lift, seen, light, dark


def test_dark_checkers_under_a_lamps_glare_are_judged_with_the_boards_lift_taken_off():
    from vision.checker_discs import Disc
    from vision.checkers import _checker_coloured

    lift, seen, light, dark = _glare_case(55.0)
    assert lift is not None and abs(float(lift[0]) - 55.0) < 5.0
    disc = Disc(0.0, 0.0, R, 80.0, seen)
    assert not _checker_coloured(disc, light, dark)  # as seen, the lifted dark checker matches neither colour
    assert _checker_coloured(disc, light, dark, lift)


def test_without_glare_the_lift_is_nil_and_a_disc_far_lighter_than_the_dark_checkers_stays_out():
    from vision.checker_discs import Disc
    from vision.checkers import _checker_coloured

    lift, seen, light, dark = _glare_case(0.0)
    assert lift is not None and abs(float(lift[0])) < 3.0
    odd = Disc(0.0, 0.0, R, 80.0, (seen[0] + 55.0, seen[1], seen[2]))
    assert not _checker_coloured(odd, light, dark, lift)


def _row_view(layer_on_top: bool) -> np.ndarray:
    """A column of two touching light checkers on a dark board, and optionally a third of the same colour lying on
    top of them half a diameter on (each checker shaded a little toward its rim, as a real one is)."""
    img = np.full((8 * R, 6 * R, 3), (60.0, 128.0, 128.0), np.float32)
    yy, xx = np.mgrid[:img.shape[0], :img.shape[1]]
    cx = 3 * R
    centres = [2 * R, 4 * R] + ([3 * R] if layer_on_top else [])
    for cy in centres:  # drawn bottom up: the checker on top is drawn last
        d = np.hypot(yy - cy, xx - cx)
        img[d <= R] = (200.0, 128.0, 128.0)
        img[(d <= R) & (d > R - 2)] = (170.0, 128.0, 128.0)  # its rim, a shade darker than its face
    return img


def test_a_checker_on_top_shows_its_outline_straight_across_a_waist_does_not():
    from vision.checker_discs import colour_gradient, equator_score

    on_top = colour_gradient(_row_view(True))
    waist = colour_gradient(_row_view(False))
    # at the half offset between the two row checkers: the layer checker's outline meets the board there
    assert equator_score(*on_top, 3 * R, 3 * R, R) > 3 * equator_score(*waist, 3 * R, 3 * R, R)
    assert equator_score(*on_top, 3 * R, 3 * R, R) > 20


def _triangle_base_view(checker: bool) -> tuple[np.ndarray, float]:
    """A light triangle on a dark field (base at y = 0, tip 10 R on). Without a checker its base is round (printed
    so, or its wood grain), as wide as a checker; with one, a checker of the triangle's colour lies on its base."""
    h, w = 12 * R, 6 * R
    img = np.full((h, w, 3), (60.0, 128.0, 128.0), np.float32)
    yy, xx = np.mgrid[:h, :w]
    cx = w / 2
    light = (210.0, 128.0, 128.0)
    d = np.hypot(yy - R, xx - cx)
    if checker:
        img[(np.abs(xx - cx) <= (1 - yy / (10 * R)) * 1.4 * R) & (yy < 10 * R)] = light
        img[(d <= R) & (d > R - 2)] = (175.0, 128.0, 128.0)  # a checker's edge: a shade darker all round
    else:
        img[(np.abs(xx - cx) <= (1 - yy / (10 * R)) * 0.8 * R) & (yy < 10 * R)] = light
        img[d <= R] = light
    return img, cx


def test_a_round_base_of_the_boards_own_has_no_rim_toward_the_tip_a_checker_on_it_has():
    from vision.checker_discs import Disc, arc_score, colour_gradient, rim_scores
    from vision.checkers import _the_boards_own

    verdicts = []
    for checker in (False, True):
        img, cx = _triangle_base_view(checker)
        gx, gy = colour_gradient(img)
        rim = float(rim_scores(gx, gy, np.array([cx]), np.array([float(R)]), R)[0])
        assert rim > 20  # both are round on their sides: the rim finder takes both for discs
        tip = arc_score(gx, gy, cx, R, R, 90.0)  # the point's tip lies toward +y here
        disc = Disc(cx, float(R), float(R), rim, (210.0, 128.0, 128.0))
        # as the empty board sees it: both look like the board there (a checker of the triangle's colour), and
        # both rims are faint against the board's clear checkers
        verdicts.append(_the_boards_own(disc, share=0.0, colour_rim=3 * rim, tip=tip))
    assert verdicts == [True, False]


def test_a_stack_whose_first_disc_lies_whole_layers_out_has_its_lower_layers_buried():
    from vision.checker_stacks import buried_stack

    base = 0.53  # where this row's stacks start (centre of a base checker, diameters from the edge)
    # 5 + 4 + 3: the top (third) layer starts a whole diameter out and shows three whole discs
    assert buried_stack([base + 1.0, base + 2.0, base + 3.0], base, 5, reach=5.0) == 12
    # 5 + 4 + 3 + 2 with the far end of the row below showing too (not the top layer's: half a diameter off it)
    assert buried_stack([base + 1.5, base + 2.5, base + 4.0], base, 5, reach=5.0) == 14
    # a row of four whose base checker was not found is no buried stack: nobody layers a short row
    assert buried_stack([base + 1.0, base + 2.0, base + 3.0], base, 4, reach=4.0) is None
    # the column must be occupied from the base: a row set out from the base is no stack on hidden checkers
    assert buried_stack([base + 1.0, base + 2.0, base + 3.0], base, 5, reach=1.0) is None
    # one layer on top starts at a half offset: read by stack_layers, not here
    assert buried_stack([base + 0.5, base + 1.5, base + 4.0], base, 5, reach=5.0) is None
