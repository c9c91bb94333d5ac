"""A stack nobody touched, read two or more checkers short with confidence, is no foul when the only illegal story
puts the lacking checkers where the reader was unsure and lies far from anything the roll makes (backwards).

Render 10523 frame 544 (the reading below, as the referee weighed it): dark played bar/22(2) 14/11 6/3* on 3-3
(legal). At the lift his 8-point (geometric 17), three checkers the play left alone, read one with confidence; his
empty 24-point (geometric 1) read unsure. The illegal board that put both lacking checkers there (two soft
misreads, 'bar/24 bar/24 14/22 8/22 8/11 6/3', backwards) beat the legal board's confident miss: a false alarm.
Now the play is not sure, the legal board the likelier story; the same reading with the illegal story near the
roll, or with the stack not as it stood, still weighs as before."""

from __future__ import annotations

from device.matching import Reference, View, decide
from device.seating import Board, Seating
from device.tracker import _far_from_roll
from rules.moves import legal_results
from rules.position import Position

SEATING = Seating("bottom-right")
BEFORE = Position.from_position_id("0Bw8CC3Qc+ICYA")  # dark on roll, two on the bar
REF = Board((0, 0, 0, 0, 1, 2, 0, 3, 0, 0, -1, -3, 4, 0, -1, 0, -3, 1, -4, -1, 0, 1, 2, 1), (0, 2), (0, 0))
READ = (0, 0, -2, 0, 1, 2, 0, 3, 0, 0, 0, -3, 4, -1, -1, 0, -1, 1, -3, -1, 0, -1, 2, 1)  # 17: -3 read -1


def _weigh(read: tuple = READ, ref_board: Board = REF, far: bool = True):
    view = View(read, (1, 0), frozenset({1, 18}), frozenset({1, 18}))
    ref = Reference(ref_board, tuple((v,) for v in ref_board.points), ((0,), (2,)))
    boards = list(dict.fromkeys(SEATING.board(p, "dark") for p in legal_results(BEFORE, 3, 3)))
    test = (lambda b: _far_from_roll(BEFORE, [3, 3], SEATING.position(b, "dark"))) if far else (lambda b: False)
    return decide(view, boards, ref, mover=-1, far=test, either=True), boards


def test_an_untouched_stack_read_two_short_against_a_far_story_is_not_sure():
    found, boards = _weigh()
    assert found.kind == "doubt"
    assert found.board in boards and found.board.points[16] == -3  # the stack as it stood: the likelier story


def test_the_same_reading_with_the_illegal_story_near_the_roll_is_called():
    found, _ = _weigh(far=False)
    assert found.kind == "illegal"


def test_a_stack_that_did_not_stand_so_before_the_roll_is_called():
    # the believed board had four on dark's 8-point: a legal board holding three there is no stack 'as it stood'
    points = list(REF.points)
    points[16], points[18] = -4, -3
    found, _ = _weigh(ref_board=Board(tuple(points), REF.bar, REF.off))
    assert found.kind == "illegal"
