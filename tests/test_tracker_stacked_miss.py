"""Where the checkers the reader missed stand is no evidence of a foul; a foul that stands either way still is.

J7 game 5959 (960x540), frame 111: dark played 23/13 8/3(2) on 5-5 (legal). The locked reader read his new
2-point as 1, with confidence, and his 6-stack as 5, as it stood: two checkers short. The illegal board that put
both on the tall stack cost two soft misreads, the legal one a confident miss: 'a checker moved backwards', a
false alarm. Now the play is not sure (a warning), and the guess it leaves keeps the other story (the rival): a
later foul is called when it is illegal from the guess and from the rival alike (frame 504: dark's 13/3 9/1 on
4-4, which the guess, never confirmed on the 2-point the reader always reads 1, had left unjudged).
Scripted here on dark's 2-2 13/11(2) 8/6(2): his new 11-point read 1, his 6-point (7) read 6.
"""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die
from tests.test_tracker_faults import START, _play
from tests.test_tracker_guess_points import TrayBlindReader

DARK_6, DARK_11 = 25 - 6, 25 - 11  # geometric points (dark sits at the top: his point p is 25 - p)


def _dark_rolls_2_2() -> tuple[TrayBlindReader, Position]:
    """Light opens 3-1 (8/5 6/5), dark rolls 2-2: the reader and dark's position on roll."""
    r = TrayBlindReader()
    r.start(3, 1)
    after = _play(START, (3, 1), "8/5 6/5")
    r.show(after, "light")
    r.show(after.swap(), "dark", (die(2, "left"), die(2, "left")))
    return r, after.swap()


def _dark_plays_2_2() -> tuple[TrayBlindReader, Position]:
    r, before = _dark_rolls_2_2()
    played = _play(before, (2, 2), "13/11(2) 8/6(2)")
    r.unsure = {DARK_6}  # a tall stack: the reader is unsure of it
    for _ in range(5):  # the lift, and the still readings after it
        r.show(played, "dark", wrong={DARK_11: -1, DARK_6: -6})
    return r, played


def test_two_checkers_short_on_a_new_pair_and_a_tall_stack_are_no_foul():
    r, _ = _dark_plays_2_2()
    assert r.alarms() == []
    assert not [e for e in r.events if e["type"] == "play" and e["player"] == "dark" and e["legal"] is False]
    assert r.tracker.state.guessed and r.tracker.state.guess_rival  # not sure: a guess, with its rival


def test_a_foul_that_is_illegal_on_the_guess_and_on_its_rival_is_called():
    r, played = _dark_plays_2_2()
    board = played.swap()
    r.show(board, "light", (die(5, "right"), die(2, "right")), wrong={DARK_11: -1, DARK_6: -6})
    light = _play(board, (5, 2), "13/11 13/8")
    for _ in range(2):
        r.show(light, "light", wrong={DARK_11: -1, DARK_6: -6})
    r.show(light.swap(), "dark", (die(6, "left"), die(5, "left")), wrong={DARK_11: -1, DARK_6: -6})
    mine = list(light.swap().player)
    mine[23], mine[15] = mine[23] - 1, mine[15] + 1  # 24/16: one checker 8 pips on 6-5, away from 6 and 11
    foul = Position(tuple(mine), light.swap().opponent)
    for _ in range(3):
        r.show(foul, "dark", wrong={DARK_11: -1, DARK_6: -6})
    assert [(e["type"], e["player"], e["dice"], e["legal"]) for e in r.alarms()] == [("play", "dark", [6, 5], False)]


def test_the_illegal_board_read_whole_later_is_called():
    # the same readings, but the play was the illegal one the first readings could not tell: 13/11 8/6(2) and a
    # checker from his 13 to his 6 (no 2-2 plays that), and it is later read whole, every checker seen
    r, before = _dark_rolls_2_2()
    legal = _play(before, (2, 2), "13/11(2) 8/6(2)")
    mine = list(legal.player)
    mine[10], mine[5] = mine[10] - 1, mine[5] + 1  # his 11-point holds 1, his 6-point 8
    foul = Position(tuple(mine), legal.opponent)
    r.unsure = {DARK_6}
    for _ in range(2):
        r.show(foul, "dark", wrong={DARK_6: -6})  # the 8-stack read 6: two checkers missed on it
    r.show(foul, "dark")  # read whole
    assert [(e["type"], e["player"], e["dice"], e["legal"]) for e in r.alarms()] == [("play", "dark", [2, 2], False)]
