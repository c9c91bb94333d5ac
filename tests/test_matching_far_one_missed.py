"""A checker put backwards on a tall stack read one short is no likelier than one missed on a new point of two.

Rendered game 41535 (960x540), frame 530 (as this machine renders and reads it): dark (light seated at the top,
home on the left) played 8/3* 5/3 on 5-2, hitting light's blot on his 3-point. His new 3-point (two checkers) was read
as a blot with confidence, so the reading lacks one dark checker; his 4-stack, read 4 and doubted, is where the
cheapest illegal board puts it ('8/13 5/3': a checker moving backwards onto that stack, one soft misread). A stack
read one short against a small one read one short makes the call when the foul is an ordinary one (the noisy-reader
test's 6-stacks read 5); a checker moving backwards is no such foul: not sure, and the next readings re-sync.
"""

from __future__ import annotations

from device.matching import View, decide
from device.seating import Seating
from matching_scenes import legal_boards, reference
from rules.position import Position

SEATING = Seating("top-left")
BEFORE = Position.from_position_id("MZ+DADKmzcEDCA")  # dark on roll, 5-2
PLAYED = Position.from_position_id("MZ+DAFi2msEDCA")  # after his 8/3* 5/3
STOOD = SEATING.board(BEFORE, "dark")
# the reading at frame 530 (geometric points 1-24; light positive), the bar (light's hit checker), the doubted points
READ = (1, 0, 0, 0, -2, 0, -2, -1, -1, -1, -2, 2, 1, 0, -1, 2, 0, 5, 0, 3, 0, 0, 0, -4)
BAR = (1, 0)
UNSURE = frozenset({18, 24})
THREE = SEATING.geometric("dark", 3) - 1  # 0-based geometric index of dark's 3-point


def _legal() -> list:
    return legal_boards(SEATING, BEFORE, (5, 2), "dark")


def _reference():
    return reference(STOOD)


def test_the_scene_is_the_traced_one():
    played = SEATING.board(PLAYED, "dark")
    assert played in _legal()
    # the reading is the played board but for one dark checker of his new 3-point
    assert [i for i in range(24) if READ[i] != played.points[i]] == [THREE]
    assert played.points[THREE] == -2 and READ[THREE] == -1


def test_a_backward_story_on_a_stack_read_one_short_is_not_sure():
    verdict = decide(View(READ, BAR, UNSURE), _legal(), _reference(), mover=-1,
                     far=lambda board: board.points[23] < STOOD.points[23])  # a dark checker arrived on point 24
    assert verdict.kind == "doubt"


def test_the_same_reading_with_an_ordinary_illegal_story_is_still_called():
    # without the backward story (nothing far), the tall stack read one short stands against the small stack
    # read one short with confidence, as before
    verdict = decide(View(READ, BAR, UNSURE), _legal(), _reference(), mover=-1, far=lambda board: False)
    assert verdict.kind == "illegal"
