"""A foul that another face of a die no look found again makes legal rests on that die: not judged, no alarm.

Rendered game g2703, frame 735: light's 4-1 was read 1-1 in the roll's readings (the 4 read as 1), and every later
look at the dice found the 1 where it lay and the other die nowhere (the reader misses dice: a die gone while the
other lies is no evidence against the roll, and a roll is corrected only on other faces read where it lay). His
bar/24* (legal on 4-1) was called 'plays only 1 of the four 1s of 1-1' at frame 761: a false alarm. A real foul
that no other face of the lost die makes legal is still called (bo8181 frame 298: a 6 beside the 4 unread for
good, three real fouls).
"""

from __future__ import annotations

from rules.position import Position
from tests.test_tracker_faults import START, Reader, _play
from vision.observation import DieReading


def _die(value: int, x: float) -> DieReading:
    return DieReading(value=value, flat=True, center=[x, 400.0], half="left")


def _dark_rolls_read(first: int, second: int) -> tuple[Reader, Position]:
    """Light's opening 3-1 played; dark's roll read first-second, later looks finding only the second die."""
    r = Reader()
    r.start(3, 1)
    light = _play(START, (3, 1), "8/5 6/5")
    r.show(light, "light")
    board = light.swap()
    r.show(board, "dark", (_die(first, 300.0), _die(second, 420.0)))
    for _ in range(3):
        r.show(board, "dark", (_die(second, 420.0),))  # the other die not found again
    return r, board


def test_a_play_legal_with_another_face_of_the_die_lost_is_not_judged():
    r, board = _dark_rolls_read(1, 1)  # a 4-1 read 1-1
    played = _play(board, (4, 1), "13/9 6/5")
    for _ in range(3):
        r.show(played, "dark")
    assert r.alarms() == []
    assert any(e.get("code") == "unsure_reading" and e.get("player") == "dark" for e in r.events)


def test_a_foul_no_face_of_the_die_lost_makes_legal_is_still_called():
    r, board = _dark_rolls_read(6, 4)
    mine = list(board.player)
    mine[23], mine[12] = mine[23] - 1, mine[12] + 1  # 24/13: eleven pips, no face with a 4 plays it
    foul = Position(tuple(mine), board.opponent)
    for _ in range(3):
        r.show(foul, "dark")
    assert [(e["type"], e["player"], e["legal"]) for e in r.alarms()] == [("play", "dark", False)]
