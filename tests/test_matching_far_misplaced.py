"""A reading whose own story lies far from the roll, one checker off a legal board, is no foul.

Rendered game 7001 (960x540, a 1-play game, issue 6), frame 31: dark opened 2-1 with 8/5 (legal). The reader
read his 2-point of back checkers as one checker, with confidence, and his 13-point 5-stack as 6 at confidence 0.5.
That reading adds up as '24/13 8/5': a back checker run 11 pips on a 2-1, called illegal, a false alarm. The
checker missed where the reader was sure and the one too many where it doubted itself are one checker read in the
wrong place; the illegal story, far beyond anything a 2-1 makes, is the unlikely one.
"""

from __future__ import annotations

from device.matching import Reference, View, decide
from device.tracker import _far_from_roll
from rules.moves import legal_results
from rules.position import Position
from tests.test_matching_one_checker import SEATING, _geo, _index, _moved

START = Position.start()


def _case(doubted: bool):
    ref = Reference(_geo(START), tuple((n,) for n in _geo(START).points), ((0,), (0,)))
    played = _moved(START, "8/5")  # 2-1 played with one checker, legal
    reading = list(_geo(played).points)
    reading[_index(24)] += 1  # dark's 2-point of back checkers read as one (dark counts negative)
    reading[_index(13)] -= 1  # and his 13-point 5-stack read 6
    tall = _index(13) + 1
    view = View(tuple(reading), (0, 0), frozenset({tall}), frozenset({tall}) if doubted else frozenset())
    legal = list(dict.fromkeys(_geo(r) for r in legal_results(START, 2, 1)))
    far = lambda b: _far_from_roll(START, [2, 1], SEATING.position(b, "dark"))  # noqa: E731
    return view, legal, ref, far, _geo(played)


def test_a_far_story_one_checker_off_a_legal_play_is_not_called():
    view, legal, ref, far, played = _case(doubted=True)
    verdict = decide(view, legal, ref, mover=-1, far=far)
    assert verdict.kind == "doubt"
    assert verdict.board == played  # going on from the legal play


def test_the_tall_stack_read_over_with_confidence_keeps_the_call():
    # the 5-stack read 6 with the reader's confidence (unsure only as a tall stack): the reader counts tall stacks
    # short, not over, so the extra checker there is the foul's
    view, legal, ref, far, played = _case(doubted=False)
    assert decide(view, legal, ref, mover=-1, far=far).kind == "illegal"


def test_without_a_far_story_a_two_point_read_short_is_no_excuse():
    # the same reading judged without knowing the roll's reach: a 2-point read one short is only excused for a
    # story far from the roll (playing three of four 5s leaves a reading one checker off just so)
    view, legal, ref, far, played = _case(doubted=True)
    assert decide(view, legal, ref, mover=-1).kind == "illegal"
