"""One checker the reader misses or misplaces is no foul; a lone checker it never saw, gone, does not hide one.

Rendered hard game g1643 (960x540, dark checkers, issue 6):
- frame 627: dark played 9/6 8/4 on 4-3; his checker on the 6 went unseen (a lone checker, read as none with
  confidence). The illegal board that put the missing checker on the 5-stack he had just made (read 5) cost one
  soft misread, the legal board one lone checker missed: 'illegal', a false alarm. One missed checker against
  another is no evidence.
- frame 629: the same play read with a second checker on his 13-point at confidence 0.5: the reading added up, so
  the missed lone checker counted as a confident misread and the legal play became '9/24' backwards. One checker
  read in the wrong place, where the reader was unsure, is no foul either.
- frame 810: dark's illegal bar/22 8/7 on 2-1 was read exactly, but the checker that left his 8-point was one the
  reader had never seen (read 0 while the board stood): undoing that steady misread gave dark 16 checkers, no whole
  board, and the foul went unjudged. The reading as read adds up and every legal result needs a confident misread.
"""

from __future__ import annotations

from device.matching import Reference, View, decide
from device.seating import Board, Seating
from rules.moves import legal_results
from rules.position import Position

SEATING = Seating("top-right")
BEFORE = Position.from_position_id("4HPwARTgc/ABMA")  # after light's opening 24/23 24/22, dark on roll


def _geo(pos: Position) -> Board:
    return SEATING.board(pos, "dark")


def _moved(pos: Position, play: str) -> Position:
    """``pos`` (dark on roll) with dark's checkers moved as written, legal or not."""
    for move in play.split():
        src, dst = (int(x) for x in move.split("/"))
        pts = list(pos.player)
        pts[src - 1] -= 1
        pts[dst - 1] += 1
        pos = Position(tuple(pts), pos.opponent)
    return pos


def _legal(before: Position, d1: int, d2: int) -> list[Board]:
    return list(dict.fromkeys(_geo(r) for r in legal_results(before, d1, d2)))


def _index(dark_point: int) -> int:
    """Geometric index (0-based) of dark's point ``dark_point`` (his 1-24), from the seating."""
    pts = [0] * 25
    pts[dark_point - 1] = 1
    board = SEATING.board(Position(tuple(pts), tuple([0] * 25)), "dark")
    return next(i for i, n in enumerate(board.points) if n)


def test_a_lone_checker_missed_against_one_missed_on_a_stack_is_not_sure():
    seen = [(n,) for n in _geo(BEFORE).points]
    seen[_index(6)] = (4 * seen[_index(6)][0] // 5,)  # his 6-point (5) read 4 while the board stood
    ref = Reference(_geo(BEFORE), tuple(seen), ((0,), (0,)))
    played = _moved(BEFORE, "8/6 6/5")  # legal on 2-1: his 6-point still 5, a lone checker on his 5
    reading = list(_geo(played).points)
    reading[_index(5)] = 0  # the lone checker not found, the reader sure of the point
    view = View(tuple(reading), (0, 0), frozenset({_index(6) + 1}))  # (a 5-stack: a tall one, unsure)
    verdict = decide(view, _legal(BEFORE, 2, 1), ref, mover=-1)
    # the illegal board '8/6' (the 1 not played) puts the missing checker on the 6-point: a sixth, read 5
    assert verdict.kind == "doubt"
    assert verdict.board == _geo(played)  # going on from the legal play


def test_a_checker_read_in_the_wrong_place_where_the_reader_doubts_is_no_foul():
    ref = Reference(_geo(BEFORE), tuple((n,) for n in _geo(BEFORE).points), ((0,), (0,)))
    played = _moved(BEFORE, "13/8 6/5")
    reading = list(_geo(played).points)
    reading[_index(5)] = 0  # the lone checker not found (sure of the point)
    reading[_index(24)] -= 1  # and one checker more read on his 24-point, where the reader is unsure
    view = View(tuple(reading), (0, 0), frozenset({_index(24) + 1}))
    verdict = decide(view, _legal(BEFORE, 5, 1), ref, mover=-1)
    assert verdict.kind == "doubt"
    assert verdict.board == _geo(played)


def test_the_same_reading_sure_of_the_extra_checker_is_still_the_foul():
    # the checker read on the 24-point with confidence: the reading adds up on sure points only, dark's 6/5 is
    # not there and a checker went back to his 24 (backwards): the call stands
    ref = Reference(_geo(BEFORE), tuple((n,) for n in _geo(BEFORE).points), ((0,), (0,)))
    played = _moved(BEFORE, "13/8 6/5")
    reading = list(_geo(played).points)
    reading[_index(5)] = 0
    reading[_index(24)] -= 1
    view = View(tuple(reading), (0, 0), frozenset())
    assert decide(view, _legal(BEFORE, 5, 1), ref, mover=-1).kind == "illegal"


def test_a_lone_checker_never_seen_that_moves_does_not_hide_the_foul():
    before = _moved(BEFORE, "13/11")  # a lone dark checker on his 11-point, read as none while the board stood
    stood = _geo(before)
    seen = [(n,) for n in stood.points]
    seen[_index(11)] = (0,)
    ref = Reference(stood, tuple(seen), ((0,), (0,)))
    played = _moved(before, "13/8 11/10")  # 6-5 rolled: the 5 played, the lone checker moved one pip (illegal)
    assert _geo(played) not in _legal(before, 6, 5)
    view = View(tuple(_geo(played).points), (0, 0), frozenset())  # read exactly, every point sure
    verdict = decide(view, _legal(before, 6, 5), ref, mover=-1)
    assert verdict.kind == "illegal"
    assert verdict.board == _geo(played)


def test_a_legal_play_of_a_lone_checker_never_seen_is_legal():
    before = _moved(BEFORE, "13/11")
    stood = _geo(before)
    seen = [(n,) for n in stood.points]
    seen[_index(11)] = (0,)
    ref = Reference(stood, tuple(seen), ((0,), (0,)))
    played = _moved(before, "13/8 11/5")  # 6-5: 13/8 and the lone checker 11/5
    assert _geo(played) in _legal(before, 6, 5)
    verdict = decide(View(tuple(_geo(played).points), (0, 0), frozenset()), _legal(before, 6, 5), ref, mover=-1)
    assert verdict.kind == "legal" and verdict.board == _geo(played)


def test_a_lone_checker_never_seen_that_moves_is_no_phantom_either():
    # g1643 frame 810 as it was: a legal board needing one checker more read on a sure point (dark's 6-point read
    # 2 where it holds 1) against the board as read, which takes the lone checker never seen for gone: that is what
    # the reading says (read 0 there), not a checker it saw taken for a phantom, so the foul stands
    before = _moved(BEFORE, "13/11 13/7")  # lone dark checkers on his 11 (never seen) and his 7
    stood = _geo(before)
    seen = [(n,) for n in stood.points]
    seen[_index(11)] = (0,)
    ref = Reference(stood, tuple(seen), ((0,), (0,)))
    played = _moved(before, "13/7 13/8 11/7")  # 6-5 played, and the lone checker moved on to his 7 as well
    # (the legal 13/7 13/8 needs only his 7-point read 3 where it holds 2)
    verdict = decide(View(tuple(_geo(played).points), (0, 0), frozenset()), _legal(before, 6, 5), ref, mover=-1)
    assert verdict.kind == "illegal"
    assert verdict.board == _geo(played)
