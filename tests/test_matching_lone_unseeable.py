"""A lone checker read as none is no sure miss when the reader never saw a lone checker of that colour that stood.

Rendered game 56434 (1280x720, session 28's judging game), frame 919: light (seated at the top, home on the right)
played 21/16 12/10 on 5-2. Light's lone checker on his 12-point had been read as none in every reading while the
board stood (a light checker on a cream point under the frame's top edge); the one arriving on his 10-point, on a
cream point beside it, was read as none with confidence, and his 11-point (a lone checker, untouched) read as none
but unsure. The cheapest illegal board keeps the unsure 11-point and plays 21/16 alone ('plays only one die', one
soft misread); the cheapest legal board, 21/16 11/9, needs one lone checker missed where the reader was sure. Before
session 28 that made the call: a false alarm. A reader blind to a lone light checker cannot deny another: not sure.
"""

from __future__ import annotations

from device.matching import Reference, View, decide
from device.seating import Seating
from rules.moves import legal_results
from rules.position import Position

SEATING = Seating("top-right")
BEFORE = Position.from_position_id("jG8HwAFrEmqCBQ")  # light on roll, 5-2
STOOD = SEATING.board(BEFORE, "light")
# the reading at frame 919 (geometric points 1-24; light positive), and the points the reader doubted
READ = (0, 0, -2, 0, 2, -5, -2, -3, 1, 1, 0, 2, 0, 0, 0, 0, 0, 1, -3, 1, 0, 2, 1, 2)
UNSURE = frozenset({6, 14})
TWELVE = SEATING.geometric("light", 12) - 1  # 0-based geometric index of light's 12-point


def _legal() -> list:
    return list(dict.fromkeys(SEATING.board(r, "light") for r in legal_results(BEFORE, 5, 2)))


def _reference(missed_twelve: bool) -> Reference:
    seen = [(n,) for n in STOOD.points]
    if missed_twelve:
        seen[TWELVE] = (0,)  # the reader's steady miss: light's lone checker there read as none every time
    return Reference(STOOD, tuple(seen), ((0,), (0,)))


def test_the_scene_is_the_traced_one():
    assert STOOD.points[TWELVE] == 1  # light's lone checker on his 12-point stood there
    assert READ[TWELVE] == 0
    assert abs(STOOD.points[SEATING.geometric("light", 11) - 1]) == 1  # his 11-point, read unsure


def test_a_reader_blind_to_a_lone_checker_of_the_movers_colour_is_not_sure():
    verdict = decide(View(READ, (0, 0), UNSURE), _legal(), _reference(missed_twelve=True), mover=1)
    assert verdict.kind == "doubt"


def test_a_reader_that_saw_every_lone_checker_still_makes_the_call():
    # the same reading with the 12-point read as it stood while the board stood (the lone checker there seen, and
    # now gone as the reading shows): the illegal board (21/16 alone, the 11-point's blot read short where the
    # reader was unsure) is the cheaper story and the legal ones need a lone checker missed where it was sure
    read = list(READ)
    read[TWELVE] = 1
    verdict = decide(View(tuple(read), (0, 0), UNSURE), _legal(), _reference(missed_twelve=False), mover=1)
    assert verdict.kind == "illegal"
