"""When the checker counter doubts its count (checker_doubt) and how dice among the checkers are handled
(checker_dice): a confident wrong count is a false alarm for the referee, a doubted right one is a point it cannot
judge, so both directions are checked."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration.geometry import BoardGeometry
from vision.board import rectify
from vision.checkers import count_checkers
from vision.reader import Reader, work_geometry
from vision.checker_dice import DIE_EDGE, DieSpot, dice_in_view, spoiled
from vision.checker_doubt import colour_missing, doubts, mark_tips_unlike_the_board
from vision.observation import DieReading


def _stack(n: int, **kw):
    """The cue of a tidy row of ``n`` touching checkers from the base, every rim clear."""
    cue = {"run_n": n, "run_sign": 1, "sign": 1, "empty": float(n), "tip": 4.5, "n": n, "disc_n": n, "whole": n,
           "half": 0, "us": [0.5 + k for k in range(n)], "rims": [1.0] * n}
    cue.update(kw)
    return cue


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_a_tidy_row_of_up_to_five_is_not_doubted(n):
    assert doubts(_stack(n)) == []


def test_a_tall_stack_may_hide_checkers_under_its_second_layer():
    assert "more than a row" in doubts(_stack(6))
    assert "second layer" in doubts(_stack(5, half=2, us=[0.5, 1.0, 1.5, 2.0, 2.5]))


def test_a_colour_run_longer_than_the_counted_discs_is_doubted_a_shorter_one_is_not():
    assert "colour run longer" in doubts(_stack(2, run_n=5))  # rims hidden in a packed stack
    assert doubts(_stack(5, run_n=3)) == []  # shade ends a run early; five clear discs stand
    assert doubts(_stack(2, run_n=5, run_sign=-1)) == []  # a run of the other colour is the triangle's


def test_a_stack_without_its_base_checker_is_doubted_against_where_its_row_starts():
    assert "no base checker" in doubts(_stack(2, us=[1.5, 2.5], row_base=0.5, run_n=0, empty=0.0))
    assert doubts(_stack(2, us=[1.5, 2.5], row_base=1.4)) == []  # every stack of the row starts there


def test_a_lone_disc_that_is_faint_or_off_the_base_is_doubted_a_clear_one_at_the_base_is_not():
    assert "faint lone disc" in doubts(_stack(1, rims=[0.2]))
    assert "faint lone disc" in doubts(_stack(1, us=[0.85], row_base=0.5))
    assert doubts(_stack(1, rims=[0.9], us=[0.48], row_base=0.5)) == []
    assert doubts(_stack(1, rims=[0.9], us=[0.75], row_base=0.72)) == []  # a frameless board: all start there


def test_an_empty_point_is_doubted_only_for_a_clear_dropped_disc_or_a_colour_run():
    empty = {"run_n": 0, "run_sign": 0, "empty": 0.0, "tip": 4.5}
    assert doubts(empty) == []
    assert doubts({**empty, "rejected": [("as on the empty board", 0.5, 0.15), ("unlinked", 3.0, 0.2)]}) == []
    assert doubts({**empty, "rejected": [("unlinked", 3.9, 0.76)]}) == ["clear disc dropped"]
    assert doubts({**empty, "rejected": [("on a die", 2.0, 0.9)]}) == []  # the die explains the disc
    assert doubts({**empty, "run_n": 1, "run_sign": -1}) == ["colour run at the base"]


def test_a_die_on_a_point_covers_the_disc_found_on_it_and_spoils_the_stack_beside_it():
    die = DieSpot(100.0, 50.0, 9.0)
    assert die.covers(103.0, 52.0)  # the die's own outline found as a rim
    assert not die.covers(100.0, 50.0 + 20.0)  # a checker one diameter away is none of the die
    r = 10.0
    against = DieSpot(100.0, 46.0, 9.0)  # lying against the outer checker of a stack at y 10, 30
    assert spoiled([(100.0, 30.0), (100.0, 10.0)], r, [against])
    assert not spoiled([(100.0, 10.0)], r, [against])  # a checker further in is not touched
    assert not spoiled([(160.0, 30.0), (160.0, 10.0)], r, [against])  # two points away
    assert not spoiled([(100.0, 30.0)], r, [])


def test_dice_in_view_maps_image_centres_into_the_rectified_view():
    # a board seen square-on at half scale: image px = rectified px / 2 + (40, 20)
    rect = (800, 500)
    corners = np.array([[40, 20], [440, 20], [440, 270], [40, 270]], np.float64)
    geo = BoardGeometry.from_corners(corners, (40, 30, 760, 470), (380, 30, 420, 470), (40, 30, 380, 470),
                                     (420, 30, 760, 470), rect_size=rect, checker_diameter=50.0)
    dice = [DieReading(3, True, [140.0, 70.0], "left"), DieReading(5, True, [600.0, 70.0], None)]
    spots = dice_in_view(dice, geo)
    assert len(spots) == 1  # the die off the board lies on no point
    assert spots[0].x == pytest.approx(200.0, abs=0.5) and spots[0].y == pytest.approx(100.0, abs=0.5)
    assert spots[0].edge == pytest.approx(DIE_EDGE * 50.0)
    assert dice_in_view([], geo) == []


REAL = Path(__file__).resolve().parents[2] / "shared" / "real"


def test_a_die_on_an_empty_point_of_a_real_board_is_no_checker():
    """r15 (a wooden board, two black dice): the 3 lies on the empty point 8, whose round outline read as a checker
    with full confidence before the reader passed its dice to the counter."""
    if not (REAL / "r15.jpg").is_file():
        pytest.skip(f"real board photos not found at {REAL}")
    label = json.loads((REAL / "r15.json").read_text())
    image = cv2.imread(str(REAL / "r15.jpg"))
    reader = Reader()
    obs = reader.read(image)
    assert label["points"][7] == 0
    assert obs.points[7] == 0
    assert any(die.half is not None for die in obs.dice), "the die on point 8 was not found (the dice reader)"
    work, _ = work_geometry(reader.last_geometry)
    counts = count_checkers(rectify(image, work), work, dice=dice_in_view(obs.dice, work))
    assert any(r["why"] == "on a die" for r in counts.rejected)
    assert counts.points[7] == 0 and counts.confidence[7] >= 0.6  # the die explains the disc: no doubt left


def test_a_lone_disc_whose_face_is_far_less_even_than_its_colours_checkers_is_doubted():
    # (its face spread, the median spread of its colour's checkers in stacks, how many of those)
    assert "lone disc unlike its colour's checkers" in doubts(_stack(1, face=[15.0, 3.2, 10]))
    assert doubts(_stack(1, face=[3.5, 3.0, 10])) == []  # as even as its fellows
    assert doubts(_stack(1, face=[37.0, 27.0, 9])) == []  # grained checkers: all of them are that uneven
    assert doubts(_stack(1, face=[15.0, 3.2, 1])) == []  # too few fellows to judge by
    # two fellows are enough (render 57112 point 9: a light triangle's base read as a lone dark checker at 0.67)
    assert "lone disc unlike its colour's checkers" in doubts(_stack(1, face=[10.6, 1.7, 2]))
    assert doubts(_stack(1, face=[2.5, 1.6, 2])) == []  # render 57101 point 8, a checker


def test_faint_discs_dropped_in_a_row_from_an_empty_points_base_are_doubted_scattered_ones_are_not():
    empty = {"run_n": 0, "run_sign": 0, "empty": 0.0, "tip": 4.5}
    row = [("weak and alone", 0.49, 0.31), ("weak and alone", 1.53, 0.44), ("weak and alone", 2.53, 0.4)]
    assert "faint row at the base" in doubts({**empty, "rejected": row})
    assert doubts({**empty, "rejected": row[:1]}) == []  # one faint disc: a triangle's base as often as a checker
    assert doubts({**empty, "rejected": [("weak and alone", 0.34, 0.3), ("weak and alone", 0.98, 0.3)]}) == []
    assert doubts({**empty, "rejected": [("weak and alone", 1.88, 0.3), ("weak and alone", 2.9, 0.3)]}) == []
    assert doubts({**empty, "rejected": [("weak and alone", 0.49, 0.12), ("weak and alone", 1.57, 0.1)]}) == []
    # dark checkers on a dark point rim faintly (a real studio board's pair: 0.18 of the typical rim)
    assert "faint row at the base" in doubts({**empty, "rejected": [("weak and alone", 0.5, 0.18),
                                                                    ("weak and alone", 1.48, 0.18)]})


def test_a_missing_base_checker_is_not_doubted_where_the_column_shows_one_from_the_base():
    # the first disc a checker out; nothing but the empty board under it: the base checker may not be there
    assert "no base checker" in doubts(_stack(2, us=[1.5, 2.5], row_base=0.5, run_n=0, empty=0.0))
    # the stack's colour runs from the base, or the column differs from the empty board up to the first disc
    assert "no base checker" not in doubts(_stack(2, us=[1.5, 2.5], row_base=0.5, run_n=2, empty=0.0))
    assert "no base checker" not in doubts(_stack(2, us=[1.5, 2.5], row_base=0.5, run_n=0, empty=1.9))
    assert "no base checker" in doubts(_stack(2, us=[1.5, 2.5], row_base=0.5, run_n=2, run_sign=-1, empty=0.8))


def test_a_lone_checker_is_doubted_where_the_column_differs_from_the_empty_board_well_past_it():
    # one disc counted, the column unlike the empty board for two checkers' length, its colour not seen at the base
    assert "column differs past the lone disc" in doubts(_stack(1, run_n=0, empty=2.0))
    assert "column differs past the lone disc" in doubts(_stack(1, run_n=2, run_sign=-1, empty=2.0))
    # its own colour runs from the base (a glare or a shadow beyond it, not more checkers) or nothing lies beyond
    assert doubts(_stack(1, run_n=1, empty=2.0)) == []
    assert doubts(_stack(1, run_n=0, empty=1.3)) == []


def test_discs_dropped_for_their_colour_in_a_row_from_an_empty_points_base_are_doubted():
    empty = {"run_n": 0, "run_sign": 0, "empty": 0.0, "tip": 4.5}
    row = [("not a checker colour", 0.47, 0.44), ("not a checker colour", 1.51, 0.41),
           ("not a checker colour", 2.64, 0.43)]  # shaded checkers: their colour is off, their spacing is not
    assert "faint row at the base" in doubts({**empty, "rejected": row})
    assert doubts({**empty, "rejected": [("not a checker colour", 0.47, 0.44), ("unlinked", 1.5, 0.3)]}) == []


def test_a_fainter_row_from_an_empty_points_base_is_doubted_where_the_column_is_covered_out_past_it():
    # fresh game 34104 f78: two dark checkers lit by a lamp on a cream point, dropped as no checker colour with rims
    # of 0.13 and 0.11, the column unlike the empty board from 0.19 for 1.91 diameters
    empty = {"run_n": 0, "run_sign": 0, "empty": 2.1, "tip": 4.7}
    row = [("not a checker colour", 0.69, 0.13), ("not a checker colour", 1.65, 0.11)]
    assert "faint row at the base" in doubts({**empty, "rejected": row, "unlike_from": 0.19, "unlike_len": 1.91})
    # the same faint discs over a column that is the empty board, or differs only part of the way: grain, a print
    assert doubts({**empty, "rejected": row, "unlike_from": 0.0, "unlike_len": 0.0}) == []
    assert doubts({**empty, "rejected": row, "unlike_from": 0.19, "unlike_len": 1.0}) == []
    assert doubts({**empty, "rejected": row, "unlike_from": 1.2, "unlike_len": 1.5}) == []
    # rims fainter still count for nothing, whatever the column shows
    faint = [("not a checker colour", 0.69, 0.08), ("not a checker colour", 1.65, 0.07)]
    assert doubts({**empty, "rejected": faint, "unlike_from": 0.19, "unlike_len": 1.91}) == []


def test_a_missing_base_checker_is_still_doubted_where_the_column_runs_on_past_the_count():
    # two discs counted far out, the column unlike the empty board for six checkers: the stack is taller than read
    assert "no base checker" in doubts(_stack(2, us=[4.7, 5.8], row_base=0.4, run_n=0, empty=6.2))
    assert "no base checker" in doubts(_stack(2, us=[1.5, 2.5], row_base=0.5, run_n=4, empty=2.0))


def test_a_board_coloured_disc_whose_tip_side_rims_more_than_the_boards_own_shapes_is_doubted():
    """A white checker on a white point of a wooden board is dropped as board-coloured like the triangles' rounded
    bases, yet its tip side shows more rim than theirs: the empty reading there is doubted, the bases are not."""
    empty = {"run_n": 0, "run_sign": 0, "empty": 0.0, "tip": 4.5}
    cues = {p: {**empty, "board_tips": [(0.5, 0.8, 0.02)]} for p in (2, 4, 9, 11, 14)}
    cues[6] = {**empty, "board_tips": [(0.5, 0.73, 0.09)]}
    cues[16] = {**empty, "board_tips": [(0.5, 0.3, 0.2)]}  # faint: a shape, whatever its tip side
    cues[18] = {**empty, "board_tips": [(3.5, 0.7, 0.2)]}  # far up an empty column: no base checker under it
    mark_tips_unlike_the_board(cues)
    assert [p for p, cue in cues.items() if doubts(cue)] == [6]
    alone = {6: dict(cues[6]), 2: {**empty, "board_tips": [(0.5, 0.8, 0.02)]}}
    alone[6].pop("tip_unlike_board")
    mark_tips_unlike_the_board(alone)  # too few of the board's own shapes to compare with: nothing said
    assert not any(doubts(cue) for cue in alone.values())


def test_an_empty_point_with_a_disc_just_under_the_rim_floor_at_its_base_is_doubted():
    """A dark checker at the base of a real board's corner point rimmed at 0.99 of the floor: dropped as weak, a few
    px of the board's corners either way decide it, so the empty reading is doubted; a clearly weaker disc, or one
    as strong but higher up the column (grain, a print), says nothing."""
    empty = {"run_n": 0, "run_sign": 0, "empty": 0.0, "tip": 4.5, "row_base": 0.5}
    assert "disc at the base just under the rim floor" in doubts({**empty, "near_floor": [(0.54, 0.99, 0.8)]})
    assert doubts({**empty, "near_floor": [(0.54, 0.85, 0.8)]}) == []
    assert doubts({**empty, "near_floor": [(1.6, 0.99, 0.8)]}) == []


def test_a_board_with_no_checker_anywhere_is_no_sure_reading():
    """No game position leaves every point and the bar bare: such a reading is a count that failed (a board found
    in the wrong place, render 12134 with its corners 219 px off, read all empty at confidence 1.0 over four
    points holding checkers). An empty drawn board is read empty, each point doubted; the same board with the
    starting position keeps its sure counts."""
    from vision.board_synth import SynthStyle, draw_top_down, place

    cv2.setNumThreads(1)
    start = [2, 0, 0, 0, 0, -5, 0, -3, 0, 0, 0, 5, -5, 0, 0, 0, 3, 0, 5, 0, 0, 0, 0, -2]
    readings = []
    for counts in (None, start):
        top, layout = draw_top_down(counts, SynthStyle())
        obs = Reader(read_dice=False).read(place(top, layout, turn_deg=7, tilt=0.1).image)
        assert obs.board.found
        readings.append((obs.points, obs.extra["point_confidence"]))
    (bare, bare_conf), (full, full_conf) = readings
    assert bare == [0] * 24
    assert max(bare_conf) < 0.6
    assert sum(1 for c in full_conf if c >= 0.6) >= 20  # (the bare-board doubt touches no board with checkers)


def test_a_reading_with_one_colour_counted_nowhere_is_told():
    board = [0] * 24
    board[5], board[12] = 5, 3
    assert colour_missing(board, {"light": 0, "dark": 0})  # no dark checker anywhere
    assert not colour_missing(board, {"light": 0, "dark": 1})  # one on the bar
    board[18] = -2
    assert not colour_missing(board, {"light": 0, "dark": 0})
    assert not colour_missing([0] * 24, {"light": 0, "dark": 0})  # a bare board is told apart (bare_board)


def test_with_one_colour_unseen_an_empty_point_that_shows_something_is_doubted():
    """(the cue of a point read empty: column unlike the empty board from its base, its longest unlike stretch, what
    was dropped there as (why, diameters from the base, rim share))"""
    def empty(**kw):
        cue = {"run_n": 0, "run_sign": 0, "empty": 0.0, "tip": 4.5, "dark_run": 0.0, "row_base": 0.5,
               "unlike_from": 0.0, "unlike_len": 0.0}
        cue.update(kw)
        return cue

    why = "one colour unseen, something on the point"
    # render 57015 point 17: a dark lone checker under a dark frame, no disc found, the column unlike for 1.91
    assert why in doubts(empty(colour_missing=True, empty=1.91, unlike_len=1.91))
    # render 57019 point 19: fifteen dark on a dark point, unlike from 0.89 for 5.17 diameters
    assert why in doubts(empty(colour_missing=True, unlike_from=0.89, unlike_len=5.17, cover_even=5.9,
                               cover_lift=17.8, cover_colour=13.4))
    # ... but not a column lit or shaded unevenly (render 57314 point 13, empty)
    assert why not in doubts(empty(colour_missing=True, unlike_from=0.35, unlike_len=5.56, cover_even=55.6,
                                   cover_lift=20.6, cover_colour=58.2))
    # render 57133 point 2: a red checker on a red point dropped as no checker colour (red was never learnt)
    assert why in doubts(empty(colour_missing=True, empty=0.23, rejected=[("not a checker colour", 0.44, 0.27)]))
    # nothing there: the empty board, or a shape the board shows on every point of that colour
    assert why not in doubts(empty(colour_missing=True))
    assert why not in doubts(empty(colour_missing=True, rejected=[("as on the empty board", 0.5, 0.2)]))
    # both colours seen: the same cues alone doubt nothing
    assert doubts(empty(empty=1.91, unlike_len=1.91)) == []


def test_a_dark_stack_unseen_with_every_dark_checker_is_not_read_empty_for_sure():
    """Render seed 57019 (a 1920x1080 still from ``bgref render stills``), read whole as ``bgref read`` does: fifteen
    dark checkers on point 19, a dark green point, under a strong lens; no disc of them is found, so no dark checker
    is counted anywhere and point 19 was read empty at confidence 1.0. The column differs from the empty board over
    five diameters from near the base: doubted."""
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    still = sim.render_still(57019)
    ok, jpeg = cv2.imencode(".jpg", still.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    obs = Reader().read(cv2.imdecode(jpeg, cv2.IMREAD_COLOR))
    assert still.label["points"][18] == -15
    assert obs.points[18] == -15 or obs.extra["point_confidence"][18] < 0.6
    for p in range(1, 25):
        if still.label["points"][p - 1] == 0:
            assert obs.points[p - 1] in (0, None), f"point {p} is empty, read {obs.points[p - 1]}"
