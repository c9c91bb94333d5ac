"""A far illegal board cheaper than the legal one says nothing against a near illegal board as cheap as the legal.

Judging game 56535 (960x540), frame 650: dark played 20/13 7/5 on 6-2 (one pip too far: illegal), putting the
checker from his 20-point on his 13-point's 5-stack. The reader read that stack 5 as before (a tall stack read one
short, the reader's commonest miscount), and his 5-point's new blot with low confidence. Three stories fit:
- the legal 20/14 7/5, with a lone checker on his 14-point missed with confidence (a lone miss, 2);
- the illegal 20/13 7/5 actually played, with the 6th checker unseen on a stack read as before (pinned, 2);
- an illegal 20/5 7/5, 17 pips on a roll of 8 (far from the roll), one soft misread on the doubted 5-point (1).
The rule that a far cheapest illegal board hands the verdict to the legal one (one lone checker missed being the
likelier story than a play no roll makes) announced '20/14 7/5' legal. With a near illegal board as cheap as the
legal one, the referee is not sure: it says so, it does not announce a legal play that was not made.
"""

from __future__ import annotations

from device.matching import View, decide
from device.seating import Seating
from device.tracker import _far_from_roll
from matching_scenes import legal_boards, reference
from rules.position import Position

SEATING = Seating("top-right")
BEFORE = Position.from_position_id("Fc8FAyTIX+ADAg")  # dark on roll, 6-2
PLAYED = Position.from_position_id("Fc8FAySoP+AHAA")  # after the illegal 20/13 7/5 dark made
ANNOUNCED = Position.from_position_id("Fc8FAySoP+ALAA")  # after the legal 20/14 7/5 the referee announced
DICE = (6, 2)
STOOD = SEATING.board(BEFORE, "dark")
# the reading at the lift (geometric points 1-24; light positive) and the points the reader doubted
READ = (1, 0, 1, -1, -1, -7, 0, 0, 0, 0, 2, 0, -5, 0, 0, 1, 3, 0, 4, 0, 0, 1, 1, 1)
BAR = (0, 0)
DOUBTED = frozenset({5})
UNSURE = DOUBTED | {6, 13}  # and the tall stacks (View.of)


def _far(board) -> bool:
    return _far_from_roll(BEFORE, list(DICE), SEATING.position(board, "dark"))


def _view() -> View:
    return View(READ, BAR, UNSURE, DOUBTED)


def test_the_scene_is_the_traced_one():
    legal = legal_boards(SEATING, BEFORE, DICE, "dark")
    announced, played = SEATING.board(ANNOUNCED, "dark"), SEATING.board(PLAYED, "dark")
    assert announced in legal and played not in legal
    # the reading is the announced legal board but for its lone checker on geometric point 14, and the played
    # board but for the 6th checker on the 13-stack; the play made lies near the roll (one pip too far)
    assert [i + 1 for i in range(24) if READ[i] != announced.points[i]] == [14]
    assert [i + 1 for i in range(24) if READ[i] != played.points[i]] == [13]
    assert not _far(played)


def test_a_near_illegal_board_as_cheap_as_the_legal_one_is_not_sure():
    verdict = decide(_view(), legal_boards(SEATING, BEFORE, DICE, "dark"), reference(STOOD), mover=-1, far=_far)
    assert verdict.kind == "doubt"
    assert verdict.legal_cost == 2


def test_when_every_cheap_illegal_board_is_far_the_legal_play_stands():
    # the rule itself stays: were the 6th checker on the 13-stack as far from the roll as 20/5 (every illegal
    # board far), one lone checker missed is the likelier story and the legal play is announced, as before
    legal = legal_boards(SEATING, BEFORE, DICE, "dark")
    verdict = decide(_view(), legal, reference(STOOD), mover=-1, far=lambda board: True)
    assert verdict.kind == "legal"
    assert verdict.board == SEATING.board(ANNOUNCED, "dark")
