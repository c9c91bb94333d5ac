"""A lone checker the reader always missed, gone unseen, is not kept where it stood to make a foul.

Rendered game 56434 (1280x720), frame 696 (as this machine renders and reads it; session 28's replays did not read
it so): light (seated at the top, home on the right) played 16/15* 13/12* 8/7 2/1 on 1-1. His lone checker on his
8-point (a light checker on a light point) had been read as none in every reading while the board stood; it left
with 8/7, and the point still reads none: the reading cannot tell it left. His checker hitting on his 12-point was
read as none with confidence. The reading with the steady misread undone (the checker on his 8 put back) adds up
and is an illegal board at no cost ('16/15 13/7 2/1 do not match the roll'); the legal board needs the lone checker
on his 12 missed and the one on his 8 gone unseen. Before, that was one sure miss against none: a false alarm.
Neither story is sure: not sure, and the next readings re-sync the belief.
"""

from __future__ import annotations

from device.matching import Reference, View, cost, decide, untold
from device.seating import Seating
from matching_scenes import legal_boards, reference
from rules.position import Position

SEATING = Seating("top-right")
BEFORE = Position.from_position_id("jG8nCgBtquAYBA")  # light on roll, 1-1
PLAYED = Position.from_position_id("jG8HAmBratAUBA")  # after his 16/15* 13/12* 8/7 2/1
STOOD = SEATING.board(BEFORE, "light")
# the reading at frame 696 (geometric points 1-24; light positive), and the point the reader doubted
READ = (0, 0, -2, 1, 0, -5, -2, -3, 1, 1, 0, 2, 0, -1, 0, 0, 0, 2, 1, 1, 0, 2, 1, 2)
BAR = (0, 2)
UNSURE = frozenset({6})
EIGHT = SEATING.geometric("light", 8) - 1  # 0-based geometric index of light's 8-point (his lone checker there)
TWELVE = SEATING.geometric("light", 12) - 1  # ... of his 12-point, where his checker hit


def _legal() -> list:
    return legal_boards(SEATING, BEFORE, (1, 1), "light")


def _reference(missed_eight: bool) -> Reference:
    # the reader's steady miss: light's lone checker on his 8-point read as none every time
    return reference(STOOD, EIGHT if missed_eight else None)


def test_the_scene_is_the_traced_one():
    played = SEATING.board(PLAYED, "light")
    assert played in _legal()
    assert STOOD.points[EIGHT] == 1 and played.points[EIGHT] == 0 and READ[EIGHT] == 0
    assert played.points[TWELVE] == 1 and READ[TWELVE] == 0
    # the reading is the played board but for the checker on his 12-point
    assert [i for i in range(24) if READ[i] != played.points[i]] == [TWELVE]


def test_a_lone_checker_always_missed_and_gone_leaves_the_play_not_sure():
    ref = _reference(missed_eight=True)
    played = SEATING.board(PLAYED, "light")
    view = View(READ, BAR, UNSURE)
    assert untold(EIGHT, view, played, ref)  # read as the played board holds it and as it was always read
    assert cost(view, played, ref, short=False) < 10  # no confident misread: the lone checker is one of its kind
    assert decide(view, _legal(), ref, mover=1).kind == "doubt"


def test_a_reader_that_saw_the_lone_checker_still_makes_the_call():
    # the same reading with his 8-point read as it stood while the board stood (the lone checker there seen) and
    # now read 1: he did not move it, and 13/7 on a 1-1 is a foul the reading shows with no misread
    read = list(READ)
    read[EIGHT] = 1
    verdict = decide(View(tuple(read), BAR, UNSURE), _legal(), _reference(missed_eight=False), mover=1)
    assert verdict.kind == "illegal"
